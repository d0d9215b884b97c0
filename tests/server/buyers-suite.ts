/**
 * One record per buyer, and partnership (distributor) applications in a pipeline of their own.
 * The buyer page's leads are gathered from the stored leads on each request: the same e-mail in
 * any case, or the same company (folded as the search folds it) in the same country, outwards from
 * any of them; spam, deleted leads, job applications and investor interests are not a buyer's.
 * A partnership application moves through its stages with a follow-up date, notes, calls, history
 * and the version check, as a buyer's lead does. Run on PGlite (buyers.pglite.test.ts) and
 * PostgreSQL (buyers.postgres.test.ts).
 */
import { beforeEach, expect, it } from 'vitest';
import type { Store } from '../../src/server/db/connect';
import { ADMIN, createHarness, resetTables, sampleLead, type Harness } from './harness';

const QUOTE = 'GB-22222222';
const SAMPLE = 'GB-33333333';
const PARTNER = 'GB-44444444';
/** Another firm of the same name in another country. */
const NAMESAKE = 'GB-55555555';
const SPAM = 'GB-66666666';
const JOB = 'GB-77777777';
/** Reached only through the partner's e-mail: two steps from the quote request. */
const COLLEAGUE = 'GB-88888888';

interface BuyerAnswer {
  buyer: {
    from: string;
    truncated: boolean;
    leads: { id: string; type: string; status: string; fields: Record<string, unknown> }[];
    activity: { leadId: string; at: string; account: string; change: Record<string, unknown>; entry?: { body: string } }[];
  };
}

