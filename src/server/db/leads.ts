/** The lead store: every form submission, once per submission id, and the history of changes to each. */
import { sql, type Expression, type ExpressionBuilder, type Kysely, type QueryCreator, type SqlBool } from 'kysely';
import {
  CLOSED_BUYER_STATUSES,
  isApplicationCollection,
  isBuyerCollection,
  isPartnerCollection,
  isPipelineCollection,
  type AnyRecord,
  type Collection,
  type Fields,
  type LeadStatus,
} from '@/shared/domain/records';
import { fieldNames } from '@/shared/domain/lead-forms';
import { countryName, isCountryCode } from '@/shared/domain/countries';
import { leadSearchText, searchTerms } from '@/shared/domain/lead-search';
import type { SpamReason } from '@/shared/domain/screening';
import type { Attribution } from '@/shared/domain/attribution';
import type { LeadChange } from '@/shared/domain/lead-activity';
import type { Database, LeadRow, SpamMark } from './schema';

export interface NewLead {
  id: string;
  type: Collection;
  /** When the server received it: the lead's time for sorting, filters and the Overview. */
  createdAt: string;
  /** The sender's clock at sending, kept only when within a day of createdAt (api/lead-body.ts), or null/absent. */
  clientTime?: string | null;
  page: string;
  fields: Fields;
  /** Why it goes to the Spam list (no notification), or null/absent. */
  spam?: SpamReason | null;
  /** Where the visit came from, or null/absent when the browser sent none. */
  attribution?: Attribution | null;
}

/**
 * A stored lead as the admin API returns it: the site's record shape plus type and page, and who
 * last changed it (every type); buyers' leads also have their follow-up date.
 */
export type StoredLead = AnyRecord & {
  type: Collection;
  page: string;
  receivedAt: string;
  /** The browser's clock when it sent the lead, for information only (migration 0011), or null. */
  clientTime: string | null;
  updatedBy: string | null;
  updatedAt: string | null;
  /** Why it is in the Spam list, or null. */
  spam: SpamMark | null;
  /** Where the visit came from (migration 0007), or null: none sent, measuring not allowed, or an older lead. */
  attribution: Attribution | null;
  /** Bumped by every change: a change request names the version it was made from (migration 0012). */
  version: number;
  /** The buyer's country as its ISO 3166-1 alpha-2 code (fields.country shows its English name), or null when none maps to one. */
  countryCode: string | null;
  /** The account whose lead it is (migration 0014), or null. */
  assignedTo: string | null;
};

/**
 * The row of a new lead. Job applications start as 'pending'; buyers' leads and partnership
 * applications as 'new', the first stage of their pipelines; investor interests have no status.
 */
function newLeadRow(lead: NewLead) {
  return {
    id: lead.id,
    type: lead.type,
    created_at: lead.createdAt,
    client_time: lead.clientTime ?? null,
    page: lead.page,
    fields: JSON.stringify(lead.fields),
    status: isPipelineCollection(lead.type) ? ('new' as const) : isApplicationCollection(lead.type) ? ('pending' as const) : null,
    spam: lead.spam ?? null,
    attribution: lead.attribution ? JSON.stringify(lead.attribution) : null,
    search: leadSearchText(lead.id, lead.fields),
  };
}

/** The one insert of a lead: its row, and nothing when its id is already stored (a retried submission). */
export function leadInsert(db: QueryCreator<Database>, lead: NewLead) {
  return db
    .insertInto('leads')
    .values(newLeadRow(lead))
    .onConflict((oc) => oc.column('id').doNothing());
}

