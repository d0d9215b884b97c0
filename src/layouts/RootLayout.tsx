/**
 * The root route: paths under /admin get the admin layout, every other path the public one
 * (seed §2 "Layouts"). The admin layout loads on demand, so public pages never ship its code;
 * `preloadLayout` loads it before the server renders or the client hydrates an admin path.
 */
import { Suspense, lazy, useEffect, type ComponentType, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Loading } from '@/components/Loading';
import { PublicLayout } from './PublicLayout';

type LayoutComponent = ComponentType<{ children: ReactNode }>;

export function isAdminPath(pathname: string): boolean {
  return /^\/admin(\/|$)/.test(pathname);
}

let adminLayout: LayoutComponent | undefined;
const loadAdminLayout = async () => (adminLayout ??= (await import('./AdminLayout')).AdminLayout);
const LazyAdminLayout = lazy(async () => ({ default: await loadAdminLayout() }));

export async function preloadLayout(pathname: string): Promise<void> {
  if (isAdminPath(pathname)) await loadAdminLayout();
}

function AdminShell({ children }: { children: ReactNode }) {
  const Loaded = adminLayout;
  if (Loaded) return <Loaded>{children}</Loaded>;
  return (
    <Suspense fallback={<Loading />}>
      <LazyAdminLayout>{children}</LazyAdminLayout>
    </Suspense>
  );
}

export function RootLayout() {
  const { pathname } = useLocation();
  const Layout = isAdminPath(pathname) ? AdminShell : PublicLayout;
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