export function buyersSuite(getStore: () => Store): void {
  let h: Harness;
  let boss: string;

  const tick = () => {
    h.clock.now = new Date(h.clock.now.getTime() + 60_000);
    return h.clock.now.toISOString();
  };
  const post = async (type: string, id: string, fields: Record<string, unknown>) => {
    const lead = sampleLead(type, id);
    tick();
    const response = await h.call('POST', '/api/leads', { body: { ...lead, fields: { ...(lead.fields as object), ...fields } } });
    expect(response.status).toBe(201);
  };
  const buyer = async (id: string) => {
    const response = await h.call('GET', `/api/admin/leads/${id}/buyer`, { cookie: boss });
    expect(response.status).toBe(200);
    return ((await response.json()) as BuyerAnswer).buyer;
  };

  beforeEach(async () => {
    const store = getStore();
    await resetTables(store);
    h = await createHarness(store, { clock: { now: new Date('2026-03-04T09:00:00.000Z') } });
    boss = await h.signIn();
    await post('contactEnquiries', QUOTE, { email: 'Jo@Acme.Example', company: 'Acme Foods', country: 'US' });
    await post('sampleRequests', SAMPLE, { email: 'jo@acme.example', company: 'Acme Foods Inc', country: 'US' });
    await post('partnershipApplications', PARTNER, { email: 'trade@acme.example', company: 'ACME FOODS INC', country: 'US' });
    await post('contactEnquiries', COLLEAGUE, { email: 'TRADE@acme.example', company: 'Acme Trading', country: 'CA' });
    await post('contactEnquiries', NAMESAKE, { email: 'info@acme.example.co.uk', company: 'Acme Foods Inc', country: 'GB' });
    await post('sampleRequests', SPAM, { email: 'jo@acme.example', company: 'Acme Foods', country: 'US' });
    await post('jobApplications', JOB, { email: 'jo@acme.example' });
    expect((await h.call('POST', `/api/admin/leads/${SPAM}/spam`, { cookie: boss })).status).toBe(200);
  });

  it('gathers the same buyer’s quote, sample and partnership leads from any of them, newest first, and leaves out namesakes abroad, spam and job applications', async () => {
    const expected = [COLLEAGUE, PARTNER, SAMPLE, QUOTE];
    for (const from of [QUOTE, SAMPLE, PARTNER, COLLEAGUE]) {
      const found = await buyer(from);
      expect(found.from).toBe(from);
      expect(found.truncated).toBe(false);
      expect(found.leads.map((lead) => lead.id)).toEqual(expected);
    }
    expect((await buyer(QUOTE)).leads.map((lead) => [lead.type, lead.status])).toEqual([
      ['contactEnquiries', 'new'],
      ['partnershipApplications', 'new'],
      ['sampleRequests', 'new'],
      ['contactEnquiries', 'new'],
    ]);
    expect((await buyer(NAMESAKE)).leads.map((lead) => lead.id)).toEqual([NAMESAKE]);
    // Deleted, it leaves the buyer, and so do the leads only it tied to the quote request (its company); restored, all are back.
    expect((await h.call('DELETE', `/api/admin/leads/${SAMPLE}`, { cookie: boss })).status).toBe(204);
    expect((await buyer(QUOTE)).leads.map((lead) => lead.id)).toEqual([QUOTE]);
    expect((await buyer(PARTNER)).leads.map((lead) => lead.id)).toEqual([COLLEAGUE, PARTNER]);
    expect((await h.call('POST', `/api/admin/leads/${SAMPLE}/restore`, { cookie: boss })).status).toBe(200);
    expect((await buyer(QUOTE)).leads.map((lead) => lead.id)).toEqual(expected);
  });

  it('answers 404 for a job application, a lead in the Spam list, a deleted or unknown lead and a malformed reference, and 401 without a session', async () => {
    for (const id of [JOB, SPAM, 'GB-99999999', 'GB-9%00', 'x']) {
      expect((await h.call('GET', `/api/admin/leads/${id}/buyer`, { cookie: boss })).status).toBe(404);
    }
    expect((await h.call('GET', `/api/admin/leads/${QUOTE}/buyer`)).status).toBe(401);
  });

  it('lists the buyer’s notes, calls and changes on all their leads in time order, with each note’s text', async () => {
    const noteAt = tick();
    expect((await h.call('POST', `/api/admin/leads/${SAMPLE}/entries`, { cookie: boss, body: { kind: 'note', body: 'Wants 100 g of oil.' } })).status).toBe(
      201,
    );
    const statusAt = tick();
    expect((await h.call('PATCH', `/api/admin/leads/${PARTNER}`, { cookie: boss, body: { status: 'reviewing', version: 1 } })).status).toBe(200);
    const callAt = tick();
    expect((await h.call('POST', `/api/admin/leads/${QUOTE}/entries`, { cookie: boss, body: { kind: 'call', body: 'Called Jo.' } })).status).toBe(201);
    const { activity } = await buyer(PARTNER);
    expect(activity.map(({ leadId, at, account, change, entry }) => ({ leadId, at, account, change, body: entry?.body }))).toEqual([
      { leadId: SAMPLE, at: noteAt, account: ADMIN.username, change: { entry: { kind: 'note', id: expect.any(String) } }, body: 'Wants 100 g of oil.' },
      { leadId: PARTNER, at: statusAt, account: ADMIN.username, change: { status: { from: 'new', to: 'reviewing' } }, body: undefined },
      { leadId: QUOTE, at: callAt, account: ADMIN.username, change: { entry: { kind: 'call', id: expect.any(String) } }, body: 'Called Jo.' },
    ]);
  });

  it('works a partnership application through its stages with a follow-up, notes and history, refusing a stale change and another type’s status', async () => {
    const patch = (body: Record<string, unknown>, id = PARTNER) => h.call('PATCH', `/api/admin/leads/${id}`, { cookie: boss, body });
    const agreementAt = tick();
    const moved = await patch({ status: 'agreement', followUp: '2026-03-20', version: 1 });
    expect(moved.status).toBe(200);
    expect(((await moved.json()) as { lead: unknown }).lead).toMatchObject({
      status: 'agreement',
      followUp: '2026-03-20',
      version: 2,
      updatedBy: ADMIN.username,
    });
    const stale = await patch({ status: 'declined', version: 1 });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ changedBy: ADMIN.username, changedAt: agreementAt, version: 2 });
    expect((await patch({ status: 'pending', version: 2 })).status).toBe(409);
    expect((await patch({ status: 'won', version: 2 })).status).toBe(409);
    expect((await patch({ followUp: '2026-03-20' }, JOB)).status).toBe(409);
    expect((await h.call('POST', `/api/admin/leads/${PARTNER}/entries`, { cookie: boss, body: { kind: 'call', body: 'Omar agreed the terms.' } })).status).toBe(
      201,
    );
    const history = (await (await h.call('GET', `/api/admin/leads/${PARTNER}/activity`, { cookie: boss })).json()) as { activity: { change: unknown }[] };
    expect(history.activity.map((row) => row.change)).toEqual([
      { status: { from: 'new', to: 'agreement' }, followUp: { from: null, to: '2026-03-20' } },
      { entry: { kind: 'call', id: expect.any(String) } },
    ]);
    const listed = (await (await h.call('GET', '/api/admin/leads?type=partnershipApplications&status=agreement', { cookie: boss })).json()) as {
      leads: { id: string }[];
    };
    expect(listed.leads.map((lead) => lead.id)).toEqual([PARTNER]);
    const csv = await (await h.call('GET', '/api/admin/leads.csv?type=partnershipApplications', { cookie: boss })).text();
    expect(csv).toContain('Agreement');
    expect(csv).toContain('Omar agreed the terms.');
  });
}