/** Stores the lead unless its id is already stored; true when it was new. */
export async function insertLead(db: Kysely<Database>, lead: NewLead): Promise<boolean> {
  const result = await leadInsert(db, lead).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The fields in the form's order: jsonb keeps keys in its own order, not the order they were sent. */
function inFormOrder(type: Collection, fields: Fields): Fields {
  const ordered: Fields = {};
  for (const key of fieldNames(type)) if (key in fields) ordered[key] = fields[key] as Fields[string];
  for (const [key, value] of Object.entries(fields)) if (!(key in ordered)) ordered[key] = value;
  return ordered;
}

/**
 * The fields as the admin reads them: a country stored as its code is shown by its English name
 * (the admin's language), in the desk, the lead's details, the CSV and the e-mails alike; a
 * country written as free text before the forms had a list stays as it was written.
 */
function withCountryName(fields: Fields): Fields {
  return isCountryCode(fields.country) ? { ...fields, country: countryName(fields.country, 'en') } : fields;
}

/** A row of `leads` as the API shows it. */
export function toStoredLead(row: Omit<LeadRow, 'deleted_at' | 'search'>): StoredLead {
  const createdAt = row.created_at.toISOString();
  const fields = withCountryName(inFormOrder(row.type, row.fields));
  const base = {
    id: row.id,
    type: row.type,
    page: row.page,
    createdAt,
    receivedAt: row.received_at.toISOString(),
    clientTime: row.client_time?.toISOString() ?? null,
    fields,
    updatedBy: row.updated_by,
    updatedAt: row.updated_at?.toISOString() ?? null,
    spam: row.spam,
    attribution: row.attribution,
    version: row.version,
    countryCode: isCountryCode(row.fields.country) ? row.fields.country : null,
    assignedTo: row.assigned_to ?? null,
  };
  if (isBuyerCollection(row.type)) return { ...base, status: row.status as never, notes: row.notes, followUp: row.follow_up };
  if (row.status === null) return base;
  const application = { ...base, status: row.status as never, appliedAt: createdAt, reviewedAt: row.reviewed_at?.toISOString() ?? null, notes: row.notes };
  // A partnership application is worked through its stages with a follow-up date, as a buyer's lead is.
  return isPartnerCollection(row.type) ? { ...application, followUp: row.follow_up } : application;
}

/**
 * Every column, the follow-up date as YYYY-MM-DD text: the two drivers would turn a `date` into a
 * Date at local midnight, which is another day in some zones.
 */
export function leadColumns(eb: ExpressionBuilder<Database, 'leads'>) {
  return [
    'id',
    'type',
    'created_at',
    'received_at',
    'client_time',
    'page',
    'fields',
    'status',
    'notes',
    'reviewed_at',
    'spam',
    'attribution',
    'updated_by',
    'updated_at',
    'version',
    'assigned_to',
    sql<string | null>`to_char(${eb.ref('follow_up')}, 'YYYY-MM-DD')`.as('follow_up'),
  ] as const;
}

export interface LeadFilter {
  /** Any of these types; every type when empty. */
  types: readonly Collection[];
  /** Any of these statuses; every status when empty. */
  statuses: readonly LeadStatus[];
  /** The country's ISO 3166-1 alpha-2 code, as the forms store it (migration 0013 gave older leads theirs). */
  country?: string;
  /** One of the products the lead asks for. */
  product?: string;
  /** Sent (createdAt) at or after this time. */
  from?: Date;
  /** Sent before this time. */
  before?: Date;
  /**
   * Part of the name, company, e-mail, phone, addresses, message or reference, ignoring case,
   * accents and Arabic letter forms (lead-search.ts); a phone number by its digits; wildcards are taken literally.
   */
  q?: string;
  /**
   * 'newest': newest first. 'desk': the sales desk's order on `today` (YYYY-MM-DD), as
   * sales-pipeline.ts compareForDesk sorts: overdue follow-ups, new leads, the other open ones, closed ones.
   */
  order: { by: 'newest' } | { by: 'desk'; today: string };
  /** The Spam list ('only') or every other lead (the default). */
  spam?: 'exclude' | 'only';
  /** Only the leads of this account ("My leads"). */
  assignedTo?: string;
  /** Only open leads whose follow-up date is this day (YYYY-MM-DD) or earlier ("Due today"). */
  dueBy?: string;
  limit: number;
  offset: number;
}

/** LIKE's wildcards and its escape character taken literally (backslash is PostgreSQL's default escape). */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * A lead's country in SQL: its code, or the text written before the forms had a list (a sample
 * request's address's last part after a Latin or an Arabic comma, as countries.ts addressCountry reads it).
 */
export const COUNTRY_TEXT = sql<string>`coalesce(
  btrim(fields->>'country', E' \\t\\r\\n'),
  case when fields->>'address' ~ '[,،]' then btrim(regexp_replace(fields->>'address', '^.*[,،]', ''), E' \\t\\r\\n') else '' end
)`;

const CLOSED = sql.join(CLOSED_BUYER_STATUSES.map((status) => sql.lit(status)));

