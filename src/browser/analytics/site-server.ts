/**
 * Whether the page was served by the site's own server, which takes beacons: it names itself in
 * the page's Server-Timing header (src/shared/domain/beacon-contract.ts), read from the page's own
 * navigation entry, so no request is made to find out. A static host sends no such name.
 * Kept apart from beacon.ts so the entry script carries this check alone.
 */
import { BEACON_SERVER_TIMING } from '@/shared/domain/beacon-contract';

export function serverTakesBeacons(): boolean {
  try {
    const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    return entry?.serverTiming?.some((timing) => timing.name === BEACON_SERVER_TIMING) ?? false;
  } catch {
    return false;
  }
}
