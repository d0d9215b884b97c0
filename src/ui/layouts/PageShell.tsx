/**
 * Every page's frame: paths under /admin get the admin layout, every other path the public one
 * (header, footer, skip link and chat button).
 */
import type { ReactNode } from 'react';
import { AdminLayout } from './AdminLayout';
import { PublicLayout } from './PublicLayout';

function isAdminPath(pathname: string): boolean {
  return /^\/admin(\/|$)/.test(pathname);
}

export function PageShell({ pathname, children }: { pathname: string; children: ReactNode }) {
  const Layout = isAdminPath(pathname) ? AdminLayout : PublicLayout;
  return <Layout>{children}</Layout>;
}
