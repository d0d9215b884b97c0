/**
 * What the site's pages and its server agree on for beacons: where they go, and the name the
 * server puts in its pages' Server-Timing header to say it takes them. A page served by a static
 * host has no such name, and sends nothing.
 */
export const BEACON_SERVER_TIMING = 'gb-beacons';

export const BEACON_PATHS = { ab: '/api/beacons/ab', vitals: '/api/beacons/vitals' } as const;
export type BeaconKind = keyof typeof BEACON_PATHS;
