/**
 * The browser's side of the server's admin API (src/server/api/admin.ts): the admin session and
 * the leads. Requests, errors, sign-in and sign-out are shared with the investor portal
 * (portal-api.ts).
 */
import type { AnyRecord, ApplicationStatus, BuyerLeadRecord, BuyerCollection, Collection, LeadStatus } from '@/shared/domain/records';
import type { Attribution } from '@/shared/domain/attribution';
import type { Overview } from '@/shared/domain/overview';
import type { EntryKind, LeadChange, LeadEntry } from '@/shared/domain/lead-activity';
import { changeRequest } from './lead-change';
import { ApiError, jsonBody, request } from './portal-api';
import { sameOriginServer } from './same-origin-server';

/** What an account may do: 'sales' works the leads, 'admin' also the team, posts, clearing and insight (src/server/auth/roles.ts). */
export type AdminRole = 'sales' | 'admin';

/** The server session, with the account's role when signed in. */
export async function serverSessionRole(): Promise<{ state: 'signed-in'; role: AdminRole } | { state: 'signed-out' | 'no-server' }> {
  if ((await sameOriginServer()) !== 'present') return { state: 'no-server' };
  try {
    const body = (await (await request('/api/admin/session')).json()) as { role?: unknown };
    // A server from before roles said none: every account there could do everything.
    return { state: 'signed-in', role: body.role === 'sales' ? 'sales' : 'admin' };
  } catch (error) {
    if (error instanceof ApiError && error.signedOut) return { state: 'signed-out' };
    throw error;
  }
}

/** 'signed-in' with a live server session, 'signed-out' when the server answers without one, 'no-server' on a static host or when nothing answers. */
export async function serverSession(): Promise<'signed-in' | 'signed-out' | 'no-server'> {
  return (await serverSessionRole()).state;
}

/** An account a lead can be given to. */
export interface Colleague {
  name: string;
  role: AdminRole;
  you: boolean;
}

export async function listColleagues(): Promise<Colleague[]> {
  return ((await (await request('/api/admin/colleagues')).json()) as { colleagues: Colleague[] }).colleagues;
}

/** One notification of a lead (src/server/notify/outbox.ts): its channel, where it stands, its last error. */
export interface ServerDelivery {
  channel: 'email' | 'webhook';
  state: 'pending' | 'sent' | 'failed';
  attempts: number;
  lastError: string | null;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  sentAt: string | null;
}

/** Why a lead is in the Spam list: the screening's reasons, or 'marked' by an admin. */
export type SpamReason = 'honeypot' | 'too-fast' | 'unscreened' | 'marked';

/** What the server keeps of every lead, beside its fields: where and when it came, spam, deliveries, attribution and version. */
interface StoredByServer {
  page: string;
  receivedAt: string;
  spam?: SpamReason | null;
  deliveries?: ServerDelivery[];
  /** Where the visit came from; null when none was recorded. */
  attribution?: Attribution | null;
  /** Bumped by every change: each change request sends the version its screen shows. */
  version: number;
}

export type ServerLead = AnyRecord & StoredByServer & { type: Collection };

/** What the server sends each lead to (GET /api/admin/notifications). */
export interface NotificationsStatus {
  email: { configured: boolean; to: string[] };
  webhook: { configured: boolean; host: string | null };
}

/** A buyer's lead as the server keeps it: its status, notes, follow-up date, owner and who changed it last. */
export type ServerBuyerLead = BuyerLeadRecord &
  StoredByServer & {
    type: BuyerCollection;
    /** The account whose lead it is, or null: nobody's yet. */
    assignedTo?: string | null;
  };

/** One change to a lead: when, by which account, and what it changed. */
export interface LeadActivityEntry {
  at: string;
  account: string;
  change: LeadChange;
}

/** The buyers' leads matching `query` (desk-filters.ts builds it), in the order it asks for. */
export async function listBuyerLeads(query: URLSearchParams): Promise<ServerBuyerLead[]> {
  const body = (await (await request(`/api/admin/leads?${query}`)).json()) as { leads: ServerBuyerLead[] };
  return body.leads;
}

const leadPath = (id: string, rest = '') => `/api/admin/leads/${encodeURIComponent(id)}${rest}`;
const versionQuery = (version: number | undefined) => (version === undefined ? '' : `?${new URLSearchParams({ version: String(version) })}`);

/**
 * Changes a lead's status, notes, follow-up date or owner; the server records who did it. With the
 * version the screen shows, a colleague's change since rejects with a StaleLeadError (lead-change.ts).
 */
export async function updateServerLead(
  id: string,
  update: { status?: LeadStatus; notes?: string; followUp?: string | null; assignedTo?: string | null; version?: number },
): Promise<ServerLead> {
  const response = await changeRequest(leadPath(id), { method: 'PATCH', ...jsonBody(update) });
  return ((await response.json()) as { lead: ServerLead }).lead;
}

/** The lead as the server has it now (after a colleague's change, say). */
export async function serverLead(id: string): Promise<ServerLead> {
  return ((await (await request(leadPath(id))).json()) as { lead: ServerLead }).lead;
}

