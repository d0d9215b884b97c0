/**
 * Admin sign-in state: 'true' or 'false' under one fixed key, starting from the stored
 * value; unreadable storage reads as signed out. This is a client-side gate only (README, Security).
 * The header imports this module, so it stays small: the credential check is in verify.ts.
 */
import { KEYS } from '@/storage/storage';
import { sessionFlag, type AuthState } from './session-flag';

const flag = sessionFlag(KEYS.adminAuth);

export function isAdminSignedIn(): boolean {
  return flag.read();
}

export function setAdminSignedIn(signedIn: boolean): boolean {
  return flag.write(signedIn);
}

/** `false` during pre-render and hydration, then the stored state. */
export function useAdminSignedIn(): boolean {
  return flag.useAuthState() === 'signed-in';
}

/** 'checking' during pre-render and hydration, then 'signed-in' or 'signed-out'. */
export function useAdminAuthState(): AuthState {
  return flag.useAuthState();
}
