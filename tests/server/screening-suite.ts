/**
 * The screening of leads with notifications on (an SMTP sink and a webhook receiver on loopback):
 * a lead posted without the forms' screening data, as a script calling the endpoint directly
 * posts it, is kept as spam and sends nothing, exactly like one that fails the screening. Run on
 * PGlite (screening.pglite.test.ts) and PostgreSQL (screening.postgres.test.ts).
 */
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import type { Store } from '../../src/server/db/connect';
import { readNotifySettings } from '../../src/server/notify/settings';
import { startNotifications, type OutboxWorker } from '../../src/server/notify/worker';
import { createHarness, LEAD_FORMS, resetTables, sampleLead, SITE } from './harness';
import { startMailSink, type MailSink } from './mail-sink';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';

const SECRET = `whsec_${Buffer.from('a test key of thirty-two bytes!!').toString('base64')}`;

/** A lead as a script posts it: the form's body without the screening. */
function unscreened(id: string): Record<string, unknown> {
  const { screening: _screening, ...body } = sampleLead('contactEnquiries', id);
  return body;
}

export function screeningSuite(getStore: () => Store): void {
  let store: Store;
  let sink: MailSink;
  let hooks: WebhookReceiver;
  let worker: OutboxWorker | undefined;

  beforeAll(async () => {
    sink = await startMailSink();
    hooks = await startWebhookReceiver();
  });
  afterAll(async () => {
    await sink?.stop();
    await hooks?.stop();
  });
  beforeEach(async () => {
    store = getStore();
    await resetTables(store);
    sink.messages.length = 0;
    hooks.received.length = 0;
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
  });

  it('keeps a lead posted without the screening data as spam and sends no e-mail or webhook for it', async () => {
    const clock = { now: new Date('2026-03-02T09:00:00.000Z') };
    const settings = readNotifySettings({
      SMTP_URL: sink.url,
      LEAD_NOTIFY_TO: 'sales@garlicbrothers.example',
      LEAD_NOTIFY_FROM: 'Garlic Brothers <leads@garlicbrothers.example>',
      LEAD_WEBHOOK_URL: hooks.url,
      LEAD_WEBHOOK_SECRET: SECRET,
    });
    // Polls once an hour: every send here follows the wake of a new lead.
    worker = await startNotifications({ store, settings, adminBase: SITE, leadForms: LEAD_FORMS, log: () => {}, now: () => clock.now, pollMs: 3_600_000 });
    const h = await createHarness(store, { notify: worker, clock });

    // A form's lead first, so the worker demonstrably sends; then a script's burst of five.
    expect((await h.call('POST', '/api/leads', { body: sampleLead('contactEnquiries', 'GB-22222222') })).status).toBe(201);
    const ids = ['GB-33333333', 'GB-44444444', 'GB-55555555', 'GB-66666666', 'GB-77777777'];
    for (const id of ids) {
      const response = await h.call('POST', '/api/leads', { body: unscreened(id) });
      // The same answer as anyone's: the sender learns nothing about the screening.
      expect(response.status).toBe(201);
      expect(await response.json()).toEqual({ id, stored: 'new' });
    }
    await worker.idle();
    expect(sink.messages.map((mail) => mail.headers.get('message-id'))).toEqual(['<lead.GB-22222222.1@garlicbrothers.example>']);
    expect(hooks.received).toHaveLength(1);

    const cookie = await h.signIn();
    const spam = await h.call('GET', '/api/admin/leads?spam=only', { cookie });
    const listed = ((await spam.json()) as { leads: { id: string; spam: string; deliveries: unknown[] }[] }).leads;
    expect(listed.map((lead) => [lead.id, lead.spam, lead.deliveries]).sort()).toEqual(ids.map((id) => [id, 'unscreened', []]));
    const leads = await h.call('GET', '/api/admin/leads', { cookie });
    expect(((await leads.json()) as { leads: { id: string }[] }).leads.map((lead) => lead.id)).toEqual(['GB-22222222']);
  });
}
