/**
 * Core Web Vitals (LCP, CLS, INP) and FCP, TTFB, measured with the web-vitals library and sent
 * through the analytics hook, only when the page has an analytics tag. The library is
 * loaded with a dynamic import after the load event, so it never delays the page; it reads the
 * browser's buffered performance entries, so nothing before that is missed.
 */
import type { Metric } from 'web-vitals';
import { track } from '@/analytics';

const WEB_VITALS_EVENT = 'web_vitals';

function hasAnalyticsTag(): boolean {
  return typeof window.gtag === 'function' || Array.isArray(window.dataLayer);
}

/** One event per report; `metric_delta` sums to the final value when a metric reports again. */
function metricParams(metric: Metric): Record<string, unknown> {
  return {
    metric_name: metric.name,
    metric_value: metric.value,
    metric_delta: metric.delta,
    metric_id: metric.id,
    metric_rating: metric.rating,
    navigation_type: metric.navigationType,
  };
}

function send(metric: Metric): void {
  track(WEB_VITALS_EVENT, metricParams(metric));
}

export function reportWebVitals(): void {
  if (!hasAnalyticsTag()) return;
  const load = () => {
    import('web-vitals')
      .then(({ onCLS, onFCP, onINP, onLCP, onTTFB }) => {
        for (const on of [onLCP, onCLS, onINP, onFCP, onTTFB]) on(send);
      })
      .catch(() => {
        // A chunk that fails to load (offline, new deploy) only costs the measurement.
      });
  };
  if (document.readyState === 'complete') setTimeout(load, 0);
  else window.addEventListener('load', () => setTimeout(load, 0), { once: true });
}
