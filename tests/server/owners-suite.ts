/**
 * Roles, owners and the desk's notices, on one database (owners.pglite.test.ts and
 * owners.postgres.test.ts): a new account is sales and is refused every admin-only route with a
 * 403 that says why, while the desk's routes answer it; only the owner sets a role. A lead is given
 * to a colleague with the version check, the history names who gave it to whom, "My leads" and
 * "Due today" (the team's day, open leads only) filter the list. The new owner gets an e-mail on a
 * real SMTP server on loopback (not when they take the lead themselves), retried when refused and
 * listed; the morning digest is queued once per account and day at DIGEST_HOUR in the team's zone,
 * by one worker or two on the same database, none when nothing is due; status, owner and note
 * changes send lead.updated webhooks that standardwebhooks verifies. The clock is the test's.
 */
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { ADMIN_ONLY_ROUTES, ADMIN_ROUTES } from '../../src/server/api/admin';
import type { Store } from '../../src/server/db/connect';
import { queueDigests } from '../../src/server/notify/notices';
import { readNotifySettings } from '../../src/server/notify/settings';
import { startNotifications, type OutboxWorker } from '../../src/server/notify/worker';
import { ADMIN, createHarness, LEAD_FORMS, resetTables, sampleLead, SITE, type Harness } from './harness';
import { startMailSink, type MailSink } from './mail-sink';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';

const SECRET = `whsec_${Buffer.from('a test key of thirty-two bytes!!').toString('base64')}`;
const LEAD = 'GB-22222222';
const OTHER = 'GB-33333333';
const ANNA = 'anna@garlicbrothers.example';
const RAVI = 'ravi@garlicbrothers.example';

interface Lead {
  id: string;
  version: number;
  assignedTo: string | null;
  status: string;
}
interface Notice {
  kind: string;
  channel: string;
  recipient: string | null;
  leadId: string | null;
  day: string | null;
  state: string;
  attempts: number;
  lastError: string | null;
}

