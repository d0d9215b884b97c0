/**
 * What a lead form sends and the site's own server takes at POST /api/leads: one shape, typed where
 * the browser builds it and checked key by key on the server against the same names, so a field
 * added to the request is added on both sides or the types say where it is missing. A
 * LEAD_ENDPOINT elsewhere receives the same shape without the screening, which only the site's own
 * server reads.
 */
import type { Attribution } from './attribution';
import { ID_ALPHABET, type Collection, type Fields } from './records';
import type { Screening } from './screening';

/** The site's own server's route for leads. */
export const LEAD_PATH = '/api/leads';

export interface LeadRequest {
  type: Collection;
  /** The reference the visitor was shown: the server ignores a second request with an id it has. */
  id: string;
  /** The browser's clock when the lead was made (the server dates the lead by its own). */
  createdAt: string;
  /** The path of the form's page. */
  page: string;
  fields: Fields;
  /** The form's report on bots: read by the site's own server only. */
  screening?: Screening;
  /** Where the visit came from, when the visit kept it. */
  attribution?: Attribution;
}

/** Every key a request may have; the server refuses any other. */
export const LEAD_REQUEST_KEYS = ['type', 'id', 'createdAt', 'page', 'fields', 'screening', 'attribution'] as const satisfies readonly (keyof LeadRequest)[];
// A key of LeadRequest left out of the list above fails to compile here.
const listsEveryKey: [Exclude<keyof LeadRequest, (typeof LEAD_REQUEST_KEYS)[number]>] extends [never] ? true : never = true;
void listsEveryKey;

/** A reference as newRecordId makes them: GB- and 8 characters of the reference alphabet. */
export const LEAD_ID_PATTERN = new RegExp(`^GB-[${ID_ALPHABET}]{8}$`);

/** The longest page path a request may name. */
export const LEAD_PAGE_MAX = 300;
