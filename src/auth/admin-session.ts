/**
 * Admin sign-in state (seed §4): 'true' or 'false' under one fixed key, starting from the stored
 * value; unreadable storage reads as signed out. This is a client-side gate only (README, Security).
 */
import { KEYS, readRaw, writeRaw } from '@/storage/storage';
import { useStoredRaw } from '@/storage/use-stored';

export function isAdminSignedIn(): boolean {
  return readRaw(KEYS.adminAuth) === 'true';
}

export function setAdminSignedIn(signedIn: boolean): boolean {
  return writeRaw(KEYS.adminAuth, signedIn ? 'true' : 'false');
}

/** `false` during pre-render and hydration, then the stored state. */
export function useAdminSignedIn(): boolean {
  return useStoredRaw(KEYS.adminAuth) === 'true';
}
