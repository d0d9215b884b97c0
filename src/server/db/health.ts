/**
 * Whether the database can write, for /api/health: one upsert of a single row, so a full disk or
 * a read-only database shows there, not only a database that does not answer (select 1 would
 * still pass). The forms ask /api/health once per page view, so one probe serves every caller for
 * REUSE_MS, and callers meanwhile share the probe in flight.
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema';

export const REUSE_MS = 2_000;

/** Resolves with null when the database wrote, else the error it failed with. */
export type HealthProbe = () => Promise<unknown>;

export function createHealthProbe(db: Kysely<Database>, now: () => Date): HealthProbe {
  let last: { at: number; result: Promise<unknown> } | null = null;
  const write = async () => {
    const checked = now();
    try {
      await db
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
