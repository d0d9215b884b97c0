/**
 * Beacons are answered before they are stored: each one adds to a count in this process's memory,
 * and the counts are written to the database once a second (or sooner when many keys wait) as one
 * transaction of upserts that add. So a beacon costs the request path a map update, never a
 * database round trip, and a flood of them costs one write a second whatever its size.
 *
 * What a crash can lose: the counts not yet written, at most the last second's (a SIGTERM or
 * SIGINT writes them before the database closes). A failed write keeps its counts for the next
 * attempt. Memory is bounded: keys come only from the registry's experiments, the site's routes
 * (the beacon routes check both) and the visitors of the last second, and past MAX_PENDING_KEYS
 * new keys are dropped and counted in the log rather than kept.
 *
 * A/B events are kept per visitor (db/beacons.ts decides what each adds): one impression and one
 * conversion per visitor and experiment wait at most. A conversion whose impression is not in the
 * database yet (written a moment later by another server on the same PostgreSQL) is tried again
 * with the next CONVERSION_TRIES - 1 writes, then dropped.
 *
 * Vitals and A/B visitors older than RETENTION_DAYS are deleted at start and then every hour.
 */
import type { Kysely } from 'kysely';
import type { Device, VitalName } from '@/shared/domain/field-vitals';
import { addBeaconCounts, pruneAbVisitors, pruneVitals, type AbVisit, type VitalCount } from '../db/beacons';
import type { Database } from '../db/schema';
import { errorMessage } from '../../shared/error-message';

export const FLUSH_INTERVAL_MS = 1000;
/** Written at once when this many keys wait, without waiting for the second to end. */
export const FLUSH_AT_KEYS = 5000;
export const MAX_PENDING_KEYS = 200_000;
export const RETENTION_DAYS = 90;
/** Writes a conversion without its impression takes part in before it is dropped (one a second). */
export const CONVERSION_TRIES = 5;
const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

export type AbEvent = 'impression' | 'conversion';

export interface BeaconRecorder {
  /** One visitor's event; `visitor` stands for the visitor in this experiment only (a hash, see service.ts). */
  ab(day: string, experiment: string, variant: string, event: AbEvent, visitor: string): void;
  vital(day: string, route: string, device: Device, metric: VitalName, bucket: number): void;
  /** Writes what waits (the tests call it; the timer does otherwise). */
  flush(): Promise<void>;
  /** Deletes the vitals and A/B visitors older than RETENTION_DAYS (the timer does it hourly). */
  prune(): Promise<void>;
  /** Stops the timers and writes what waits. */
  close(): Promise<void>;
}

export interface RecorderOptions {
  now: () => Date;
  log: (entry: Record<string, unknown>) => void;
  /** Off in tests that flush by hand. */
  timers?: boolean;
}

/** The UTC day of a time, YYYY-MM-DD: the day a beacon is counted in. */
export const utcDay = (time: Date) => time.toISOString().slice(0, 10);

/** The first day kept when `today` is the last: RETENTION_DAYS days in all. */
export function firstKeptDay(today: Date): string {
  return utcDay(new Date(today.getTime() - (RETENTION_DAYS - 1) * 86_400_000));
}

const visitKey = (experiment: string, visitor: string) => `${experiment}\u0000${visitor}`;

