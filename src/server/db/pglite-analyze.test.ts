/**
 * The PGlite store's stand-in for autovacuum's analyze: after a backlog of queued e-mails builds
 * up, claiming the next few reads a few leads, not the whole backlog (the rows a statement reads
 * are counted by PostgreSQL's statistics collector).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openStore, type Store } from './connect';
import { startAutoAnalyze } from './pglite-analyze';
import { claimDue } from '../notify/outbox';
import { createHarness, sampleLead } from '../../../tests/server/harness';
import { openTestPGlite } from '../../../tests/server/pglite';
import { idOf } from '../../../tests/server/spawn-server';

const BACKLOG = 3_000;
const CLAIM = 8;

let store: Store;
let dispose: () => Promise<void>;

beforeAll(async () => {
  const test = await openTestPGlite();
  dispose = test.dispose;
  store = await openStore({ pglite: test.pglite });
  // One lead through the API, then copies of it under other references: the backlog a burst of
  // submissions leaves while the mail server is slow, each lead with its e-mail queued.
  const h = await createHarness(store);
  await h.call('POST', '/api/leads', { body: { ...sampleLead(), id: idOf(0) } });
  const ids = Array.from({ length: BACKLOG - 1 }, (_, i) => idOf(i + 1));
  await sql`insert into leads select (jsonb_populate_record(l, jsonb_build_object('id', copy.id))).*
    from leads l cross join unnest(${ids}::text[]) as copy (id)`.execute(store.db);
  await sql`insert into notifications (lead_id, channel, state, queued_at, next_attempt_at)
    select id, c.channel, 'pending', now(), now() from leads cross join (values ('email'), ('webhook')) as c (channel) where id <> ${idOf(0)}`.execute(
    store.db,
  );
}, 60_000);

afterAll(async () => {
  await store?.close();
  await dispose?.();
});

/** Rows of `leads` read so far, by index or by scan, as the statistics collector counts them. */
async function leadsRead(): Promise<number> {
  await sql`select pg_stat_force_next_flush()`.execute(store.db);
  const { rows } = await sql<{ read: string }>`
    select coalesce(idx_tup_fetch, 0) + coalesce(seq_tup_read, 0) as read from pg_stat_user_tables where relname = 'leads'`.execute(store.db);
  return Number(rows[0]?.read);
}

it('analyzes the tables that changed, and then a claim reads a few leads, not the backlog', async () => {
  const analyze = startAutoAnalyze(store.db as never, 3_600_000);
  try {
    await sql`select pg_stat_force_next_flush()`.execute(store.db);
    await analyze.run();
    // Analyzed by this round or by the store's own timer, which runs the same rule.
    const { rows } = await sql<{ table: string }>`
      select relname as "table" from pg_stat_user_tables where last_analyze is not null and n_mod_since_analyze = 0 order by relname`.execute(store.db);
    expect(rows.map((row) => row.table)).toEqual(expect.arrayContaining(['leads', 'notifications']));
    // Nothing changed since: nothing to do.
    expect(await analyze.run()).toEqual([]);

    const before = await leadsRead();
    const claimed = await claimDue(store.db, { channels: ['email'], now: new Date(Date.now() + 1_000), leaseMs: 60_000, limit: CLAIM });
    expect(claimed).toHaveLength(CLAIM);
    // Without current statistics this claim joined every pending row to its lead and sorted them:
    // BACKLOG leads read for CLAIM sent.
    expect((await leadsRead()) - before).toBeLessThanOrEqual(3 * CLAIM);
  } finally {
    await analyze.stop();
  }
});
