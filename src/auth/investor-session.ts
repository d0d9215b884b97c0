/** Investor sign-in state: a persisted 'true' or 'false' flag, like the admin one. */
import { KEYS } from '@/storage/storage';
import { sessionFlag, type AuthState } from './session-flag';

const flag = sessionFlag(KEYS.investorAuth);

export function isInvestorSignedIn(): boolean {
  return flag.read();
}

export function setInvestorSignedIn(signedIn: boolean): boolean {
  return flag.write(signedIn);
}

/** 'checking' during pre-render and hydration, then 'signed-in' or 'signed-out'. */
export function useInvestorAuthState(): AuthState {
  return flag.useAuthState();
}
