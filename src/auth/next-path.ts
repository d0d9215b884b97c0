/**
 * Where the admin login returns to: the `next` query parameter when it is a path on this site
 * under /admin (never another origin, so the login page cannot be used as an open redirect),
 * otherwise the dashboard.
 */
export const ADMIN_HOME = '/admin';
const BASE = 'https://site.invalid';

export function adminReturnPath(next: string | null | undefined): string {
  // Only a plain absolute path: '//host', '/\\host' and 'https:' forms are other origins to a browser.
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return ADMIN_HOME;
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    return ADMIN_HOME;
  }
  if (url.origin !== BASE) return ADMIN_HOME;
  const path = url.pathname.replace(/\/+$/, '') || '/';
  // The login page itself would just show the form again.
  if (!/^\/admin(\/|$)/.test(path) || path === '/admin/login') return ADMIN_HOME;
  return `${path}${url.search}${url.hash}`;
}
