/**
 * Admin and investor sign-in, checked in the browser against the salted PBKDF2 hashes of
 * `virtual:credentials` (src/build/credentials/credentials-plugin.ts). Every attempt persists the result as
 * the portal's signed-in flag; repeated failures lock the portal for a while (login-failures.ts).
 * Only the login pages import this module, so public pages never load the hashes. A build for the
 * site's own server has no hashes: there only the server can sign anyone in.
 */
import { admin, investor } from 'virtual:credentials';
import { lockoutMessage, type Portal } from '@/shared/domain/lockout';
import { lockedFor, recordFailure, recordSuccess } from './login-failures';
import { constantTimeEqual, matchesSecret, utf8 } from './pbkdf2';
import { setSignedIn } from './portal-session';

export type LoginResult =
  | { ok: true }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'locked'; retryInMs: number }
  /** The pair was right, but this browser's storage (disabled or full) cannot keep the sign-in for the next page. */
  | { ok: false; reason: 'not-kept' }
  /** The site's server refused or failed the sign-in for another reason, in its words. */
  | { ok: false; reason: 'server'; message: string };

/** Shown where a build for the server is served without it (or the server does not answer). */
export const NEEDS_SERVER_MESSAGE =
  "Sign-in is checked by the site's server, which did not answer. Try again in a moment; if this persists, the site is being served without its server.";

const INVALID_MESSAGES: Record<Portal, string> = {
  admin: 'Invalid username or password',
  investor: 'Invalid e-mail or access key',
};

/** What the login form shows for a failed result. */
const NOT_KEPT_MESSAGE =
  'Your details are correct, but this browser does not let the site keep you signed in (its storage is turned off or full). Allow this site to store data, or free some space, then sign in again.';

export function failureMessage(portal: Portal, result: Exclude<LoginResult, { ok: true }>): string {
  if (result.reason === 'locked') return lockoutMessage(result.retryInMs);
  if (result.reason === 'server') return result.message;
  return result.reason === 'not-kept' ? NOT_KEPT_MESSAGE : INVALID_MESSAGES[portal];
}

async function attempt(portal: Portal, check: () => Promise<boolean>): Promise<LoginResult> {
  const locked = lockedFor(portal);
  let result: LoginResult;
  if (locked > 0) {
    result = { ok: false, reason: 'locked', retryInMs: locked };
  } else if (await check()) {
    recordSuccess(portal);
    // Every page is a document of its own: a sign-in that storage cannot keep is lost on the next one.
    result = setSignedIn(portal, true) ? { ok: true } : { ok: false, reason: 'not-kept' };
  } else {
    const lockout = recordFailure(portal);
    result = lockout > 0 ? { ok: false, reason: 'locked', retryInMs: lockout } : { ok: false, reason: 'invalid' };
  }
  if (!result.ok) setSignedIn(portal, false);
  return result;
}

/** No pair in this build to check: signed out, and told that the server must answer. */
function withoutGate(portal: Portal): LoginResult {
  setSignedIn(portal, false);
  return { ok: false, reason: 'server', message: NEEDS_SERVER_MESSAGE };
}

/** Username exact, password exact. The hash is derived even for a wrong username (no timing hint). */
export async function attemptAdminLogin(username: string, password: string): Promise<LoginResult> {
  const gate = admin;
  if (!gate) return withoutGate('admin');
  return attempt('admin', async () => {
    const passwordOk = await matchesSecret(password, gate);
    return constantTimeEqual(utf8(username), utf8(gate.username)) && passwordOk;
  });
}

/** E-mail compared trimmed and case-insensitively, access key exact. */
export async function attemptInvestorLogin(email: string, key: string): Promise<LoginResult> {
  const gate = investor;
  if (!gate) return withoutGate('investor');
  return attempt('investor', async () => {
    const keyOk = await matchesSecret(key, gate);
    return constantTimeEqual(utf8(email.trim().toLowerCase()), utf8(gate.email)) && keyOk;
  });
}

export async function adminLogin(username: string, password: string): Promise<boolean> {
  return (await attemptAdminLogin(username, password)).ok;
}

export async function investorLogin(email: string, key: string): Promise<boolean> {
  return (await attemptInvestorLogin(email, key)).ok;
}
