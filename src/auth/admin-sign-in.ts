/** The admin sign-in the login page runs: on the site's server when it serves the page, else in this browser (portal-sign-in.ts). */
import { setAdminSignedIn } from './admin-session';
import { signInPortal } from './portal-sign-in';
import { attemptAdminLogin, type LoginResult } from './verify';

export function signInAdmin(username: string, password: string): Promise<LoginResult> {
  return signInPortal('admin', username, password, { clientCheck: attemptAdminLogin, setSignedIn: setAdminSignedIn });
}
