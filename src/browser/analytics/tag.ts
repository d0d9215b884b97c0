/**
 * Reports events to an analytics tag only when the page has one (gtag, else a dataLayer) and the
 * visitor may be measured (no Global Privacy Control, no Do Not Track); otherwise nothing is sent
 * and nothing is stored.
 */
import { measuringAllowed } from './consent';

type Gtag = (command: 'event', name: string, params?: Record<string, unknown>) => void;
declare global {
  interface Window {
    gtag?: Gtag;
    dataLayer?: Record<string, unknown>[];
  }
}

/** Whether the page has an analytics tag to send events to. */
export function hasAnalyticsTag(): boolean {
  return typeof window !== 'undefined' && (typeof window.gtag === 'function' || Array.isArray(window.dataLayer));
}

export function track(name: string, params: Record<string, unknown> = {}): void {
  if (typeof window === 'undefined' || !measuringAllowed()) return;
  if (typeof window.gtag === 'function') window.gtag('event', name, params);
  else if (Array.isArray(window.dataLayer)) window.dataLayer.push({ event: name, ...params });
}
