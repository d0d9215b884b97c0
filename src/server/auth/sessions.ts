/**
 * Server-side sessions: a random token in an HttpOnly cookie, only its SHA-256 in the database
 * (a copy of the table signs nobody in), and an expiry checked on every request. An admin
 * session's subject is the account's name (auth/accounts.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppContext } from '../context';
import type { SessionKind } from '../db/schema';
import { isLocalPlainHttp } from '../http/request';

const COOKIE_NAMES: Record<SessionKind, string> = { admin: 'gb_admin', investor: 'gb_investor' };

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function cookieOptions(c: AppContext) {
  // Path=/api: the cookie goes only with API calls, never with page or asset requests.
  return { path: '/api', httpOnly: true, sameSite: 'Strict' as const, secure: !isLocalPlainHttp(c) };
}

/** Starts a session and sets its cookie. */
export async function startSession(c: AppContext, kind: SessionKind, subject: string): Promise<Date> {
  const { store, now, sessionHours } = c.var.deps;
  const token = randomBytes(32).toString('base64url');
  const created = now();
  const expires = new Date(created.getTime() + sessionHours * 3_600_000);
  // Expired rows are dead weight; sign-ins are rare enough to sweep them here.
  await store.db.deleteFrom('sessions').where('expires_at', '<', created).execute();
  await store.db
    .insertInto('sessions')
    .values({ token_hash: hashToken(token), kind, subject, created_at: created, expires_at: expires })
    .execute();
  setCookie(c, COOKIE_NAMES[kind], token, { ...cookieOptions(c), maxAge: sessionHours * 3600 });
  return expires;
}

interface Session {
  subject: string;
  expiresAt: Date;
}

/** The request's live session of that kind, or null (no cookie, unknown token or expired). */
export async function readSession(c: AppContext, kind: SessionKind): Promise<Session | null> {
  const token = getCookie(c, COOKIE_NAMES[kind]);
  if (!token || token.length > 100) return null;
  const row = await c.var.deps.store.db
    .selectFrom('sessions')
    .select(['subject', 'expires_at'])
    .where('token_hash', '=', hashToken(token))
    .where('kind', '=', kind)
    // An admin session lasts only while its account does: removing the account ends it at once,
    // also one started by a sign-in that raced the removal.
    .$if(kind === 'admin', (query) =>
      query.where((eb) => eb.exists(eb.selectFrom('accounts').select('name').whereRef('accounts.name', '=', 'sessions.subject'))),
    )
    .executeTakeFirst();
  if (!row || row.expires_at.getTime() <= c.var.deps.now().getTime()) return null;
  return { subject: row.subject, expiresAt: row.expires_at };
}

/** Ends the session (if any) and clears the cookie. */
export async function endSession(c: AppContext, kind: SessionKind): Promise<void> {
  const token = getCookie(c, COOKIE_NAMES[kind]);
  if (token && token.length <= 100) await c.var.deps.store.db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
  deleteCookie(c, COOKIE_NAMES[kind], cookieOptions(c));
}
