/**
 * The admin's list of leads as a query string: which types, statuses, country, product, time range
 * and search, and in what order. Every value is checked here, and a bad one is refused with a 400
 * that says what is expected, before any query runs.
 */
import { COLLECTIONS, LEAD_STATUSES, statusesOf, type Collection, type LeadStatus } from '@/shared/domain/records';
import { isIsoDate } from '@/shared/domain/dates';
import { optionValue, type LeadForms } from '@/shared/domain/lead-forms';
import { isCountryCode } from '@/shared/domain/countries';
import type { LeadFilter } from '../db/leads';
import { HttpError, rejectUnknownKeys } from '../http/json';
import { wholeNumber } from '../http/query';
import { unstorableCharacter } from '../http/storable';
import { isUtcTime } from './lead-body';

export const LIST_MAX = 1000;
const Q_MAX = 200;

type Query = Record<string, string | undefined>;

/** A comma-separated list of known values ('' or absent: none), each checked. */
function listParam<T extends string>(raw: string | undefined, name: string, allowed: readonly T[]): T[] {
  if (raw === undefined || raw === '') return [];
  const values = raw.split(',').map((value) => value.trim());
  const unknown = values.find((value) => !(allowed as readonly string[]).includes(value));
  if (unknown !== undefined) throw new HttpError(400, `"${name}" must be one or more of ${allowed.join(', ')}, separated by commas`);
  return [...new Set(values)] as T[];
}

/** The lead types of ?type=, one or more; `required` refuses none. */
export function typesParam(raw: string | undefined, required: boolean): Collection[] {
  const types = listParam(raw, 'type', COLLECTIONS);
  if (required && types.length === 0) throw new HttpError(400, `Give ?type= one or more of ${COLLECTIONS.join(', ')}`);
  return types;
}

function textParam(raw: string | undefined, name: string, max: number): string | undefined {
  const text = raw?.trim() ?? '';
  if (text === '') return undefined;
  if (text.length > max) throw new HttpError(400, `"${name}" must be at most ${max} characters`);
  // PostgreSQL's text holds no NUL: refused here, with its name, rather than failing in the query.
  const bad = unstorableCharacter(text);
  if (bad) throw new HttpError(400, `"${name}" holds a character that cannot be searched for: ${bad}`);
  return text;
}

/**
 * The last instant a time of four-digit years holds: the end of 9999-12-31 would be year 10000, which
 * reaches the database as +010000-01-01 and is refused there.
 */
const LAST_INSTANT = new Date('9999-12-31T23:59:59.999Z');

/** A time: a UTC instant in ISO 8601, or a day YYYY-MM-DD (its start in UTC, or with `endOfDay` the start of the next). */
function timeParam(raw: string | undefined, name: string, endOfDay: boolean): Date | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (isIsoDate(raw) && raw >= '0001-01-01') {
    const day = new Date(`${raw}T00:00:00.000Z`);
    if (endOfDay) day.setUTCDate(day.getUTCDate() + 1);
    return day > LAST_INSTANT ? LAST_INSTANT : day;
  }
  if (isUtcTime(raw)) return new Date(raw);
  throw new HttpError(400, `"${name}" must be a day written YYYY-MM-DD or a UTC time like 2026-03-01T18:30:00.000Z`);
}

/** A country as the forms store it: an ISO 3166-1 alpha-2 code (either case). */
function countryParam(raw: string | undefined): string | undefined {
  const code = raw?.trim().toUpperCase() ?? '';
  if (code === '') return undefined;
  if (!isCountryCode(code)) throw new HttpError(400, '"country" must be an ISO 3166-1 alpha-2 country code, like DE');
  return code;
}

/** The products buyers can choose (content/site.yaml, as the forms offer them). */
export function siteProducts(forms: LeadForms): string[] {
  return (forms.contactEnquiries.fields.products?.options ?? []).map(optionValue);
}

/** The keys the filter reads. */
const FILTER_KEYS = ['type', 'status', 'country', 'product', 'from', 'to', 'q', 'order', 'today', 'limit', 'offset'] as const;

/**
 * The filter of GET /api/admin/leads (and its CSV) from the query string. `products` are the
 * site's: a product outside the list is refused rather than matching nothing. `now` is the
 * server's time, whose UTC day is "today" for the desk's order when the admin's own is not given.
 * A key neither the filter nor its caller reads (`alsoTakes`: the owner and Spam filters of
 * admin.ts) is refused: a misspelt filter would otherwise list every lead.
 */
export function parseLeadQuery(
  query: Query,
  products: readonly string[],
  now: Date,
  { typeRequired = false, alsoTakes = [] }: { typeRequired?: boolean; alsoTakes?: readonly string[] } = {},
): LeadFilter {
  rejectUnknownKeys(query, [...FILTER_KEYS, ...alsoTakes], `the list’s query (it takes ${[...FILTER_KEYS, ...alsoTakes].join(', ')})`);
  const types = typesParam(query.type, typeRequired);
  const statuses = listParam(query.status, 'status', LEAD_STATUSES);
  // A status no listed type has would silently match nothing: say so instead.
  const possible = new Set<LeadStatus>((types.length ? types : COLLECTIONS).flatMap((type) => statusesOf(type)));
  const impossible = statuses.find((status) => !possible.has(status));
  if (impossible !== undefined) {
    throw new HttpError(400, `"status" ${impossible} is not a status of ${types.join(' or ')}; they have ${[...possible].join(', ') || 'no status'}`);
  }

  const product = textParam(query.product, 'product', 200);
  if (product !== undefined && !products.includes(product)) throw new HttpError(400, `"product" must be one of ${products.join(', ')}`);

  const from = timeParam(query.from, 'from', false);
  const before = timeParam(query.to, 'to', true);
  if (from && before && from >= before) throw new HttpError(400, '"from" must be before "to"');

  let order: LeadFilter['order'] = { by: 'newest' };
  if (query.order === 'desk') {
    const today = query.today ?? '';
    if (today !== '' && !(isIsoDate(today) && today >= '0001-01-01')) throw new HttpError(400, '"today" must be a day written YYYY-MM-DD');
    // Without the admin's own day, the server's (UTC).
    order = { by: 'desk', today: today || now.toISOString().slice(0, 10) };
  } else if (query.order !== undefined && query.order !== '' && query.order !== 'newest') {
    throw new HttpError(400, '"order" must be newest or desk');
  }

  return {
    types,
    statuses,
    country: countryParam(query.country),
    product,
    from,
    before,
    q: textParam(query.q, 'q', Q_MAX),
    order,
    limit: wholeNumber(query.limit, 'limit', { fallback: LIST_MAX, max: LIST_MAX }),
    offset: wholeNumber(query.offset, 'offset', { fallback: 0, max: Number.MAX_SAFE_INTEGER }),
  };
}
