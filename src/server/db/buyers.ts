/**
 * A buyer's record, computed from the stored leads each time it is asked for (no copy to keep in
 * step): every live quote request, sample request and partnership application of the same buyer
 * (src/shared/domain/buyers.ts), with their contacts, notes, calls and history in time order.
 *
 * The leads are gathered from one of them outwards: those sharing its e-mail address or its company
 * and country, then those sharing any of theirs, until no new lead joins (a buyer who wrote once
 * from a colleague's address, once with the company's name, is one buyer). The database narrows
 * by the folded `search` text, which holds each lead's folded e-mail and company; the keys (the
 * country with the company) are then compared exactly here, so both databases give the same buyer.
 */
import type { Kysely } from 'kysely';
import { BUYER_PAGE_TYPES, companyKey, emailKey, isBuyerPageType, type BuyerActivity } from '@/shared/domain/buyers';
import { foldText } from '@/shared/domain/fold-text';
import type { Fields } from '@/shared/domain/records';
import { entriesOf } from './lead-entries';
import { leadColumns, likeLiteral, toStoredLead, type StoredLead } from './leads';
import type { Database } from './schema';

/** A buyer's leads beyond these are left out (and said to be): a page, not an export. */
export const BUYER_LEADS_MAX = 200;
/** Rounds of "and those sharing theirs": each adds the leads one more step away. */
const ROUNDS = 5;

export interface BuyerRecord {
  /** The lead the buyer was asked for by. */
  from: string;
  leads: StoredLead[];
  /** True when the buyer has more than BUYER_LEADS_MAX leads and only that many are shown. */
  truncated: boolean;
  /** Every change to the buyer's leads, notes and calls included, oldest first. */
  activity: BuyerActivity[];
}

type Row = Parameters<typeof toStoredLead>[0];

function keysOf(fields: Fields) {
  return { email: emailKey(fields), company: companyKey(fields) };
}

/**
 * The buyer of lead `id`: null when there is no such live lead, 'other' when it is not a buyer's
 * (a job application, an investor interest) or is in the Spam list.
 */
export async function buyerOf(db: Kysely<Database>, id: string): Promise<BuyerRecord | 'other' | null> {
  const seed = await db.selectFrom('leads').select(leadColumns).select('deleted_at').where('id', '=', id).executeTakeFirst();
  if (!seed || seed.deleted_at !== null) return null;
  if (!isBuyerPageType(seed.type) || seed.spam !== null) return 'other';

  const members = new Map<string, Row>([[seed.id, seed]]);
  const emails = new Set<string>();
  const companies = new Set<string>();
  const learn = (fields: Fields) => {
    const keys = keysOf(fields);
    if (keys.email) emails.add(keys.email);
    if (keys.company) companies.add(keys.company);
  };
  learn(seed.fields);
  let asked = { emails: new Set<string>(), companies: new Set<string>() };
  let truncated = false;

  for (let round = 0; round < ROUNDS && members.size < BUYER_LEADS_MAX; round += 1) {
    const newEmails = [...emails].filter((key) => !asked.emails.has(key));
    const newCompanies = [...companies].filter((key) => !asked.companies.has(key));
    if (newEmails.length === 0 && newCompanies.length === 0) break;
    asked = { emails: new Set(emails), companies: new Set(companies) };
    const candidates = await db
      .selectFrom('leads')
      .select(leadColumns)
      .where('deleted_at', 'is', null)
      .where('spam', 'is', null)
      .where('type', 'in', BUYER_PAGE_TYPES)
      .where((eb) =>
        eb.or([
          ...newEmails.map((email) => eb('search', 'like', `%${likeLiteral(foldText(email))}%`)),
          // The company's folded name is a line of `search`; its country is compared exactly below.
          ...newCompanies.map((key) => eb('search', 'like', `%${likeLiteral(key.split('\n')[0] ?? '')}%`)),
        ]),
      )
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(BUYER_LEADS_MAX * 4)
      .execute();
    for (const row of candidates) {
      if (members.has(row.id)) continue;
      const keys = keysOf(row.fields);
      if (!(keys.email && emails.has(keys.email)) && !(keys.company && companies.has(keys.company))) continue;
      if (members.size >= BUYER_LEADS_MAX) {
        truncated = true;
        break;
      }
      members.set(row.id, row);
      learn(row.fields);
    }
  }

  const leads = [...members.values()]
    .map(toStoredLead)
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const ids = leads.map((lead) => lead.id);
  const entries = new Map([...(await entriesOf(db, ids)).values()].flat().map((entry) => [entry.id, entry]));
  const rows = await db
    .selectFrom('lead_activity')
    .select(['lead_id', 'at', 'account', 'change'])
    .where('lead_id', 'in', ids)
    .orderBy('at')
    .orderBy('id')
    .execute();
  const activity = rows.map((row): BuyerActivity => {
    const entry = row.change.entry ? entries.get(row.change.entry.id) : undefined;
    return { leadId: row.lead_id, at: row.at.toISOString(), account: row.account, change: row.change, ...(entry ? { entry } : {}) };
  });
  return { from: id, leads, truncated, activity };
}
