/**
 * A lead's notes and calls: entries that are only ever appended, each with its author and time.
 * Two colleagues writing at once each add their own entry, so neither loses the other's; adding
 * one never conflicts with a change to the lead (it does not bump the lead's version), and each
 * is recorded in the lead's history.
 */
import type { Kysely } from 'kysely';
import type { EntryKind, LeadEntry } from '@/shared/domain/lead-activity';
import type { Database, LeadEntryRow } from './schema';

const toEntry = (row: LeadEntryRow): LeadEntry => ({
  id: String(row.id),
  leadId: row.lead_id,
  author: row.author,
  kind: row.kind,
  body: row.body,
  createdAt: row.created_at.toISOString(),
});

/**
 * Adds the entry and its line in the history, in one transaction; null when there is no such live
 * lead. The lead's row is share-locked, so a delete waits for the entry (and the entry for it):
 * an entry is never added to a lead deleted meanwhile.
 */
export async function addLeadEntry(
  db: Kysely<Database>,
  leadId: string,
  entry: { author: string; kind: EntryKind; body: string },
  now: Date,
  after?: (trx: Kysely<Database>, entry: LeadEntry) => Promise<void>,
): Promise<LeadEntry | null> {
  return db.transaction().execute(async (trx) => {
    const lead = await trx.selectFrom('leads').select('id').where('id', '=', leadId).where('deleted_at', 'is', null).forShare().executeTakeFirst();
    if (!lead) return null;
    const row = await trx
      .insertInto('lead_entries')
      .values({ lead_id: leadId, author: entry.author, kind: entry.kind, body: entry.body, created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('lead_activity')
      .values({ lead_id: leadId, at: now, account: entry.author, change: JSON.stringify({ entry: { kind: entry.kind, id: String(row.id) } }) })
      .execute();
    const added = toEntry(row);
    // What the entry owes (a lead.updated webhook) is queued in its transaction: both or neither.
    if (after) await after(trx, added);
    return added;
  });
}

/** The lead's entries, newest first; null when there is no such live lead. */
export async function listLeadEntries(db: Kysely<Database>, leadId: string): Promise<LeadEntry[] | null> {
  const lead = await db.selectFrom('leads').select('id').where('id', '=', leadId).where('deleted_at', 'is', null).executeTakeFirst();
  if (!lead) return null;
  const rows = await db.selectFrom('lead_entries').selectAll().where('lead_id', '=', leadId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map(toEntry);
}

/** The entries of each of the leads, newest first (the CSV's notes column). */
export async function entriesOf(db: Kysely<Database>, leadIds: readonly string[]): Promise<Map<string, LeadEntry[]>> {
  const byLead = new Map<string, LeadEntry[]>();
  if (leadIds.length === 0) return byLead;
  const rows = await db
    .selectFrom('lead_entries')
    .selectAll()
    .where('lead_id', 'in', leadIds)
    .orderBy('lead_id')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  for (const row of rows) {
    const list = byLead.get(row.lead_id) ?? [];
    list.push(toEntry(row));
    byLead.set(row.lead_id, list);
  }
  return byLead;
}

/** The entries as one text: one line each, newest first, with when, who and what kind. */
export function entriesText(entries: readonly LeadEntry[]): string {
  return entries.map((entry) => `${entry.createdAt} ${entry.author} (${entry.kind}): ${entry.body}`).join('\n');
}
