/**
 * Registers the service worker (dist/sw.js, generated after the pre-render by
 * scripts/lib/service-worker.ts) once the page has loaded, so it never competes with the page's
 * own requests. Built sites only: the dev server (the one place `import.meta.hot` exists) has no
 * sw.js, and a worker there would serve stale modules. A failed registration is ignored:
 * the site works the same without it.
 *
 * The worker caches pages and files as they are fetched through it, which the first page of a
 * first visit never is (it loaded before the worker existed). So once the worker is active, that
 * page hands it its own URL and the files it loaded; the worker's routes decide which to keep
 * (never a portal's chunk), and the page opens offline like every later one.
 */
const SERVICE_WORKER_URL = '/sw.js';

type CacheEntry = string | [string, RequestInit];

/**
 * The message workbox's router answers by fetching each URL through its routes (which cache what
 * they cache). A page cannot be requested as a navigation, so it goes as a request for HTML,
 * which the worker's page route also takes.
 */
function cacheUrlsMessage(pageUrl: string, resources: string[], origin: string): { type: 'CACHE_URLS'; payload: { urlsToCache: CacheEntry[] } } {
  const sameOrigin = resources.filter((url) => url.startsWith(`${origin}/`));
  return { type: 'CACHE_URLS', payload: { urlsToCache: [[pageUrl, { headers: { Accept: 'text/html' } }], ...new Set(sameOrigin)] } };
}

function cacheThisPage(): void {
  void navigator.serviceWorker.ready.then((registration) => {
    const resources = performance.getEntriesByType('resource').map((entry) => entry.name);
    registration.active?.postMessage(cacheUrlsMessage(location.href, resources, location.origin));
  });
}

export function registerServiceWorker(): void {
  if (import.meta.hot || !('serviceWorker' in navigator)) return;
  const firstVisit = !navigator.serviceWorker.controller;
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL).then(
      () => {
        if (firstVisit) cacheThisPage();
      },
      () => {
        // Ignored on purpose: offline reading is an extra, not a requirement.
      },
    );
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
