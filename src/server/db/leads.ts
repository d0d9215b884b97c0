/** The lead store: every form submission, once per submission id. */
import type { Kysely } from 'kysely';
import { isApplicationCollection, type AnyRecord, type ApplicationStatus, type Collection, type Fields } from '@/domain/records';
import { fieldNames } from '@/domain/lead-forms';
import type { SpamReason } from '@/domain/screening';
import type { Database, LeadRow } from './schema';

export interface NewLead {
  id: string;
  type: Collection;
  createdAt: string;
  page: string;
  fields: Fields;
  /** Why it goes to the Spam list (no notification), or null/absent. */
  spam?: SpamReason | null;
}

/** A stored lead as the admin API returns it: the site's record shape plus type, page and its Spam mark. */
export type StoredLead = AnyRecord & { type: Collection; page: string; receivedAt: string; spam: SpamReason | null };

/** The row of a new lead: applications start as 'pending', as in the dashboard; the other types have no status. */
export function newLeadRow(lead: NewLead) {
  return {
    id: lead.id,
    type: lead.type,
    created_at: lead.createdAt,
    page: lead.page,
    fields: JSON.stringify(lead.fields),
    status: isApplicationCollection(lead.type) ? ('pending' as const) : null,
    spam: lead.spam ?? null,
  };
}

/** Stores the lead unless its id is already stored; true when it was new. */
export async function insertLead(db: Kysely<Database>, lead: NewLead): Promise<boolean> {
  const result = await db
    .insertInto('leads')
    .values(newLeadRow(lead))
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The fields in the form's order: jsonb keeps keys in its own order, not the order they were sent. */
function inFormOrder(type: Collection, fields: Fields): Fields {
  const ordered: Fields = {};
  for (const key of fieldNames(type)) if (key in fields) ordered[key] = fields[key] as Fields[string];
  for (const [key, value] of Object.entries(fields)) if (!(key in ordered)) ordered[key] = value;
  return ordered;
}

/** A row of `leads` as the API shows it. */
export function toStoredLead(row: LeadRow): StoredLead {
  const createdAt = row.created_at.toISOString();
  const fields = inFormOrder(row.type, row.fields);
  const base = { id: row.id, type: row.type, page: row.page, createdAt, receivedAt: row.received_at.toISOString(), fields, spam: row.spam };
  if (row.status === null) return base;
  return { ...base, status: row.status, appliedAt: createdAt, reviewedAt: row.reviewed_at?.toISOString() ?? null, notes: row.notes };
}

interface LeadFilter {
  type?: Collection;
  status?: ApplicationStatus;
  /** The Spam list ('only') or every other lead (the default). */
  spam?: 'exclude' | 'only';
  limit: number;
  offset: number;
}

/** Newest first. */
export async function listLeads(db: Kysely<Database>, filter: LeadFilter): Promise<StoredLead[]> {
  let query = db.selectFrom('leads').selectAll();
  query = filter.spam === 'only' ? query.where('spam', 'is not', null) : query.where('spam', 'is', null);
  if (filter.type) query = query.where('type', '=', filter.type);
  if (filter.status) query = query.where('status', '=', filter.status);
  const rows = await query.orderBy('created_at', 'desc').orderBy('id').limit(filter.limit).offset(filter.offset).execute();
  return rows.map(toStoredLead);
}

export async function getLead(db: Kysely<Database>, id: string): Promise<StoredLead | null> {
  const row = await db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toStoredLead(row) : null;
}

/** Takes the lead out of the Spam list; false when there is no such lead in it. */
export async function clearSpamMark(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.updateTable('leads').set({ spam: null }).where('id', '=', id).where('spam', 'is not', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Sets status and/or notes and stamps reviewed_at; null when there is no such lead. */
export async function reviewLead(
  db: Kysely<Database>,
  id: string,
  update: { status?: ApplicationStatus; notes?: string },
  now: Date,
): Promise<StoredLead | null> {
  const row = await db
    .updateTable('leads')
    .set({ ...(update.status ? { status: update.status } : {}), ...(update.notes !== undefined ? { notes: update.notes } : {}), reviewed_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? toStoredLead(row) : null;
}

export async function deleteLead(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('leads').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function clearLeads(db: Kysely<Database>, type: Collection): Promise<number> {
  const result = await db.deleteFrom('leads').where('type', '=', type).executeTakeFirst();
  return Number(result.numDeletedRows);
}
