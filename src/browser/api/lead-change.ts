/**
 * A change to a lead made from the version the admin's screen shows. When a colleague changed the
 * lead meanwhile, the server refuses it (409) and says who and when: that becomes a StaleLeadError
 * the screen can show while it keeps what the admin chose. Other failures are ApiErrors, in the
 * same words as every other request's (portal-api.ts).
 */
import { ApiError, refusal, send, withStatus } from './portal-api';

export class StaleLeadError extends ApiError {
  constructor(
    /** The account that changed the lead last, and when (ISO); null when the server did not say. */
    readonly changedBy: string | null,
    readonly changedAt: string | null,
    serverMessage: string,
  ) {
    super(409, withStatus(serverMessage, 409), serverMessage);
    this.name = 'StaleLeadError';
  }
}

interface Refusal {
  error?: unknown;
  changedBy?: unknown;
  changedAt?: unknown;
}

const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * Sends the change. The refusal's body is read here rather than by request(), because a stale
 * version's answer carries who changed the lead; other failures get request()'s words.
 */
export async function changeRequest(path: string, init: RequestInit): Promise<Response> {
  const response = await send(path, init);
  if (response.ok) return response;
  let body: Refusal = {};
  try {
    body = (await response.json()) as Refusal;
  } catch {
    // Not the server's JSON (a proxy's error page): the status alone.
  }
  const detail = textOrNull(body.error) ?? '';
  if (response.status === 409 && 'changedBy' in body) throw new StaleLeadError(textOrNull(body.changedBy), textOrNull(body.changedAt), detail);
  throw refusal(response.status, detail);
}
