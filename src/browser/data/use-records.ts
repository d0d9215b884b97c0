/**
 * A collection of submissions stored in this browser, for React components.
 */
import { useMemo } from 'react';
import type { Collection, RecordOf } from '@/shared/domain/records';
import { KEYS } from '@/browser/storage/storage';
import { useStoredRaw } from '@/browser/storage/use-stored';
import { listRecords } from './record-store';

/**
 * The collection for React. It is [] during pre-render and hydration (the server knows no
 * visitor's storage), the stored records right after, and it follows changes in this and other tabs.
 */
export function useRecords<C extends Collection>(collection: C): RecordOf<C>[] {
  const raw = useStoredRaw(KEYS[collection]);
  // `raw` is only the change signal; listRecords validates the same stored value.
  return useMemo(() => (raw === undefined ? [] : listRecords(collection)), [raw, collection]);
}
