/** Unit tests of the records store against an in-memory localStorage, including broken storage. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEYS } from '@/browser/storage/storage';
import { DisabledStorage, FullStorage, MemoryStorage } from '../../../tests/support/fake-storage';
import { type ApplicationRecord, createRecord, newRecordId } from '@/shared/domain/records';
import { addRecord, clearRecords, storeRecord, deleteRecord, listRecords, updateApplication } from './record-store';

let storage: MemoryStorage;
function install(store: MemoryStorage) {
  storage = store;
  const target = new EventTarget();
  vi.stubGlobal('window', {
    localStorage: store,
    sessionStorage: new MemoryStorage(),
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
  });
}

beforeEach(() => {
  install(new MemoryStorage());
  // storage.ts logs every failure by design; keep the test output readable.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('newRecordId', () => {
  it('is a short reference of unambiguous characters', () => {
    const ids = new Set(Array.from({ length: 200 }, newRecordId));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^GB-[2-9A-HJKMNP-Z]{8}$/);
  });
});

describe('addRecord and listRecords', () => {
  it('stores a lead with id, createdAt and fields, newest first', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-03-01T10:00:00Z'));
    const first = addRecord('contactEnquiries', { name: 'Asha', products: ['Garlic Powder'] });
    vi.setSystemTime(new Date('2025-03-02T10:00:00Z'));
    const second = addRecord('contactEnquiries', { name: 'Ben' });
    expect(first.saved).toBe(true);
    expect(first.record).toEqual({ id: first.record.id, createdAt: '2025-03-01T10:00:00.000Z', fields: { name: 'Asha', products: ['Garlic Powder'] } });
    expect(first.record).not.toHaveProperty('status');
    expect(listRecords('contactEnquiries').map((r) => r.fields.name)).toEqual(['Ben', 'Asha']);
    expect(listRecords('contactEnquiries')[0]?.id).toBe(second.record.id);
    expect(JSON.parse(storage.getItem(KEYS.contactEnquiries) ?? '[]')).toHaveLength(2);
  });

  it('creates applications as pending with appliedAt', () => {
    const { record } = addRecord('jobApplications', { name: 'Chitra' });
    expect(record).toMatchObject({ status: 'pending', reviewedAt: null, notes: '' });
    expect((record as ApplicationRecord).appliedAt).toBe(record.createdAt);
    expect(listRecords('jobApplications')[0]).toEqual(record);
  });

  it('keeps each collection under its own key', () => {
    addRecord('sampleRequests', { company: 'A' });
    addRecord('investorInterests', { name: 'B' });
    addRecord('partnershipApplications', { company: 'C' });
    expect(storage.getItem(KEYS.sampleRequests)).toContain('"A"');
    expect(storage.getItem(KEYS.investorInterests)).toContain('"B"');
    expect(storage.getItem(KEYS.partnershipApplications)).toContain('"C"');
    expect(listRecords('contactEnquiries')).toEqual([]);
  });

  it('stores hostile text as it was typed', () => {
    const hostile = '<img src=x onerror=alert(1)>';
    addRecord('contactEnquiries', { message: hostile });
    expect(listRecords('contactEnquiries')[0]?.fields.message).toBe(hostile);
  });

  it('drops invalid items on read but keeps them on the next write', () => {
    const valid = { id: 'GB-AAAAAAAA', createdAt: '2025-01-01T00:00:00.000Z', fields: { name: 'Ok' } };
    storage.setItem(
      KEYS.jobApplications,
      JSON.stringify([{ ...valid, status: 'pending', appliedAt: valid.createdAt, reviewedAt: null, notes: '' }, { id: 'x', status: 'weird' }, 42]),
    );
    expect(listRecords('jobApplications').map((r) => r.id)).toEqual(['GB-AAAAAAAA']);
    addRecord('jobApplications', { name: 'New' });
    expect(JSON.parse(storage.getItem(KEYS.jobApplications) ?? '[]')).toHaveLength(4);
    expect(listRecords('jobApplications')).toHaveLength(2);
  });

  it('treats corrupted JSON as empty, and a new submission replaces it', () => {
    storage.setItem(KEYS.contactEnquiries, '{not json');
    expect(listRecords('contactEnquiries')).toEqual([]);
    expect(addRecord('contactEnquiries', { name: 'A' }).saved).toBe(true);
    expect(listRecords('contactEnquiries')).toHaveLength(1);
  });

  it('treats a stored non-list as empty', () => {
    storage.setItem(KEYS.sampleRequests, '{"a":1}');
    expect(listRecords('sampleRequests')).toEqual([]);
  });

  it('reports saved=false but returns the record when storage is full', () => {
    install(new FullStorage());
    const result = addRecord('contactEnquiries', { name: 'Dev' });
    expect(result.saved).toBe(false);
    expect(result.record.fields).toEqual({ name: 'Dev' });
    expect(result.record.id).toMatch(/^GB-/);
  });

  it('reports saved=false and lists nothing when storage is disabled', () => {
    install(new DisabledStorage());
    expect(listRecords('jobApplications')).toEqual([]);
    const result = addRecord('jobApplications', { name: 'Esha' });
    expect(result.saved).toBe(false);
    expect(result.record).toMatchObject({ status: 'pending' });
  });

  it('reports saved=false when there is no window (pre-render)', () => {
    vi.stubGlobal('window', undefined);
    expect(listRecords('contactEnquiries')).toEqual([]);
    expect(addRecord('contactEnquiries', { name: 'F' }).saved).toBe(false);
  });
});

describe('updateApplication', () => {
  it('sets the status, stamps reviewedAt and replaces notes when given', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-04-01T08:00:00Z'));
    const { record } = addRecord('partnershipApplications', { company: 'G' });
    vi.setSystemTime(new Date('2025-04-02T09:30:00Z'));
    expect(updateApplication('partnershipApplications', record.id, { status: 'shortlisted', notes: 'Call on Monday' })).toBe(true);
    const [updated] = listRecords('partnershipApplications');
    expect(updated).toMatchObject({
      status: 'shortlisted',
      reviewedAt: '2025-04-02T09:30:00.000Z',
      notes: 'Call on Monday',
      appliedAt: '2025-04-01T08:00:00.000Z',
    });
  });

  it('keeps the notes when none are given, and accepts empty notes as new notes', () => {
    const { record } = addRecord('jobApplications', { name: 'H' });
    updateApplication('jobApplications', record.id, { status: 'reviewed', notes: 'Strong CV' });
    updateApplication('jobApplications', record.id, { status: 'accepted' });
    expect(listRecords('jobApplications')[0]).toMatchObject({ status: 'accepted', notes: 'Strong CV' });
    updateApplication('jobApplications', record.id, { status: 'rejected', notes: '' });
    expect(listRecords('jobApplications')[0]).toMatchObject({ status: 'rejected', notes: '' });
  });

  it('returns false for an unknown id, an unknown status or a failed write', () => {
    const { record } = addRecord('jobApplications', { name: 'I' });
    expect(updateApplication('jobApplications', 'GB-NOPE', { status: 'reviewed' })).toBe(false);
    expect(updateApplication('jobApplications', record.id, { status: 'archived' as never })).toBe(false);
    const full = new FullStorage();
    full.data = new Map(storage.data);
    install(full);
    expect(updateApplication('jobApplications', record.id, { status: 'reviewed' })).toBe(false);
    expect(listRecords('jobApplications')[0]).toMatchObject({ status: 'pending', reviewedAt: null });
  });
});

describe('deleteRecord and clearRecords', () => {
  it('deletes one record by id', () => {
    const a = addRecord('sampleRequests', { company: 'A' }).record;
    const b = addRecord('sampleRequests', { company: 'B' }).record;
    expect(deleteRecord('sampleRequests', a.id)).toBe(true);
    expect(listRecords('sampleRequests').map((r) => r.id)).toEqual([b.id]);
    expect(deleteRecord('sampleRequests', a.id)).toBe(false);
  });

  it('clears a collection and leaves the others', () => {
    addRecord('jobApplications', { name: 'A' });
    addRecord('contactEnquiries', { name: 'B' });
    expect(clearRecords('jobApplications')).toBe(true);
    expect(listRecords('jobApplications')).toEqual([]);
    expect(listRecords('contactEnquiries')).toHaveLength(1);
  });

  it('returns false when storage is disabled', () => {
    install(new DisabledStorage());
    expect(deleteRecord('jobApplications', 'GB-X')).toBe(false);
    expect(clearRecords('jobApplications')).toBe(false);
  });
});

describe('createRecord and storeRecord', () => {
  it('stores a prepared record once, so a retry keeps the reference and adds no duplicate', () => {
    install(new FullStorage());
    const record = createRecord('partnershipApplications', { company: 'J' });
    expect(storeRecord('partnershipApplications', record)).toBe(false);
    install(new MemoryStorage());
    expect(storeRecord('partnershipApplications', record)).toBe(true);
    expect(storeRecord('partnershipApplications', record)).toBe(true);
    expect(listRecords('partnershipApplications')).toEqual([record]);
    expect(record).toMatchObject({ status: 'pending', reviewedAt: null });
  });
});
