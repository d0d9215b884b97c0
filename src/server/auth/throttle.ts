/**
 * Login throttling kept in the database, so it holds across restarts and across servers sharing a
 * PostgreSQL: after MAX_FAILURES failed attempts for a client address or for an account, that key
 * is refused for LOCKOUT_MS. Each attempt is counted BEFORE the password is checked, in one atomic
 * statement, so a burst of parallel guesses cannot all slip in under the limit; a success clears
 * the count. A lock is only ever extended, never shortened.
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

const MAX_FAILURES = 5;
export const LOCKOUT_MS = 30_000;
/** Rows untouched this long are forgotten. */
const FORGET_MS = 24 * 3_600_000;

/** Keys are hashed: the table holds no address or e-mail in clear. */
export const throttleKey = (scope: string, value: string) => createHash('sha256').update(`${scope}:${value}`).digest('hex');

type Reservation = { ok: true } | { ok: false; retryAfterMs: number };

/**
 * Counts one attempt against every key, in order; refuses (without counting further keys) at the
 * first key that is locked or already used up its attempts, and locks that key.
 */
export async function reserveAttempt(db: Kysely<Database>, keys: readonly string[], now: Date): Promise<Reservation> {
  for (const key of keys) {
    const row = await db
      .insertInto('login_throttle')
      .values({ key, failures: 1, locked_until: null, updated_at: now })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          // While locked the count stays; the attempt is refused below anyway.
          failures: sql<number>`case when login_throttle.locked_until > ${now} then login_throttle.failures else login_throttle.failures + 1 end`,
          updated_at: now,
        }),
      )
      .returning(['failures', 'locked_until'])
      .executeTakeFirstOrThrow();
    const lockedFor = row.locked_until ? row.locked_until.getTime() - now.getTime() : 0;
    if (lockedFor > 0) return { ok: false, retryAfterMs: lockedFor };
    if (row.failures > MAX_FAILURES) {
      // Parallel attempts beyond the limit: refused and the key locked, as if they had failed.
      await lock(db, key, now);
      return { ok: false, retryAfterMs: LOCKOUT_MS };
    }
  }
  return { ok: true };
}

async function lock(db: Kysely<Database>, key: string, now: Date): Promise<void> {
  const until = new Date(now.getTime() + LOCKOUT_MS);
  await db
    .updateTable('login_throttle')
    .set({ failures: 0, locked_until: sql<Date>`greatest(coalesce(locked_until, ${until}), ${until})`, updated_at: now })
    .where('key', '=', key)
    .execute();
}

/** The attempt was wrong: a key that has reached the limit is locked. Returns the lock (ms) or 0. */
export async function recordFailure(db: Kysely<Database>, keys: readonly string[], now: Date): Promise<number> {
  let locked = 0;
  for (const key of keys) {
    const row = await db.selectFrom('login_throttle').select('failures').where('key', '=', key).executeTakeFirst();
    if (row && row.failures >= MAX_FAILURES) {
      await lock(db, key, now);
      locked = LOCKOUT_MS;
    }
  }
  await db
    .deleteFrom('login_throttle')
    .where('updated_at', '<', new Date(now.getTime() - FORGET_MS))
    .execute();
  return locked;
}

export async function recordSuccess(db: Kysely<Database>, keys: readonly string[]): Promise<void> {
  await db
    .deleteFrom('login_throttle')
    .where('key', 'in', [...keys])
    .execute();
}
