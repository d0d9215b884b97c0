/**
 * Where a login returns to: the `next` query parameter when it is a path on this site inside the
 * portal that asked (never another origin, so a login page cannot be used as an open redirect),
 * otherwise the portal's home.
 */
const ADMIN_HOME = '/admin';
const INVESTOR_HOME = '/investors';
const BASE = 'https://site.invalid';

function returnPath(next: string | null | undefined, home: string): string {
  // Only a plain absolute path: '//host', '/\\host' and 'https:' forms are other origins to a browser.
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return home;
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    return home;
  }
  if (url.origin !== BASE) return home;
  const path = url.pathname.replace(/\/+$/, '') || '/';
  // The login page itself would just show the form again.
  if (!(path === home || path.startsWith(`${home}/`)) || path === `${home}/login`) return home;
  return `${path}${url.search}${url.hash}`;
}

export function adminReturnPath(next: string | null | undefined): string {
  return returnPath(next, ADMIN_HOME);
}

export function investorReturnPath(next: string | null | undefined): string {
  return returnPath(next, INVESTOR_HOME);
}

/** The `next` parameter of the current page's URL (browser only). */
export function nextParam(): string | null {
  return new URLSearchParams(window.location.search).get('next');
}
