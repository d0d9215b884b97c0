/**
 * Each portal's sign-in state in this browser: 'true' or 'false' under the portal's fixed storage
 * key, starting from the stored value; unreadable storage reads as signed out. When storage
 * cannot be written (disabled or full), the flag is kept in memory for this page's life, so a
 * correct sign-in still works until the page is closed and a sign-out always takes effect.
 * This is a client-side gate only (src/server/README.md, Security). The admin's Logout button loads this module
 * on every admin page, so it stays small: the credential check is in verify.ts.
 */
import { useSyncExternalStore } from 'react';
import { KEYS, readRaw, removeKey, subscribe, writeRaw } from '@/browser/storage/storage';
import type { Portal } from '@/shared/domain/lockout';

/** 'checking' during pre-render and hydration (no storage on the server), then the real state. */
export type AuthState = 'checking' | 'signed-in' | 'signed-out';

interface SessionFlag {
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
  function useFlagState(): AuthState {
    return useSyncExternalStore<AuthState>(
      subscribeBoth,
      () => (read() ? 'signed-in' : 'signed-out'),
      () => 'checking',
    );
  }

  return { read, write, useAuthState: useFlagState };
}

// The head scripts read the same keys before the page paints (guard-script.ts).
const FLAGS: Record<Portal, SessionFlag> = { admin: sessionFlag(KEYS.adminAuth), investor: sessionFlag(KEYS.investorAuth) };

export function isSignedIn(portal: Portal): boolean {
  return FLAGS[portal].read();
}

/** False when storage could not keep it (it still applies to this page). */
export function setSignedIn(portal: Portal, signedIn: boolean): boolean {
  return FLAGS[portal].write(signedIn);
}

/** 'checking' during pre-render and hydration, then 'signed-in' or 'signed-out'. */
export function useAuthState(portal: Portal): AuthState {
  return FLAGS[portal].useAuthState();
}
