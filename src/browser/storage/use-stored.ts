/**
 * React view of a stored value. The server and the hydrating client both see `serverValue`, so
 * pre-rendered HTML never depends on one visitor's storage; the stored value follows right after
 * hydration without a mismatch, and later changes (this tab or another) re-render.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { readRaw, subscribe, type Area } from './storage';

export function useStoredRaw(key: string, which: Area = 'local'): string | null | undefined {
  const sub = useCallback((onChange: () => void) => subscribe(key, onChange), [key]);
  return useSyncExternalStore(
    sub,
    () => readRaw(key, which),
    () => undefined,
  );
}
