/**
 * The investor sign-in the login page runs: on the site's server when it serves the page, which
 * starts the session the dashboard's documents need; else in this browser (portal-sign-in.ts).
 */
import { setInvestorSignedIn } from './investor-session';
import { signInPortal } from './portal-sign-in';
import { attemptInvestorLogin, type LoginResult } from './verify';

export function signInInvestor(email: string, key: string): Promise<LoginResult> {
  return signInPortal('investor', email, key, { clientCheck: attemptInvestorLogin, setSignedIn: setInvestorSignedIn });
}
