/**
 * The browser's side of the server's admin API (src/server/api/admin.ts): sign-in, sign-out,
 * session, and the leads. Requests are same-origin, so the HttpOnly session cookie goes with them
 * and the browser adds the Origin header the server checks on changes. Every failure becomes an
 * ApiError whose message says what went wrong in words an administrator can act on.
 */
import type { AnyRecord, ApplicationStatus, Collection } from '@/data/records';
import { sameOriginServer } from './same-origin-server';

export class ApiError extends Error {
  /** 0 when the server could not be reached. */
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
  /** The server no longer knows this session (expired, signed out elsewhere, or never started). */
  get signedOut(): boolean {
    return this.status === 401;
  }
}

const TIMEOUT_MS = 15_000;

async function errorOf(response: Response): Promise<ApiError> {
  let detail = '';
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string') detail = (body as { error: string }).error;
  } catch {
    // Not our JSON (a proxy's error page): the status alone.
  }
  return new ApiError(response.status, detail ? `${detail} (error ${response.status})` : `the server answered with error ${response.status}`);
}

export async function request(path: string, init: RequestInit = {}): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, credentials: 'same-origin', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new ApiError(
      0,
      timedOut ? `the server did not answer within ${TIMEOUT_MS / 1000} seconds` : 'the server could not be reached (check the connection)',
    );
  }
  if (!response.ok) throw await errorOf(response);
  return response;
}

const json = (body: unknown): RequestInit => ({ headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

/** 'signed-in' with a live server session, 'signed-out' when the server answers without one, 'no-server' on a static host or when nothing answers. */
export async function serverSession(): Promise<'signed-in' | 'signed-out' | 'no-server'> {
  if ((await sameOriginServer()) !== 'present') return 'no-server';
  try {
    await request('/api/admin/session');
    return 'signed-in';
  } catch (error) {
    if (error instanceof ApiError && error.signedOut) return 'signed-out';
    throw error;
  }
}

/** Starts a server session (the HttpOnly cookie). Throws ApiError: 401 wrong pair, 429 locked, with the server's message. */
export async function serverLogin(username: string, password: string): Promise<void> {
  await request('/api/admin/login', { method: 'POST', ...json({ username, password }) });
}

/** Ends the server session, if there is one; a static host or an unreachable server is not an error here. */
export async function serverLogout(): Promise<void> {
  if ((await sameOriginServer()) !== 'present') return;
  await request('/api/admin/logout', { method: 'POST' }).catch(() => undefined);
}

export type ServerLead = AnyRecord & { type: Collection; page: string; receivedAt: string };

export async function listServerLeads(type: Collection, status?: ApplicationStatus): Promise<ServerLead[]> {
  const query = new URLSearchParams({ type, ...(status ? { status } : {}) });
  const body = (await (await request(`/api/admin/leads?${query}`)).json()) as { leads: ServerLead[] };
  return body.leads;
}

export async function reviewServerLead(id: string, update: { status?: ApplicationStatus; notes?: string }): Promise<ServerLead> {
  const response = await request(`/api/admin/leads/${encodeURIComponent(id)}`, { method: 'PATCH', ...json(update) });
  return ((await response.json()) as { lead: ServerLead }).lead;
}

export async function deleteServerLead(id: string): Promise<void> {
  await request(`/api/admin/leads/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export async function clearServerLeads(type: Collection): Promise<number> {
  const response = await request(`/api/admin/leads?${new URLSearchParams({ type })}`, { method: 'DELETE' });
  return ((await response.json()) as { deleted: number }).deleted;
}

/** The server's CSV of every lead of the type, without its byte-order mark (downloadText adds one). */
export async function serverLeadsCsv(type: Collection): Promise<string> {
  const text = await (await request(`/api/admin/leads.csv?${new URLSearchParams({ type })}`)).text();
  return text.replace(/^\uFEFF/, '');
}
