/**
 * What the dashboard's tiles count as "pending review": the applications still in their first
 * stage. A job application (and a partnership application kept in a browser) starts as Pending; a
 * partnership application the server keeps starts at New in its pipeline.
 */
import {
  APPLICATION_STATUSES,
  isApplicationCollection,
  isPartnerCollection,
  PARTNER_STAGES,
  type AnyRecord,
  type Collection,
  type LeadStatus,
} from '@/shared/domain/records';

/** How many of the collection's records await review, or null for a collection that is not reviewed (quote requests, investors). */
export function awaitingReview(collection: Collection, records: readonly AnyRecord[]): number | null {
  if (!isApplicationCollection(collection)) return null;
  const first = new Set<LeadStatus>(isPartnerCollection(collection) ? [APPLICATION_STATUSES[0], PARTNER_STAGES[0]] : [APPLICATION_STATUSES[0]]);
  return records.filter((record) => 'status' in record && first.has(record.status)).length;
}
