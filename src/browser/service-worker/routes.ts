/**
 * What the service worker caches, and under which key: the policy, apart from the worker's
 * wiring (worker.ts) so it can be tested in Node.
 *
 * Never cached, in any way: the portals' pages (/admin, /investors and their logins), the chunks
 * only they load, and the gate's file with the credential salts and hashes (outside /assets/, so
 * no route here takes it).
 */

export const PAGES_CACHE = 'gb-pages';
export const ASSETS_CACHE = 'gb-assets';
export const IMAGES_CACHE = 'gb-images';
/** The page that answers unknown paths; precached, it also shows posts stored in this browser offline. */
export const NOT_FOUND_URL = '/404.html';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Same-origin `/assets/` files except the portals' (`excluded`, paths or file names). Workbox
 * takes a RegExp's cross-origin match only when it starts at the URL's start, which this never does.
 */
export function assetsPattern(excluded: readonly string[]): RegExp {
  const names = excluded.map((file) => escapeRegExp(file.slice(file.lastIndexOf('/') + 1)));
  return new RegExp(`/assets/${names.length ? `(?!(?:${names.join('|')})$)` : ''}[^/?#]+(?:[?#].*)?$`);
}

/**
 * A navigation to a public page (the portals' pages are never cached), or the request for HTML a
 * page sends the worker to cache itself after a first visit (src/browser/runtime/service-worker.ts).
 */
export function isPublicNavigation({ request, url, sameOrigin }: { request: Request; url: URL; sameOrigin: boolean }): boolean {
  const page = request.mode === 'navigate' || (sameOrigin && (request.headers.get('accept') ?? '').startsWith('text/html'));
  return page && !/^\/(admin|investors)(\/|$)/.test(url.pathname);
}

/** A same-origin image. */
export function isImage({ request, sameOrigin }: { request: Request; sameOrigin: boolean }): boolean {
  return sameOrigin && request.destination === 'image';
}

/** One cache entry per page: `/about/`, `/about` and `/about?x` are the same page. */
export async function pageCacheKey({ request }: { request: Request }): Promise<string> {
  const url = new URL(request.url);
  return url.origin + (url.pathname.replace(/\/+$/, '') || '/');
}

/**
 * Offline, on a page not in the pages cache: `/blog/<id>` gets the precached not-found page, which
 * shows a post added in this browser; any other page the browser's own offline page (undefined).
 */
export async function offlineFallback({ request }: { request: Request }): Promise<Response | undefined> {
  const { pathname } = new URL(request.url);
  if (!/^\/blog\/\d+\/?$/.test(pathname)) return undefined;
  return caches.match(NOT_FOUND_URL, { ignoreSearch: true });
}
