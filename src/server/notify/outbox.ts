/**
 * The outbox table (migration 0004): what each lead is owed, and the claims of the senders.
 * A lead's notifications are queued in the transaction that stores it, so a lead is never stored
 * without them; the worker (worker.ts) claims due rows, sends, and records the result only while
 * its claim still holds. A sender that dies loses its claim when the lease runs out, and the row is
 * sent again by whichever server claims it next: only a message in flight at the crash can repeat.
 */
import { sql, type Kysely } from 'kysely';
import { leadInsert, toStoredLead, type NewLead, type StoredLead } from '../db/leads';
import type { Database, LeadRow, NotificationChannel, NotificationRow, NotificationState } from '../db/schema';
import { attemptRecorders, newClaim, type AttemptColumns, type ClaimRequest } from './claims';

export const CHANNELS: readonly NotificationChannel[] = ['email', 'webhook'];

/** Longer than the longest send (e-mail is cut off after 60 s, the webhook after 10 s). */
export const DEFAULT_LEASE_MS = 120_000;

/**
 * Queues the lead's notifications, one per channel, inside the caller's transaction. Every channel
 * gets a row even when it is not configured: the worker sends only the configured ones, so a
 * channel configured later still tells of the leads of the last two days. Queuing twice is a no-op.
 */
export async function queueLeadNotifications(trx: Kysely<Database>, leadId: string, now: Date): Promise<void> {
  await trx
    .insertInto('notifications')
    .values(CHANNELS.map((channel) => ({ lead_id: leadId, channel, state: 'pending' as const, queued_at: now, next_attempt_at: now })))
    .onConflict((oc) => oc.columns(['lead_id', 'channel']).doNothing())
    .execute();
}

/**
 * Stores a new lead and queues its notifications in one statement, so both or neither are stored
 * (what queueLeadNotifications in the lead's transaction does, in one round trip instead of four:
 * on PGlite, where every statement waits for the one before it, a transaction around two inserts
 * halved the leads a second). True when the lead was new; a known id changes nothing.
 */
export async function storeLeadWithNotifications(db: Kysely<Database>, lead: NewLead, now: Date): Promise<boolean> {
  const channels = sql.join(CHANNELS.map((channel) => sql`(${channel})`));
  const { stored } = await db
    .with('stored', (cte) => leadInsert(cte, lead).returning('id'))
    .with('queued', (cte) =>
      cte
        .insertInto('notifications')
        .columns(['lead_id', 'channel', 'state', 'queued_at', 'next_attempt_at'])
        .expression(sql`select stored.id, c.channel, 'pending', ${now}, ${now} from stored cross join (values ${channels}) as c (channel)`),
    )
    .selectFrom('stored')
    .select((eb) => eb.fn.countAll<number>().as('stored'))
    .executeTakeFirstOrThrow();
  return Number(stored) > 0;
}

/**
 * "Send again": the lead's notifications on these channels are queued as a new message (the next
 * round: a new Message-ID and webhook-id), due now, with two fresh days of retries. A send in
 * flight loses its claim, so its result no longer counts and the new round is sent after it.
 */
export async function requeueLeadNotifications(db: Kysely<Database>, leadId: string, channels: readonly NotificationChannel[], now: Date): Promise<void> {
  if (channels.length === 0) return;
  await db
    .insertInto('notifications')
    .values(channels.map((channel) => ({ lead_id: leadId, channel, state: 'pending' as const, queued_at: now, next_attempt_at: now })))
    .onConflict((oc) =>
      oc.columns(['lead_id', 'channel']).doUpdateSet({
        state: 'pending',
        round: sql`notifications.round + 1`,
        attempts: 0,
        queued_at: now,
        next_attempt_at: now,
        last_error: null,
        sent_at: null,
        claim_token: null,
        claimed_until: null,
      }),
    )
    .execute();
}

/** One notification as the admin API shows it. */
export interface Delivery {
  channel: NotificationChannel;
  state: NotificationState;
  attempts: number;
  lastError: string | null;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  sentAt: string | null;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The deliveries of each lead on the given channels (a lead without any maps to []). */
export async function deliveriesOf(
  db: Kysely<Database>,
  leadIds: readonly string[],
  channels: readonly NotificationChannel[],
): Promise<Map<string, Delivery[]>> {
  const byLead = new Map<string, Delivery[]>(leadIds.map((id) => [id, []]));
  if (leadIds.length === 0 || channels.length === 0) return byLead;
  const rows = await db.selectFrom('notifications').selectAll().where('lead_id', 'in', leadIds).where('channel', 'in', channels).orderBy('channel').execute();
  for (const row of rows) {
    byLead.get(row.lead_id)?.push({
      channel: row.channel,
      state: row.state,
      attempts: row.attempts,
      lastError: row.last_error,
      lastAttemptAt: iso(row.last_attempt_at),
      nextAttemptAt: row.state === 'pending' ? iso(row.next_attempt_at) : null,
      sentAt: iso(row.sent_at),
    });
  }
  return byLead;
}

/** A row this process claimed, the token that proves the claim when the result is written, and its lead. */
export type Claimed = NotificationRow & { claim_token: string; lead: StoredLead };

/**
 * Claims up to `limit` due rows of the given channels for `leaseMs`, counting the attempt, and
 * reads their leads in the same statement. Rows another server is claiming at the same moment are
 * skipped (SKIP LOCKED), and a claim that has not lapsed is never taken, so two servers never
 * send the same row at once. A deleted lead's rows wait: the team did not want it, and an undone
 * delete sends them as they were.
 */
export async function claimDue(db: Kysely<Database>, request: ClaimRequest): Promise<Claimed[]> {
  const claim = newClaim(request);
  if (!claim) return [];
  const { channels, now, limit } = request;
  const { rows } = await sql<NotificationRow & LeadRow>`
    update notifications n
    set claim_token = ${claim.token}, claimed_until = ${claim.until}, attempts = n.attempts + 1, last_attempt_at = ${now}
    from leads l
    where l.id = n.lead_id and (n.lead_id, n.channel) in (
      select due.lead_id, due.channel from notifications due
      join leads live on live.id = due.lead_id and live.deleted_at is null
      where due.state = 'pending' and due.channel in (${sql.join(channels)}) and due.next_attempt_at <= ${now}
        and (due.claimed_until is null or due.claimed_until < ${now})
      order by due.next_attempt_at
      limit ${limit}
      for update of due skip locked
    )
    returning n.*, l.*`.execute(db);
  return rows.map((row) => ({ ...row, claim_token: claim.token, lead: toStoredLead(row) }));
}

/** Writes an attempt's outcome on its row; false when the claim was lost meanwhile ("Send again", or a lease that lapsed). */
async function settle(db: Kysely<Database>, row: Claimed, columns: AttemptColumns): Promise<boolean> {
  const result = await db
    .updateTable('notifications')
    .set(columns)
    .where('lead_id', '=', row.lead_id)
    .where('channel', '=', row.channel)
    .where('claim_token', '=', row.claim_token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export const { markSent, markFailed } = attemptRecorders(settle);
