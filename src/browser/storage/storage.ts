/**
 * The only module that touches localStorage and sessionStorage (so one place handles every failure).
 *
 * Nothing here throws to its callers: storage that is disabled (SecurityError), full
 * (QuotaExceededError) or holding corrupted JSON is logged to the console and treated as empty.
 * Writes report success so a form can tell the visitor when nothing was saved. JSON values are
 * read and written through stored-json.ts, which checks them against the entity's schema.
 *
 * Every page's entry script uses this module, so it stays free of the schema library.
 */
export { KEYS } from '../../shared/storage-keys.ts';

export type Area = 'local' | 'session';

/**
 * The storage area, or null while pre-rendering (no window: nothing to read, nothing to log).
 * Reading window.localStorage itself throws when storage is disabled; some embedded browsers give
 * null instead, which is reported the same way.
 */
function area(which: Area): Storage | null {
  if (typeof window === 'undefined') return null;
  const store = which === 'local' ? window.localStorage : window.sessionStorage;
  if (!store) throw new Error(`${which}Storage is not available in this browser`);
  return store;
}

export function readRaw(key: string, which: Area = 'local'): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch (error) {
    console.error(`[storage] could not read "${key}":`, error);
    return null;
  }
}

/** Returns false (and logs) when the value could not be stored. */
export function writeRaw(key: string, value: string, which: Area = 'local'): boolean {
  try {
    const store = area(which);
    if (!store) return false;
    store.setItem(key, value);
  } catch (error) {
    console.error(`[storage] could not write "${key}":`, error);
    return false;
  }
  // Outside the try: the value is stored, whatever a listener does.
  emit(key);
  return true;
}

/** Returns false (and logs) when the key could not be removed; false too while pre-rendering. */
export function removeKey(key: string, which: Area = 'local'): boolean {
  try {
    const store = area(which);
    if (!store) return false;
    store.removeItem(key);
  } catch (error) {
    console.error(`[storage] could not remove "${key}":`, error);
    return false;
  }
  emit(key);
  return true;
}

// Same-tab listeners: the storage event only reaches *other* tabs.
const listeners = new Map<string, Set<() => void>>();
function emit(key: string): void {
  // A copy: a listener may unsubscribe (or subscribe) while being told.
  for (const listener of [...(listeners.get(key) ?? [])]) {
    try {
      listener();
    } catch (error) {
      // One failing listener must neither stop the others nor make the write look failed.
      console.error(`[storage] a listener of "${key}" failed:`, error);
    }
  }
}

/** Calls `onChange` when `key` changes in this tab or another one; returns the unsubscribe. */
export function subscribe(key: string, onChange: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  // A wrapper per subscription, so the same callback subscribed twice is told until both stop.
  const local = () => onChange();
  const set = listeners.get(key) ?? new Set();
  listeners.set(key, set.add(local));
  // event.key is null when another tab cleared the whole storage area.
  const listener = (event: StorageEvent) => {
    if (event.key === key || event.key === null) onChange();
  };
  window.addEventListener('storage', listener);
  return () => {
    set.delete(local);
    if (set.size === 0 && listeners.get(key) === set) listeners.delete(key);
    window.removeEventListener('storage', listener);
  };
}
