/** What a submission is: the statuses each collection has, their labels, record kinds and new records. */
import { describe, expect, it, vi } from 'vitest';
import {
  APPLICATION_STATUSES,
  BUYER_STATUSES,
  COLLECTIONS,
  createRecord,
  isApplication,
  isApplicationStatus,
  isBuyerLead,
  isBuyerStatus,
  isPartnerStage,
  isPipelineLead,
  LEAD_STATUSES,
  newRecordId,
  PARTNER_STAGES,
  STAGE_OF_REVIEW,
  statusesOf,
  statusLabel,
} from './records';

describe('statuses', () => {
  it('are the applications’ for job applications, the partner stages for partnership applications, the sales desk’s for buyers’ leads, none for investors', () => {
    expect(Object.fromEntries(COLLECTIONS.map((collection) => [collection, statusesOf(collection)]))).toEqual({
      jobApplications: ['pending', 'reviewed', 'shortlisted', 'accepted', 'rejected'],
      partnershipApplications: ['new', 'reviewing', 'samplesSent', 'agreement', 'active', 'declined'],
      contactEnquiries: ['new', 'contacted', 'quoted', 'sampleSent', 'won', 'lost'],
      sampleRequests: ['new', 'contacted', 'quoted', 'sampleSent', 'won', 'lost'],
      investorInterests: [],
    });
  });

  it('tells an application’s status from a buyer’s, and either from anything else', () => {
    for (const status of APPLICATION_STATUSES) expect([isApplicationStatus(status), isBuyerStatus(status)]).toEqual([true, false]);
    for (const status of BUYER_STATUSES) expect([isApplicationStatus(status), isBuyerStatus(status)]).toEqual([false, true]);
    for (const value of ['Pending', 'sample-sent', '', null, undefined, 1]) expect([isApplicationStatus(value), isBuyerStatus(value)]).toEqual([false, false]);
  });

  it('of a partnership application are told from the others’ by their own test, and shown by their labels', () => {
    expect(PARTNER_STAGES.map((stage) => [isPartnerStage(stage), statusLabel(stage)])).toEqual([
      [true, 'New'],
      [true, 'Reviewing'],
      [true, 'Samples sent'],
      [true, 'Agreement'],
      [true, 'Active'],
      [true, 'Declined'],
    ]);
    for (const value of ['pending', 'won', 'Reviewing', '', null]) expect(isPartnerStage(value)).toBe(false);
    // Every stage a stored application may have is a status the API accepts, each once.
    expect(PARTNER_STAGES.every((stage) => LEAD_STATUSES.includes(stage))).toBe(true);
    expect(new Set(LEAD_STATUSES).size).toBe(LEAD_STATUSES.length);
  });

  it('of an application reviewed before the pipeline map to the stage its review meant', () => {
    expect(APPLICATION_STATUSES.map((status) => STAGE_OF_REVIEW[status])).toEqual(['new', 'reviewing', 'reviewing', 'agreement', 'declined']);
  });

  it('are shown by their labels', () => {
    expect([...APPLICATION_STATUSES, ...BUYER_STATUSES].map(statusLabel)).toEqual([
      'Pending',
      'Reviewed',
      'Shortlisted',
      'Accepted',
      'Rejected',
      'New',
      'Contacted',
      'Quoted',
      'Sample sent',
      'Won',
      'Lost',
    ]);
  });
});

describe('record kinds', () => {
  const application = { id: 'GB-1', createdAt: 't', status: 'shortlisted', appliedAt: 't', reviewedAt: null, notes: '', fields: {} } as const;
  const buyer = { id: 'GB-2', createdAt: 't', status: 'quoted', followUp: null, updatedBy: null, updatedAt: null, notes: '', fields: {} } as const;
  const plain = { id: 'GB-3', createdAt: 't', fields: { name: 'Dana' } };
  const partner = { ...application, status: 'new', followUp: null, updatedBy: null, updatedAt: null } as const;

  it('an application has an application’s status, a buyer’s lead the desk’s, a plain lead neither', () => {
    expect([isApplication(application), isBuyerLead(application), isPipelineLead(application)]).toEqual([true, false, false]);
    expect([isApplication(buyer), isBuyerLead(buyer), isPipelineLead(buyer)]).toEqual([false, true, true]);
    expect([isApplication(plain), isBuyerLead(plain), isPipelineLead(plain)]).toEqual([false, false, false]);
  });

  it('a partnership application the server keeps is in a pipeline, and not a buyer’s lead though its first stage is named as one’s', () => {
    expect([isApplication(partner), isBuyerLead(partner), isPipelineLead(partner)]).toEqual([false, false, true]);
  });
});

describe('new records', () => {
  it('get a reference of 8 unambiguous characters', () => {
    const ids = new Set(Array.from({ length: 200 }, newRecordId));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^GB-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
  });

  it('start as pending applications, or as the lead alone for the other forms', () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T10:31:07.482Z'), toFake: ['Date'] });
    try {
      const fields = { name: 'Dana' };
      for (const collection of ['jobApplications', 'partnershipApplications'] as const) {
        expect(createRecord(collection, fields)).toEqual({
          id: expect.stringMatching(/^GB-/),
          createdAt: '2026-03-01T10:31:07.482Z',
          fields,
          status: 'pending',
          appliedAt: '2026-03-01T10:31:07.482Z',
          reviewedAt: null,
          notes: '',
        });
      }
      // A buyer's lead gets the desk's status from the server, which keeps it; in the browser it has none.
      for (const collection of ['contactEnquiries', 'sampleRequests', 'investorInterests'] as const) {
        expect(createRecord(collection, fields)).toEqual({ id: expect.stringMatching(/^GB-/), createdAt: '2026-03-01T10:31:07.482Z', fields });
      }
    } finally {
      vi.useRealTimers();
    }
  });
});
