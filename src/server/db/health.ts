/**
 * Whether the database can write, for /api/health. Two checks, each of a failure the other misses:
 *
 * - PGlite's data folder takes a new file (written and removed at once). PostgreSQL keeps its
 *   files open, and a file already open can still be written after the folder's permissions
 *   changed, so the upsert below passes while every table not yet opened, a new log segment and
 *   the next checkpoint fail. A folder remounted read-only fails here too, before the database
 *   does (where PGlite would stop: dialect-pglite.ts).
 * - One upsert of a single row, so a full disk, a read-only database or a role without write
 *   rights shows, not only a database that does not answer (select 1 would still pass).
 *
 * The forms ask /api/health once per page view, so one probe serves every caller for REUSE_MS,
 * and callers meanwhile share the probe in flight.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Store } from './connect';

export const REUSE_MS = 2_000;
/** The file the probe writes and removes in PGlite's data folder. */
export const PROBE_FILE = 'garlic-health-probe';

/** Resolves with null when the database wrote, else the error it failed with. */
export type HealthProbe = () => Promise<unknown>;

export function createHealthProbe(store: Pick<Store, 'db' | 'dataDir'>, now: () => Date): HealthProbe {
  let last: { at: number; result: Promise<unknown> } | null = null;
  const write = async () => {
    const checked = now();
    try {
      if (store.dataDir) {
        const file = path.join(store.dataDir, PROBE_FILE);
        fs.writeFileSync(file, checked.toISOString());
        fs.unlinkSync(file);
      }
      await store.db
        .insertInto('health')
        .values({ id: 1, checked_at: checked })
        .onConflict((oc) => oc.column('id').doUpdateSet({ checked_at: checked }))
        .execute();
      return null;
    } catch (error) {
      return error;
    }
  };
  return () => {
    const at = now().getTime();
    if (!last || at - last.at >= REUSE_MS || at < last.at) last = { at, result: write() };
    return last.result;
  };
}
