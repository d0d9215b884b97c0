/**
 * A per-client limit on lead submissions: at most `limit` accepted from one client address in any
 * 60 seconds, wherever the 60 seconds start (a sliding window, not a fixed minute whose end and the
 * next one's start would let through twice the limit).
 *
 * Kept in the database (migration 0005), so every server on one PostgreSQL applies the same limit
 * to an address, and a restart does not reset it. Each submission is one call of the function
 * lead_rate_hit, which takes the address's row lock first, so parallel submissions from one
 * address, to one server or several, are counted one at a time: never more than `limit` get
 * through. The address is stored as its SHA-256 only. An address's expired times are dropped at its
 * next submission; addresses not heard from for a minute are dropped by each server at most once a
 * minute, so the tables hold about the last two minutes of traffic, at most `limit` times per
 * address (and no more than the last minute's, even when the limit is set very high to switch it off).
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from './db/schema';

export interface RateLimiter {
  /** Counts one request; null when allowed, else the seconds until one more would be. */
  hit(client: string, now: Date): Promise<number | null>;
}

export const WINDOW_MS = 60_000;
/** How often one server drops the addresses that have been quiet for a whole window. */
export const PRUNE_EVERY_MS = WINDOW_MS;

const clientKey = (client: string) => createHash('sha256').update(`lead:${client}`).digest('hex');
const windowInterval = sql`(${WINDOW_MS} * interval '1 millisecond')`;

/** Drops every address whose newest accepted submission has left the window, with its times. */
export async function pruneRateLimits(db: Kysely<Database>, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - WINDOW_MS);
  // One statement: an address that submits meanwhile holds its row, and is then no longer quiet.
  await sql`
    with quiet as (delete from lead_rate_clients where updated_at <= ${cutoff} returning key)
    delete from lead_rate_hits where key in (select key from quiet)`.execute(db);
  // Every submission rewrites a row and most add and drop one: PGlite runs no autovacuum, so the
  // space is reclaimed here (small tables, a few milliseconds; busy rows are left for next time).
  await sql`vacuum (skip_locked) lead_rate_clients, lead_rate_hits`.execute(db);
}

export function createRateLimiter(db: Kysely<Database>, limit: number): RateLimiter {
  let lastPrune = Number.NEGATIVE_INFINITY;
  return {
    async hit(client, now) {
      if (limit <= 0) return WINDOW_MS / 1000;
      if (now.getTime() - lastPrune >= PRUNE_EVERY_MS) {
        lastPrune = now.getTime();
        await pruneRateLimits(db, now);
      }
      const { rows } = await sql<{ accepted: boolean; oldest: Date | string | null }>`
        select accepted, oldest from lead_rate_hit(${clientKey(client)}, ${now}, ${limit}, ${windowInterval})`.execute(db);
      const row = rows[0];
      if (row?.accepted) return null;
      if (!row?.oldest) return WINDOW_MS / 1000;
      // Full: one more is allowed when the oldest accepted leaves the window.
      const oldest = new Date(row.oldest).getTime();
      return Math.max(1, Math.ceil((oldest + WINDOW_MS - now.getTime()) / 1000));
    },
  };
}
