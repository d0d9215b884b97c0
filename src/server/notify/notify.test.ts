/**
 * Lead notifications end to end in one process, on PGlite: the API stores a lead, the outbox
 * worker sends it to a real SMTP server and a webhook receiver on loopback, and the admin API
 * shows what happened. The worker's clock is the test's, so the real retry schedule (a minute,
 * two, four, … for two days) runs by moving the clock instead of waiting.
 */
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fieldLabel, fieldNames } from '@/shared/domain/lead-forms';
import { openStore, type Store } from '../db/connect';
import { insertLead, type NewLead } from '../db/leads';
import { claimDue, markSent, queueLeadNotifications, storeLeadWithNotifications } from './outbox';
import { readNotifySettings } from './settings';
import { startNotifications, type OutboxWorker } from './worker';
import { createHarness, LEAD_FORMS, resetTables, sampleLead, SITE, type Harness } from '../../../tests/server/harness';
import { startMailSink, type MailSink } from '../../../tests/server/mail-sink';
import { openTestPGlite } from '../../../tests/server/pglite';
import { startWebhookReceiver, type WebhookReceiver } from '../../../tests/server/webhook-receiver';

const SECRET = `whsec_${Buffer.from('a test key of thirty-two bytes!!').toString('base64')}`;
const TO = ['sales@garlicbrothers.example', 'export@garlicbrothers.example'];
const SMTP_LOGIN = { user: 'leads@garlicbrothers.example', pass: 'p@ss:word/1' };
const ID = 'GB-7K3Q9X2M';

let store: Store;
let dispose: () => Promise<void>;
let sink: MailSink;
let hooks: WebhookReceiver;
const workers: OutboxWorker[] = [];

beforeAll(async () => {
  const test = await openTestPGlite();
  dispose = test.dispose;
  store = await openStore({ pglite: test.pglite });
  sink = await startMailSink({ auth: SMTP_LOGIN });
  hooks = await startWebhookReceiver();
});

afterAll(async () => {
  await sink?.stop();
  await hooks?.stop();
  await store?.close();
  await dispose?.();
});

beforeEach(async () => {
  await resetTables(store);
  sink.messages.length = 0;
  sink.refuseNext(0);
  hooks.received.length = 0;
  hooks.answer(204);
});

afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.stop();
});

interface Setup {
  h: Harness;
  worker: OutboxWorker;
  clock: { now: Date };
  cookie: string;
  logs: Record<string, unknown>[];
}

async function setUp(env: Record<string, string> = {}): Promise<Setup> {
  const clock = { now: new Date('2026-03-02T09:00:00.000Z') };
  const settings = readNotifySettings({
    SMTP_URL: sink.url,
    LEAD_NOTIFY_TO: TO.join(', '),
    LEAD_NOTIFY_FROM: 'Garlic Brothers <leads@garlicbrothers.example>',
    LEAD_WEBHOOK_URL: hooks.url,
    LEAD_WEBHOOK_SECRET: SECRET,
    ...env,
  });
  const logs: Record<string, unknown>[] = [];
  // Polls once an hour: every send in these tests follows a wake, so each step is the test's.
  const worker = await startNotifications({
    store,
    settings,
    adminBase: SITE,
    leadForms: LEAD_FORMS,
    log: (entry) => logs.push(entry),
    now: () => clock.now,
    pollMs: 3_600_000,
  });
  workers.push(worker);
  // Sessions outlast the two days of retries the tests walk through.
  const h = await createHarness(store, { notify: worker, clock, sessionHours: 24 * 30 });
  return { h, worker, clock, cookie: await h.signIn(), logs };
}

interface ShownDelivery {
  channel: string;
  state: string;
  attempts: number;
  lastError: string | null;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  sentAt: string | null;
}
type ShownLead = { id: string; spam: string | null; deliveries: ShownDelivery[]; fields: Record<string, unknown> };

