/**
 * The site-wide runtime pieces that start after hydration (called by src/entry-client.tsx):
 * scroll to the top on route changes, the service worker, and web-vitals reporting.
 */
import { startScrollToTop, type RouterLike } from './scroll-to-top';
import { registerServiceWorker } from './service-worker';
import { reportWebVitals } from './web-vitals';

export function startRuntime(router: RouterLike): void {
  startScrollToTop(router);
  registerServiceWorker();
  reportWebVitals();
}
