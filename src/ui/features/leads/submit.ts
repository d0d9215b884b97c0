/**
 * Sending a lead: validate, store the record in this browser, and POST it to LEAD_ENDPOINT when
 * the build configured one, or else to the same origin's /api/leads when the site's own server
 * serves the page (on a static host the stored copy is the delivery). The API ignores an id it
 * already has, so a retry never stores a lead twice. A failed POST is never retried automatically
 * (a mutation that repeats on its own can send a lead twice); the form offers a Retry button that
 * calls retryDelivery.
 *
 * Bots: to the site's own server every submission carries its screening (what the hidden trap
 * field held, how long the page had shown the form), and the server decides: a caught one goes to
 * the admin's Spam list, from which a person caught by mistake can be moved back. Elsewhere (a
 * LEAD_ENDPOINT, a static host) a filled trap is dropped here, with a confirmation so the bot
 * learns nothing, as before.
 *
 * Attribution: where the visit came from (src/browser/analytics/visit-attribution.ts), sent with the lead to
 * either endpoint as `attribution` when the visit kept one; never when the visitor asked not to be
 * measured (nothing is kept then).
 */
import { type AnyRecord, type Collection, createRecord, newRecordId } from '@/shared/domain/records';
import { storeRecord } from '@/browser/data/record-store';
import { sameOriginServer, type ServerPresence } from '@/browser/api/same-origin-server';
import { type FormDef, type FormErrors, type FormValues, type LeadFormWords, validateForm } from '@/shared/domain/lead-forms';
import { fill } from '@/shared/i18n/fill';
import type { Screening } from '@/shared/domain/screening';
import type { Attribution } from '@/shared/domain/attribution';
import { LEAD_PATH, type LeadRequest } from '@/shared/domain/lead-request';
import { visitAttribution } from '@/browser/analytics/visit-attribution';

/** The hidden field only bots fill in. */
export const HONEYPOT_FIELD = 'website';
const POST_TIMEOUT_MS = 15_000;

type PostResult = { state: 'sent' } | { state: 'skipped' } | { state: 'failed'; reason: string };

/** What happened to one submission: stored in this browser? posted to the lead endpoint? */
export interface Delivery {
  collection: Collection;
  record: AnyRecord;
  saved: boolean;
  post: PostResult;
  /** Sent with the lead to the site's own server (and again with a retry). */
  screening?: Screening;
  /** Where the visit came from, sent with the lead (and again with a retry); absent when none was kept. */
  attribution?: Attribution;
}

interface SubmitOptions {
  /** Defaults to the build's LEAD_ENDPOINT, else the same origin's API when a server answers; '' means none. */
  endpoint?: string;
  /** Whether the site's server serves this page (defaults to asking it once per page). */
  findServer?: () => Promise<ServerPresence>;
  fetch?: typeof fetch;
  /** The page the form is on; defaults to location.pathname. */
  page?: string;
  timeoutMs?: number;
  /** The words a failure's reason is said in: the form's (its language's content/ui `leadForms`). */
  words: LeadFormWords;
  /** How long the page has shown the form, in ms; defaults to the time since the page started loading. */
  shownForMs?: number;
  /** Where the visit came from; defaults to what this visit kept (none when measuring is not allowed). */
  attribution?: Attribution | null;
}

type SendResult = { kind: 'invalid'; errors: FormErrors } | { kind: 'dropped'; reference: string } | { kind: 'delivery'; delivery: Delivery };

/** The endpoint set at build time (vite.config.ts defines it from the LEAD_ENDPOINT variable). */
export function leadEndpoint(): string {
  const configured: unknown = import.meta.env.LEAD_ENDPOINT;
  return typeof configured === 'string' ? configured.trim() : '';
}

/** What the hidden trap field holds ('' when empty, as a person leaves it). */
function trapText(values: FormValues): string {
  const trap = values[HONEYPOT_FIELD];
  return typeof trap === 'string' ? trap : '';
}

export function isBot(values: FormValues): boolean {
  return trapText(values).trim() !== '';
}

/** The page's age: the form is in the page's HTML, so it has shown the form since about then. */
function pageAgeMs(): number {
  return typeof performance === 'undefined' ? 0 : Math.round(performance.now());
}

/**
 * Whether the company has the lead: the endpoint accepted it, or (with no endpoint configured)
 * it is stored in this browser. A lead the endpoint accepted is delivered even when this browser
 * could not keep a copy: offering to send it again could only produce a duplicate.
 */
