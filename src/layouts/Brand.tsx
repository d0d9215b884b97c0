import { site } from '@/site';

/** The brand mark and name, linking home; `lazy` where it sits far below the fold (the footer). */
export function Brand({ lazy = false }: { lazy?: boolean }) {
  return (
    <a href="/" className="brand">
      <img src="/images/logo.svg" alt="" width={36} height={36} loading={lazy ? 'lazy' : undefined} />
      <span>{site.name}</span>
    </a>
  );
}
