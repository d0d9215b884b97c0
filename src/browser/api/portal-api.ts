/**
 * The browser's side of the site's server for both portals: the one request function every API
 * call goes through, and sign-in and sign-out (src/server/api/admin.ts and investors.ts).
 * Requests are same-origin, so the HttpOnly session cookie goes with them and the browser adds
 * the Origin header the server checks on changes. Every failure becomes an ApiError whose message
 * says what went wrong in words an administrator or an investor can act on.
 */
import type { Portal } from '@/shared/domain/lockout';
import { sameOriginServer } from './same-origin-server';

export class ApiError extends Error {
  /** 0 when the server could not be reached. */
  readonly status: number;
  /** The server's own words (its JSON `error`), or '' when it gave none. */
  readonly serverMessage: string;
  constructor(status: number, message: string, serverMessage = '') {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
  }
  /** The server no longer knows this session (expired, signed out elsewhere, or never started). */
  get signedOut(): boolean {
    return this.status === 401;
  }
}

const TIMEOUT_MS = 15_000;

/**
 * The server's words with the status, e.g. `No lead with this id (error 404)`. Every screen ends
 * the message with its own full stop, so one the server's sentence ends with goes: the editor
 * reads "… instead (error 400).", not "… instead. (error 400).".
 */
export const withStatus = (detail: string, status: number): string => `${detail.trimEnd().replace(/\.$/, '')} (error ${status})`;

/** The error for a refusal: the server's own words (its JSON's "error") with the status, or the status alone. */
export const refusal = (status: number, detail: string): ApiError =>
  new ApiError(status, detail ? withStatus(detail, status) : `the server answered with error ${status}`, detail);

async function errorOf(response: Response): Promise<ApiError> {
  let detail = '';
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string') detail = (body as { error: string }).error;
  } catch {
    // Not our JSON (a proxy's error page): the status alone.
  }
  return refusal(response.status, detail);
}

/**
 * Sends a request of the site's own: the server's answer whatever its status, or an ApiError when
 * none came within `timeoutMs` (a photo's upload, which the server answers once it has encoded it,
 * waits longer than the rest).
 */
export async function send(path: string, init: RequestInit = {}, timeoutMs = TIMEOUT_MS): Promise<Response> {
  try {
    return await fetch(path, { ...init, credentials: 'same-origin', signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new ApiError(0, timedOut ? `the server did not answer within ${timeoutMs / 1000} seconds` : 'the server could not be reached (check the connection)');
  }
}

export async function request(path: string, init: RequestInit = {}, timeoutMs = TIMEOUT_MS): Promise<Response> {
  const response = await send(path, init, timeoutMs);
  if (!response.ok) throw await errorOf(response);
  return response;
}

export const jsonBody = (body: unknown): RequestInit => ({ headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

const API: Record<Portal, { base: string; body: (first: string, second: string) => Record<string, string> }> = {
  admin: { base: '/api/admin', body: (username, password) => ({ username, password }) },
  investor: { base: '/api/investors', body: (email, key) => ({ email, key }) },
};

/** Starts the portal's server session (its HttpOnly cookie). Throws ApiError: 401 wrong pair, 429 locked, with the server's message. */
export async function serverLogin(portal: Portal, first: string, second: string): Promise<void> {
  await request(`${API[portal].base}/login`, { method: 'POST', ...jsonBody(API[portal].body(first, second)) });
}

/** Ends the portal's server session, if there is one; a static host or an unreachable server is not an error here. */
export async function serverLogout(portal: Portal): Promise<void> {
  if ((await sameOriginServer()) !== 'present') return;
  await request(`${API[portal].base}/logout`, { method: 'POST' }).catch(() => undefined);
}