export async function listLeads(db: Kysely<Database>, filter: LeadFilter): Promise<StoredLead[]> {
  let query = db.selectFrom('leads').select(leadColumns).where('deleted_at', 'is', null);
  query = filter.spam === 'only' ? query.where('spam', 'is not', null) : query.where('spam', 'is', null);
  if (filter.types.length) query = query.where('type', 'in', filter.types);
  if (filter.statuses.length) query = query.where('status', 'in', filter.statuses);
  if (filter.country) query = query.where(sql<string>`fields->>'country'`, '=', filter.country);
  if (filter.product) query = query.where(sql<SqlBool>`fields->'products' @> ${JSON.stringify([filter.product])}::jsonb`);
  if (filter.assignedTo !== undefined) query = query.where('assigned_to', '=', filter.assignedTo);
  if (filter.dueBy !== undefined) {
    query = query.where(sql<SqlBool>`follow_up <= ${filter.dueBy}::date`).where(sql<SqlBool>`status not in (${CLOSED})`);
  }
  if (filter.from) query = query.where('created_at', '>=', filter.from);
  if (filter.before) query = query.where('created_at', '<', filter.before);
  if (filter.q) {
    const terms = searchTerms(filter.q);
    const { digits } = terms;
    // `search` is folded already (lead-search.ts), so a plain LIKE compares the same on both databases.
    query = query.where((eb) =>
      eb.or([eb('search', 'like', `%${likeLiteral(terms.text)}%`), ...(digits ? [eb('search', 'like', `%${likeLiteral(digits)}%`)] : [])]),
    );
  }
  if (filter.order.by === 'desk') {
    const today = filter.order.today;
    const overdue = sql<SqlBool>`(follow_up < ${today}::date and status not in (${CLOSED}))`;
    const group: Expression<number> = sql<number>`case when ${overdue} then 0 when status = 'new' then 1 when status in (${CLOSED}) then 3 else 2 end`;
    query = query
      .orderBy(group)
      .orderBy(sql`case when ${overdue} or (status <> 'new' and status not in (${CLOSED})) then follow_up end`, (ob) => ob.asc().nullsLast());
  }
  const rows = await query.orderBy('created_at', 'desc').orderBy('id').limit(filter.limit).offset(filter.offset).execute();
  return rows.map(toStoredLead);
}

/** The lead, unless there is none or it is deleted. */
export async function getLead(db: Kysely<Database>, id: string): Promise<StoredLead | null> {
  const row = await db.selectFrom('leads').select(leadColumns).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  return row ? toStoredLead(row) : null;
}

/** A change made from another version of the lead than the stored one: who changed it last, and when. */
export class StaleLead extends Error {
  constructor(
    readonly changedBy: string | null,
    readonly changedAt: string | null,
    readonly version: number,
  ) {
    super(
      changedBy && changedAt
        ? `Changed by ${changedBy} at ${changedAt} while you were editing: reload to see it`
        : 'The lead changed while you were editing: reload to see it',
    );
  }
}

/**
 * The live lead, locked to the end of the transaction, or null when there is none (or it is
 * deleted); throws StaleLead when `expected` is given and is not its version. The lock makes two
 * changes from the same version take turns: the second sees the first's version and is refused.
 */
async function lockLive(trx: Kysely<Database>, id: string, expected: number | undefined) {
  const row = await trx.selectFrom('leads').select(leadColumns).where('id', '=', id).where('deleted_at', 'is', null).forUpdate().executeTakeFirst();
  if (row && expected !== undefined && row.version !== expected) {
    throw new StaleLead(row.updated_by, row.updated_at?.toISOString() ?? null, row.version);
  }
  return row ?? null;
}

