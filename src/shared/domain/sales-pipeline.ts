/**
 * The sales desk's rules for buyers' leads, shared by the server (which orders and filters the
 * list in SQL by the same rules; the API tests hold the two together) and the admin (which marks
 * overdue follow-ups and shows each lead's company, country and products): when a follow-up is
 * overdue, the order of the desk, the follow-up date's range, and what a lead's country is.
 */
import { englishCountryName } from './country-english';
import { isIsoDate } from './dates';
import { CLOSED_BUYER_STATUSES, CLOSED_PARTNER_STAGES, type BuyerCollection, type BuyerStatus, type Fields, type PartnerStage } from './records';

export const BUYER_KIND_LABELS: Record<BuyerCollection, string> = {
  contactEnquiries: 'Quote request',
  sampleRequests: 'Sample request',
};

/** The kinds a buyer's page lists: the buyers' leads and partnership (distributor) applications. */
export const PIPELINE_KIND_LABELS: Record<BuyerCollection | 'partnershipApplications', string> = {
  ...BUYER_KIND_LABELS,
  partnershipApplications: 'Partnership application',
};

/** Follow-up dates the desk accepts: a real calendar day in these years (PostgreSQL has no year 0, and 0226 is a typo). */
export const FOLLOW_UP_MIN = '2000-01-01';
export const FOLLOW_UP_MAX = '9999-12-31';

/** True for a follow-up date the desk stores: YYYY-MM-DD, a real day, from FOLLOW_UP_MIN to FOLLOW_UP_MAX. */
export function isFollowUpDate(text: string): boolean {
  return isIsoDate(text) && text >= FOLLOW_UP_MIN && text <= FOLLOW_UP_MAX;
}

/** The day of `date` in the zone this code runs in, YYYY-MM-DD: "today" for the person at the desk. */
export function localDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(date.getFullYear()).padStart(4, '0')}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

interface DeskLead {
  id: string;
  createdAt: string;
  status: BuyerStatus;
  followUp: string | null;
}

export function isClosed(status: BuyerStatus): boolean {
  return CLOSED_BUYER_STATUSES.includes(status);
}

/** A follow-up date before `today` on a partnership application still in the works (not Active or Declined). */
export function isPartnerOverdue(lead: { status: PartnerStage; followUp: string | null }, today: string): boolean {
  return lead.followUp !== null && lead.followUp < today && !CLOSED_PARTNER_STAGES.includes(lead.status);
}

/** A follow-up date before `today` on a lead still open (not won or lost). */
export function isOverdue(lead: Pick<DeskLead, 'status' | 'followUp'>, today: string): boolean {
  return lead.followUp !== null && lead.followUp < today && !isClosed(lead.status);
}

/**
 * Where a lead stands on the desk, in this order: overdue follow-ups, new leads, the other open
 * leads, and the closed ones (won or lost).
 */
export const DESK_GROUPS = ['overdue', 'new', 'open', 'closed'] as const;
export type DeskGroup = (typeof DESK_GROUPS)[number];

export function deskGroup(lead: Pick<DeskLead, 'status' | 'followUp'>, today: string): DeskGroup {
  if (isOverdue(lead, today)) return 'overdue';
  if (lead.status === 'new') return 'new';
  return isClosed(lead.status) ? 'closed' : 'open';
}

/**
 * The desk's order on `today`: by group (DESK_GROUPS); within overdue and open leads the earliest
 * follow-up first (leads without one after them); then the newest first, then by reference.
 */
export function compareForDesk(today: string): (a: DeskLead, b: DeskLead) => number {
  return (a, b) => {
    const groupA = deskGroup(a, today);
    const groupB = deskGroup(b, today);
    if (groupA !== groupB) return DESK_GROUPS.indexOf(groupA) - DESK_GROUPS.indexOf(groupB);
    if (groupA === 'overdue' || groupA === 'open') {
      const followA = a.followUp ?? '\uffff';
      const followB = b.followUp ?? '\uffff';
      if (followA !== followB) return followA < followB ? -1 : 1;
    }
    const createdA = Date.parse(a.createdAt);
    const createdB = Date.parse(b.createdAt);
    if (createdA !== createdB) return createdB - createdA;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };
}

const text = (value: Fields[string] | undefined): string => (typeof value === 'string' ? value.trim() : '');

/**
 * The buyer's country as the admin reads it, in English: the forms store its ISO code, which the
 * server's API already gives as the English name but a lead kept in this browser does not; a
 * sample request sent before the form asked for the country names it as its delivery address's
 * last part after a comma ('' when the address has no comma).
 */
export function leadCountry(fields: Fields): string {
  if (typeof fields.country === 'string') return englishCountryName(text(fields.country));
  const address = text(fields.address);
  const comma = address.lastIndexOf(',');
  return comma < 0 ? '' : address.slice(comma + 1).trim();
}

export function leadProducts(fields: Fields): string[] {
  return Array.isArray(fields.products) ? fields.products : [];
}

export function leadCompany(fields: Fields): string {
  return text(fields.company);
}
