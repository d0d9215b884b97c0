/**
 * The visit's attribution in the browser: recorded from the page a visit arrives on and kept in
 * session storage (this tab, until it closes; no cookie, nothing sent anywhere until a lead is),
 * then read by the lead forms to send with a lead. Nothing is kept or read when the visitor asked
 * not to be measured (consent.ts); what an earlier page kept is then removed.
 */
import { attributionProblem, isArrival, normaliseAttribution, readAttribution, type Attribution } from '@/shared/domain/attribution';
import { KEYS, readRaw, removeKey, writeRaw } from '@/browser/storage/storage';
import { measuringAllowed } from './consent';

/** What the visit kept, checked as the server checks it (a value changed by hand must never make a lead refused); undefined when nothing usable is kept. */
function keptAttribution(): Attribution | undefined {
  const raw = readRaw(KEYS.attribution, 'session');
  if (raw === null) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    if (attributionProblem(value) === null) return normaliseAttribution(value as Record<string, unknown>);
  } catch {
    // Not JSON: as unusable as a wrong shape.
  }
  console.error(`[storage] "${KEYS.attribution}" holds no attribution the server would take; ignoring it`);
  return undefined;
}

/**
 * Records this page view when it starts the visit (nothing usable kept yet) or arrives anew from
 * another site or a campaign link; a page reached from our own pages keeps what the visit has.
 */
export function recordArrival(href = location.href, referrer = document.referrer): void {
  if (!measuringAllowed()) {
    removeKey(KEYS.attribution, 'session');
    return;
  }
  const arrival = readAttribution(href, referrer);
  if (isArrival(arrival) || keptAttribution() === undefined) writeRaw(KEYS.attribution, JSON.stringify(arrival), 'session');
}

/**
 * What the visit kept, to send with a lead; undefined when measuring is not allowed or nothing can
 * be kept (storage unavailable). With nothing usable kept yet (a form sent before the runtime
 * recorded this page, or a value changed by hand), this page is the first the visit knows of: it
 * is recorded and sent.
 */
export function visitAttribution(): Attribution | undefined {
  if (!measuringAllowed()) return undefined;
  const kept = keptAttribution();
  if (kept) return kept;
  const here = readAttribution(location.href, document.referrer);
  return writeRaw(KEYS.attribution, JSON.stringify(here), 'session') ? here : undefined;
}
