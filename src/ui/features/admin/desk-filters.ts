/**
 * The sales desk's filters: what the admin chose (status, kind, country, product, the days a lead
 * was sent, a search, "My leads" and "Due today"), read from and written to the page's address so a filtered desk can be
 * reloaded or shared, and turned into the API's query (the admin's own days and midnights, and
 * the desk's order on the admin's today).
 */
import { englishCountryCode, englishCountryName } from '@/shared/domain/country-english';
import { isIsoDate } from '@/shared/domain/dates';
import { localDate } from '@/shared/domain/sales-pipeline';
import { BUYER_COLLECTIONS, BUYER_STATUS_LABELS, isBuyerStatus, type BuyerCollection, type BuyerStatus } from '@/shared/domain/records';

export interface DeskFilters {
  status: BuyerStatus | '';
  kind: BuyerCollection | '';
  /** The country's ISO 3166-1 alpha-2 code, as the forms store it, or ''. */
  country: string;
  product: string;
  /** Sent on or after this day (YYYY-MM-DD, the admin's own calendar), or ''. */
  from: string;
  /** Sent on or before this day, or ''. */
  to: string;
  /** Part of the name, company, e-mail, phone, addresses, message or reference. */
  q: string;
  /** '1': only the leads assigned to the signed-in account ("My leads"). */
  mine: '' | '1';
  /** 'today': open leads to follow up today or earlier, the team's today as the server counts it ("Due today"). */
  due: '' | 'today';
}

export const NO_FILTERS: DeskFilters = { status: '', kind: '', country: '', product: '', from: '', to: '', q: '', mine: '', due: '' };

/** The longest search the server takes. */
export const Q_MAX = 200;

/**
 * The country of the address: its code in either case, or its English name as an address kept from
 * before the filter took codes wrote it (`?country=Germany`); '' for anything else.
 */
const countryParam = (value: string | null): string => englishCountryCode(value ?? '') ?? '';

const day = (value: string | null): string => (value && isIsoDate(value) && value >= '0001-01-01' ? value : '');

/**
 * The filters in the page's address (`?status=new&country=DE`). What does not fit is left
 * out rather than refused: an address typed or kept from an older version still opens the desk.
 */
export function readFilters(params: URLSearchParams, products: readonly string[]): DeskFilters {
  const status = params.get('status') ?? '';
  const kind = params.get('kind') ?? '';
  const product = params.get('product') ?? '';
  let from = day(params.get('from'));
  let to = day(params.get('to'));
  if (from && to && from > to) [from, to] = [to, from];
  return {
    status: isBuyerStatus(status) ? status : '',
    kind: (BUYER_COLLECTIONS as readonly string[]).includes(kind) ? (kind as BuyerCollection) : '',
    country: countryParam(params.get('country')),
    product: products.includes(product) ? product : '',
    from,
    to,
    q: (params.get('q') ?? '').trim().slice(0, Q_MAX),
    mine: params.get('mine') === '1' ? '1' : '',
    due: params.get('due') === 'today' ? 'today' : '',
  };
}

/** The filters that are set, as the page's address writes them (empty for none). */
export function filtersToParams(filters: DeskFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['status', 'kind', 'country', 'product', 'from', 'to', 'q', 'mine', 'due'] as const) {
    const value = filters[key].trim();
    if (value) params.set(key, value);
  }
  return params;
}

/** How many filters are set (the search not counted), for "More filters (2 set)". */
export function setFilterCount(filters: DeskFilters, keys: readonly (keyof DeskFilters)[]): number {
  return keys.filter((key) => filters[key].trim() !== '').length;
}

/** Midnight at the start of `day` in the admin's zone, as a UTC time. */
function localMidnight(dayText: string, plusDays = 0): string {
  const [y, m, d] = dayText.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d + plusDays);
  // Years below 100 would be read as 19xx by the Date constructor.
  date.setFullYear(y, m - 1, d + plusDays);
  return date.toISOString();
}

/**
 * The API query of the desk's list: the buyers' types (or the one kind chosen), the filters, the
 * days as the admin's own midnights, and the desk's order on the admin's today.
 */
export function deskQuery(filters: DeskFilters, now: Date): URLSearchParams {
  const params = new URLSearchParams({ type: filters.kind || BUYER_COLLECTIONS.join(',') });
  if (filters.status) params.set('status', filters.status);
  if (filters.country) params.set('country', filters.country);
  if (filters.product) params.set('product', filters.product);
  const [from, to] = filters.from && filters.to && filters.from > filters.to ? [filters.to, filters.from] : [filters.from, filters.to];
  if (from) params.set('from', localMidnight(from));
  // The whole of the last day: before the next midnight.
  if (to) params.set('to', localMidnight(to, 1));
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.mine) params.set('mine', '1');
  if (filters.due) params.set('due', 'today');
  params.set('order', 'desk');
  params.set('today', localDate(now));
  return params;
}

/** The filters in words, for the line that says what the list shows ('New, Germany, Garlic Oil'). */
export function describeFilters(filters: DeskFilters, formatDay: (day: string) => string): string {
  const parts: string[] = [];
  if (filters.mine) parts.push('my leads');
  if (filters.due) parts.push('due today');
  if (filters.status) parts.push(BUYER_STATUS_LABELS[filters.status]);
  if (filters.kind) parts.push(filters.kind === 'contactEnquiries' ? 'quote requests' : 'sample requests');
  if (filters.country) parts.push(englishCountryName(filters.country));
  if (filters.product) parts.push(filters.product);
  if (filters.from && filters.to) parts.push(`sent ${formatDay(filters.from)} to ${formatDay(filters.to)}`);
  else if (filters.from) parts.push(`sent from ${formatDay(filters.from)}`);
  else if (filters.to) parts.push(`sent until ${formatDay(filters.to)}`);
  if (filters.q.trim()) parts.push(`matching “${filters.q.trim()}”`);
  return parts.join(', ');
}
