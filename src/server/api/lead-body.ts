/**
 * Checks a POST /api/leads body against the request the site's forms send (src/shared/domain/lead-request.ts:
 * its keys and nothing else), with fields checked by the same valibot schemas as the forms (so a
 * rule changes in one place) and no field the form does not have.
 *
 * The lead's time is the server's, when it received the lead: the body's createdAt is the
 * browser's clock, which any sender sets as it likes (a lead dated 9999 would sort first forever
 * and count in a week of the Overview that never comes). It is kept only as information
 * (clientTime), and only within CLIENT_TIME_SKEW_MS of the server's time.
 */
import { COLLECTIONS, type Collection } from '@/shared/domain/records';
import { validateForm, type FormDef, type FormValues, type LeadForms } from '@/shared/domain/lead-forms';
import { spamReason, type Screening } from '@/shared/domain/screening';
import { attributionProblem, normaliseAttribution, type Attribution } from '@/shared/domain/attribution';
import { LEAD_ID_PATTERN, LEAD_PAGE_MAX, LEAD_REQUEST_KEYS } from '@/shared/domain/lead-request';
import type { NewLead } from '../db/leads';
import { HttpError, rejectUnknownKeys } from '../http/json';

const ISO_UTC = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?Z$/;
/** How far the browser's clock may be from the server's for its time to be kept: a day. */
export const CLIENT_TIME_SKEW_MS = 24 * 60 * 60 * 1000;

/**
 * A time of the calendar in ISO 8601 UTC. Date.parse alone is not enough: it rolls 30 February over
 * into March and takes year 0 and hour 24, which PostgreSQL's timestamptz refuses.
 */
export function isUtcTime(text: string): boolean {
  const parts = ISO_UTC.exec(text)?.slice(1, 7).map(Number);
  const time = Date.parse(text);
  if (!parts || Number.isNaN(time)) return false;
  const date = new Date(time);
  const read = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()];
  return (parts[0] as number) >= 1 && read.every((value, i) => value === parts[i]);
}

/** What the trap may hold: a bot's text is kept short of the body limit anyway, this only bounds the check. */
const TRAP_MAX = 2000;

/**
 * The form's own report: the hidden trap's text and how long the form was shown. Absent, the lead
 * did not come from the site's form and is kept as spam (screening.ts); malformed, it gets a 400.
 */
function parseScreening(value: unknown): Screening | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new HttpError(400, '"screening" must be an object with "trap" and "shownForMs"');
  rejectUnknownKeys(value as Record<string, unknown>, ['trap', 'shownForMs'], 'the screening');
  const { trap, shownForMs } = value as Record<string, unknown>;
  if (typeof trap !== 'string' || trap.length > TRAP_MAX) throw new HttpError(400, `"screening.trap" must be text of at most ${TRAP_MAX} characters`);
  if (typeof shownForMs !== 'number' || !Number.isFinite(shownForMs) || shownForMs < 0) {
    throw new HttpError(400, '"screening.shownForMs" must be a number of milliseconds, 0 or more');
  }
  return { trap, shownForMs };
}

/** Where the visit came from (optional: a body without it, or with null, is a lead like any other). */
function parseAttribution(value: unknown): Attribution | null {
  if (value === undefined || value === null) return null;
  const problem = attributionProblem(value);
  if (problem) throw new HttpError(400, problem);
  return normaliseAttribution(value as Record<string, unknown>);
}

/**
 * The contract's types, checked before the form's rules: the forms send text, and a list of texts
 * for checkboxes. Another value would reach the rules' schemas, whose type checks carry no words of
 * the site's (valibot's own "Invalid type: Expected string but received 5").
 */
function mistypedField(def: FormDef, fields: Record<string, unknown>): string | undefined {
  for (const [name, value] of Object.entries(fields)) {
    if (def.fields[name]?.kind === 'checkboxes') {
      if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) return `"fields.${name}" must be a list of texts`;
    } else if (typeof value !== 'string') return `"fields.${name}" must be text`;
  }
  return undefined;
}

const isCollection = (value: unknown): value is Collection => typeof value === 'string' && (COLLECTIONS as readonly string[]).includes(value);

/**
 * The lead to store, or an HttpError (400) whose message says what is wrong. `forms` are the site's
 * (its product list); `receivedAt` is the server's time now (the clock's, unless given), the lead's createdAt. A lead whose
 * screening shows a bot is still valid: it is stored with its `spam` reason, for the admin's Spam list.
 */
export function parseLeadBody(body: Record<string, unknown>, forms: LeadForms, receivedAt: Date = new Date()): NewLead {
  rejectUnknownKeys(body, LEAD_REQUEST_KEYS, 'the submission');
  const { type, id, createdAt, page, fields } = body;
  if (!isCollection(type)) throw new HttpError(400, `"type" must be one of ${COLLECTIONS.join(', ')}`);
  if (typeof id !== 'string' || !LEAD_ID_PATTERN.test(id)) throw new HttpError(400, '"id" must be a reference like GB-7K3Q9X2M');
  if (typeof createdAt !== 'string' || !isUtcTime(createdAt)) {
    throw new HttpError(400, '"createdAt" must be a UTC time in ISO 8601, like 2025-11-22T10:31:07.482Z');
  }
  // eslint-disable-next-line no-control-regex
  if (typeof page !== 'string' || !page.startsWith('/') || page.length > LEAD_PAGE_MAX || /[\u0000-\u001f\u007f]/.test(page)) {
    throw new HttpError(400, `"page" must be the path of the form's page, like /contact (${LEAD_PAGE_MAX} characters at most)`);
  }
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) throw new HttpError(400, '"fields" must be an object');
  const def = forms[type];
  // The schema's keys: the form's fields, and `language` where the form records the page's language.
  rejectUnknownKeys(fields as Record<string, unknown>, Object.keys(def.schema.entries), `the fields of ${type}`);
  // The form always sends every key (an optional one as ''), so a missing key is a broken client.
  const missing = Object.keys(def.fields).find((key) => !(key in fields));
  if (missing !== undefined) throw new HttpError(400, `Missing field "${missing}" in the fields of ${type}`);
  const mistyped = mistypedField(def, fields as Record<string, unknown>);
  if (mistyped) throw new HttpError(400, mistyped);
  const validation = validateForm(def, fields as FormValues);
  if (!validation.ok) {
    const [name, message] = Object.entries(validation.errors)[0] ?? ['fields', 'The fields are not valid'];
    throw new HttpError(400, `Invalid "${name}": ${message}`, {}, { fields: validation.errors });
  }
  const attribution = parseAttribution(body.attribution);
  // A malformed time is still refused above: the contract says what createdAt is, and a client that
  // sends another shape is broken. A well-formed one too far off is dropped, not refused: a visitor
  // whose computer's clock is wrong still reaches the company.
  const clientTime = Math.abs(Date.parse(createdAt) - receivedAt.getTime()) <= CLIENT_TIME_SKEW_MS ? new Date(createdAt).toISOString() : null;
  const screening = parseScreening(body.screening);
  return { type, id, createdAt: receivedAt.toISOString(), clientTime, page, fields: validation.fields, spam: spamReason(screening), attribution };
}