/** The lead's notes and calls, newest first. */
export async function serverLeadEntries(id: string): Promise<LeadEntry[]> {
  return ((await (await request(leadPath(id, '/entries'))).json()) as { entries: LeadEntry[] }).entries;
}

/** Adds a note or a call; it never conflicts with a colleague's, so it needs no version. */
export async function addServerLeadEntry(id: string, kind: EntryKind, body: string): Promise<LeadEntry> {
  const response = await request(leadPath(id, '/entries'), { method: 'POST', ...jsonBody({ kind, body }) });
  return ((await response.json()) as { entry: LeadEntry }).entry;
}

/** Moves the lead to the Spam list (no notification then; "Not spam" moves it back). */
export async function markServerLeadSpam(id: string, version?: number): Promise<void> {
  await changeRequest(leadPath(id, `/spam${versionQuery(version)}`), { method: 'POST' });
}

/** Undoes a delete of the last 30 days. */
export async function restoreServerLead(id: string): Promise<ServerLead> {
  return ((await (await request(leadPath(id, '/restore'), { method: 'POST' })).json()) as { lead: ServerLead }).lead;
}

/** The lead's changes, oldest first. */
export async function serverLeadActivity(id: string): Promise<LeadActivityEntry[]> {
  const response = await request(`/api/admin/leads/${encodeURIComponent(id)}/activity`);
  return ((await response.json()) as { activity: LeadActivityEntry[] }).activity;
}

/** The server's CSV of the leads matching `query`, without its byte-order mark (downloadFile adds one). */
export async function serverLeadsCsvOf(query: URLSearchParams): Promise<string> {
  const text = await (await request(`/api/admin/leads.csv?${query}`)).text();
  return text.replace(/^\uFEFF/, '');
}

export async function listServerLeads(type: Collection, status?: ApplicationStatus): Promise<ServerLead[]> {
  const query = new URLSearchParams({ type, ...(status ? { status } : {}) });
  const body = (await (await request(`/api/admin/leads?${query}`)).json()) as { leads: ServerLead[] };
  return body.leads;
}

/** Deletes the lead, undoably for 30 days (restoreServerLead); with a version, only if nobody changed it since. */
export async function deleteServerLead(id: string, version?: number): Promise<void> {
  await changeRequest(leadPath(id, versionQuery(version)), { method: 'DELETE' });
}

export async function clearServerLeads(type: Collection): Promise<number> {
  const response = await request(`/api/admin/leads?${new URLSearchParams({ type })}`, { method: 'DELETE' });
  return ((await response.json()) as { deleted: number }).deleted;
}

/** The server's CSV of every lead of the type, without its byte-order mark (downloadFile adds one). */
export async function serverLeadsCsv(type: Collection): Promise<string> {
  return serverLeadsCsvOf(new URLSearchParams({ type }));
}

export async function notificationsStatus(): Promise<NotificationsStatus> {
  return (await (await request('/api/admin/notifications')).json()) as NotificationsStatus;
}

/** "Send again": the lead's notifications, as new messages on every configured channel; resolves with the lead and its deliveries. */
export async function sendServerLeadAgain(id: string): Promise<ServerLead> {
  const response = await request(`/api/admin/leads/${encodeURIComponent(id)}/notify`, { method: 'POST' });
  return ((await response.json()) as { lead: ServerLead }).lead;
}

/** Every lead in the Spam list, newest first. */
export async function listSpamLeads(): Promise<ServerLead[]> {
  const body = (await (await request('/api/admin/leads?spam=only')).json()) as { leads: ServerLead[] };
  return body.leads;
}

/** Moves a lead out of the Spam list (the server then notifies as for a new lead). */
export async function markServerLeadNotSpam(id: string, version?: number): Promise<void> {
  await changeRequest(leadPath(id, `/not-spam${versionQuery(version)}`), { method: 'POST' });
}

/** The Overview's counts: buyers' leads per week of the `weeks` weeks up to the admin's `today` (YYYY-MM-DD), and the pipeline. */
export async function leadOverview(weeks: number, today: string): Promise<Overview> {
  const query = new URLSearchParams({ weeks: String(weeks), today });
  return (await (await request(`/api/admin/overview?${query}`)).json()) as Overview;
}

/** One of the desk's own messages about a lead (src/server/notify/notices.ts): a new owner's e-mail, a lead.updated webhook. */
export interface LeadNotice {
  id: string;
  kind: 'assigned' | 'digest' | 'lead.updated';
  channel: 'email' | 'webhook';
  recipient: string | null;
  state: 'pending' | 'sent' | 'failed';
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string | null;
  sentAt: string | null;
}

/** The lead's notices, newest first. */
export async function leadNotices(id: string): Promise<LeadNotice[]> {
  const query = new URLSearchParams({ lead: id });
  return ((await (await request(`/api/admin/notices?${query}`)).json()) as { notices: LeadNotice[] }).notices;
}
