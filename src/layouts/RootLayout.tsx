/**
 * The root route: paths under /admin get the admin layout, every other path the public one
 * (seed §2 "Layouts").
 */
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AdminLayout } from './AdminLayout';
import { PublicLayout } from './PublicLayout';

export function isAdminPath(pathname: string): boolean {
  return /^\/admin(\/|$)/.test(pathname);
}

export function RootLayout() {
  const { pathname } = useLocation();
  const Layout = isAdminPath(pathname) ? AdminLayout : PublicLayout;
  // Marks the document once React has taken over the pre-rendered HTML (used by CSS and tests).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <Layout>
      <Outlet />
    </Layout>
  );
}
