/**
 * What a submission is, wherever it is kept: the five collections, the application statuses, the
 * record shapes and their schemas, and new references. No React and no storage: the browser's
 * store (src/data/records.ts), the server and the CSV writer all build on it.
 */
import * as v from 'valibot';

export const APPLICATION_STATUSES = ['pending', 'reviewed', 'shortlisted', 'accepted', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const COLLECTIONS = ['jobApplications', 'partnershipApplications', 'investorInterests', 'contactEnquiries', 'sampleRequests'] as const;
export type Collection = (typeof COLLECTIONS)[number];
export type ApplicationCollection = 'jobApplications' | 'partnershipApplications';

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

export type AnyRecord = LeadRecord | ApplicationRecord;
export type RecordOf<C extends Collection> = C extends ApplicationCollection ? ApplicationRecord : LeadRecord;

export function isApplicationCollection(collection: Collection): collection is ApplicationCollection {
  return collection === 'jobApplications' || collection === 'partnershipApplications';
}

export function isApplication(record: AnyRecord): record is ApplicationRecord {
  return 'status' in record;
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
const ID_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

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