/** Records who changed the lead and when, bumps its version, and adds the change to its history. */
async function recordChange(trx: Kysely<Database>, id: string, change: LeadChange, account: string, now: Date): Promise<void> {
  await trx
    .updateTable('leads')
    .set((eb) => ({ updated_by: account, updated_at: now, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .execute();
  await trx
    .insertInto('lead_activity')
    .values({ lead_id: id, at: now, account, change: JSON.stringify(change) })
    .execute();
}

async function readLead(trx: Kysely<Database>, id: string): Promise<StoredLead> {
  return toStoredLead(await trx.selectFrom('leads').select(leadColumns).where('id', '=', id).executeTakeFirstOrThrow());
}

export interface LeadUpdate {
  status?: LeadStatus;
  notes?: string;
  /** YYYY-MM-DD, or null to clear it. */
  followUp?: string | null;
  /** The account to give the lead to, or null: nobody's. The caller has checked that the account exists. */
  assignedTo?: string | null;
}

/** Runs in a change's transaction once the change is recorded: queues what the change owes (notices, webhooks). */
export type AfterChange = (trx: Kysely<Database>, lead: StoredLead, change: LeadChange) => Promise<void>;

/**
 * Applies the update and, when it changed anything, records who changed what in lead_activity
 * and bumps the version, in one transaction (the row is locked, so two admins saving at once each
 * record what they changed). Stamps reviewedAt, as a review of an application always did. Null
 * when there is no such lead; StaleLead when `expected` is given and is not the lead's version.
 * The caller has checked that the lead's type allows the update.
 */
export async function updateLead(
  db: Kysely<Database>,
  id: string,
  update: LeadUpdate,
  account: string,
  now: Date,
  expected?: number,
  after?: AfterChange,
): Promise<StoredLead | null> {
  return db.transaction().execute(async (trx) => {
    const current = await lockLive(trx, id, expected);
    if (!current) return null;
    const change: LeadChange = {};
    if (update.status !== undefined && update.status !== current.status) change.status = { from: current.status, to: update.status };
    if (update.notes !== undefined && update.notes !== current.notes) change.notes = true;
    if (update.followUp !== undefined && update.followUp !== current.follow_up) change.followUp = { from: current.follow_up, to: update.followUp };
    if (update.assignedTo !== undefined && update.assignedTo !== current.assigned_to) change.owner = { from: current.assigned_to, to: update.assignedTo };
    const changed = Object.keys(change).length > 0;
    await trx
      .updateTable('leads')
      .set({
        ...(change.status ? { status: change.status.to as LeadStatus } : {}),
        ...(change.notes ? { notes: update.notes } : {}),
        ...(change.followUp ? { follow_up: change.followUp.to } : {}),
        ...(change.owner ? { assigned_to: change.owner.to } : {}),
        reviewed_at: now,
      })
      .where('id', '=', id)
      .execute();
    if (changed) await recordChange(trx, id, change, account, now);
    const lead = await readLead(trx, id);
    if (changed && after) await after(trx, lead, change);
    return lead;
  });
}

export interface LeadActivity {
  at: string;
  account: string;
  change: LeadChange;
}

/** The lead's changes, oldest first; null when there is no such lead (or it is deleted). */
export async function listActivity(db: Kysely<Database>, id: string): Promise<LeadActivity[] | null> {
  const lead = await db.selectFrom('leads').select('id').where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  if (!lead) return null;
  const rows = await db.selectFrom('lead_activity').select(['at', 'account', 'change']).where('lead_id', '=', id).orderBy('at').orderBy('id').execute();
  return rows.map((row) => ({ at: row.at.toISOString(), account: row.account, change: row.change }));
}

/** Removes the lead for good, with its entries, history and notifications (no undo). */
export async function deleteLead(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('leads').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** How long a deleted lead can be restored; after that the next delete purges it. */
export const RESTORE_DAYS = 30;
const restoreSince = (now: Date) => new Date(now.getTime() - RESTORE_DAYS * 86_400_000);

/**
 * Deletes the lead the undoable way: it is kept, hidden from every list, the CSV and the
 * Overview, and the delete is in its history. Leads deleted more than RESTORE_DAYS ago go for good
 * now. False when there is no such live lead; StaleLead when `expected` is not its version.
 */
export async function softDeleteLead(db: Kysely<Database>, id: string, account: string, now: Date, expected?: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('leads').where('deleted_at', '<=', restoreSince(now)).execute();
    if (!(await lockLive(trx, id, expected))) return false;
    await trx.updateTable('leads').set({ deleted_at: now }).where('id', '=', id).execute();
    await recordChange(trx, id, { deleted: true }, account, now);
    return true;
  });
}

/**
 * Undoes a delete of the last RESTORE_DAYS days: the lead, its entries and history are back.
 * 'absent' when there is no such lead or it was deleted longer ago; 'live' when it is not deleted.
 */
export async function restoreLead(db: Kysely<Database>, id: string, account: string, now: Date): Promise<StoredLead | 'absent' | 'live'> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('leads').select('deleted_at').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) return 'absent';
    if (row.deleted_at === null) return 'live';
    if (row.deleted_at <= restoreSince(now)) return 'absent';
    await trx.updateTable('leads').set({ deleted_at: null }).where('id', '=', id).execute();
    await recordChange(trx, id, { restored: true }, account, now);
    return readLead(trx, id);
  });
}

export async function clearLeads(db: Kysely<Database>, type: Collection): Promise<number> {
  const result = await db.deleteFrom('leads').where('type', '=', type).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Moves the lead into the Spam list ('marked') or out of it, recorded in its history: 'absent'
 * when there is no such live lead, 'unmoved' when it already is where it is asked to go, StaleLead
 * when `expected` is not its version. Run it in the transaction that queues what the move owes.
 */
export async function moveSpam(
  trx: Kysely<Database>,
  id: string,
  to: 'marked' | 'cleared',
  account: string,
  now: Date,
  expected?: number,
): Promise<'moved' | 'absent' | 'unmoved'> {
  const current = await lockLive(trx, id, expected);
  if (!current) return 'absent';
  if ((current.spam !== null) === (to === 'marked')) return 'unmoved';
  await trx
    .updateTable('leads')
    .set({ spam: to === 'marked' ? 'marked' : null })
    .where('id', '=', id)
    .execute();
  await recordChange(trx, id, { spam: to }, account, now);
  return 'moved';
}
