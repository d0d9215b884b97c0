/**
 * Stored submissions: the lead forms write here and the admin dashboard reads, updates and
 * exports from here. All storage access goes through src/browser/storage/storage.ts, so nothing throws;
 * writes report whether they succeeded so a form can tell the visitor when nothing was saved.
 */
import { KEYS, removeKey } from '@/browser/storage/storage';
import { readList, readRawList, writeJson } from '@/browser/storage/stored-json';
import {
  ApplicationSchema,
  APPLICATION_STATUSES,
  LeadSchema,
  createRecord,
  isApplicationCollection,
  type AnyRecord,
  type ApplicationCollection,
  type ApplicationStatus,
  type Collection,
  type Fields,
  type RecordOf,
} from '@/shared/domain/records';

function byNewest(a: AnyRecord, b: AnyRecord): number {
  return a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0;
}

/** The collection's valid records, newest first; invalid items are dropped (and logged). */
export function listRecords<C extends Collection>(collection: C): RecordOf<C>[] {
  const schema = isApplicationCollection(collection) ? ApplicationSchema : LeadSchema;
  const records = readList(KEYS[collection], schema) as RecordOf<C>[];
  return records.sort(byNewest);
}

const hasId = (item: unknown, id: string): boolean => typeof item === 'object' && item !== null && (item as { id?: unknown }).id === id;

/**
 * Stores a record built by createRecord, first in the list; true if it is stored now. Storing the
 * same record again (a retry after a failed write) does not duplicate it.
 */
export function storeRecord(collection: Collection, record: AnyRecord): boolean {
  const items = readRawList(KEYS[collection]);
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
  const items = readRawList(KEYS[collection]);
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
  const items = readRawList(KEYS[collection]);
  const kept = items.filter((item) => !hasId(item, id));
  if (kept.length === items.length) return false;
  return writeJson(KEYS[collection], kept);
}

/** Removes every record of the collection (the dashboard asks for confirmation first). */
export function clearRecords(collection: Collection): boolean {
  return removeKey(KEYS[collection]);
}

// The CSV export is pure (no React, no storage) so the server exports the same file.
export { toCsv } from '@/shared/domain/csv';
