/**
 * Reading and answering JSON: a body that is not UTF-8, not JSON, not an object, too large, or
 * holding text the database cannot store is refused with a message that says which, before any
 * route logic runs.
 */
import type { AppContext } from '../context';
import { unstorableValue } from './storable';

export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/**
 * JSON is UTF-8. Decoded leniently (as c.req.text() does), a byte that is not would become U+FFFD
 * and be stored in place of what was sent; fatal, it is refused. A byte-order mark is read as nothing.
 */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** The body parsed as a JSON object; throws HttpError (415 or 400) otherwise. */
export async function readJsonObject(c: AppContext): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) throw new HttpError(415, 'Send the body as JSON with Content-Type: application/json');
  // Read outside the try: a body over its route's limit fails here, and is answered 413 by the limit.
  const bytes = await c.req.arrayBuffer();
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    throw new HttpError(400, 'The body is not UTF-8 text; send the JSON encoded as UTF-8');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'The body is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new HttpError(400, 'The body must be a JSON object');
  const unstorable = unstorableValue(value);
  if (unstorable) throw new HttpError(400, `${unstorable}; remove it`);
  return value as Record<string, unknown>;
}

/** Names keys that are not allowed; throws 400 naming the first unknown one. */
export function rejectUnknownKeys(value: Record<string, unknown>, allowed: readonly string[], where: string): void {
  const unknown = Object.keys(value).find((key) => !allowed.includes(key));
  if (unknown !== undefined) throw new HttpError(400, `Unknown field "${unknown.slice(0, 50)}" in ${where}`);
}
