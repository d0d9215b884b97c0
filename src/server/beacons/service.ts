/**
 * The beacon endpoints' rules in one place, free of any HTTP framework, so the Hono routes
 * (api/beacons.ts: the tests, the dev server) and the server's fast lane (beacons/fast-lane.ts:
 * `npm start`) answer alike. In order: Sec-GPC: 1 or DNT: 1 → 204 and nothing read; no Origin or
 * another site's → 403; over the per-address limit → 429; not text/plain or JSON → 415; a body over
 * BEACON_BODY_LIMIT → 413; a body that says anything but what body.ts allows → 400; else the counts
 * (for A/B, the visitor's events) are added in memory (recorder.ts) and the answer is 204.
 *
 * No log line per beacon: a summary a minute of the answers by status, so the log grows with
 * time, not with traffic (a flood of beacons cannot fill the disk through the log either).
 */
import { createHash } from 'node:crypto';
import { bucketOf } from '@/shared/domain/field-vitals';
import type { BeaconKind } from '@/shared/domain/beacon-contract';
import { API_SECURITY_HEADERS } from '../http/api-headers';
import { createMemoryLimiter } from '../rate-limit-memory';
import { BEACON_BODY_LIMIT, BEACON_RATE_LIMIT_DEFAULT, BeaconError, parseAbBeacon, parseJson, parseVitalsBeacon } from './body';
import { routeMapper } from './known-routes';
import { utcDay, type BeaconRecorder } from './recorder';

/** What the rules read from a request before its body. */
export interface BeaconRequest {
  /** A request header by its lower-case name. */
  header(name: string): string | undefined;
  /** The client's address (for the rate limit only; never stored). */
  client: string;
  /** The origin the request was addressed to (protocol and Host), the site's when SITE_ORIGIN is not set. */
  servedOrigin: string;
}

export interface BeaconAnswer {
  status: 204 | 400 | 403 | 413 | 415 | 429;
  /** The message of a refusal, sent as {"error": …}. */
  error?: string;
  headers?: Record<string, string>;
}

/** Headers every answer carries, as every /api answer does. */
export const BEACON_HEADERS = { 'Cache-Control': 'no-store', ...API_SECURITY_HEADERS } as const;

const SUMMARY_INTERVAL_MS = 60_000;

/** sendBeacon sends a string as text/plain (no CORS preflight); JSON is taken too. */
const BEACON_TYPE = /^(text\/plain|application\/json)\s*(;|$)/i;

export const BEACON_KINDS: readonly BeaconKind[] = ['ab', 'vitals'];

export interface BeaconService {
  recorder: BeaconRecorder;
  /** The answer decided before the body is read, or null: read at most BEACON_BODY_LIMIT bytes and call accept(). */
  check(request: BeaconRequest): BeaconAnswer | null;
  /** Validates the body and adds its counts. */
  accept(kind: BeaconKind, body: string): BeaconAnswer;
  /** Counts an answer for the minute's summary. */
  answered(status: number): void;
  /** Stops the summary timer and writes what waits. */
  close(): Promise<void>;
}

export interface BeaconServiceOptions {
  recorder: BeaconRecorder;
  /** Beacons accepted per client address per minute. */
  limit?: number;
  /** The built site, whose pages are the routes kept (known-routes.ts). */
  staticRoot: string | null;
  siteOrigin: string | null;
  now: () => Date;
  log: (entry: Record<string, unknown>) => void;
}

/**
 * What stands for a visitor of an experiment in the database: a hash of the experiment and the
 * browser's random id, so the id itself is never stored, and a visitor's rows in two experiments
 * cannot be told to be the same visitor's. 128 bits: no two visitors share one.
 */
export function visitorKey(experiment: string, visitorId: string): string {
  return createHash('sha256').update(`${experiment}:${visitorId}`).digest('hex').slice(0, 32);
}

const refuse = (status: BeaconAnswer['status'], error: string, headers?: Record<string, string>): BeaconAnswer => ({ status, error, headers });

export function createBeaconService(options: BeaconServiceOptions): BeaconService {
  const { recorder, now } = options;
  const limiter = createMemoryLimiter(options.limit ?? BEACON_RATE_LIMIT_DEFAULT);
  const route = routeMapper(options.staticRoot);

  let answers: Record<string, number> = {};
  const summary = setInterval(() => {
    if (Object.keys(answers).length === 0) return;
    options.log({ time: now().toISOString(), method: 'POST', path: '/api/beacons', answered: answers, minutes: SUMMARY_INTERVAL_MS / 60_000 });
    answers = {};
  }, SUMMARY_INTERVAL_MS);
  summary.unref();

  return {
    recorder,
    check(request) {
      if (request.header('sec-gpc')?.trim() === '1' || request.header('dnt')?.trim() === '1') return { status: 204 };
      const origin = request.header('origin');
      // A beacon counts only as the site's pages send it: a browser's sendBeacon is a POST, which
      // always carries the page's Origin. None at all is a tool's request, not a page's.
      if (origin === undefined) return refuse(403, 'A beacon is sent by the site’s pages, with their Origin; this request has none');
      if (origin !== (options.siteOrigin ?? request.servedOrigin)) return refuse(403, 'This request comes from another site (its Origin is not the site’s)');
      // In memory and approximate per process, by design: a database round trip per beacon would cost more than the beacon.
      const retryAfter = limiter.hitAt(request.client, now().getTime());
      if (retryAfter !== null)
        return refuse(429, `Too many beacons from your address. Try again in ${retryAfter} seconds.`, { 'Retry-After': String(retryAfter) });
      if (!BEACON_TYPE.test(request.header('content-type') ?? '')) return refuse(415, 'Send the beacon as text/plain or application/json');
      const length = Number(request.header('content-length'));
      if (length > BEACON_BODY_LIMIT) return refuse(413, `The body is larger than ${BEACON_BODY_LIMIT / 1024} KB`);
      return null;
    },
    accept(kind, body) {
      try {
        const day = utcDay(now());
        if (kind === 'ab') {
          const beacon = parseAbBeacon(parseJson(body));
          for (const { experiment, variant, event } of beacon.events) recorder.ab(day, experiment, variant, event, visitorKey(experiment, beacon.visitor));
        } else {
          const beacon = parseVitalsBeacon(parseJson(body));
          const kept = route(beacon.route);
          for (const { name, value } of beacon.metrics) recorder.vital(day, kept, beacon.device, name, bucketOf(name, value));
        }
        return { status: 204 };
      } catch (error) {
        if (error instanceof BeaconError) return refuse(400, error.message);
        throw error;
      }
    },
    answered(status) {
      answers[status] = (answers[status] ?? 0) + 1;
    },
    async close() {
      clearInterval(summary);
      await recorder.close();
    },
  };
}
