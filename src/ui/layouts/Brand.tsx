import { pathIn, languageOf } from '@/shared/i18n/languages';
import { usePathname } from '@/ui/router/location';
import { site } from '@/shared/site';

/**
 * The logo drawn in the page itself (the same drawing as /images/logo.svg): the header's mark
 * costs no request ahead of the first paint.
 */
function LogoMark() {
  return (
    <svg width={36} height={36} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path d="M21 13C17 19 7 22 7 31c0 8 7 12 17 12s17-4 17-12c0-9-10-12-14-18z" fill="#1F4D3A" />
      <path d="M21 13.5l1-7.5q2-3 4 0l1 7.5z" fill="#1F4D3A" />
      <path d="M25.5 7C28 3 32 1 37 .5c-2.5 3.5-6.5 6-11.5 6.5z" fill="#C8963E" />
      <path
        d="M24 15.5c-1.5 8-1.5 18 0 26.5M23 16c-8 4-11 15-7 25.5M25 16c8 4 11 15 7 25.5"
        fill="none"
        stroke="#C8963E"
        strokeWidth={2.2}
        strokeLinecap="round"
      />
      <path d="M19.5 44.5l-1.5 2.5M24 45v2.5M28.5 44.5l1.5 2.5" stroke="#1F4D3A" strokeWidth={1.6} strokeLinecap="round" />
    </svg>
  );
}

/** The brand mark and name, linking home; `lazy` where it sits far below the fold (the footer loads the file then). */
export function Brand({ lazy = false }: { lazy?: boolean }) {
  return (
    <a href={pathIn(languageOf(usePathname()).code, '/')} className="brand">
      {lazy ? <img src="/images/logo.svg" alt="" width={36} height={36} loading="lazy" /> : <LogoMark />}
      <span>{site.name}</span>
    </a>
  );
}
