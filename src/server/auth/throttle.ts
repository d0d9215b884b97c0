/**
 * Login throttling kept in the database, so it holds across restarts and across servers sharing a
 * PostgreSQL. Each attempt is counted BEFORE the password is checked, in one atomic statement per
 * count, so a burst of parallel guesses cannot all slip in under a limit. Three counts:
 *
 * - The client address and the account together: after PAIR_MAX failures that address is refused
 *   for that account for LOCKOUT_MS. A stranger's failures shut out the stranger's address, never
 *   the account: its owner still signs in from anywhere else.
 * - The address across accounts: after ADDRESS_MAX attempts within WINDOW_MS that a success has not
 *   taken back, the address is refused for every account for ADDRESS_LOCKOUT_MS, so one address
 *   cannot spray guesses over many accounts.
 * - The account across addresses, for a guesser with many addresses: it never locks the account.
 *   Once the account has PRESSURE_FAILURES failures within WINDOW_MS, an address that has already
 *   failed on it (or been locked out of it) is refused until the failures stop for WINDOW_MS. An
 *   address that has not failed still gets its attempt, so the right password from a clean address
 *   always gets in, while each of the guesser's addresses gets one guess, and another only after
 *   WINDOW_MS without trying, instead of five every 30 s.
 *
 * A count starts over once its key has seen no attempt for WINDOW_MS; a lock is only ever extended,
 * never shortened. IPv6 clients count by /64 (address-block.ts).
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { throttledAddress } from './address-block';

const PAIR_MAX = 5;
export const LOCKOUT_MS = 30_000;
const ADDRESS_MAX = 20;
export const ADDRESS_LOCKOUT_MS = 15 * 60_000;
const PRESSURE_FAILURES = 10;
export const WINDOW_MS = 15 * 60_000;
/** Rows untouched this long are forgotten. */
const FORGET_MS = 24 * 3_600_000;

/** Keys are hashed: the table holds no address or e-mail in clear. */
export const throttleKey = (scope: string, value: string) => createHash('sha256').update(`${scope}:${value}`).digest('hex');

/** The key of the address's count across accounts: known before the body (and so the account) is read. */
export const addressKey = (kind: string, address: string) => throttleKey(`${kind}:address`, throttledAddress(address));

export interface ThrottleKeys {
  pair: string;
  address: string;
  account: string;
}

/** `account` in its compared form; JSON keeps the two parts apart whatever characters they hold. */
export function throttleKeys(kind: string, address: string, account: string): ThrottleKeys {
  return {
    pair: throttleKey(`${kind}:pair`, JSON.stringify([throttledAddress(address), account])),
    address: addressKey(kind, address),
    account: throttleKey(`${kind}:account`, account),
  };
}

export type Reservation = { ok: true } | { ok: false; retryAfterMs: number; why: 'locked' | 'pressure' };

interface CountRow {
  failures: number;
  locked_until: Date | null;
  updated_at: Date;
}

const lockLeft = (row: Pick<CountRow, 'locked_until'> | undefined, now: Date) =>
  row?.locked_until ? Math.max(0, row.locked_until.getTime() - now.getTime()) : 0;

/**
 * Counts one attempt on `key` and returns the count after it. While the key is locked the count
 * stays; once it has seen nothing for WINDOW_MS (and is not locked) it starts over, forgetting an
 * old lock too.
 */
function bump(db: Kysely<Database>, key: string, now: Date): Promise<CountRow> {
  const stale = new Date(now.getTime() - WINDOW_MS);
  return db
    .insertInto('login_throttle')
    .values({ key, failures: 1, locked_until: null, updated_at: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql<number>`case when login_throttle.locked_until > ${now} then login_throttle.failures
          when login_throttle.updated_at <= ${stale} then 1 else login_throttle.failures + 1 end`,
        locked_until: sql<Date | null>`case when login_throttle.locked_until > ${now} then login_throttle.locked_until
          when login_throttle.updated_at <= ${stale} then null else login_throttle.locked_until end`,
        updated_at: now,
      }),
    )
    .returning(['failures', 'locked_until', 'updated_at'])
    .executeTakeFirstOrThrow();
}

