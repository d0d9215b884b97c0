/**
 * A lead's time is the server's, when it received the lead, whatever the sender's clock says: the
 * browser's own time is kept beside it (clientTime), only within a day. Run on PGlite
 * (lead-time.pglite.test.ts) and PostgreSQL (lead-time.postgres.test.ts).
 */
import { beforeEach, expect, it } from 'vitest';
import type { Store } from '../../src/server/db/connect';
import { createHarness, resetTables, sampleLead, type Harness } from './harness';

export function leadTimeSuite(getStore: () => Store): void {
  let store: Store;
  let h: Harness;

  beforeEach(async () => {
    store = getStore();
    await resetTables(store);
    h = await createHarness(store, { clock: { now: new Date('2026-03-04T09:00:00.000Z') } });
  });

  /** Posts a lead whose body says it was sent at `createdAt`, one minute after the one before. */
  const post = async (id: string, createdAt: string) => {
    h.clock.now = new Date(h.clock.now.getTime() + 60_000);
    const response = await h.call('POST', '/api/leads', { body: { ...sampleLead('contactEnquiries', id), createdAt } });
    expect(response.status).toBe(201);
    return h.clock.now.toISOString();
  };

  it('dates a lead by the server’s clock: one claiming a far future or year 1 sorts, counts and exports by when it arrived', async () => {
    const future = await post('GB-22222222', '9999-12-31T23:59:59.999Z');
    const browser = new Date(h.clock.now.getTime() + 60_000 - 1_500).toISOString();
    const honest = await post('GB-33333333', browser);
    const ancient = await post('GB-44444444', '0001-01-01T00:00:00.000Z');
    const cookie = await h.signIn();

    const listed = await h.call('GET', '/api/admin/leads', { cookie });
    const leads = ((await listed.json()) as { leads: { id: string; createdAt: string; clientTime: string | null }[] }).leads;
    expect(leads.map(({ id, createdAt, clientTime }) => ({ id, createdAt, clientTime }))).toEqual([
      { id: 'GB-44444444', createdAt: ancient, clientTime: null },
      { id: 'GB-33333333', createdAt: honest, clientTime: browser },
      { id: 'GB-22222222', createdAt: future, clientTime: null },
    ]);

    // All three in this week of the Overview, none in a week that never comes.
    const overview = await h.call('GET', '/api/admin/overview?weeks=12&today=2026-03-04', { cookie });
    const counted = (await overview.json()) as { weeks: string[]; totals: number[] };
    expect(counted.weeks.at(-1)).toBe('2026-03-02');
    expect(counted.totals.at(-1)).toBe(3);
    expect(counted.totals.reduce((a, b) => a + b, 0)).toBe(3);

    const csv = await (await h.call('GET', '/api/admin/leads.csv?type=contactEnquiries', { cookie })).text();
    expect(csv).toContain(`GB-22222222,${future},`);
    expect(csv).not.toContain('9999');
    expect(csv).not.toContain('0001-01-01');
  });
}
