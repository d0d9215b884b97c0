/**
 * Registers the service worker (dist/sw.js, generated after the pre-render by
 * scripts/lib/service-worker.ts) once the page has loaded, so it never competes with the page's
 * own requests. Built sites only: the dev server (the one place `import.meta.hot` exists) has no
 * sw.js, and a worker there would serve stale modules. A failed registration is ignored:
 * the site works the same without it.
 */
export const SERVICE_WORKER_URL = '/sw.js';

export function registerServiceWorker(): void {
  if (import.meta.hot || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL).catch(() => {
      // Ignored on purpose: offline reading is an extra, not a requirement.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
