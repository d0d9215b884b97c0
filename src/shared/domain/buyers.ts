/**
 * One record per buyer: which leads are the same buyer's. Two leads are when they carry the same
 * e-mail address (in any case), or else the same company, compared as the desk's search compares
 * text (lead-search.ts: without case, accents or Arabic letter forms), in the same country. The
 * server gathers a buyer's leads by these keys (src/server/db/buyers.ts); nothing is stored.
 */
import { foldText } from './fold-text';
import type { LeadChange, LeadEntry } from './lead-activity';
import type { Collection, Fields } from './records';

/** The leads a buyer page gathers: quote requests, sample requests and partnership (distributor) applications. */
export const BUYER_PAGE_TYPES = ['contactEnquiries', 'sampleRequests', 'partnershipApplications'] as const satisfies readonly Collection[];
export type BuyerPageType = (typeof BUYER_PAGE_TYPES)[number];

export function isBuyerPageType(type: Collection): type is BuyerPageType {
  return (BUYER_PAGE_TYPES as readonly Collection[]).includes(type);
}

const text = (value: Fields[string] | undefined): string => (typeof value === 'string' ? value.trim() : '');

/** The e-mail address as one buyer's key: trimmed, in lower case; '' when the lead has none. */
export function emailKey(fields: Fields): string {
  return text(fields.email).toLowerCase();
}

/**
 * The company and country as one buyer's key: the folded company name and the country as stored
 * (its ISO code, or text written before the forms had a list, folded); '' when either is missing,
 * since a company name alone may be two firms in two countries.
 */
export function companyKey(fields: Fields): string {
  const company = foldText(text(fields.company) || text(fields.organisation));
  const country = foldText(text(fields.country));
  return company && country ? `${company}\n${country}` : '';
}

/** True when the two leads' fields name the same buyer. */
export function sameBuyer(a: Fields, b: Fields): boolean {
  const email = emailKey(a);
  if (email && email === emailKey(b)) return true;
  const company = companyKey(a);
  return company !== '' && company === companyKey(b);
}

/** One line of a buyer's activity, as the server keeps it and the admin shows it: a change to one of their leads, with the note's or call's text when it added one. */
export interface BuyerActivity {
  leadId: string;
  at: string;
  account: string;
  change: LeadChange;
  entry?: LeadEntry;
}
