/**
 * The claims on the rows of both outboxes, the leads' notifications (outbox.ts) and the desk's
 * notices (notices.ts), taken and settled the same way: a new claim's token and lease; what a
 * send's result writes on its claimed row, only while the claim holds (sent, due again at the next
 * attempt, or given up; the claim is lifted either way, and an error is kept to ERROR_MAX
 * characters); and lifting every claim at once.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, NotificationChannel } from '../db/schema';

/** Long SMTP or HTTP error texts are cut to this in the tables and the admin. */
const ERROR_MAX = 500;

/** What a sender asks to claim: up to `limit` due rows of `channels`, held for `leaseMs` from `now`. */
export interface ClaimRequest {
  channels: readonly NotificationChannel[];
  now: Date;
  leaseMs: number;
  limit: number;
}

/** A new claim: the token that proves it when the result is written, and when its lease ends; null when the request can claim nothing. */
export function newClaim({ channels, now, leaseMs, limit }: ClaimRequest): { token: string; until: Date } | null {
  if (channels.length === 0 || limit <= 0) return null;
  return { token: randomUUID(), until: new Date(now.getTime() + leaseMs) };
}

function sentColumns(now: Date) {
  return { state: 'sent' as const, sent_at: now, last_error: null, next_attempt_at: null, claim_token: null, claimed_until: null };
}

/** Due again at `next`, or given up ('failed') when `next` is null. */
function failedColumns(error: string, next: Date | null) {
  return {
    state: next ? ('pending' as const) : ('failed' as const),
    next_attempt_at: next,
    last_error: error.length > ERROR_MAX ? `${error.slice(0, ERROR_MAX - 1)}…` : error,
    claim_token: null,
    claimed_until: null,
  };
}

/** What an attempt writes on its claimed row: sent, or due again or given up. */
export type AttemptColumns = ReturnType<typeof sentColumns> | ReturnType<typeof failedColumns>;

/**
 * Recording how an attempt ended on a table's claimed row, through the table's `settle`: it writes
 * the columns only while the row's claim holds, and says whether it did.
 */
export function attemptRecorders<Row>(settle: (db: Kysely<Database>, row: Row, columns: AttemptColumns) => Promise<boolean>) {
  return {
    /** Records a send; false when the claim was lost meanwhile. */
    markSent: (db: Kysely<Database>, row: Row, now: Date): Promise<boolean> => settle(db, row, sentColumns(now)),
    /** Records a failed attempt: due again at `next`, or given up ('failed') when `next` is null; false when the claim was lost meanwhile. */
    markFailed: (db: Kysely<Database>, row: Row, error: string, next: Date | null): Promise<boolean> => settle(db, row, failedColumns(error, next)),
  };
}

/**
 * Lifts every claim on both tables at once. Only for a database no other process can open (PGlite
 * behind its folder lock): there, any claim left is a dead process's, and its rows need not wait
 * out the lease.
 */
export async function releaseAllClaims(db: Kysely<Database>): Promise<void> {
  for (const table of ['notifications', 'notices'] as const) {
    await db.updateTable(table).set({ claim_token: null, claimed_until: null }).where('claim_token', 'is not', null).execute();
  }
}
