/**
 * What a submission is, wherever it is kept: the five collections, the application and buyer
 * lead statuses with their labels, the record shapes and their schemas, and new references. No
 * React and no storage: the browser's store (src/browser/data/record-store.ts), the server, the admin and the
 * CSV writer all build on it.
 */
import * as v from 'valibot';

export const APPLICATION_STATUSES = ['pending', 'reviewed', 'shortlisted', 'accepted', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  pending: 'Pending',
  reviewed: 'Reviewed',
  shortlisted: 'Shortlisted',
  accepted: 'Accepted',
  rejected: 'Rejected',
};

/**
 * A buyer's lead (a contact enquiry or a sample request) as the sales team works it: New, then
 * Contacted, then Quoted or Sample sent, then Won or Lost. The order is the usual path, not a rule:
 * any status may follow any other (a lost buyer may come back).
 */
export const BUYER_STATUSES = ['new', 'contacted', 'quoted', 'sampleSent', 'won', 'lost'] as const;
export type BuyerStatus = (typeof BUYER_STATUSES)[number];

export const BUYER_STATUS_LABELS: Record<BuyerStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  quoted: 'Quoted',
  sampleSent: 'Sample sent',
  won: 'Won',
  lost: 'Lost',
};

/** The statuses that end the work on a lead: its follow-up date is never overdue. */
export const CLOSED_BUYER_STATUSES: readonly BuyerStatus[] = ['won', 'lost'];

/**
 * A distributor's (or another partner's) application as the partnerships team works it: New,
 * Reviewing (volumes, markets, references), Samples sent (for the partner's own buyers' trials),
 * Agreement (terms and contract in negotiation), then Active (a signed partner) or Declined. As
 * for buyers, any stage may follow any other.
 */
export const PARTNER_STAGES = ['new', 'reviewing', 'samplesSent', 'agreement', 'active', 'declined'] as const;
export type PartnerStage = (typeof PARTNER_STAGES)[number];

export const PARTNER_STAGE_LABELS: Record<PartnerStage, string> = {
  new: 'New',
  reviewing: 'Reviewing',
  samplesSent: 'Samples sent',
  agreement: 'Agreement',
  active: 'Active',
  declined: 'Declined',
};

/** The stages that end the work on an application: its follow-up date is never overdue. */
export const CLOSED_PARTNER_STAGES: readonly PartnerStage[] = ['active', 'declined'];

/**
 * Where an application reviewed before the pipeline stands in it: not yet reviewed is New, reviewed
 * or shortlisted is still Reviewing, accepted is Agreement (terms follow an acceptance), rejected
 * is Declined.
 */
export const STAGE_OF_REVIEW: Readonly<Record<ApplicationStatus, PartnerStage>> = {
  pending: 'new',
  reviewed: 'reviewing',
  shortlisted: 'reviewing',
  accepted: 'agreement',
  rejected: 'declined',
};

export type LeadStatus = ApplicationStatus | BuyerStatus | PartnerStage;
export const LEAD_STATUSES: readonly LeadStatus[] = [...new Set<LeadStatus>([...APPLICATION_STATUSES, ...BUYER_STATUSES, ...PARTNER_STAGES])];

export const COLLECTIONS = ['jobApplications', 'partnershipApplications', 'investorInterests', 'contactEnquiries', 'sampleRequests'] as const;
export type Collection = (typeof COLLECTIONS)[number];
export type ApplicationCollection = 'jobApplications' | 'partnershipApplications';
/** The buyers' leads: what the sales desk works through. */
export const BUYER_COLLECTIONS = ['contactEnquiries', 'sampleRequests'] as const;
export type BuyerCollection = (typeof BUYER_COLLECTIONS)[number];

export type Fields = Record<string, string | string[]>;

export interface LeadRecord {
  id: string;
  createdAt: string;
  fields: Fields;
}

export interface ApplicationRecord extends LeadRecord {
  status: ApplicationStatus;
  appliedAt: string;
  reviewedAt: string | null;
  notes: string;
}

/** What a lead worked through stages on the server has besides its stage: notes, a follow-up date, and who changed it last. */
interface PipelineFields {
  notes: string;
  /** The day the team means to follow the lead up, YYYY-MM-DD, or null. */
  followUp: string | null;
  /** The account that last changed the status, notes or follow-up date, and when (ISO); null until then. */
  updatedBy: string | null;
  updatedAt: string | null;
}

/**
 * A buyer's lead as the server keeps it (in a browser, without a server, a buyer's lead is a plain
 * LeadRecord: the desk needs the server).
 */
