/**
 * The service worker's source (served as /sw.js). scripts/lib/service-worker.ts bundles it after
 * the pre-render, with the build's own lists in place of the two constants declared below.
 *
 * Precached on the first visit, and nothing else: what every page needs (the entry script and the
 * modules it imports, the two web fonts) and the not-found page, which also shows posts added in
 * this browser's admin, so those open offline too.
 *
 * Cached as the visitor goes, so a page opened once opens again offline:
 * - navigations: network first (a fresh page when online), one entry per page; offline, a page
 *   never opened gets the browser's own offline page, except `/blog/<id>` (routes.ts);
 * - same-origin `/assets/` (hashed names, never changed in place): cache first, except the chunks
 *   only the portals load;
 * - same-origin images: stale while revalidate.
 * Each cache has a cap on entries and age.
 *
 * Registering a route also makes workbox answer the `CACHE_URLS` message a page sends after a first
 * visit, by fetching each URL through these routes.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { type PrecacheEntry, cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ASSETS_CACHE, IMAGES_CACHE, PAGES_CACHE, assetsPattern, isImage, isPublicNavigation, offlineFallback, pageCacheKey } from './routes';

/**
 * Files precached on install, each with its content's hash, except hashed `/assets/` names: their
 * revision is null, "versioned by its URL", as workbox's own generator writes it (its types allow
 * only a string or nothing, and nothing makes it warn about an unversioned URL).
 */
declare const PRECACHE_ENTRIES: PrecacheEntry[];
/** Chunks only the portals load: never cached. */
declare const PORTAL_ONLY_FILES: string[];

const DAY = 24 * 60 * 60;
const okOnly = () => new CacheableResponsePlugin({ statuses: [200] });

// A new worker takes over at once: the pages it serves are plain HTML, so there is no old page
// state for it to break.
void (self as unknown as { skipWaiting(): Promise<void> }).skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(PRECACHE_ENTRIES);

registerRoute(
  isPublicNavigation,
  new NetworkFirst({
    cacheName: PAGES_CACHE,
    // A page that has not answered in 4 s on a bad connection comes from the cache, if it is there.
    networkTimeoutSeconds: 4,
    plugins: [
      new ExpirationPlugin({ maxEntries: 50, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
      okOnly(),
      { cacheKeyWillBeUsed: pageCacheKey, handlerDidError: offlineFallback },
    ],
  }),
);

registerRoute(
  assetsPattern(PORTAL_ONLY_FILES),
  new CacheFirst({
    cacheName: ASSETS_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 365 * DAY, purgeOnQuotaError: true }), okOnly()],
  }),
);

registerRoute(
  isImage,
  new StaleWhileRevalidate({
    cacheName: IMAGES_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }), okOnly()],
  }),
);
