/**
 * Where a lead came from: the first page of the visit, the other site that linked to it, and the
 * campaign's UTM values. The browser reads them from the landing page's address and referrer
 * (readAttribution), keeps them for the visit and sends them with a lead; the server checks what
 * it receives (attributionProblem) with the same limits, so a value the browser captured is never
 * refused. The overview and the CSV name a lead's source the same way everywhere (leadSource).
 *
 * The page's language is not part of it: the form already sends it once, as the lead's
 * `fields.language` (absent on the default language's pages).
 */

export interface Attribution {
  /** The path of the visit's first page, without its query, e.g. /garlic-powder. */
  landingPage: string;
  /** The origin of the other site that linked to the landing page, e.g. https://www.google.com; null when none or our own. */
  referrer: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
}

export const ATTRIBUTION_KEYS = ['landingPage', 'referrer', 'utmSource', 'utmMedium', 'utmCampaign'] as const;

/** Longest path kept (the lead body's `page` has the same limit). */
export const LANDING_PAGE_MAX = 300;
/** Longest origin kept: a scheme, a host name of at most 253 characters and a port. */
export const REFERRER_MAX = 300;
/** Longest UTM value kept: campaign names are short; a longer value is cut, not refused. */
export const UTM_MAX = 100;

const UTM_PARAMS = { utmSource: 'utm_source', utmMedium: 'utm_medium', utmCampaign: 'utm_campaign' } as const;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;
// eslint-disable-next-line no-control-regex
const HAS_CONTROL = /[\u0000-\u001f\u007f]/;
/** scheme://host[:port], as URL.origin writes it for http and https. */
const ORIGIN = /^https?:\/\/[^/?#\s@]+$/;

/** At most `max` UTF-16 units, never ending in half a surrogate pair (which the database cannot store). */
function cap(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

/** A query value as kept: control characters dropped, trimmed, capped; null when nothing is left. */
export function cleanValue(raw: string | null | undefined, max = UTM_MAX): string | null {
  const text = cap((raw ?? '').replace(CONTROL, '').trim(), max).trim();
  return text === '' ? null : text;
}

/**
 * What a page view tells about the visit: `href` is the page's address, `referrer` what the
 * browser reports (document.referrer: '' when none). The referrer is kept as its origin only, and
 * only when it is another site's (a page of our own linking to this one is not a source).
 */
export function readAttribution(href: string, referrer: string): Attribution {
  const url = new URL(href);
  let from: string | null = null;
  if (referrer) {
    try {
      const origin = new URL(referrer).origin;
      if (ORIGIN.test(origin) && origin !== url.origin && origin.length <= REFERRER_MAX) from = origin;
    } catch {
      // An address the browser could not parse names no site.
    }
  }
  const params = url.searchParams;
  return {
    landingPage: cap(url.pathname.replace(CONTROL, ''), LANDING_PAGE_MAX),
    referrer: from,
    utmSource: cleanValue(params.get(UTM_PARAMS.utmSource)),
    utmMedium: cleanValue(params.get(UTM_PARAMS.utmMedium)),
    utmCampaign: cleanValue(params.get(UTM_PARAMS.utmCampaign)),
  };
}

/**
 * Whether this page view starts a new visit's attribution: it came from another site or from a
 * campaign link. A page reached from our own pages (or typed in again) keeps what the visit has.
 */
export function isArrival(attribution: Attribution): boolean {
  return attribution.referrer !== null || attribution.utmSource !== null || attribution.utmMedium !== null || attribution.utmCampaign !== null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Why `value` is not an attribution the server keeps (a message naming the key), or null with
 * `value` valid. `landingPage` is required; the others may be absent, null or text. Unknown keys
 * are refused, and so is `language` (sent once, as the lead's fields.language).
 */
export function attributionProblem(value: unknown): string | null {
  if (!isRecord(value)) return '"attribution" must be an object with "landingPage" and any of "referrer", "utmSource", "utmMedium", "utmCampaign"';
  for (const key of Object.keys(value)) {
    if (key === 'language') return '"attribution.language" is not taken: the page’s language is sent once, as "fields.language"';
    if (!(ATTRIBUTION_KEYS as readonly string[]).includes(key)) return `Unknown field "${key.slice(0, 50)}" in the attribution`;
  }
  const { landingPage, referrer } = value;
  if (typeof landingPage !== 'string' || !landingPage.startsWith('/') || landingPage.length > LANDING_PAGE_MAX || HAS_CONTROL.test(landingPage)) {
    return `"attribution.landingPage" must be the path of the visit's first page, like /garlic-powder (${LANDING_PAGE_MAX} characters at most)`;
  }
  if (referrer !== undefined && referrer !== null && (typeof referrer !== 'string' || !ORIGIN.test(referrer) || referrer.length > REFERRER_MAX)) {
    return `"attribution.referrer" must be an origin like https://www.google.com (no path; ${REFERRER_MAX} characters at most), or null`;
  }
  for (const key of ['utmSource', 'utmMedium', 'utmCampaign'] as const) {
    const text = value[key];
    if (text === undefined || text === null) continue;
    if (typeof text !== 'string' || text.trim() === '' || text.length > UTM_MAX || HAS_CONTROL.test(text)) {
      return `"attribution.${key}" must be text of 1 to ${UTM_MAX} characters without control characters, or null`;
    }
  }
  return null;
}

/** A valid attribution (attributionProblem gave null) in its stored shape: every key, null where absent, values trimmed. */
export function normaliseAttribution(value: Record<string, unknown>): Attribution {
  const text = (key: string) => (typeof value[key] === 'string' ? (value[key] as string).trim() || null : null);
  return {
    landingPage: value.landingPage as string,
    referrer: text('referrer'),
    utmSource: text('utmSource'),
    utmMedium: text('utmMedium'),
    utmCampaign: text('utmCampaign'),
  };
}

/** The host of an origin (https://www.google.com:443 → www.google.com), lower case. */
export function referrerHost(origin: string): string {
  return origin
    .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
    .replace(/:\d+$/, '')
    .toLowerCase();
}

/** A source for the leads of no recorded attribution (the visitor asked not to be measured, or an older page sent them). */
export const UNRECORDED_SOURCE = '';

/**
 * A lead's source as the overview and the CSV name it: the UTM source when there is one, else the
 * referring site's host, else "direct"; lower case, so "Newsletter" and "newsletter" are one.
 * UNRECORDED_SOURCE ('') when the lead has no attribution. The server's SQL reads it the same way.
 */
export function leadSource(attribution: Attribution | null | undefined): string {
  if (!attribution) return UNRECORDED_SOURCE;
  if (attribution.utmSource) return attribution.utmSource.toLowerCase();
  if (attribution.referrer) return referrerHost(attribution.referrer);
  return 'direct';
}
