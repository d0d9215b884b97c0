/**
 * Core Web Vitals (LCP, CLS, INP) and FCP, TTFB of real visits, for two listeners: the site's own
 * server (a beacon per page view, when the server served the page) and an analytics tag (when the
 * page has one). This part, in the entry script, only looks for a listener once the page has
 * loaded; the rest (the consent check, the sample, the measuring and the web-vitals library) loads
 * then with a dynamic import (vitals-reporter.ts), so it never delays the page. The library reads
 * the browser's buffered performance entries, so nothing before that is missed.
 */
import { hasAnalyticsTag } from '@/browser/analytics/tag';
import { serverTakesBeacons } from '@/browser/analytics/site-server';

export function reportWebVitals(): void {
  const load = () => {
    if (!hasAnalyticsTag() && !serverTakesBeacons()) return;
    import('./vitals-reporter')
      .then(({ startVitals }) => startVitals())
      .catch(() => {
        // A chunk that fails to load (offline, new deploy) only costs the measurement.
      });
  };
  if (document.readyState === 'complete') setTimeout(load, 0);
  else window.addEventListener('load', () => setTimeout(load, 0), { once: true });
}
