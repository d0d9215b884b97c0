/**
 * Stored submissions: the lead forms write here and the admin dashboard reads, updates and
 * exports from here. All storage access goes through src/storage/storage.ts, so nothing throws;
 * writes report whether they succeeded so a form can tell the visitor when nothing was saved.
 */
import { useMemo } from 'react';
import * as v from 'valibot';
import { KEYS, readRaw, removeKey } from '@/storage/storage';
import { readList, writeJson } from '@/storage/stored-json';
import { useStoredRaw } from '@/storage/use-stored';

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

const LeadSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1)),
  createdAt: v.string(),
  fields: FieldsSchema,
});

const ApplicationSchema = v.object({
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

function byNewest(a: AnyRecord, b: AnyRecord): number {
  return a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0;
}

/** The collection's valid records, newest first; invalid items are dropped (and logged). */
export function listRecords<C extends Collection>(collection: C): RecordOf<C>[] {
  const schema = isApplicationCollection(collection) ? ApplicationSchema : LeadSchema;
  const records = readList(KEYS[collection], schema) as RecordOf<C>[];
  return records.sort(byNewest);
}

/**
 * The stored items as they are, valid or not, for read-modify-write. Items this version of the
 * site cannot read are kept rather than silently dropped by the next save.
 */
function rawItems(collection: Collection): unknown[] {
  const raw = readRaw(KEYS[collection]);
  if (raw === null) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value : [];
  } catch {
    // Corrupted JSON cannot be read by anyone; a new submission replaces it (storage.ts logs reads).
    return [];
  }
}

const hasId = (item: unknown, id: string): boolean => typeof item === 'object' && item !== null && (item as { id?: unknown }).id === id;

/** A new record for the collection (applications start as 'pending'), not yet stored. */
export function createRecord(collection: Collection, fields: Fields): AnyRecord {
  const now = new Date().toISOString();
  const base: LeadRecord = { id: newRecordId(), createdAt: now, fields };
  return isApplicationCollection(collection) ? { ...base, status: 'pending', appliedAt: now, reviewedAt: null, notes: '' } : base;
}

/**
 * Stores a record built by createRecord, first in the list; true if it is stored now. Storing the
 * same record again (a retry after a failed write) does not duplicate it.
 */
export function storeRecord(collection: Collection, record: AnyRecord): boolean {
  const items = rawItems(collection);
  if (items.some((item) => hasId(item, record.id))) return true;
  return writeJson(KEYS[collection], [record, ...items]);
}

/**
 * Stores a new submission (applications start as 'pending'). The record is returned even when the
 * write failed (`saved: false`), so the form can still offer e-mail or WhatsApp with its content.
 */
export function addRecord(collection: Collection, fields: Fields): { saved: boolean; record: AnyRecord } {
  const record = createRecord(collection, fields);
  return { saved: storeRecord(collection, record), record };
}

/** Sets the status, stamps reviewedAt, and replaces the notes only when new notes are given. */
export function updateApplication(collection: ApplicationCollection, id: string, update: { status: ApplicationStatus; notes?: string }): boolean {
  if (!APPLICATION_STATUSES.includes(update.status)) return false;
  const items = rawItems(collection);
  const index = items.findIndex((item) => hasId(item, id));
  if (index === -1) return false;
  const current = items[index] as Record<string, unknown>;
  items[index] = {
    ...current,
    status: update.status,
    reviewedAt: new Date().toISOString(),
    ...(update.notes !== undefined ? { notes: update.notes } : {}),
  };
  return writeJson(KEYS[collection], items);
}

/** Removes one record; false when it was not found or the write failed. */
export function deleteRecord(collection: Collection, id: string): boolean {
  const items = rawItems(collection);
  const kept = items.filter((item) => !hasId(item, id));
  if (kept.length === items.length) return false;
  return writeJson(KEYS[collection], kept);
}

/** Removes every record of the collection (the dashboard asks for confirmation first). */
export function clearRecords(collection: Collection): boolean {
  return removeKey(KEYS[collection]);
}

/**
 * The collection for React. It is [] during pre-render and hydration (the server knows no
 * visitor's storage), the stored records right after, and it follows changes in this and other tabs.
 */
export function useRecords<C extends Collection>(collection: C): RecordOf<C>[] {
  const raw = useStoredRaw(KEYS[collection]);
  // `raw` is only the change signal; listRecords validates the same stored value.
  return useMemo(() => (raw === undefined ? [] : listRecords(collection)), [raw, collection]);
}

// The CSV export is pure (no React, no storage) so the server exports the same file.
export { toCsv } from './csv';