export function ownersSuite(getStore: () => Store): void {
  let store: Store;
  let sink: MailSink;
  let hooks: WebhookReceiver;
  let h: Harness;
  let worker: OutboxWorker;
  const extra: OutboxWorker[] = [];
  let boss: string;
  let anna: string;
  const passwords: Record<string, string> = {};

  beforeAll(async () => {
    sink = await startMailSink();
    hooks = await startWebhookReceiver();
  });
  afterAll(async () => {
    await sink?.stop();
    await hooks?.stop();
  });

  const settings = (env: Record<string, string> = {}) =>
    readNotifySettings({
      SMTP_URL: sink.url,
      LEAD_NOTIFY_TO: 'sales@garlicbrothers.example',
      LEAD_NOTIFY_FROM: 'Garlic Brothers <leads@garlicbrothers.example>',
      LEAD_WEBHOOK_URL: hooks.url,
      LEAD_WEBHOOK_SECRET: SECRET,
      ...env,
    });

  /** A worker on the test's clock that polls once an hour: every send here follows a wake or a poll the test makes. */
  const startWorker = (clock: { now: Date }) =>
    startNotifications({ store, settings: settings(), adminBase: SITE, leadForms: LEAD_FORMS, log: () => {}, now: () => clock.now, pollMs: 3_600_000 });

  beforeEach(async () => {
    store = getStore();
    await resetTables(store);
    sink.messages.length = 0;
    sink.refuseNext(0);
    hooks.received.length = 0;
    hooks.answer(204);
    // 09:00 UTC is 14:30 in Bengaluru.
    const clock = { now: new Date('2026-03-04T09:00:00.000Z') };
    worker = await startWorker(clock);
    h = await createHarness(store, { clock, notify: worker, sessionHours: 24 * 30 });
    for (const [type, id] of [
      ['contactEnquiries', LEAD],
      ['sampleRequests', OTHER],
    ] as const) {
      expect((await h.call('POST', '/api/leads', { body: sampleLead(type, id) })).status).toBe(201);
    }
    boss = await h.signIn();
    for (const email of [ANNA, RAVI]) {
      const added = await h.call('POST', '/api/admin/accounts', { cookie: boss, body: { email } });
      expect(added.status).toBe(201);
      passwords[email] = ((await added.json()) as { password: string }).password;
    }
    anna = await h.signIn('admin', { username: ANNA, password: passwords[ANNA] ?? '' });
    // The lead.received messages of the two leads are not what these tests look at.
    await worker.idle();
    sink.messages.length = 0;
    hooks.received.length = 0;
  });

  afterEach(async () => {
    await worker.stop();
    for (const one of extra.splice(0)) await one.stop();
  });

  const lead = async (cookie: string, id = LEAD): Promise<Lead> => {
    const response = await h.call('GET', `/api/admin/leads/${id}`, { cookie });
    expect(response.status).toBe(200);
    return ((await response.json()) as { lead: Lead }).lead;
  };
  const assign = (cookie: string, assignedTo: string | null, version: number, id = LEAD) =>
    h.call('PATCH', `/api/admin/leads/${id}`, { cookie, body: { assignedTo, version } });
  const listed = async (cookie: string, query: string) => {
    const response = await h.call('GET', `/api/admin/leads?type=contactEnquiries,sampleRequests&${query}`, { cookie });
    expect(response.status).toBe(200);
    return ((await response.json()) as { leads: { id: string }[] }).leads.map((one) => one.id);
  };
  const notices = async (cookie: string, query = '') => {
    const response = await h.call('GET', `/api/admin/notices${query}`, { cookie });
    expect(response.status).toBe(200);
    return ((await response.json()) as { notices: Notice[] }).notices;
  };

  it('a new account is sales: refused every admin-only route with a 403 saying why, answered on the desk’s; the owner makes it admin', async () => {
    const session = await h.call('GET', '/api/admin/session', { cookie: anna });
    expect(((await session.json()) as { role: string }).role).toBe('sales');
    const adminOnly = new Set(ADMIN_ONLY_ROUTES.map((route) => `${route.method} ${route.path}`));
    for (const route of ADMIN_ROUTES) {
      if (route.path === '/api/admin/logout') continue;
      const response = await h.call(route.method, route.path, { cookie: anna, body: route.method === 'GET' ? undefined : {} });
      const body = (await response
        .clone()
        .json()
        .catch(() => ({}))) as { error?: string };
      if (adminOnly.has(`${route.method} ${route.path}`)) {
        expect(response.status, `${route.method} ${route.path}`).toBe(403);
        expect(body.error).toMatch(
          new RegExp(`^Only an admin account may .+: ${ANNA} is a sales account\\. The owner can make it an admin in the Team section\\.$`),
        );
      } else {
        // The desk's routes answer a sales account as they answer an admin (a 404 for the example lead, say), never with the role's 403.
        expect(body.error ?? '', `${route.method} ${route.path}`).not.toMatch(/^Only an admin account/);
      }
    }
    // Every admin-only route is in the table the tests walk.
    for (const route of ADMIN_ONLY_ROUTES) expect(ADMIN_ROUTES).toContainEqual(route);

    // Anna cannot make herself an admin; nor can Ravi, made admin, set roles: only the owner does.
    expect((await h.call('PATCH', `/api/admin/accounts/${encodeURIComponent(ANNA)}`, { cookie: anna, body: { role: 'admin' } })).status).toBe(403);
    const made = await h.call('PATCH', `/api/admin/accounts/${encodeURIComponent(RAVI)}`, { cookie: boss, body: { role: 'admin' } });
    expect(made.status).toBe(200);
    expect(((await made.json()) as { account: { role: string } }).account.role).toBe('admin');
    const ravi = await h.signIn('admin', { username: RAVI, password: passwords[RAVI] ?? '' });
    expect((await h.call('GET', '/api/admin/accounts', { cookie: ravi })).status).toBe(200);
    const refused = await h.call('PATCH', `/api/admin/accounts/${encodeURIComponent(ANNA)}`, { cookie: ravi, body: { role: 'admin' } });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toMatch(/^Only the owner .+ sets a colleague’s role$/);
    // The owner's account is admin always; a role is sales or admin.
    const owner = await h.call('PATCH', `/api/admin/accounts/${ADMIN.username}`, { cookie: boss, body: { role: 'sales' } });
    expect(owner.status).toBe(403);
    expect(((await owner.json()) as { error: string }).error).toMatch(/it is always an admin$/);
    expect((await h.call('PATCH', `/api/admin/accounts/${encodeURIComponent(ANNA)}`, { cookie: boss, body: { role: 'boss' } })).status).toBe(400);
    expect((await h.call('PATCH', `/api/admin/accounts/nobody%40x.example`, { cookie: boss, body: { role: 'admin' } })).status).toBe(404);

    // Made admin, Anna is let through at her next request; made sales again, refused again.
    await h.call('PATCH', `/api/admin/accounts/${encodeURIComponent(ANNA)}`, { cookie: boss, body: { role: 'admin' } });
    expect((await h.call('GET', '/api/admin/accounts', { cookie: anna })).status).toBe(200);
    await h.call('PATCH', `/api/admin/accounts/${encodeURIComponent(ANNA)}`, { cookie: boss, body: { role: 'sales' } });
    expect((await h.call('DELETE', '/api/admin/leads?type=contactEnquiries', { cookie: anna })).status).toBe(403);
    expect(await listed(boss, '')).toHaveLength(2);
    // The colleagues a lead can be given to are listed for a sales account too.
    const colleagues = (await (await h.call('GET', '/api/admin/colleagues', { cookie: anna })).json()) as { colleagues: { name: string; role: string }[] };
    expect(colleagues.colleagues.map((one) => [one.name, one.role])).toEqual([
      [ADMIN.username, 'admin'],
      [ANNA, 'sales'],
      [RAVI, 'admin'],
    ]);
  });

  it('gives a lead with the version check, names who gave it to whom, and filters My leads', async () => {
    const start = await lead(boss);
    expect(start.assignedTo).toBeNull();
    const given = await assign(boss, ANNA.toUpperCase(), start.version);
    expect(given.status).toBe(200);
    const now = ((await given.json()) as { lead: Lead }).lead;
    expect(now).toMatchObject({ assignedTo: ANNA, version: start.version + 1 });
    // Anna's screen still shows the old version: her reassignment is refused, naming the boss.
    const stale = await assign(anna, RAVI, start.version);
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { changedBy: string }).changedBy).toBe(ADMIN.username);
    // No such account, a lead of another kind, a name that is no text: refused with what is expected.
    expect(((await (await assign(boss, 'nobody@x.example', now.version)).json()) as { error: string }).error).toMatch(
      /there is no account "nobody@x\.example"/,
    );
    expect((await assign(boss, 'bad\u0000name', now.version)).status).toBe(400);
    expect((await h.call('PATCH', `/api/admin/leads/${LEAD}`, { cookie: boss, body: { assignedTo: 5 } })).status).toBe(400);

    const history = (await (await h.call('GET', `/api/admin/leads/${LEAD}/activity`, { cookie: anna })).json()) as {
      activity: { account: string; change: Record<string, unknown> }[];
    };
    expect(history.activity.at(-1)).toMatchObject({ account: ADMIN.username, change: { owner: { from: null, to: ANNA } } });

    expect(await listed(anna, 'mine=1')).toEqual([LEAD]);
    expect(await listed(boss, 'mine=1')).toEqual([]);
    // Anna gives it to Ravi; then nobody has it.
    expect((await assign(anna, RAVI, now.version)).status).toBe(200);
    expect(await listed(anna, 'mine=1')).toEqual([]);
    const unassigned = await assign(anna, null, now.version + 1);
    expect(((await unassigned.json()) as { lead: Lead }).lead.assignedTo).toBeNull();
    expect((await h.call('GET', '/api/admin/leads?mine=yes', { cookie: anna })).status).toBe(400);
  });

  it('Due today: open leads whose follow-up is the team’s today or earlier', async () => {
    const version = (await lead(boss)).version;
    // 20:00 UTC on 4 March is 01:30 on 5 March in Bengaluru: the team's today is the 5th.
    h.clock.now = new Date('2026-03-04T20:00:00.000Z');
    await h.call('PATCH', `/api/admin/leads/${LEAD}`, { cookie: boss, body: { followUp: '2026-03-05', version } });
    const other = await lead(boss, OTHER);
    await h.call('PATCH', `/api/admin/leads/${OTHER}`, { cookie: boss, body: { followUp: '2026-03-06', version: other.version } });
    expect(await listed(boss, 'due=today')).toEqual([LEAD]);
    // A won lead is no longer due.
    await h.call('PATCH', `/api/admin/leads/${LEAD}`, { cookie: boss, body: { status: 'won', version: version + 1 } });
    expect(await listed(boss, 'due=today')).toEqual([]);
    h.clock.now = new Date('2026-03-05T19:00:00.000Z');
    expect(await listed(boss, 'due=today')).toEqual([OTHER]);
    expect((await h.call('GET', '/api/admin/leads?due=tomorrow', { cookie: boss })).status).toBe(400);
  });

  it('e-mails the new owner through the outbox, retried and listed; not when they take the lead themselves', async () => {
    sink.refuseNext(1);
    const version = (await lead(boss)).version;
    expect((await assign(boss, ANNA, version)).status).toBe(200);
    await worker.idle();
    expect(sink.messages).toHaveLength(0);
    const [failed] = await notices(anna, `?lead=${LEAD}`).then((list) => list.filter((one) => one.kind === 'assigned'));
    expect(failed).toMatchObject({ channel: 'email', recipient: ANNA, state: 'pending', attempts: 1 });
    expect(failed?.lastError).toMatch(/451/);

    // A minute later the retry goes through.
    h.clock.now = new Date(h.clock.now.getTime() + 60_000);
    worker.wakeNotices();
    await worker.idle();
    expect(sink.messages).toHaveLength(1);
    const [mail] = sink.messages;
    expect(mail?.to).toEqual([ANNA]);
    expect(mail?.headers.get('subject')).toBe(`Lead ${LEAD} is yours now: Anna Schmidt, Hamburg Spice Trading GmbH`);
    const link = `${SITE}/admin?lead=${LEAD}#buyers-leads`;
    for (const line of [
      `${ADMIN.username} gave you lead ${LEAD}`,
      `Reference: ${LEAD}`,
      'Buyer: Anna Schmidt',
      'Company: Hamburg Spice Trading GmbH',
      'Country: Germany',
      `Open it: ${link}`,
    ])
      expect(mail?.text).toContain(line);
    expect(mail?.html).toContain(`<a href="${link}">Open ${LEAD} in the admin</a>`);
    expect((await notices(boss, `?lead=${LEAD}`)).find((one) => one.kind === 'assigned')).toMatchObject({ state: 'sent', attempts: 2, lastError: null });

    // Ravi takes the other lead himself: no e-mail.
    const ravi = await h.signIn('admin', { username: RAVI, password: passwords[RAVI] ?? '' });
    expect((await assign(ravi, RAVI, (await lead(ravi, OTHER)).version, OTHER)).status).toBe(200);
    await worker.idle();
    expect(sink.messages).toHaveLength(1);
    expect((await notices(boss, `?lead=${OTHER}`)).filter((one) => one.kind === 'assigned')).toEqual([]);
  });

  it('sends each account one morning digest of its due follow-ups at DIGEST_HOUR in the team’s zone, once a day even from two servers', async () => {
    const version = (await lead(boss)).version;
    expect((await assign(boss, ANNA, version)).status).toBe(200);
    const due = await h.call('PATCH', `/api/admin/leads/${LEAD}`, { cookie: boss, body: { followUp: '2026-03-05', version: version + 1 } });
    expect(due.status, await due.clone().text()).toBe(200);
    const other = await lead(boss, OTHER);
    await assign(boss, RAVI, other.version, OTHER);
    // Ravi's follow-up is next week: nothing due for him.
    await h.call('PATCH', `/api/admin/leads/${OTHER}`, { cookie: boss, body: { followUp: '2026-03-12', version: other.version + 1 } });
    await worker.idle();
    sink.messages.length = 0;

    const digests = worker.notices;
    if (!digests) throw new Error('no notice worker');
    // 02:00 UTC on 5 March is 07:30 in Bengaluru: before the digest's hour (8).
    h.clock.now = new Date('2026-03-05T02:00:00.000Z');
    expect(await digests.queueDigestsIfDue()).toBe(0);
    // 02:40 UTC is 08:10 there: Anna's digest, and a second server on the same database adds none.
    h.clock.now = new Date('2026-03-05T02:40:00.000Z');
    const second = await startWorker(h.clock);
    extra.push(second);
    // The second one queued at its start, as a server does; both ask again at once.
    await Promise.all([digests.queueDigestsIfDue(), second.notices?.queueDigestsIfDue(), second.idle()]);
    expect(await queueDigests(store.db, '2026-03-05', h.clock.now)).toBe(0);
    worker.wakeNotices();
    second.wakeNotices();
    await Promise.all([worker.idle(), second.idle()]);
    expect(sink.messages.map((mail) => mail.to)).toEqual([[ANNA]]);
    const [mail] = sink.messages;
    expect(mail?.headers.get('subject')).toBe('Follow-ups for Thu, 5 Mar 2026: 1 lead due');
    expect(mail?.text).toContain(`${LEAD} (due today): Anna Schmidt, Hamburg Spice Trading GmbH`);
    expect(mail?.text).toContain(`${SITE}/admin?lead=${LEAD}#buyers-leads`);
    const listedDigests = (await notices(boss)).filter((one) => one.kind === 'digest');
    expect(listedDigests).toEqual([expect.objectContaining({ recipient: ANNA, day: '2026-03-05', state: 'sent' })]);

    // Later the same day: nothing more. The next morning the lead is overdue and it comes again.
    h.clock.now = new Date('2026-03-05T10:00:00.000Z');
    expect(await digests.queueDigestsIfDue()).toBe(0);
    h.clock.now = new Date('2026-03-06T03:00:00.000Z');
    expect(await digests.queueDigestsIfDue()).toBe(1);
    await digests.poll();
    await worker.idle();
    expect(sink.messages).toHaveLength(2);
    expect(sink.messages[1]?.text).toContain(`${LEAD} (overdue since Thu, 5 Mar 2026): Anna Schmidt`);
  });

  it('sends lead.updated webhooks for status, owner and note changes, verified with standardwebhooks', async () => {
    const version = (await lead(boss)).version;
    await h.call('PATCH', `/api/admin/leads/${LEAD}`, { cookie: anna, body: { status: 'contacted', version } });
    await assign(anna, ANNA, version + 1);
    expect(
      (await h.call('POST', `/api/admin/leads/${LEAD}/entries`, { cookie: anna, body: { kind: 'call', body: 'Asked for CIF Hamburg prices.' } })).status,
    ).toBe(201);
    await worker.idle();
    const events = hooks.received.map((hook) => {
      const verified = new Webhook(SECRET).verify(hook.body, hook.headers as Record<string, string>) as { type: string; data: Record<string, unknown> };
      expect(hook.headers['webhook-id']).toMatch(/^notice_\d+$/);
      return verified;
    });
    expect(events.map((event) => event.type)).toEqual(['lead.updated', 'lead.updated', 'lead.updated']);
    const common = { id: LEAD, type: 'contactEnquiries', by: ANNA, country: 'Germany', countryCode: 'DE' };
    expect(events[0]?.data).toMatchObject({ ...common, version: version + 1, changes: { status: { from: 'new', to: 'contacted' } } });
    expect(events[1]?.data).toMatchObject({ ...common, version: version + 2, changes: { owner: { from: null, to: ANNA } } });
    expect(events[2]?.data).toMatchObject({ ...common, version: version + 2, changes: { entry: { kind: 'call', body: 'Asked for CIF Hamburg prices.' } } });
    // Taken by herself: no e-mail, only the webhook.
    expect(sink.messages).toHaveLength(0);
  });
}
