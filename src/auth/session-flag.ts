/**
 * A persisted signed-in flag: 'true' or 'false' under a fixed storage key. When storage
 * cannot be written (disabled or full), the flag is kept in memory for this page's life, so a
 * correct sign-in still works until the page is closed and a sign-out always takes effect.
 */
import { useSyncExternalStore } from 'react';
import { readRaw, removeKey, subscribe, writeRaw } from '@/storage/storage';

/** 'checking' during pre-render and hydration (no storage on the server), then the real state. */
export type AuthState = 'checking' | 'signed-in' | 'signed-out';

export interface SessionFlag {
  read(): boolean;
  /** Persists the flag; false when storage refused it (the in-memory value still applies). */
  write(signedIn: boolean): boolean;
  useAuthState(): AuthState;
}

export function sessionFlag(key: string): SessionFlag {
  let memory: boolean | null = null;
  const listeners = new Set<() => void>();

  const read = () => memory ?? readRaw(key) === 'true';

  const write = (signedIn: boolean) => {
    let saved = writeRaw(key, signedIn ? 'true' : 'false');
    // A stale 'true' must not survive a sign-out that could not be written: removing frees space.
    if (!saved && !signedIn) saved = removeKey(key) && readRaw(key) === null;
    memory = saved ? null : signedIn;
    listeners.forEach((listener) => listener());
    return saved;
  };

  const subscribeBoth = (onChange: () => void) => {
    listeners.add(onChange);
    const unsubscribe = subscribe(key, onChange);
    return () => {
      listeners.delete(onChange);
      unsubscribe();
    };
  };

  // subscribeBoth is created once per flag, so React does not resubscribe on every render.
  function useAuthState(): AuthState {
    return useSyncExternalStore<AuthState>(
      subscribeBoth,
      () => (read() ? 'signed-in' : 'signed-out'),
      () => 'checking',
    );
  }

  return { read, write, useAuthState };
}
