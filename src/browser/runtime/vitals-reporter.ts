/**
 * The measuring half of web-vitals.ts, loaded after the page has loaded. Nothing is measured for
 * a visitor with Global Privacy Control or Do Not Track; the server gets the page views in the
 * build's sample (VITALS_SAMPLE_RATE, vite.config.ts; every view by default). Each report goes to the
 * analytics tag as it comes (one event per report; `metric_delta` sums to the final value), and
 * for the site's server each metric's value is kept until the page is hidden (the visitor leaves,
 * switches tab or closes it), when the metrics not sent yet go in one beacon: route, device class
 * (phone or desktop, by the viewport's width) and the values, nothing that identifies anyone.
 * The library reports CLS, INP and a final LCP on that same visibilitychange in its capturing
 * listener, which runs before this one, so they are in the beacon. Each metric is sent once per
 * page view (a page restored from the back/forward cache is a new view with new metric ids).
 */
import type { Metric } from 'web-vitals';
import { hasAnalyticsTag, track } from '@/browser/analytics/tag';
import { sendBeacon } from '@/browser/analytics/beacon';
import { measuringAllowed } from '@/browser/analytics/consent';
import { serverTakesBeacons } from '@/browser/analytics/site-server';
import { deviceOf, routeOf, ROUTE_PATTERN, type VitalName } from '@/shared/domain/field-vitals';

/** The share of page views that beacon their vitals (a build-time constant). */
const SAMPLE_RATE = Number(import.meta.env.VITALS_SAMPLE_RATE ?? 1);

const WEB_VITALS_EVENT = 'web_vitals';

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

export function startVitals(): void {
  if (!measuringAllowed()) {
    // Says on <html> that this visit is not measured (for whoever inspects the page, and the tests).
    document.documentElement.dataset.vitals = 'off';
    return;
  }
  const toTag = hasAnalyticsTag();
  const toServer = serverTakesBeacons() && Math.random() < SAMPLE_RATE;
  if (!toTag && !toServer) return;
  /** Latest value per metric name, not sent yet. */
  const waiting = new Map<VitalName, Metric>();
  const sent = new Set<string>();

  const sendWaiting = () => {
    const route = routeOf(location.pathname);
    const metrics = [...waiting.values()].filter((metric) => !sent.has(metric.id));
    waiting.clear();
    if (metrics.length === 0 || !ROUTE_PATTERN.test(route)) return;
    for (const metric of metrics) sent.add(metric.id);
    sendBeacon('vitals', {
      route,
      device: deviceOf(window.innerWidth),
      metrics: metrics.map((metric) => ({ name: metric.name, value: Math.round(metric.value * 10_000) / 10_000 })),
    });
  };

  const onReport = (metric: Metric) => {
    if (toTag) track(WEB_VITALS_EVENT, metricParams(metric));
    if (toServer && !sent.has(metric.id)) {
      waiting.set(metric.name, metric);
      // Says on <html> that this page view has a measurement for the server (for whoever inspects the page, and the tests).
      document.documentElement.dataset.vitals ??= 'measured';
    }
  };

  import('web-vitals')
    .then(({ onCLS, onFCP, onINP, onLCP, onTTFB }) => {
      for (const on of [onLCP, onCLS, onINP, onFCP, onTTFB]) on(onReport);
      if (toServer) {
        // Registered after the library's own listeners, so its final reports come first.
        addEventListener('visibilitychange', () => {
          if (document.visibilityState === 'hidden') sendWaiting();
        });
      }
    })
    .catch(() => {
      // A chunk that fails to load (offline, new deploy) only costs the measurement.
    });
}
