/**
 * The desk's own outbox (migration 0015), beside the leads' (outbox.ts) and claimed the same way:
 * the e-mail to a lead's new owner, each account's morning digest of its due follow-ups, and the
 * lead.updated webhooks. Each is queued in the transaction of what caused it (an assignment, a
 * status change, a note), with what it says fixed then, so a retry sends the same message; the
 * notice worker (notice-worker.ts) claims due rows, sends them and records the result while its
 * claim holds. A digest is one row per account and day (a unique index): two servers on one
 * database queue it once.
 */
import { sql, type Kysely } from 'kysely';
import { CLOSED_BUYER_STATUSES, isBuyerCollection } from '@/shared/domain/records';
import type { LeadChange, LeadEntry } from '@/shared/domain/lead-activity';
import type { StoredLead } from '../db/leads';
import type { Database, NoticeKind, NoticeRow, NotificationChannel, NotificationState } from '../db/schema';
import { attemptRecorders, newClaim, type AttemptColumns, type ClaimRequest } from './claims';

/** An account name an e-mail can go to: the Team section's accounts are e-mail addresses; ADMIN_USERNAME's may be a plain name. */
export const isMailbox = (name: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(name);

/** What the assignment e-mail says: the lead's reference, the buyer, the company, who gave it. */
export interface AssignedPayload {
  leadId: string;
  leadType: StoredLead['type'];
  buyer: string;
  company: string;
  country: string;
  by: string;
}

export interface DigestLead {
  id: string;
  type: StoredLead['type'];
  buyer: string;
  company: string;
  status: string;
  followUp: string;
}

export interface DigestPayload {
  day: string;
  leads: DigestLead[];
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const buyerOf = (lead: Pick<StoredLead, 'fields'>) => text(lead.fields.name) || text(lead.fields.contactPerson);

/**
 * Queues the e-mail to the lead's new owner, in the assignment's transaction: not when nobody is
 * given it, not when they took it themselves, not when their name is no e-mail address, and only
 * where e-mail is configured (`channels`).
 */
export async function queueAssignedNotice(
  trx: Kysely<Database>,
  options: { lead: StoredLead; to: string | null; by: string; now: Date; channels: readonly NotificationChannel[] },
): Promise<void> {
  const { lead, to, by, now } = options;
  if (to === null || to === by || !isMailbox(to) || !options.channels.includes('email')) return;
  const payload: AssignedPayload = {
    leadId: lead.id,
    leadType: lead.type,
    buyer: buyerOf(lead),
    company: text(lead.fields.company) || text(lead.fields.organisation),
    country: text(lead.fields.country),
    by,
  };
  await trx
    .insertInto('notices')
    .values({
      kind: 'assigned',
      channel: 'email',
      recipient: to,
      lead_id: lead.id,
      payload: JSON.stringify(payload),
      state: 'pending',
      queued_at: now,
      next_attempt_at: now,
    })
    .execute();
}

/** What a lead.updated webhook tells: the lead's version after the change, who made it, when, and what changed. */
export interface LeadUpdatedPayload {
  type: 'lead.updated';
  timestamp: string;
  data: {
    id: string;
    type: StoredLead['type'];
    version: number;
    by: string;
    at: string;
    changes: {
      status?: { from: string | null; to: string };
      owner?: { from: string | null; to: string | null };
      followUp?: { from: string | null; to: string | null };
      entry?: { kind: LeadEntry['kind']; id: string; body: string };
    };
    country: string | null;
    countryCode: string | null;
  };
}

/** The lead.updated event of a change to the lead or an entry; null when nothing a receiver is told of changed. */
export function leadUpdatedPayload(lead: StoredLead, by: string, at: Date, change: LeadChange, entry?: LeadEntry): LeadUpdatedPayload | null {
  const changes: LeadUpdatedPayload['data']['changes'] = {};
  if (change.status) changes.status = change.status;
  if (change.owner) changes.owner = change.owner;
  if (change.followUp) changes.followUp = change.followUp;
  if (entry) changes.entry = { kind: entry.kind, id: entry.id, body: entry.body };
  if (Object.keys(changes).length === 0) return null;
  return {
    type: 'lead.updated',
    timestamp: at.toISOString(),
    data: {
      id: lead.id,
      type: lead.type,
      version: lead.version,
      by,
      at: at.toISOString(),
      changes,
      country: text(lead.fields.country) || null,
      countryCode: lead.countryCode,
    },
  };
}

/** Queues a lead.updated webhook in the change's transaction, where a webhook is configured. */
export async function queueLeadUpdated(
  trx: Kysely<Database>,
  payload: LeadUpdatedPayload | null,
  now: Date,
  channels: readonly NotificationChannel[],
): Promise<void> {
  if (!payload || !channels.includes('webhook')) return;
  await trx
    .insertInto('notices')
    .values({
      kind: 'lead.updated',
      channel: 'webhook',
      recipient: null,
      lead_id: payload.data.id,
      payload: JSON.stringify(payload),
      state: 'pending',
      queued_at: now,
      next_attempt_at: now,
    })
    .execute();
}

const CLOSED = sql.join(CLOSED_BUYER_STATUSES.map((status) => sql.lit(status)));

/**
 * Queues the digest of `day` (the team's YYYY-MM-DD) for every account whose name is an e-mail
 * address and that has open follow-ups due that day or before: buyers' leads it owns, live, not
 * spam, not closed. An account with nothing due gets none. The unique index on (recipient, day)
 * makes a second call, from this process or another, add nothing. Returns how many it queued.
 */
export async function queueDigests(db: Kysely<Database>, day: string, now: Date): Promise<number> {
  const rows = await db
    .selectFrom('leads')
    .select(['id', 'type', 'fields', 'status', 'assigned_to', sql<string>`to_char(follow_up, 'YYYY-MM-DD')`.as('follow_up')])
    .where('assigned_to', 'is not', null)
    .where('deleted_at', 'is', null)
    .where('spam', 'is', null)
    .where(sql<boolean>`follow_up <= ${day}::date`)
    .where(sql<boolean>`status not in (${CLOSED})`)
    .orderBy('follow_up')
    .orderBy('id')
    .execute();
  const byAccount = new Map<string, DigestLead[]>();
  for (const row of rows) {
    if (!row.assigned_to || !isMailbox(row.assigned_to) || !isBuyerCollection(row.type)) continue;
    const list = byAccount.get(row.assigned_to) ?? [];
    list.push({ id: row.id, type: row.type, buyer: buyerOf(row), company: text(row.fields.company), status: row.status ?? '', followUp: row.follow_up });
    byAccount.set(row.assigned_to, list);
  }
  // Only accounts that still exist: a removed colleague's leads wait for a new owner.
  const accounts = byAccount.size
    ? await db
        .selectFrom('accounts')
        .select('name')
        .where('name', 'in', [...byAccount.keys()])
        .execute()
    : [];
  let queued = 0;
  for (const { name } of accounts) {
    const payload: DigestPayload = { day, leads: byAccount.get(name) ?? [] };
    const { rows: inserted } = await sql`
      insert into notices (kind, channel, recipient, day, payload, state, queued_at, next_attempt_at)
      values ('digest', 'email', ${name}, ${day}::date, ${JSON.stringify(payload)}::jsonb, 'pending', ${now}, ${now})
      on conflict (recipient, day) where kind = 'digest' do nothing
      returning id`.execute(db);
    queued += inserted.length;
  }
  return queued;
}

/** A notice this process claimed, with the token that proves it. */
export type ClaimedNotice = NoticeRow & { claim_token: string };

/** Claims up to `limit` due notices of the configured channels, as claimDue does the leads' (SKIP LOCKED, leases). */
export async function claimNotices(db: Kysely<Database>, request: ClaimRequest): Promise<ClaimedNotice[]> {
  const claim = newClaim(request);
  if (!claim) return [];
  const { channels, now, limit } = request;
  const { rows } = await sql<NoticeRow>`
    update notices n
    set claim_token = ${claim.token}, claimed_until = ${claim.until}, attempts = n.attempts + 1, last_attempt_at = ${now}
    where n.id in (
      select due.id from notices due
      left join leads lead on lead.id = due.lead_id
      where due.state = 'pending' and due.channel in (${sql.join(channels)}) and due.next_attempt_at <= ${now}
        and (due.claimed_until is null or due.claimed_until < ${now})
        and (due.lead_id is null or lead.deleted_at is null)
      order by due.next_attempt_at, due.id
      limit ${limit}
      for update of due skip locked
    )
    returning n.id, n.kind, n.channel, n.recipient, n.lead_id, to_char(n.day, 'YYYY-MM-DD') as day, n.payload, n.state, n.attempts,
      n.queued_at, n.next_attempt_at, n.last_attempt_at, n.last_error, n.sent_at, n.claim_token, n.claimed_until`.execute(db);
  return rows.map((row) => ({ ...row, id: String(row.id), claim_token: claim.token }));
}

/** Writes an attempt's outcome on its notice; false when the claim was lost meanwhile. */
async function settleNotice(db: Kysely<Database>, row: ClaimedNotice, columns: AttemptColumns): Promise<boolean> {
  const result = await db.updateTable('notices').set(columns).where('id', '=', row.id).where('claim_token', '=', row.claim_token).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export const { markSent: markNoticeSent, markFailed: markNoticeFailed } = attemptRecorders(settleNotice);

/** One notice as the admin API lists it. */
export interface NoticeDelivery {
  id: string;
  kind: NoticeKind;
  channel: NotificationChannel;
  recipient: string | null;
  leadId: string | null;
  day: string | null;
  state: NotificationState;
  attempts: number;
  lastError: string | null;
  queuedAt: string;
  nextAttemptAt: string | null;
  sentAt: string | null;
}

/** The newest notices, of one lead or of all, newest first. */
export async function listNotices(db: Kysely<Database>, options: { leadId?: string; limit: number }): Promise<NoticeDelivery[]> {
  let query = db
    .selectFrom('notices')
    .select([
      'id',
      'kind',
      'channel',
      'recipient',
      'lead_id',
      sql<string | null>`to_char(day, 'YYYY-MM-DD')`.as('day'),
      'state',
      'attempts',
      'last_error',
      'queued_at',
      'next_attempt_at',
      'sent_at',
    ])
    .orderBy('queued_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit);
  if (options.leadId !== undefined) query = query.where('lead_id', '=', options.leadId);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: String(row.id),
    kind: row.kind,
    channel: row.channel,
    recipient: row.recipient,
    leadId: row.lead_id,
    day: row.day,
    state: row.state,
    attempts: row.attempts,
    lastError: row.last_error,
    queuedAt: row.queued_at.toISOString(),
    nextAttemptAt: row.state === 'pending' ? (row.next_attempt_at?.toISOString() ?? null) : null,
    sentAt: row.sent_at?.toISOString() ?? null,
  }));
}
