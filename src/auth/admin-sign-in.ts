/**
 * The admin sign-in the login page runs. Where the site's own server serves the page, the server
 * checks the pair and starts a real session (an HttpOnly cookie) that the dashboard's API calls
 * use; this browser's flag then follows the server's answer. On a static host there is no server
 * to ask, so the client-side check decides, as it always has (README, Security).
 */
import { ApiError, serverLogin } from '@/api/admin-api';
import { sameOriginServer } from '@/api/same-origin-server';
import { setAdminSignedIn } from './admin-session';
import { attemptAdminLogin, type LoginResult } from './verify';

export async function signInAdmin(username: string, password: string): Promise<LoginResult> {
  if ((await sameOriginServer()) !== 'present') return attemptAdminLogin(username, password);
  try {
    await serverLogin(username, password);
  } catch (error) {
    setAdminSignedIn(false);
    if (error instanceof ApiError && error.status === 401) return { ok: false, reason: 'invalid' };
    const reason = error instanceof Error ? error.message : String(error);
    // 429 carries the server's lockout message; anything else says what failed.
    return {
      ok: false,
      reason: 'server',
      message: error instanceof ApiError && error.status === 429 ? reason : `The server could not sign you in: ${reason}.`,
    };
  }
  // Every page is a document of its own: a sign-in that storage cannot keep is lost on the next one.
  return setAdminSignedIn(true) ? { ok: true } : { ok: false, reason: 'not-kept' };
}
