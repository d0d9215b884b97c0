/**
 * Beacons to the site's own server (`POST /api/beacons/…`, see the README's "What the site
 * measures"): sent with navigator.sendBeacon, which needs no answer and survives the page being
 * left, as a text/plain string (no CORS preflight; no cookie is needed or read). Sent only when the
 * visitor may be measured and the page was served by the site's server (site-server.ts): on a
 * static host nothing is sent, so nothing fails in the console.
 */
import { BEACON_PATHS, type BeaconKind } from '@/shared/domain/beacon-contract';
import { measuringAllowed } from './consent';
import { serverTakesBeacons } from './site-server';

/** Sends one beacon when allowed and possible; returns whether the browser took it. */
export function sendBeacon(kind: BeaconKind, body: object): boolean {
  if (!measuringAllowed() || !serverTakesBeacons() || typeof navigator.sendBeacon !== 'function') return false;
  try {
    return navigator.sendBeacon(BEACON_PATHS[kind], JSON.stringify(body));
  } catch {
    return false;
  }
}
