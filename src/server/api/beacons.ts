/**
 * POST /api/beacons/ab and POST /api/beacons/vitals: what pages send with navigator.sendBeacon
 * (see the README's "What the site measures"). Answered 204 at once, the counts written a moment
 * later (beacons/recorder.ts). A request carrying Sec-GPC: 1 or DNT: 1 is answered 204 and
 * dropped unread. No cookie is read or set, and neither the address (used only for the in-memory
 * rate limit) nor anything identifying the visitor is stored.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { bucketOf } from '@/domain/field-vitals';
import { BEACON_BODY_LIMIT, parseAbBeacon, parseJson, parseVitalsBeacon } from '../beacons/body';
import { utcDay, type BeaconRecorder } from '../beacons/recorder';
import type { AppContext, Env } from '../context';
import { limitBody } from '../http/body-limit';
import { HttpError } from '../http/json';
import { originGuard } from '../http/origin-guard';
import { clientAddress } from '../http/request';
import type { MemoryLimiter } from '../rate-limit-memory';

/** The visitor asked not to be tracked: Global Privacy Control or Do Not Track. */
export function optedOut(c: AppContext): boolean {
  return c.req.header('sec-gpc')?.trim() === '1' || c.req.header('dnt')?.trim() === '1';
}

/** sendBeacon sends a string as text/plain (no CORS preflight); JSON is taken too. */
const BEACON_TYPE = /^(text\/plain|application\/json)\s*(;|$)/i;

export interface BeaconDeps {
  limiter: MemoryLimiter;
  recorder: BeaconRecorder;
  /** The route a beacon's counts are kept under (beacons/known-routes.ts). */
  route: (route: string) => string;
}

export function beaconRoutes({ limiter, recorder, route }: BeaconDeps): Hono<Env> {
  const app = new Hono<Env>();

  const gate: MiddlewareHandler<Env> = async (c, next) => {
    if (optedOut(c)) return c.body(null, 204);
    await next();
  };
  const limit: MiddlewareHandler<Env> = async (c, next) => {
    // In memory and approximate per process, by design: a database round trip per beacon would cost more than the beacon.
    const retryAfter = limiter.hitAt(clientAddress(c), c.var.deps.now().getTime());
    if (retryAfter !== null)
      throw new HttpError(429, `Too many beacons from your address. Try again in ${retryAfter} seconds.`, { 'Retry-After': String(retryAfter) });
    if (!BEACON_TYPE.test(c.req.header('content-type') ?? '')) throw new HttpError(415, 'Send the beacon as text/plain or application/json');
    await next();
  };
  const before = [gate, originGuard({ requireOnMutations: false }), limit, limitBody(BEACON_BODY_LIMIT)] as const;

  app.post('/ab', ...before, async (c) => {
    const beacon = parseAbBeacon(parseJson(await c.req.text()));
    const day = utcDay(c.var.deps.now());
    for (const { experiment, variant, event } of beacon.events) recorder.ab(day, experiment, variant, event);
    return c.body(null, 204);
  });

  app.post('/vitals', ...before, async (c) => {
    const beacon = parseVitalsBeacon(parseJson(await c.req.text()));
    const day = utcDay(c.var.deps.now());
    const kept = route(beacon.route);
    for (const { name, value } of beacon.metrics) recorder.vital(day, kept, beacon.device, name, bucketOf(name, value));
    return c.body(null, 204);
  });

  return app;
}
