/**
 * A navigation link marked as the current page (aria-current) when the page's path is at or
 * under it. 404.html answers every unknown URL, so on it no link is current.
 */
import type { ReactNode } from 'react';
import { usePathname } from '@/ui/router/location';
import { LocalizedLink } from '@/ui/i18n/LocalizedLink';
import { localHref, useUi } from '@/ui/i18n/ui';
import { isCurrent } from './is-current';

/** `to` is the default language's path; on a page in another language the link leads to its translation where there is one. */
export function NavItemLink({ to, end, className, children }: { to: string; end?: boolean; className?: string; children: ReactNode }) {
  const { code } = useUi();
  const current = isCurrent(usePathname(), localHref(code, to).href, end);
  return (
    <LocalizedLink compact href={to} className={className} aria-current={current ? 'page' : undefined}>
      {children}
    </LocalizedLink>
  );
}
