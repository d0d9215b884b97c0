/**
 * The webhook of a lead: a JSON POST to LEAD_WEBHOOK_URL, signed by the Standard Webhooks scheme
 * (webhook-id, webhook-timestamp, webhook-signature: "v1," and the base64 HMAC-SHA256 of
 * "id.timestamp.body" with the secret's decoded key), so a CRM or chat relay can check that it
 * came from this site and is not a replay. The id stays the same across retries of one message
 * (receivers drop repeats by it); the timestamp and signature are made afresh for each attempt.
 * Signed with node:crypto: the scheme is one HMAC, and the server needs no package for it.
 */
import { createHmac } from 'node:crypto';
import type { LeadForms } from '@/shared/domain/lead-forms';
import type { StoredLead } from '../db/leads';
import { summarise } from './lead-summary';
import type { WebhookSettings } from './settings';
import { errorMessage } from '../../shared/error-message';

export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How much of a refusing receiver's answer is kept as the error. */
const ANSWER_MAX = 200;

export function webhookId(lead: Pick<StoredLead, 'id'>, round: number): string {
  return `lead_${lead.id}_${round}`;
}

/** The value of webhook-signature for this id, time (Unix seconds) and body. */
export function signWebhook(key: Buffer, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The JSON body: Standard Webhooks' envelope (type, timestamp, data) around the lead. */
export function webhookPayload(lead: StoredLead, adminBase: string, forms: LeadForms): Record<string, unknown> {
  const s = summarise(lead, adminBase, forms);
  return {
    type: 'lead.received',
    timestamp: lead.receivedAt,
    data: {
      id: lead.id,
      type: lead.type,
      kind: s.kind,
      createdAt: lead.createdAt,
      receivedAt: lead.receivedAt,
      page: lead.page,
      language: s.language,
      summary: { who: s.who, where: s.where, what: s.what },
      fields: lead.fields,
      // fields.country is the English name; receivers that match countries want the ISO 3166-1 code.
      countryCode: lead.countryCode,
      adminUrl: s.adminUrl,
    },
  };
}

export interface WebhookSender {
  send(lead: StoredLead, round: number, signal: AbortSignal): Promise<void>;
}

/**
 * POSTs the body signed for this id, timestamped now; resolves once the receiver answered 2xx,
 * rejects with an Error saying why not (its status and the start of its answer).
 */
export async function postSigned(settings: WebhookSettings, id: string, body: string, timestamp: number, signal: AbortSignal): Promise<void> {
  let response: Response;
  try {
    response = await fetch(settings.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'GarlicBrothers-Webhooks/1',
        'webhook-id': id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signWebhook(settings.key, id, timestamp, body),
      },
      body,
      // A redirect is a failure to fix in LEAD_WEBHOOK_URL, not a place to send the lead to.
      redirect: 'manual',
      signal: AbortSignal.any([signal, AbortSignal.timeout(WEBHOOK_TIMEOUT_MS)]),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') throw new Error(`no answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`, { cause: error });
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    throw new Error(`${errorMessage(error)}${cause}`, { cause: error });
  }
  if (response.ok) {
    await response.body?.cancel();
    return;
  }
  const answer = (await response.text().catch(() => '')).trim().slice(0, ANSWER_MAX);
  throw new Error(`HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}${answer ? `: ${answer}` : ''}`);
}

export function createWebhookSender(settings: WebhookSettings, adminBase: string, forms: LeadForms, now: () => Date = () => new Date()): WebhookSender {
  return {
    send: (lead, round, signal) =>
      postSigned(settings, webhookId(lead, round), JSON.stringify(webhookPayload(lead, adminBase, forms)), Math.floor(now().getTime() / 1000), signal),
  };
}
