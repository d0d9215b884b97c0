/**
 * The sign-in both login pages run. Where the site's own server serves the page, the server
 * checks the pair and starts a real session (an HttpOnly cookie) that the portal's API calls use;
 * this browser's flag then follows the server's answer. On a static host there is no server to
 * ask, so the client-side check decides, as it always has (src/server/README.md, Security).
 */
import { ApiError, serverLogin } from '@/browser/api/portal-api';
import { sameOriginServer } from '@/browser/api/same-origin-server';
import type { Portal } from '@/shared/domain/lockout';
import { setSignedIn } from './portal-session';
import { attemptAdminLogin, attemptInvestorLogin, type LoginResult } from './verify';
import { errorMessage } from '../../shared/error-message';

/** The check in this browser, for a static host (verify.ts). */
const CLIENT_CHECKS: Record<Portal, (first: string, second: string) => Promise<LoginResult>> = {
  admin: attemptAdminLogin,
  investor: attemptInvestorLogin,
};

/** `first` and `second` are the admin's username and password, or the investor's e-mail and access key. */
export async function signIn(portal: Portal, first: string, second: string): Promise<LoginResult> {
  if ((await sameOriginServer()) !== 'present') return CLIENT_CHECKS[portal](first, second);
  try {
    await serverLogin(portal, first, second);
  } catch (error) {
    setSignedIn(portal, false);
    if (error instanceof ApiError && error.status === 401) return { ok: false, reason: 'invalid' };
    // 429 carries the server's lockout message, shown as it is; anything else says what failed.
    if (error instanceof ApiError && error.status === 429 && error.serverMessage) return { ok: false, reason: 'server', message: error.serverMessage };
    const reason = errorMessage(error);
    return { ok: false, reason: 'server', message: `The server could not sign you in: ${reason}.` };
  }
  // Every page is a document of its own: a sign-in that storage cannot keep is lost on the next one.
  return setSignedIn(portal, true) ? { ok: true } : { ok: false, reason: 'not-kept' };
}
