/**
 * A navigation link marked as the current page (aria-current) when the page's path is at or
 * under it. 404.html answers every unknown URL, so on it no link is current.
 */
import type { ReactNode } from 'react';
import { usePathname } from '@/router/location';
import { isCurrent } from './is-current';

export function NavItemLink({ to, end, className, children }: { to: string; end?: boolean; className?: string; children: ReactNode }) {
  const current = isCurrent(usePathname(), to, end);
  return (
    <a href={to} className={className} aria-current={current ? 'page' : undefined}>
      {children}
    </a>
  );
}