export function isDelivered(delivery: Delivery): boolean {
  if (delivery.post.state === 'sent') return true;
  return delivery.post.state === 'skipped' && delivery.saved;
}

/** Where to POST: the configured endpoint, the site's own API, none (static host), or unknown (no answer). */
async function target(options: Omit<SubmitOptions, 'words'>): Promise<string | null | { unreachable: true }> {
  const configured = options.endpoint ?? leadEndpoint();
  if (configured || options.endpoint === '') return configured || null;
  const presence = await (options.findServer ?? sameOriginServer)();
  // No answer at all: the page cannot tell a static host from its server being unreachable, so it
  // offers Retry rather than report as delivered a lead the company may never receive.
  if (presence === 'unknown') return { unreachable: true };
  return presence === 'present' ? LEAD_PATH : null;
}

async function postLead(delivery: Omit<Delivery, 'post'>, options: SubmitOptions): Promise<PostResult> {
  const { words } = options;
  const endpoint = await target(options);
  if (endpoint === null) return { state: 'skipped' };
  if (typeof endpoint !== 'string') return { state: 'failed', reason: words.reasonConnection };
  const { record, collection, screening, attribution } = delivery;
  const page = options.page ?? (typeof location === 'undefined' ? '' : location.pathname);
  const timeoutMs = options.timeoutMs ?? POST_TIMEOUT_MS;
  const request: LeadRequest = {
    type: collection,
    id: record.id,
    createdAt: record.createdAt,
    fields: record.fields,
    page,
    // The screening is the site's own server's field; a LEAD_ENDPOINT gets the rest of the shape.
    ...(endpoint === LEAD_PATH && screening ? { screening } : {}),
    ...(attribution ? { attribution } : {}),
  };
  try {
    const response = await (options.fetch ?? fetch)(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.ok) return { state: 'sent' };
    const { status, statusText } = response;
    // The server's limit on submissions from one address: the buyer is told to wait, not shown a code.
    if (status === 429) return { state: 'failed', reason: words.reasonTooMany };
    return { state: 'failed', reason: fill(statusText ? words.reasonStatusText : words.reasonStatus, { status, statusText }) };
  } catch (error) {
    console.error('[leads] could not post the submission:', error);
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    const seconds = Math.ceil(timeoutMs / 1000);
    return {
      state: 'failed',
      reason: timedOut ? fill(seconds === 1 ? words.reasonTimeoutOne : words.reasonTimeout, { seconds }) : words.reasonConnection,
    };
  }
}

/** Stores the validated fields as a new record, then posts it when an endpoint is configured. */
export async function submitLead(collection: Collection, fields: AnyRecord['fields'], options: SubmitOptions & { screening?: Screening }): Promise<Delivery> {
  const record = createRecord(collection, fields);
  const saved = storeRecord(collection, record);
  const { screening } = options;
  const attribution = (options.attribution === undefined ? visitAttribution() : options.attribution) ?? undefined;
  const sent = { collection, record, saved, screening, attribution };
  return { ...sent, post: await postLead(sent, options) };
}

/** Repeats only what failed: the POST, and the storage write if that failed too. Same reference id. */
export async function retryDelivery(previous: Delivery, options: SubmitOptions): Promise<Delivery> {
  const saved = previous.saved || storeRecord(previous.collection, previous.record);
  const post = previous.post.state === 'failed' ? await postLead(previous, options) : previous.post;
  return { ...previous, saved, post };
}

/**
 * One press of the submit button. With the site's own server, a filled trap is sent like any
 * lead, with its screening, and the server keeps it in Spam; the sender sees what anyone sees.
 * Elsewhere a bot that filled the trap is told it succeeded, with a reference that exists nowhere,
 * so it learns nothing, and nothing is stored or sent.
 */
export async function sendLead(def: FormDef, values: FormValues, options: Omit<SubmitOptions, 'words'> = {}): Promise<SendResult> {
  const validation = validateForm(def, values);
  if (!validation.ok) return { kind: 'invalid', errors: validation.errors };
  const screening: Screening = { trap: trapText(values), shownForMs: options.shownForMs ?? pageAgeMs() };
  if (isBot(values) && (await target(options)) !== LEAD_PATH) return { kind: 'dropped', reference: newRecordId() };
  return { kind: 'delivery', delivery: await submitLead(def.collection, validation.fields, { words: def.words, ...options, screening }) };
}
