/**
 * Generates dist/sw.js with workbox-build after the pre-render (scripts/prerender.ts).
 *
 * Precached on the first visit, and nothing else: what every page needs (the entry script and
 * the modules it imports, the two web fonts) and the not-found page, which also shows posts
 * added in this browser's admin, so those open offline too. The stylesheet is inlined in every
 * page, so its file is never fetched and not precached. About 110 kB instead of the whole site.
 *
 * Cached as the visitor goes, so a page opened once opens again offline:
 * - navigations: network first (a fresh page when online), into the pages cache under the URL
 *   without its trailing slash or query (`/about/` and `/about` are one page); offline, a page
 *   never opened gets the browser's own offline page, except `/blog/<id>`, which gets the cached
 *   not-found page (a post added in the admin exists only there);
 * - same-origin `/assets/` (hashed names, never changed in place): cache first;
 * - same-origin images: stale while revalidate.
 * Each cache has a cap on entries and age.
 *
 * Never cached, in either way: the portals' pages (/admin, /investors and their logins) and the
 * chunks only they load, above all the sign-in chunk with the credential salts and hashes. The
 * chunks are found in Vite's manifest: reachable from a portal island, not from any public code.
 *
 * The worker is one self-contained file: no inline script, no eval (CSP: worker-src 'self').
 * Functions handed to workbox below are copied into sw.js as source, so they use nothing but
 * their arguments and worker globals.
 */
import fs from 'node:fs';
import path from 'node:path';
import { generateSW } from 'workbox-build';

export const SW_FILE = 'sw.js';
export const PAGES_CACHE = 'gb-pages';
export const ASSETS_CACHE = 'gb-assets';
export const IMAGES_CACHE = 'gb-images';
/** The page that answers unknown paths; precached, it also shows posts stored in this browser offline. */
export const NOT_FOUND_FILE = '404.html';

const DAY = 24 * 60 * 60;

/** The URL a built file is served at: `index.html` → `/`, `about/index.html` → `/about`. */
export function urlOfFile(file: string): string {
  if (file === 'index.html') return '/';
  if (file.endsWith('/index.html')) return `/${file.slice(0, -'/index.html'.length)}`;
  return `/${file}`;
}

/** One chunk of Vite's client manifest (dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}
export type ClientManifest = Record<string, ManifestChunk>;

const PORTAL_ISLAND = /^src\/islands\/(Admin|Investor)[^/]*\.tsx$/;

/** Files reachable from `keys` through static (and, if asked, dynamic) imports, skipping `skip`. */
function reachable(manifest: ClientManifest, keys: string[], dynamic: boolean, skip: (key: string) => boolean = () => false): Set<string> {
  const seen = new Set<string>();
  const files = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || skip(key) || !manifest[key]) return;
    seen.add(key);
    const chunk = manifest[key];
    files.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
    if (dynamic) for (const next of chunk.dynamicImports ?? []) visit(next);
  };
  keys.forEach(visit);
  return files;
}

function entryKey(manifest: ClientManifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!key) throw new Error('The client manifest names no entry: cannot tell what every page needs');
  return key;
}

/** What every page loads at start: the entry script, its static imports and the fonts its stylesheet names. */
export function startupFiles(manifest: ClientManifest): string[] {
  const key = entryKey(manifest);
  const fonts = (manifest[key].assets ?? []).filter((file) => file.endsWith('.woff2'));
  return [...reachable(manifest, [key], false), ...fonts];
}

/** Chunks that only the portals load (their islands and what those alone import): never cached. */
export function portalOnlyFiles(manifest: ClientManifest): string[] {
  const portal = reachable(
    manifest,
    Object.keys(manifest).filter((k) => PORTAL_ISLAND.test(k)),
    true,
  );
  const publicFiles = reachable(manifest, [entryKey(manifest)], true, (k) => PORTAL_ISLAND.test(k));
  return [...portal].filter((file) => !publicFiles.has(file)).sort();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Same-origin `/assets/` files except the portals' (workbox matches a RegExp cross-origin only from the URL's start). */
export function assetsPattern(excluded: string[]): RegExp {
  const names = excluded.map((file) => escapeRegExp(path.posix.basename(file)));
  return new RegExp(`/assets/${names.length ? `(?!(?:${names.join('|')})$)` : ''}[^/?#]+(?:[?#].*)?$`);
}

/**
 * A navigation to a public page (the portals' pages are never cached), or the request for HTML a
 * page sends the worker to cache itself after a first visit (src/runtime/service-worker.ts).
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
  return caches.match('/404.html', { ignoreSearch: true });
}

export interface ServiceWorkerResult {
  count: number;
  size: number;
  warnings: string[];
}

export function readClientManifest(distDir: string): ClientManifest {
  return JSON.parse(fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as ClientManifest;
}

export async function generateServiceWorker(distDir: string, manifest = readClientManifest(distDir)): Promise<ServiceWorkerResult> {
  const portalOnly = portalOnlyFiles(manifest);
  const precached = startupFiles(manifest).filter((file) => !portalOnly.includes(file));
  const { count, size, warnings } = await generateSW({
    globDirectory: distDir,
    globPatterns: [...precached, NOT_FOUND_FILE],
    swDest: path.join(distDir, SW_FILE),
    // Hashed file names are their own version: no cache-busting query needed.
    dontCacheBustURLsMatching: /^assets\//,
    manifestTransforms: [(entries) => ({ manifest: entries.map((entry) => ({ ...entry, url: urlOfFile(entry.url) })) })],
    directoryIndex: null,
    navigateFallback: null,
    runtimeCaching: [
      {
        urlPattern: isPublicNavigation,
        handler: 'NetworkFirst',
        options: {
          cacheName: PAGES_CACHE,
          // A page that has not answered in 4 s on a bad connection comes from the cache, if it is there.
          networkTimeoutSeconds: 4,
          expiration: { maxEntries: 50, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [200] },
          plugins: [{ cacheKeyWillBeUsed: pageCacheKey, handlerDidError: offlineFallback }],
        },
      },
      {
        urlPattern: assetsPattern(portalOnly),
        handler: 'CacheFirst',
        options: {
          cacheName: ASSETS_CACHE,
          expiration: { maxEntries: 60, maxAgeSeconds: 365 * DAY, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [200] },
        },
      },
      {
        urlPattern: isImage,
        handler: 'StaleWhileRevalidate',
        options: {
          cacheName: IMAGES_CACHE,
          expiration: { maxEntries: 60, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
    clientsClaim: true,
    skipWaiting: true,
    cleanupOutdatedCaches: true,
    inlineWorkboxRuntime: true,
    // The browsers the site's own bundles are built for (Vite's default build target): workbox
    // would otherwise transpile its runtime for 2017 browsers, a fifth of the time it takes.
    babelPresetEnvTargets: ['chrome >= 111', 'edge >= 111', 'firefox >= 114', 'safari >= 16.4', 'ios >= 16.4'],
    mode: 'production',
    sourcemap: false,
  });
  return { count, size, warnings };
}