async function leads(s: Setup, query = ''): Promise<ShownLead[]> {
  const response = await s.h.call('GET', `/api/admin/leads${query}`, { cookie: s.cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as { leads: ShownLead[] }).leads;
}

async function delivery(s: Setup, channel: 'email' | 'webhook', id = ID): Promise<ShownDelivery | undefined> {
  return (await leads(s)).find((lead) => lead.id === id)?.deliveries.find((d) => d.channel === channel);
}

/** Moves the clock to the e-mail's next attempt and lets the worker run it. */
async function untilNextAttempt(s: Setup, channel: 'email' | 'webhook'): Promise<void> {
  const next = (await delivery(s, channel))?.nextAttemptAt;
  if (!next) throw new Error(`no next attempt for ${channel}`);
  s.clock.now = new Date(next);
  s.worker.wake();
  await s.worker.idle();
}

/** Stores the sample lead with its notifications queued, as another server would: no wake reaches this worker. */
async function storeQueued(s: Setup): Promise<void> {
  await store.db.transaction().execute(async (trx) => {
    await insertLead(trx, sampleLead() as unknown as NewLead);
    await queueLeadNotifications(trx, ID, s.clock.now);
  });
}

/** Sends `body` to the API as a new lead (answered 201), and lets the worker send what that queued. */
async function submitLead(s: Setup, body: Record<string, unknown> = sampleLead()): Promise<void> {
  expect((await s.h.call('POST', '/api/leads', { body })).status).toBe(201);
  await s.worker.idle();
}

const withScreening = (lead: Record<string, unknown>, trap: string, shownForMs: number) => ({ ...lead, screening: { trap, shownForMs } });

describe('a new lead', () => {
  it('gives exactly one e-mail to every address, Reply-To the buyer, with every field, and one webhook that verifies', async () => {
    const s = await setUp();
    const lead = sampleLead('contactEnquiries', ID);
    await submitLead(s, withScreening(lead, '', 8_000));

    expect(sink.messages).toHaveLength(1);
    const [mail] = sink.messages;
    if (!mail) throw new Error('no mail');
    expect(mail.to.sort()).toEqual([...TO].sort());
    expect(mail.from).toBe('leads@garlicbrothers.example');
    expect(mail.headers.get('to')).toBe(TO.join(', '));
    expect(mail.headers.get('reply-to')).toBe('anna.schmidt@spicetrading.example');
    expect(mail.headers.get('subject')).toBe('Quote request: Hamburg Spice Trading GmbH, Germany: 2.5 metric tons of Garlic Powder, Garlic Flakes');
    expect(mail.headers.get('message-id')).toBe(`<lead.${ID}.1@garlicbrothers.example>`);
    const fields = lead.fields as Record<string, string | string[]>;
    // Every field under the label the form shows it with.
    for (const key of fieldNames('contactEnquiries')) {
      const label = fieldLabel(LEAD_FORMS.contactEnquiries, key);
      const value = fields[key];
      // The country by its English name, not the code the form sends.
      const text = Array.isArray(value) ? value.join(', ') : key === 'country' ? 'Germany' : (value ?? '');
      expect(mail.text, key).toContain(`${label}: ${text}`);
      expect(mail.html, key).toContain(`${label}</th><td dir="ltr" style="padding:4px 0;white-space:pre-wrap">${text}</td>`);
    }
    const link = `${SITE}/admin?lead=${ID}#buyers-leads`;
    for (const fact of [`Reference: ${ID}`, 'Page: /contact', 'Language: English (en)', 'Sent: 2 Mar 2026, 14:30 IST', `In the admin: ${link}`])
      expect(mail.text).toContain(fact);
    expect(mail.html).toContain(`<a href="${link}">Open ${ID} in the admin</a>`);

    expect(hooks.received).toHaveLength(1);
    const [hook] = hooks.received;
    if (!hook) throw new Error('no webhook');
    expect(hook.headers['content-type']).toBe('application/json');
    expect(hook.headers['webhook-id']).toBe(`lead_${ID}_1`);
    const verified = new Webhook(SECRET).verify(hook.body, hook.headers as Record<string, string>) as { type: string; data: Record<string, unknown> };
    expect(verified.type).toBe('lead.received');
    expect(verified.data).toMatchObject({
      id: ID,
      type: 'contactEnquiries',
      kind: 'Quote request',
      page: '/contact',
      language: 'en',
      fields: { ...fields, country: 'Germany' },
      // The country's ISO code beside its English name, for receivers that match countries.
      countryCode: 'DE',
      adminUrl: link,
    });
    // A signature made with another key does not verify.
    expect(() =>
      new Webhook(`whsec_${Buffer.from('another key, also thirty-two b!!').toString('base64')}`).verify(hook.body, hook.headers as Record<string, string>),
    ).toThrow();

    const sent = { state: 'sent', attempts: 1, lastError: null, nextAttemptAt: null, sentAt: s.clock.now.toISOString() };
    expect((await leads(s))[0]?.deliveries).toEqual([
      { channel: 'email', ...sent, lastAttemptAt: s.clock.now.toISOString() },
      { channel: 'webhook', ...sent, lastAttemptAt: s.clock.now.toISOString() },
    ]);

    // The form's retry of the same reference stores nothing and sends nothing.
    expect((await s.h.call('POST', '/api/leads', { body: lead })).status).toBe(200);
    await s.worker.idle();
    expect(sink.messages).toHaveLength(1);
    expect(hooks.received).toHaveLength(1);
  });

  it('writes the visitor’s text into the HTML part as text, and a line break never reaches a header', async () => {
    const s = await setUp();
    const lead = sampleLead('partnershipApplications', ID);
    const fields = lead.fields as Record<string, string>;
    fields.company = 'Gulf <b>Trading</b> & "Sons"';
    fields.message = 'Line one <script>alert(1)</script>\nLine two';
    await submitLead(s, lead);
    const [mail] = sink.messages;
    expect(mail?.headers.get('subject')).toBe('Partnership application: Gulf <b>Trading</b> & "Sons", United Arab Emirates: Distributor');
    expect(mail?.html).toContain('Gulf &lt;b&gt;Trading&lt;/b&gt; &amp; &quot;Sons&quot;');
    expect(mail?.html).toContain('Line one &lt;script&gt;alert(1)&lt;/script&gt;\nLine two');
    expect(mail?.html).not.toContain('<script>');
    expect(mail?.text).toContain('Message: Line one <script>alert(1)</script>\n    Line two');
    // The link opens the application in the partner pipeline, not the sales desk.
    expect(mail?.text).toContain(`In the admin: ${SITE}/admin?application=${ID}#partnership-applications`);
  });

  it('is answered before it is sent: the visitor never waits for the mail server', async () => {
    const slow = await startMailSink({ delayMs: 1_500 });
    const s = await setUp({ SMTP_URL: slow.url });
    try {
      const started = performance.now();
      expect((await s.h.call('POST', '/api/leads', { body: sampleLead() })).status).toBe(201);
      const answered = performance.now();
      expect((await delivery(s, 'email'))?.state).toBe('pending');
      await s.worker.idle();
      expect(slow.messages).toHaveLength(1);
      // Accepted by the mail server after the answer, and the answer did not take the server's 1.5 s.
      expect(slow.messages[0]?.acceptedAt).toBeGreaterThan(answered);
      expect(answered - started).toBeLessThan(1_500);
      expect((await delivery(s, 'email'))?.state).toBe('sent');
    } finally {
      // Its pooled connection closes with the worker; the sink waits for it.
      await s.worker.stop();
      await slow.stop();
    }
  });
});

describe('an Arabic lead', () => {
  const arabic = () => ({
    ...sampleLead('contactEnquiries', ID),
    page: '/ar/contact',
    fields: {
      name: 'عمر حداد',
      company: 'شركة الخليج للأغذية',
      email: 'omar@gulffoods.example',
      phone: '+971 4 1234567',
      country: 'AE',
      products: ['Garlic Powder'],
      quantity: '2',
      unit: 'metric tons',
      destination: 'جبل علي، الإمارات العربية المتحدة',
      incoterm: 'CIF',
      message: 'مسحوق الثوم بمقاس 80-120 mesh في أكياس 25 kg، الشحنة الأولى في مارس. اتصلوا على +971 4 1234567.',
      language: 'ar',
    },
  });
  /** The value cell of a row of the HTML part, by the row's label. */
  const cell = (html: string, label: string) => new RegExp(`<th[^>]*>${label}</th>(<td[^>]*>)(.*?)</td>`, 's').exec(html)?.slice(1) ?? [];
  const LRI = '\u2066';
  const RLI = '\u2067';
  const PDI = '\u2069';

  it('gives the buyer’s Arabic text right to left with its figures, ranges and phone numbers isolated, in the HTML part', async () => {
    const s = await setUp();
    await submitLead(s, arabic());
    const html = sink.messages[0]?.html ?? '';
    const [messageTd, message] = cell(html, 'Message');
    expect(messageTd).toMatch(/^<td dir="rtl"/);
    expect(message).toBe(
      'مسحوق الثوم بمقاس <bdi dir="ltr">80-120 mesh</bdi> في أكياس <bdi dir="ltr">25 kg</bdi>، الشحنة الأولى في مارس. اتصلوا على <bdi dir="ltr">+971 4 1234567</bdi>.',
    );
    for (const label of ['Your name', 'Company', 'Destination port or country']) expect(cell(html, label)[0], label).toMatch(/^<td dir="rtl"/);
    // The country is named in English, the team's language, whatever the buyer's.
    expect(cell(html, 'Country')).toEqual([expect.stringMatching(/^<td dir="ltr"/), 'United Arab Emirates']);
    // The buyer's Latin values stay left to right.
    expect(cell(html, 'Phone')).toEqual([expect.stringMatching(/^<td dir="ltr"/), '+971 4 1234567']);
    expect(cell(html, 'E-mail')[0]).toMatch(/^<td dir="ltr"/);
  });

  it('isolates the Latin runs of the Arabic text in the plain-text part and the subject, and names the quantity there', async () => {
    const s = await setUp();
    await submitLead(s, arabic());
    const [mail] = sink.messages;
    expect(mail?.headers.get('subject')).toBe(`Quote request: ${RLI}شركة الخليج للأغذية${PDI}, United Arab Emirates: 2 metric tons of Garlic Powder`);
    expect(mail?.text).toContain(
      `Message: ${RLI}مسحوق الثوم بمقاس ${LRI}80-120 mesh${PDI} في أكياس ${LRI}25 kg${PDI}، الشحنة الأولى في مارس. اتصلوا على ${LRI}+971 4 1234567${PDI}.${PDI}\n`,
    );
    expect(mail?.text).toContain('Phone: +971 4 1234567\n');
  });

  it('says its language once, and its time in India time unless TEAM_TIME_ZONE names another zone', async () => {
    const s = await setUp();
    await submitLead(s, arabic());
    const [mail] = sink.messages;
    // Stored at the test clock's 2026-03-02T09:00:00.000Z.
    expect(mail?.text).toContain('Sent: 2 Mar 2026, 14:30 IST\n');
    expect(cell(mail?.html ?? '', 'Sent')[1]).toBe('2 Mar 2026, 14:30 IST');
    expect(mail?.text.match(/Language/g)).toEqual(['Language']);
    expect(mail?.html.match(/Language/g)).toEqual(['Language']);
    expect(mail?.text).toContain('Language: Arabic (ar)\n');
    await s.worker.stop();

    sink.messages.length = 0;
    await resetTables(store);
    const berlin = await setUp({ TEAM_TIME_ZONE: 'Europe/Berlin' });
    await submitLead(berlin, arabic());
    expect(sink.messages[0]?.text).toContain('Sent: 2 Mar 2026, 10:00 CET\n');
  });
});

describe('retries', () => {
  it('delivers once when the mail server refuses three times and then accepts; the admin API shows each failure meanwhile', async () => {
    const s = await setUp();
    sink.refuseNext(3);
    await submitLead(s);
    const start = s.clock.now.getTime();
    // About a minute, then two, then four.
    for (const [attempt, waitMs] of [
      [1, 60_000],
      [2, 120_000],
      [3, 240_000],
    ] as const) {
      const shown = await delivery(s, 'email');
      expect(shown).toMatchObject({ state: 'pending', attempts: attempt, sentAt: null, lastAttemptAt: s.clock.now.toISOString() });
      expect(shown?.lastError).toMatch(/451.*Mailbox busy, try again later/);
      expect(shown?.nextAttemptAt).toBe(new Date(s.clock.now.getTime() + waitMs).toISOString());
      // Woken before it is due, the worker leaves it alone.
      s.worker.wake();
      await s.worker.idle();
      expect(sink.refused).toBe(attempt);
      await untilNextAttempt(s, 'email');
    }
    expect(sink.refused).toBe(3);
    expect(sink.messages).toHaveLength(1);
    expect(await delivery(s, 'email')).toMatchObject({ state: 'sent', attempts: 4, lastError: null, sentAt: new Date(start + 420_000).toISOString() });
    // The webhook went through the first time and was not repeated.
    expect(hooks.received).toHaveLength(1);
    expect(s.logs.filter((entry) => entry.msg === 'notification failed')).toHaveLength(3);
  });

  it('gives up two days after the lead, shows the failure with its error, and Send again sends a new message', async () => {
    const s = await setUp();
    hooks.answer(503);
    await submitLead(s);
    const queued = s.clock.now.getTime();
    for (let step = 0; step < 40 && (await delivery(s, 'webhook'))?.state === 'pending'; step += 1) await untilNextAttempt(s, 'webhook');

    const failed = await delivery(s, 'webhook');
    expect(failed).toMatchObject({
      state: 'failed',
      nextAttemptAt: null,
      sentAt: null,
      lastError: 'HTTP 503 Service Unavailable: the relay is down for maintenance',
    });
    // 1, 2, 4, … 256 minutes, then six hours apart, within the two days.
    expect(failed?.attempts).toBe(hooks.received.length);
    expect(hooks.received.length).toBeGreaterThanOrEqual(14);
    expect(hooks.received.length).toBeLessThanOrEqual(18);
    expect(s.clock.now.getTime() - queued).toBeLessThanOrEqual(48 * 3_600_000);
    expect(new Set(hooks.received.map((hook) => hook.headers['webhook-id']))).toEqual(new Set([`lead_${ID}_1`]));
    expect(sink.messages).toHaveLength(1);

    hooks.answer(204);
    const again = await s.h.call('POST', `/api/admin/leads/${ID}/notify`, { cookie: s.cookie });
    expect(again.status).toBe(202);
    await s.worker.idle();
    expect(await delivery(s, 'webhook')).toMatchObject({ state: 'sent', attempts: 1, lastError: null });
    expect(hooks.received.at(-1)?.headers['webhook-id']).toBe(`lead_${ID}_2`);
    // Send again is a new message on every channel: the e-mail too, with its own Message-ID.
    expect(sink.messages.map((mail) => mail.headers.get('message-id'))).toEqual([
      `<lead.${ID}.1@garlicbrothers.example>`,
      `<lead.${ID}.2@garlicbrothers.example>`,
    ]);
    expect((await s.h.call('POST', '/api/admin/leads/GB-99999999/notify', { cookie: s.cookie })).status).toBe(404);
  });

  it('sends a row whose sender died once its claim lapses, and the dead sender’s late result does not count', async () => {
    const s = await setUp();
    // Stored by a server that then claimed it and died mid-send.
    await storeQueued(s);
    const dead = await claimDue(store.db, { channels: ['email'], now: s.clock.now, leaseMs: 120_000, limit: 10 });
    expect(dead).toHaveLength(1);
    s.worker.wake();
    await s.worker.idle();
    expect(sink.messages).toHaveLength(0);
    s.clock.now = new Date(s.clock.now.getTime() + 121_000);
    s.worker.wake();
    await s.worker.idle();
    expect(sink.messages).toHaveLength(1);
    expect(await delivery(s, 'email')).toMatchObject({ state: 'sent', attempts: 2 });
    expect(await markSent(store.db, dead[0] as (typeof dead)[number], s.clock.now)).toBe(false);
  });

  it('holds a deleted lead’s e-mail while it is deleted, and sends it once the delete is undone', async () => {
    const s = await setUp();
    // Stored while the mail server was away: its e-mail waits for a retry.
    await storeQueued(s);
    expect((await s.h.call('DELETE', `/api/admin/leads/${ID}`, { cookie: s.cookie })).status).toBe(204);
    s.worker.wake();
    await s.worker.idle();
    expect(sink.messages).toHaveLength(0);
    expect(await claimDue(store.db, { channels: ['email', 'webhook'], now: s.clock.now, leaseMs: 120_000, limit: 10 })).toEqual([]);

    expect((await s.h.call('POST', `/api/admin/leads/${ID}/restore`, { cookie: s.cookie })).status).toBe(200);
    s.worker.wake();
    await s.worker.idle();
    expect(sink.messages).toHaveLength(1);
  });
});

describe('claiming', () => {
  /** Index entries PostgreSQL has read through the outbox's due index so far, and the scans that read them. */
  async function dueIndexReads(): Promise<{ scans: number; entries: number }> {
    await sql`select pg_stat_force_next_flush()`.execute(store.db);
    const { rows } = await sql<{ scans: string; entries: string }>`
      select idx_scan as scans, idx_tup_read as entries from pg_stat_user_indexes where indexrelname = 'notifications_due_by_channel_idx'`.execute(store.db);
    return { scans: Number(rows[0]?.scans ?? 0), entries: Number(rows[0]?.entries ?? 0) };
  }

  it('reads the due rows of its own channels only: webhook rows left pending while no webhook is configured do not slow the e-mail', async () => {
    // 300 leads, each e-mailed, their webhook rows still pending (a webhook may be configured
    // later), and then one new lead: its e-mail is the only row the claim should read.
    const start = new Date('2027-03-01T08:00:00.000Z');
    const at = (i: number) => new Date(start.getTime() + i * 1_000);
    for (let i = 0; i <= 300; i++) {
      const lead = sampleLead('contactEnquiries', `GB-${String(i).padStart(8, '0')}`) as unknown as NewLead;
      await storeLeadWithNotifications(store.db, { ...lead, createdAt: at(i).toISOString() }, at(i));
    }
    await sql`update notifications set state = 'sent', next_attempt_at = null where channel = 'email' and lead_id <> 'GB-00000300'`.execute(store.db);
    // The e-mails' sent rows leave the index once vacuumed; the webhook rows stay in it.
    await sql`vacuum analyze notifications`.execute(store.db);

    const before = await dueIndexReads();
    const claimed = await claimDue(store.db, { channels: ['email'], now: at(301), leaseMs: 120_000, limit: 1 });
    const after = await dueIndexReads();
    expect(claimed.map((row) => [row.lead_id, row.channel])).toEqual([['GB-00000300', 'email']]);
    expect(after.scans - before.scans).toBe(1);
    expect(after.entries - before.entries).toBeLessThanOrEqual(2);
  });
});

describe('the Spam list', () => {
  it('keeps honeypot hits and forms sent within 3 s, answers them as any lead, notifies none, and moving one back notifies', async () => {
    const s = await setUp();
    const good = await s.h.call('POST', '/api/leads', { body: withScreening(sampleLead('contactEnquiries', 'GB-22222222'), '', 3_000) });
    const trapped = await s.h.call('POST', '/api/leads', {
      body: withScreening(sampleLead('contactEnquiries', 'GB-33333333'), 'https://cheap.example', 9_000),
    });
    const fast = await s.h.call('POST', '/api/leads', { body: withScreening(sampleLead('sampleRequests', 'GB-44444444'), '', 1_200) });
    expect([good.status, trapped.status, fast.status]).toEqual([201, 201, 201]);
    expect(await trapped.json()).toEqual({ id: 'GB-33333333', stored: 'new' });
    await s.worker.idle();
    expect(sink.messages.map((mail) => mail.headers.get('message-id'))).toEqual(['<lead.GB-22222222.1@garlicbrothers.example>']);
    expect(hooks.received).toHaveLength(1);

    expect((await leads(s)).map((lead) => [lead.id, lead.spam])).toEqual([['GB-22222222', null]]);
    const spam = await leads(s, '?spam=only');
    expect(spam.map((lead) => [lead.id, lead.spam, lead.deliveries])).toEqual([
      ['GB-33333333', 'honeypot', []],
      ['GB-44444444', 'too-fast', []],
    ]);
    expect((await leads(s, '?spam=only&type=sampleRequests')).map((lead) => lead.id)).toEqual(['GB-44444444']);
    // Spam is not in the export of the leads.
    const csv = await (await s.h.call('GET', '/api/admin/leads.csv?type=contactEnquiries', { cookie: s.cookie })).text();
    expect(csv).toContain('GB-22222222');
    expect(csv).not.toContain('GB-33333333');
    expect((await s.h.call('POST', '/api/admin/leads/GB-33333333/notify', { cookie: s.cookie })).status).toBe(409);

    const moved = await s.h.call('POST', '/api/admin/leads/GB-33333333/not-spam', { cookie: s.cookie });
    expect(moved.status).toBe(200);
    expect(((await moved.json()) as { lead: ShownLead }).lead).toMatchObject({ id: 'GB-33333333', spam: null });
    await s.worker.idle();
    expect(sink.messages.map((mail) => mail.headers.get('message-id'))).toContain('<lead.GB-33333333.1@garlicbrothers.example>');
    expect(hooks.received).toHaveLength(2);
    expect((await leads(s)).map((lead) => lead.id).sort()).toEqual(['GB-22222222', 'GB-33333333']);
    expect(await delivery(s, 'email', 'GB-33333333')).toMatchObject({ state: 'sent' });
    expect((await leads(s, '?spam=only')).map((lead) => lead.id)).toEqual(['GB-44444444']);

    expect((await s.h.call('POST', '/api/admin/leads/GB-33333333/not-spam', { cookie: s.cookie })).status).toBe(409);
    expect((await s.h.call('POST', '/api/admin/leads/GB-99999999/not-spam', { cookie: s.cookie })).status).toBe(404);
    expect((await s.h.call('GET', '/api/admin/leads?spam=maybe', { cookie: s.cookie })).status).toBe(400);
  });

  it('refuses a malformed screening with a 400 that says what is wrong, and stores nothing', async () => {
    const s = await setUp();
    const cases: [unknown, RegExp][] = [
      ['fast', /"screening" must be an object/],
      [{ trap: '', shownForMs: 'soon' }, /"screening.shownForMs" must be a number/],
      [{ trap: '', shownForMs: -1 }, /"screening.shownForMs" must be a number/],
      [{ trap: 7, shownForMs: 5000 }, /"screening.trap" must be text/],
      [{ trap: '', shownForMs: 5000, score: 1 }, /Unknown field "score" in the screening/],
    ];
    for (const [screening, message] of cases) {
      const response = await s.h.call('POST', '/api/leads', { body: { ...sampleLead(), screening } });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(message);
    }
    expect(await leads(s)).toEqual([]);
    expect(await leads(s, '?spam=only')).toEqual([]);
  });
});

describe('without the notification variables', () => {
  it('sends nothing, and the admin API says so', async () => {
    const s = await setUp({ SMTP_URL: '', LEAD_NOTIFY_TO: '', LEAD_NOTIFY_FROM: '', LEAD_WEBHOOK_URL: '', LEAD_WEBHOOK_SECRET: '' });
    const status = await s.h.call('GET', '/api/admin/notifications', { cookie: s.cookie });
    expect(await status.json()).toEqual({ email: { configured: false, to: [] }, webhook: { configured: false, host: null } });
    await submitLead(s);
    expect(sink.messages).toHaveLength(0);
    expect(hooks.received).toHaveLength(0);
    expect((await leads(s))[0]?.deliveries).toEqual([]);
    const again = await s.h.call('POST', `/api/admin/leads/${ID}/notify`, { cookie: s.cookie });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toMatch(/^No notification is configured: set SMTP_URL/);
  });

  it('says where each lead goes when they are set, never the password or the secret', async () => {
    const s = await setUp();
    const response = await s.h.call('GET', '/api/admin/notifications', { cookie: s.cookie });
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ email: { configured: true, to: TO }, webhook: { configured: true, host: new URL(hooks.url).host } });
    expect(text).not.toContain('word');
    expect(text).not.toContain('whsec_');
  });
});
