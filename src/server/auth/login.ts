/**
 * Sign-in for both portals: throttle, check the pair on the server, start a session. The answer
 * never says which half was wrong, and a locked key is refused without checking the password, so a
 * guesser learns nothing during a lock. The body is small (LOGIN_BODY_MAX, refused with 413 unread
 * beyond it) and is parsed only once the client's address is known not to be locked, so a locked
 * address costs the server no parsing.
 */
import type { Handler, MiddlewareHandler } from 'hono';
import { timingSafeEqual, createHash } from 'node:crypto';
import { lockoutMessage } from '@/shared/domain/lockout';
import type { AppContext, Env } from '../context';
import type { SessionKind } from '../db/schema';
import { HttpError, readJsonObject, rejectUnknownKeys } from '../http/json';
import { clientAddress } from '../http/request';
import { accountName, authenticate } from './accounts';
import { readSession, startSession } from './sessions';
import { addressKey, addressLockedFor, recordFailure, recordSuccess, reserveAttempt, throttleKeys } from './throttle';

const sameText = (a: string, b: string) => timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());

interface Portal {
  /** The JSON keys of the pair, e.g. username/password. */
  idKey: string;
  secretKey: string;
  /** Compared form of the identifier (both ignore case and surrounding spaces). */
  normalise: (id: string) => string;
  /** Who signs in with this pair (the session's subject), or null. Takes the same time whichever half is wrong. */
  authenticate: (c: AppContext, id: string, secret: string) => Promise<string | null>;
  failure: string;
}

const PORTALS: Record<SessionKind, Portal> = {
  admin: {
    idKey: 'username',
    secretKey: 'password',
    normalise: accountName,
    // The named accounts (auth/accounts.ts): the subject is the account's name.
    authenticate: (c, id, secret) => authenticate(c.var.deps.store.db, id, secret, c.var.deps.passwordCost),
    failure: 'Invalid username or password',
  },
  investor: {
    idKey: 'email',
    secretKey: 'key',
    normalise: (id) => id.trim().toLowerCase(),
    authenticate: async (c, id, secret) => {
      const { email, check } = c.var.deps.investor;
      // Both halves are always checked, so the time taken does not tell which one was wrong.
      const [idMatches, secretMatches] = [sameText(id.trim().toLowerCase(), email), await check.verify(secret)];
      return idMatches && secretMatches ? email : null;
    },
    failure: 'Invalid e-mail or access key',
  },
};

const MAX_INPUT = 1024;
/**
 * The largest sign-in body: two fields of MAX_INPUT characters, each up to 3 bytes in UTF-8, and the
 * JSON around them. The routes refuse anything longer with 413 before it is read (http/body-limit.ts).
 */
export const LOGIN_BODY_MAX = 8 * 1024;

/** The refusal while a lock or a guesser's pressure lasts, in seconds or, for long waits, minutes. */
function tooMany(ms: number, why: 'locked' | 'pressure'): HttpError {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  const headers = { 'Retry-After': String(seconds) };
  if (why === 'locked' && seconds <= 120) return new HttpError(429, lockoutMessage(ms), headers);
  const minutes = Math.ceil(seconds / 60);
  const wait = `Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  // The owner of an account under attack can still get in from a network that has not failed on it.
  if (why === 'pressure') return new HttpError(429, `Too many failed attempts on this account. ${wait}, or sign in from another network.`, headers);
  return new HttpError(429, `Too many failed attempts. ${wait}.`, headers);
}

export function loginHandler(kind: SessionKind): Handler<Env> {
  const portal = PORTALS[kind];
  return async (c) => {
    const { db } = c.var.deps.store;
    const now = c.var.deps.now();
    const address = clientAddress(c);
    const addressLock = await addressLockedFor(db, addressKey(kind, address), now);
    if (addressLock > 0) throw tooMany(addressLock, 'locked');
    const body = await readJsonObject(c);
    rejectUnknownKeys(body, [portal.idKey, portal.secretKey], 'the sign-in');
    const id = body[portal.idKey];
    const secret = body[portal.secretKey];
    if (typeof id !== 'string' || typeof secret !== 'string' || id.length > MAX_INPUT || secret.length > MAX_INPUT) {
      throw new HttpError(400, `Send "${portal.idKey}" and "${portal.secretKey}" as text`);
    }
    const keys = throttleKeys(kind, address, portal.normalise(id));
    const reservation = await reserveAttempt(db, keys, now);
    if (!reservation.ok) throw tooMany(reservation.retryAfterMs, reservation.why);
    const subject = await portal.authenticate(c, id, secret);
    if (subject === null) {
      const locked = await recordFailure(db, keys, now);
      if (locked > 0) throw tooMany(locked, 'locked');
      throw new HttpError(401, portal.failure);
    }
    await recordSuccess(db, keys);
    const expiresAt = await startSession(c, kind, subject);
    return c.json({ signedIn: true, expiresAt: expiresAt.toISOString() });
  };
}

/** Lets the request through only with a live session of that kind (401 otherwise). */
export function requireSession(kind: SessionKind): MiddlewareHandler<Env> {
  return async (c, next) => {
    const session = await readSession(c, kind);
    if (!session) throw new HttpError(401, kind === 'admin' ? 'Sign in as admin first' : 'Sign in as an investor first');
    c.set('subject', session.subject);
    await next();
  };
}
