/** The tiles' "pending review": applications in their first stage, in a browser's list and in the server's partner pipeline. */
import { describe, expect, it } from 'vitest';
import type { AnyRecord, ApplicationStatus, PartnerStage } from '@/shared/domain/records';
import { awaitingReview } from './awaiting-review';

const base = { createdAt: '2026-03-02T09:00:00.000Z', fields: {}, appliedAt: '2026-03-02T09:00:00.000Z', reviewedAt: null, notes: '' };
const application = (id: string, status: ApplicationStatus): AnyRecord => ({ ...base, id, status });
const partner = (id: string, status: PartnerStage): AnyRecord => ({ ...base, id, status, followUp: null, updatedBy: null, updatedAt: null });

describe('awaitingReview', () => {
  it('counts the server’s partnership applications at New, not those moved on', () => {
    const records = [partner('GB-A', 'new'), partner('GB-B', 'new'), partner('GB-C', 'reviewing'), partner('GB-D', 'active')];
    expect(awaitingReview('partnershipApplications', records)).toBe(2);
  });

  it('counts pending applications, as a browser keeps them', () => {
    const records = [application('GB-A', 'pending'), application('GB-B', 'shortlisted'), application('GB-C', 'pending')];
    expect(awaitingReview('jobApplications', records)).toBe(2);
    expect(awaitingReview('partnershipApplications', records)).toBe(2);
  });

  it('has no count for what is not reviewed', () => {
    expect(awaitingReview('investorInterests', [])).toBeNull();
    expect(awaitingReview('contactEnquiries', [])).toBeNull();
    expect(awaitingReview('jobApplications', [])).toBe(0);
  });
});