export interface BuyerLeadRecord extends LeadRecord, PipelineFields {
  status: BuyerStatus;
}

/**
 * A partnership application as the server keeps it: worked through the partner stages with a
 * follow-up date, notes and calls, as buyers' leads are (in a browser, without a server, it is an
 * ApplicationRecord reviewed the older way).
 */
export interface PartnerApplicationRecord extends LeadRecord, PipelineFields {
  status: PartnerStage;
  appliedAt: string;
  reviewedAt: string | null;
}

export type AnyRecord = LeadRecord | ApplicationRecord | BuyerLeadRecord | PartnerApplicationRecord;
export type RecordOf<C extends Collection> = C extends ApplicationCollection ? ApplicationRecord : LeadRecord;

export function isApplicationCollection(collection: Collection): collection is ApplicationCollection {
  return collection === 'jobApplications' || collection === 'partnershipApplications';
}

export function isBuyerCollection(collection: Collection): collection is BuyerCollection {
  return collection === 'contactEnquiries' || collection === 'sampleRequests';
}

/** The applications the server works through the partner stages (PARTNER_STAGES). */
export function isPartnerCollection(collection: Collection): collection is 'partnershipApplications' {
  return collection === 'partnershipApplications';
}

/** The leads the server works through stages with follow-up dates, notes and calls: buyers' leads and partnership applications. */
export function isPipelineCollection(collection: Collection): collection is BuyerCollection | 'partnershipApplications' {
  return isBuyerCollection(collection) || isPartnerCollection(collection);
}

/** The statuses a lead of the collection may have on the server: none for investor interests. */
export function statusesOf(collection: Collection): readonly LeadStatus[] {
  if (isPartnerCollection(collection)) return PARTNER_STAGES;
  if (isApplicationCollection(collection)) return APPLICATION_STATUSES;
  if (isBuyerCollection(collection)) return BUYER_STATUSES;
  return [];
}

/** Whether a value is one of `list`'s. */
function oneOf<T extends string>(list: readonly T[]): (value: unknown) => value is T {
  return (value): value is T => (list as readonly unknown[]).includes(value);
}

export const isApplicationStatus = oneOf(APPLICATION_STATUSES);
export const isBuyerStatus = oneOf(BUYER_STATUSES);
export const isPartnerStage = oneOf(PARTNER_STAGES);

/** A status's label, e.g. 'Sample sent' for sampleSent. */
export function statusLabel(status: LeadStatus): string {
  if (isBuyerStatus(status)) return BUYER_STATUS_LABELS[status];
  return isPartnerStage(status) ? PARTNER_STAGE_LABELS[status] : APPLICATION_STATUS_LABELS[status];
}

export function isApplication(record: AnyRecord): record is ApplicationRecord {
  return 'status' in record && isApplicationStatus(record.status);
}

export function isBuyerLead(record: AnyRecord): record is BuyerLeadRecord {
  return 'status' in record && isBuyerStatus(record.status) && !('appliedAt' in record);
}

/** A record worked through stages (a buyer's lead or a partnership application the server keeps): it has a follow-up date. */
export function isPipelineLead(record: AnyRecord): record is BuyerLeadRecord | PartnerApplicationRecord {
  return 'status' in record && 'followUp' in record;
}

const FieldsSchema = v.record(v.string(), v.union([v.string(), v.array(v.string())]));

export const LeadSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1)),
  createdAt: v.string(),
  fields: FieldsSchema,
});

export const ApplicationSchema = v.object({
  ...LeadSchema.entries,
  status: v.picklist(APPLICATION_STATUSES),
  appliedAt: v.string(),
  reviewedAt: v.nullable(v.string()),
  notes: v.string(),
});

// Unambiguous characters only (no 0/O, 1/I/L) so a reference read out on the phone is not misheard.
export const ID_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A short reference such as GB-7K3Q9X2M, shown to the visitor and quoted in follow-ups. */
export function newRecordId(): string {
  const bytes = new Uint8Array(8);
  globalThis.crypto.getRandomValues(bytes);
  // 256 is not a multiple of 31: the slight bias is harmless for a reference, it is not a secret.
  return `GB-${Array.from(bytes, (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('')}`;
}

/** A new record for the collection (applications start as 'pending'), not yet stored. */
export function createRecord(collection: Collection, fields: Fields): AnyRecord {
  const now = new Date().toISOString();
  const base: LeadRecord = { id: newRecordId(), createdAt: now, fields };
  return isApplicationCollection(collection) ? { ...base, status: 'pending', appliedAt: now, reviewedAt: null, notes: '' } : base;
}