export function createBeaconRecorder(db: Kysely<Database>, options: RecorderOptions): BeaconRecorder {
  // Key → counts; the key is the row's identity joined with a character no part can hold.
  let impressions = new Map<string, AbVisit>();
  let conversions = new Map<string, AbVisit & { tries: number }>();
  let vitals = new Map<string, VitalCount>();
  let dropped = 0;
  let writing: Promise<void> = Promise.resolve();
  let writes = 0;
  const useTimers = options.timers ?? true;

  const pending = () => impressions.size + conversions.size + vitals.size;
  const logError = (what: string, error: unknown) =>
    options.log({
      time: options.now().toISOString(),
      level: 'error',
      path: '/api/beacons',
      error: `${what}: ${errorMessage(error)}`,
    });

  /** Takes what waits and writes it; on failure the counts go back, to be tried again. */
  const writeOnce = async () => {
    if (pending() === 0 && dropped === 0) return;
    const takenImpressions = impressions;
    const takenConversions = conversions;
    const takenVitals = vitals;
    impressions = new Map();
    conversions = new Map();
    vitals = new Map();
    if (dropped > 0) {
      options.log({
        time: options.now().toISOString(),
        level: 'warn',
        path: '/api/beacons',
        dropped,
        reason: 'too many different counts waiting to be written',
      });
      dropped = 0;
    }
    try {
      const unmatched = await addBeaconCounts(db, { impressions: [...takenImpressions.values()], conversions: [...takenConversions.values()] }, [
        ...takenVitals.values(),
      ]);
      for (const row of unmatched) {
        const key = visitKey(row.experiment, row.visitor);
        const tries = (takenConversions.get(key)?.tries ?? 0) + 1;
        if (tries < CONVERSION_TRIES && !conversions.has(key)) conversions.set(key, { ...row, tries });
      }
    } catch (error) {
      logError(`${takenImpressions.size + takenConversions.size + takenVitals.size} counts not written yet`, error);
      for (const [key, row] of takenImpressions) if (!impressions.has(key)) impressions.set(key, row);
      for (const [key, row] of takenConversions) if (!conversions.has(key)) conversions.set(key, row);
      for (const [key, row] of takenVitals) {
        const now = vitals.get(key);
        if (now) now.count += row.count;
        else vitals.set(key, row);
      }
    }
  };
  // One write at a time, in order; a flush asked for during a write runs after it.
  const flush = () => {
    writes += 1;
    writing = writing.then(writeOnce).finally(() => {
      writes -= 1;
    });
    return writing;
  };
  // The timer adds no write while one is still running (a slow database): the next tick takes it all.
  const tick = () => {
    if (writes === 0) void flush();
  };

  const room = (map: Map<string, unknown>, key: string) => {
    if (map.has(key)) return true;
    if (pending() >= MAX_PENDING_KEYS) {
      dropped += 1;
      return false;
    }
    return true;
  };
  const soon = () => {
    if (pending() >= FLUSH_AT_KEYS) tick();
  };

  const prune = async () => {
    try {
      const firstKept = firstKeptDay(options.now());
      await pruneVitals(db, firstKept);
      await pruneAbVisitors(db, firstKept);
    } catch (error) {
      logError('old web vitals and A/B visitors not pruned', error);
    }
  };

  const flushTimer = useTimers ? setInterval(tick, FLUSH_INTERVAL_MS) : null;
  const pruneTimer = useTimers ? setInterval(() => void prune(), PRUNE_INTERVAL_MS) : null;
  // Timers never keep the process alive on their own: shutdown calls close().
  flushTimer?.unref();
  pruneTimer?.unref();
  if (useTimers) void prune();

  return {
    ab(day, experiment, variant, event, visitor) {
      // One of each per visitor and experiment waits: the database counts a visitor once anyway.
      const key = visitKey(experiment, visitor);
      const waiting = event === 'impression' ? impressions : conversions;
      if (waiting.has(key) || !room(waiting, key)) return;
      if (event === 'impression') impressions.set(key, { day, experiment, variant, visitor });
      else conversions.set(key, { day, experiment, variant, visitor, tries: 0 });
      soon();
    },
    vital(day, route, device, metric, bucket) {
      const key = `${day}\u0000${route}\u0000${device}\u0000${metric}\u0000${bucket}`;
      if (!room(vitals, key)) return;
      const row = vitals.get(key) ?? { day, route, device, metric, bucket, count: 0 };
      row.count += 1;
      vitals.set(key, row);
      soon();
    },
    flush,
    prune,
    async close() {
      if (flushTimer) clearInterval(flushTimer);
      if (pruneTimer) clearInterval(pruneTimer);
      await flush();
    },
  };
}
