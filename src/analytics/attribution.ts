/**
 * The visit's attribution in the browser: recorded from the page a visit arrives on and kept in
 * session storage (this tab, until it closes; no cookie, nothing sent anywhere until a lead is),
 * then read by the lead forms to send with a lead. Nothing is kept or read when the visitor asked
 * not to be measured (consent.ts); what an earlier page kept is then removed.
 */
import { attributionProblem, isArrival, normaliseAttribution, readAttribution, type Attribution } from '@/domain/attribution';
import { KEYS, readRaw, removeKey, writeRaw } from '@/storage/storage';
import { measuringAllowed } from './consent';

/**
 * Records this page view when it starts the visit (nothing kept yet) or arrives anew from another
 * site or a campaign link; a page reached from our own pages keeps what the visit has.
 */
export function recordArrival(href = location.href, referrer = document.referrer): void {
  if (!measuringAllowed()) {
    removeKey(KEYS.attribution, 'session');
    return;
  }
  const attribution = readAttribution(href, referrer);
  if (readRaw(KEYS.attribution, 'session') !== null && !isArrival(attribution)) return;
  writeRaw(KEYS.attribution, JSON.stringify(attribution), 'session');
}

/**
 * What the visit kept, to send with a lead; undefined when measuring is not allowed, or when
 * storage is unavailable or holds something unreadable. With nothing kept yet (a form sent before
 * the runtime recorded this page), this page is the visit's first and is recorded now.
 */
export function visitAttribution(): Attribution | undefined {
  if (!measuringAllowed()) return undefined;
  if (readRaw(KEYS.attribution, 'session') === null) recordArrival();
  const raw = readRaw(KEYS.attribution, 'session');
  if (raw === null) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    // Checked as the server checks it: a value changed by hand must never make a lead refused.
    if (attributionProblem(value) === null) return normaliseAttribution(value as Record<string, unknown>);
  } catch {
    // Not JSON: treated as nothing kept.
  }
  console.error(`[attribution] ignored an unreadable "${KEYS.attribution}" in session storage`);
  return undefined;
}
