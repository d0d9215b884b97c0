/**
 * POST /api/beacons/ab and POST /api/beacons/vitals in the Hono app: what pages send with
 * navigator.sendBeacon (see src/server/README.md, "What the site measures"). The rules are the beacon
 * service's (beacons/service.ts), shared with the server's fast lane, which answers these two paths
 * before the app under `npm start` (beacons/fast-lane.ts); this route serves the tests' app and the
 * dev server. The app mounts it ahead of its common middleware: no log line per beacon.
 */
import { Hono, type Context } from 'hono';
import { BEACON_BODY_LIMIT } from '../beacons/body';
import { BEACON_HEADERS, type BeaconAnswer, type BeaconService } from '../beacons/service';
import type { Deps, Env } from '../context';
import { limitBody } from '../http/body-limit';
import { clientAddress, servedOrigin } from '../http/request';

function respond(c: Context<Env>, answer: BeaconAnswer): Response {
  const headers = { ...BEACON_HEADERS, ...answer.headers };
  if (answer.status === 204) return c.body(null, 204, headers);
  return c.json({ error: answer.error }, answer.status, headers);
}

export function beaconRoutes(deps: Deps, service: BeaconService): Hono<Env> {
  const app = new Hono<Env>();
  for (const kind of ['ab', 'vitals'] as const) {
    app.post(
      `/${kind}`,
      async (c, next) => {
        c.set('deps', deps);
        const early = service.check({ header: (name) => c.req.header(name), client: clientAddress(c), servedOrigin: servedOrigin(c) });
        if (early) {
          service.answered(early.status);
          return respond(c, early);
        }
        await next();
      },
      // A body sent without Content-Length is cut off at the limit as it streams.
      limitBody(BEACON_BODY_LIMIT),
      async (c) => {
        const answer = service.accept(kind, await c.req.text());
        service.answered(answer.status);
        return respond(c, answer);
      },
    );
  }
  return app;
}
