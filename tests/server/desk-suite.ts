/**
 * Two colleagues on one lead: notes and calls are entries that are only appended, so none is
 * lost; every change carries the version it was made from, and one made from a stale version is
 * refused (409) naming who changed the lead and when; the history records every change, spam moves
 * and deletion included; a deleted lead is kept, hidden, and can be restored for 30 days. Run on
 * PGlite (desk.pglite.test.ts) and PostgreSQL (desk.postgres.test.ts).
 */
import { beforeEach, expect, it } from 'vitest';
import type { Store } from '../../src/server/db/connect';
import { ADMIN, createHarness, resetTables, sampleLead, type Harness } from './harness';

const LEAD = 'GB-22222222';
const ANNA = { username: 'anna@garlicbrothers.example', password: '' };

interface Lead {
  id: string;
  status: string;
  version: number;
  updatedBy: string | null;
  updatedAt: string | null;
}
interface Entry {
  id: string;
  author: string;
  kind: string;
  body: string;
  createdAt: string;
}

export function deskSuite(getStore: () => Store): void {
  let store: Store;
  let h: Harness;
  /** The settings account (ADMIN) and a colleague added in the Team section. */
  let boss: string;
  let anna: string;

  /** One minute passes: each step below has its own time. */
  const tick = () => {
    h.clock.now = new Date(h.clock.now.getTime() + 60_000);
    return h.clock.now.toISOString();
  };

  beforeEach(async () => {
    store = getStore();
    await resetTables(store);
    h = await createHarness(store, { clock: { now: new Date('2026-03-04T09:00:00.000Z') } });
    expect((await h.call('POST', '/api/leads', { body: sampleLead('contactEnquiries', LEAD) })).status).toBe(201);
    boss = await h.signIn();
    const added = await h.call('POST', '/api/admin/accounts', { cookie: boss, body: { email: ANNA.username } });
    expect(added.status).toBe(201);
    ANNA.password = ((await added.json()) as { password: string }).password;
    anna = await h.signIn('admin', ANNA);
  });

  const lead = async (cookie: string, id = LEAD): Promise<Lead> => {
    const response = await h.call('GET', `/api/admin/leads/${id}`, { cookie });
    expect(response.status).toBe(200);
    return ((await response.json()) as { lead: Lead }).lead;
  };
  const addEntry = (cookie: string, kind: string, body: string, id = LEAD) =>
    h.call('POST', `/api/admin/leads/${id}/entries`, { cookie, body: { kind, body } });
  const entries = async (cookie: string) => {
    const response = await h.call('GET', `/api/admin/leads/${LEAD}/entries`, { cookie });
    expect(response.status).toBe(200);
    return ((await response.json()) as { entries: Entry[] }).entries;
  };
  const activity = async (cookie: string) => {
    const response = await h.call('GET', `/api/admin/leads/${LEAD}/activity`, { cookie });
    expect(response.status).toBe(200);
    return ((await response.json()) as { activity: { at: string; account: string; change: Record<string, unknown> }[] }).activity;
  };
  const listed = async (cookie: string, query = '') =>
    ((await (await h.call('GET', `/api/admin/leads${query}`, { cookie })).json()) as { leads: { id: string }[] }).leads.map((one) => one.id);

  it('keeps both colleagues’ notes, refuses a status change from a stale version naming who changed it, records every change, and undoes a delete', async () => {
    const start = await lead(anna);
    expect((await lead(boss)).version).toBe(start.version);
    const version = start.version;

    const annaNoteAt = tick();
    expect((await addEntry(anna, 'note', 'Anna: wants CIF Hamburg prices.')).status).toBe(201);
    const bossNoteAt = tick();
    expect((await addEntry(boss, 'note', 'Boss: sent the price list.')).status).toBe(201);

    const annaStatusAt = tick();
    const first = await h.call('PATCH', `/api/admin/leads/${LEAD}`, { cookie: anna, body: { status: 'contacted', version } });
    expect(first.status).toBe(200);
    expect(((await first.json()) as { lead: Lead }).lead).toMatchObject({ status: 'contacted', version: version + 1, updatedBy: ANNA.username });

    // The boss's screen still shows the version both loaded: his change is refused, naming Anna and when.
    tick();
    const stale = await h.call('PATCH', `/api/admin/leads/${LEAD}`, { cookie: boss, body: { status: 'quoted', version } });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({
      changedBy: ANNA.username,
      changedAt: annaStatusAt,
      version: version + 1,
      error: expect.stringContaining(ANNA.username),
    });
    expect(await lead(boss)).toMatchObject({ status: 'contacted', version: version + 1 });

    // Reloaded, he applies it again, on the version he now sees.
    const bossStatusAt = tick();
    expect((await h.call('PATCH', `/api/admin/leads/${LEAD}`, { cookie: boss, body: { status: 'quoted', version: version + 1 } })).status).toBe(200);

    // Both notes, newest first, with their authors and times; a note added from any version never conflicts.
    expect((await entries(anna)).map(({ author, kind, body, createdAt }) => ({ author, kind, body, createdAt }))).toEqual([
      { author: ADMIN.username, kind: 'note', body: 'Boss: sent the price list.', createdAt: bossNoteAt },
      { author: ANNA.username, kind: 'note', body: 'Anna: wants CIF Hamburg prices.', createdAt: annaNoteAt },
    ]);

    // Spam moves and the delete carry versions too: a stale one is refused.
    const spamAt = tick();
    expect((await h.call('POST', `/api/admin/leads/${LEAD}/spam?version=${version + 1}`, { cookie: anna })).status).toBe(409);
    expect((await h.call('POST', `/api/admin/leads/${LEAD}/spam?version=${version + 2}`, { cookie: boss })).status).toBe(200);
    expect(await listed(anna, '?spam=only')).toEqual([LEAD]);
    const notSpamAt = tick();
    expect((await h.call('POST', `/api/admin/leads/${LEAD}/not-spam?version=${version + 3}`, { cookie: anna })).status).toBe(200);
    expect(await listed(anna)).toEqual([LEAD]);

    const deletedAt = tick();
    expect((await h.call('DELETE', `/api/admin/leads/${LEAD}?version=${version + 2}`, { cookie: anna })).status).toBe(409);
    expect((await h.call('DELETE', `/api/admin/leads/${LEAD}?version=${version + 4}`, { cookie: anna })).status).toBe(204);
    // Hidden from the lists, the CSV, the Overview and the lead's own routes.
    expect(await listed(boss)).toEqual([]);
    expect(await listed(boss, '?spam=only')).toEqual([]);
    expect(await (await h.call('GET', '/api/admin/leads.csv?type=contactEnquiries', { cookie: boss })).text()).not.toContain(LEAD);
    const overview = (await (await h.call('GET', '/api/admin/overview?weeks=1&today=2026-03-04', { cookie: boss })).json()) as { totals: number[] };
    expect(overview.totals).toEqual([0]);
    expect((await h.call('GET', `/api/admin/leads/${LEAD}`, { cookie: boss })).status).toBe(404);
    expect((await addEntry(boss, 'note', 'Too late')).status).toBe(404);

    const restoredAt = tick();
    const undo = await h.call('POST', `/api/admin/leads/${LEAD}/restore`, { cookie: boss });
    expect(undo.status).toBe(200);
    expect(await lead(anna)).toMatchObject({ status: 'quoted', version: version + 6, updatedBy: ADMIN.username, updatedAt: restoredAt });
    expect(await listed(anna)).toEqual([LEAD]);
    expect((await entries(anna)).map((entry) => entry.body)).toEqual(['Boss: sent the price list.', 'Anna: wants CIF Hamburg prices.']);

    const history = (await activity(boss)).map(({ at, account, change }) => ({ at, account, change }));
    expect(history).toEqual([
      { at: annaNoteAt, account: ANNA.username, change: { entry: { kind: 'note', id: expect.any(String) } } },
      { at: bossNoteAt, account: ADMIN.username, change: { entry: { kind: 'note', id: expect.any(String) } } },
      { at: annaStatusAt, account: ANNA.username, change: { status: { from: 'new', to: 'contacted' } } },
      { at: bossStatusAt, account: ADMIN.username, change: { status: { from: 'contacted', to: 'quoted' } } },
      { at: spamAt, account: ADMIN.username, change: { spam: 'marked' } },
      { at: notSpamAt, account: ANNA.username, change: { spam: 'cleared' } },
      { at: deletedAt, account: ANNA.username, change: { deleted: true } },
      { at: restoredAt, account: ADMIN.username, change: { restored: true } },
    ]);
  });

  it('restores a deleted lead for 30 days only; after that the next delete purges it', async () => {
    expect((await h.call('POST', '/api/leads', { body: sampleLead('sampleRequests', 'GB-33333333') })).status).toBe(201);
    expect((await h.call('DELETE', `/api/admin/leads/${LEAD}`, { cookie: boss })).status).toBe(204);
    expect((await h.call('DELETE', `/api/admin/leads/${LEAD}`, { cookie: boss })).status).toBe(404);
    h.clock.now = new Date(h.clock.now.getTime() + 30 * 86_400_000 + 1);
    boss = await h.signIn();
    const late = await h.call('POST', `/api/admin/leads/${LEAD}/restore`, { cookie: boss });
    expect(late.status).toBe(404);
    expect((await h.call('POST', `/api/admin/leads/GB-33333333/restore`, { cookie: boss })).status).toBe(409);
    expect((await h.call('DELETE', '/api/admin/leads/GB-33333333', { cookie: boss })).status).toBe(204);
    const kept = await store.db.selectFrom('leads').select('id').execute();
    expect(kept.map((row) => row.id)).toEqual(['GB-33333333']);
  });

  it('refuses an empty, over-long or unknown entry with 400, an unknown or malformed lead with 404, and a malformed version with 400', async () => {
    expect((await addEntry(boss, 'note', '  ')).status).toBe(400);
    expect((await addEntry(boss, 'note', 'x'.repeat(5001))).status).toBe(400);
    expect((await addEntry(boss, 'email', 'Sent')).status).toBe(400);
    expect((await h.call('POST', `/api/admin/leads/${LEAD}/entries`, { cookie: boss, body: { kind: 'note', body: 'x', author: 'anna' } })).status).toBe(400);
    expect((await addEntry(boss, 'note', 'Hello', 'GB-99999999')).status).toBe(404);
    expect((await addEntry(boss, 'note', 'Hello', 'GB-9%00')).status).toBe(404);
    for (const version of ['x', '-1', '1.5', '99999999999999999999']) {
      expect((await h.call('DELETE', `/api/admin/leads/${LEAD}?version=${version}`, { cookie: boss })).status).toBe(400);
    }
    expect((await h.call('PATCH', `/api/admin/leads/${LEAD}`, { cookie: boss, body: { status: 'won', version: '1' } })).status).toBe(400);
    expect(await entries(boss)).toEqual([]);
    expect((await lead(boss)).status).toBe('new');
  });

  it('says which part of an entry is missing in words, not in the validator’s', async () => {
    const refusal = async (body: Record<string, unknown>) => {
      const response = await h.call('POST', `/api/admin/leads/${LEAD}/entries`, { cookie: boss, body });
      expect(response.status).toBe(400);
      return ((await response.json()) as { error: string }).error;
    };
    expect(await refusal({ kind: 'note' })).toBe('The note or call: missing; fill it in.');
    expect(await refusal({ body: 'Called Jo.' })).toBe('Kind: missing; fill it in.');
    expect(await refusal({ kind: 'email', body: 'Sent' })).toBe('"kind" must be "note" or "call"');
  });

  it('loses none of 50 notes added at once by two colleagues', async () => {
    const bodies = Array.from({ length: 50 }, (_, i) => `Note ${i + 1}`);
    const answers = await Promise.all(bodies.map((body, i) => addEntry(i % 2 ? anna : boss, i % 3 ? 'note' : 'call', body)));
    expect(answers.map((answer) => answer.status)).toEqual(bodies.map(() => 201));
    const kept = await entries(boss);
    expect(kept.map((entry) => entry.body).sort()).toEqual([...bodies].sort());
    expect(kept.filter((entry) => entry.author === ANNA.username)).toHaveLength(25);
    expect((await activity(boss)).filter((row) => 'entry' in row.change)).toHaveLength(50);
  });
}
