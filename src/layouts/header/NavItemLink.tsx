/**
 * A navigation link marked as the current page (aria-current) when the URL is at or under it.
 *
 * 404.html is rendered once, with no link current, and served for every unknown URL (/blog/999,
 * a stored post). Until hydration ends on that document the links stay unmarked, so the markup
 * matches; after it they follow the real URL.
 */
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useHydrated } from '@/components/use-hydrated';

export function isCurrent(pathname: string, to: string, end = false): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (to === '/' || end) return path === to;
  return path === to || path.startsWith(`${to}/`);
}

function onNotFoundDocument(): boolean {
  return typeof document !== 'undefined' && document.documentElement.dataset.page === 'not-found';
}

export function NavItemLink({ to, end, className, children }: { to: string; end?: boolean; className?: string; children: ReactNode }) {
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  const current = (hydrated || !onNotFoundDocument()) && isCurrent(pathname, to, end);
  return (
    <Link to={to} className={className} aria-current={current ? 'page' : undefined}>
      {children}
    </Link>
  );
}