async function lock(db: Kysely<Database>, key: string, now: Date, ms: number): Promise<void> {
  const until = new Date(now.getTime() + ms);
  await db
    .updateTable('login_throttle')
    .set({ failures: 0, locked_until: sql<Date>`greatest(coalesce(locked_until, ${until}), ${until})`, updated_at: now })
    .where('key', '=', key)
    .execute();
}

/** How long the address is still refused for every account (ms), or 0: checked before the body is read. */
export async function addressLockedFor(db: Kysely<Database>, key: string, now: Date): Promise<number> {
  return lockLeft(await db.selectFrom('login_throttle').select('locked_until').where('key', '=', key).executeTakeFirst(), now);
}

/** How long the account is still under a many-address guesser's pressure (ms), or 0. */
async function pressureLeft(db: Kysely<Database>, key: string, now: Date): Promise<number> {
  const row = await db.selectFrom('login_throttle').select(['failures', 'updated_at']).where('key', '=', key).executeTakeFirst();
  if (!row || row.failures < PRESSURE_FAILURES) return 0;
  return Math.max(0, row.updated_at.getTime() + WINDOW_MS - now.getTime());
}

/**
 * Counts one attempt on the address, then on the address and account together, refusing at the
 * first that is locked or has used up its attempts (and locking it); then, for an address that has
 * failed on this account before, refuses while the account is under pressure.
 */
export async function reserveAttempt(db: Kysely<Database>, keys: ThrottleKeys, now: Date): Promise<Reservation> {
  const limits = [
    { key: keys.address, max: ADDRESS_MAX, lockMs: ADDRESS_LOCKOUT_MS },
    { key: keys.pair, max: PAIR_MAX, lockMs: LOCKOUT_MS },
  ];
  let pair: CountRow | undefined;
  for (const { key, max, lockMs } of limits) {
    const row = await bump(db, key, now);
    const locked = lockLeft(row, now);
    if (locked > 0) return { ok: false, retryAfterMs: locked, why: 'locked' };
    if (row.failures > max) {
      // Parallel attempts beyond the limit: refused and the key locked, as if they had failed.
      await lock(db, key, now, lockMs);
      return { ok: false, retryAfterMs: lockMs, why: 'locked' };
    }
    if (key === keys.pair) pair = row;
  }
  const failedHereBefore = pair !== undefined && (pair.failures > 1 || pair.locked_until !== null);
  if (failedHereBefore) {
    const pressure = await pressureLeft(db, keys.account, now);
    if (pressure > 0) return { ok: false, retryAfterMs: pressure, why: 'pressure' };
  }
  return { ok: true };
}

/**
 * The attempt was wrong: the account's failure is counted, and the address or the pair that has
 * reached its limit is locked. Returns the longest lock now on either (ms), or 0.
 */
export async function recordFailure(db: Kysely<Database>, keys: ThrottleKeys, now: Date): Promise<number> {
  let locked = 0;
  for (const { key, max, lockMs } of [
    { key: keys.pair, max: PAIR_MAX, lockMs: LOCKOUT_MS },
    { key: keys.address, max: ADDRESS_MAX, lockMs: ADDRESS_LOCKOUT_MS },
  ]) {
    const row = await db.selectFrom('login_throttle').select(['failures', 'locked_until']).where('key', '=', key).executeTakeFirst();
    // A parallel attempt may have locked it meanwhile: that lock stands as it is.
    const already = lockLeft(row, now);
    if (already > 0) locked = Math.max(locked, already);
    else if (row && row.failures >= max) {
      await lock(db, key, now, lockMs);
      locked = Math.max(locked, lockMs);
    }
  }
  await bump(db, keys.account, now);
  await db
    .deleteFrom('login_throttle')
    .where('updated_at', '<', new Date(now.getTime() - FORGET_MS))
    .execute();
  return locked;
}

/**
 * The right password: the pair's count is cleared and the address's count takes this attempt back
 * (its other attempts, failures on other accounts among them, still count). The account's count
 * stays: one success does not end a guesser's run on it.
 */
export async function recordSuccess(db: Kysely<Database>, keys: ThrottleKeys): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', '=', keys.pair).execute();
  await db
    .updateTable('login_throttle')
    .set({ failures: sql<number>`greatest(failures - 1, 0)` })
    .where('key', '=', keys.address)
    .execute();
}
