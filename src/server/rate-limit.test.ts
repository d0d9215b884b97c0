/**
 * The lead limit per client address, kept in the database: the same sliding-window rule on PGlite
 * and on PostgreSQL, parallel submissions from one address counted exactly, two servers on one
 * PostgreSQL sharing the limit, and the tables holding only the last minute or two.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from './db/connect';
import { createRateLimiter, PRUNE_EVERY_MS, WINDOW_MS } from './rate-limit';
import { createHarness, resetTables, sampleLead } from '../../tests/server/harness';
import { suiteOnPGlite } from '../../tests/server/suite-on';
import { postgresSuite, startTestPostgres, type TestPostgres } from '../../tests/server/postgres';
import { idOf } from '../../tests/server/spawn-server';
import { mostInAnyWindow, random } from '../../tests/support/rate-window';

const T0 = Date.parse('2026-03-02T09:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms);

async function rows(store: Store): Promise<{ clients: { key: string; hits: number }[]; hits: number }> {
  const clients = await store.db.selectFrom('lead_rate_clients').select(['key', 'hits']).execute();
  const hits = await store.db
    .selectFrom('lead_rate_hits')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return { clients, hits: Number(hits.n) };
}

/** The rule, the same on every database. */
function limiterSuite(getStore: () => Store): void {
  let store: Store;
  beforeEach(async () => {
    store = getStore();
    await sql`truncate lead_rate_clients, lead_rate_hits`.execute(store.db);
  });

  it('allows `limit` requests per client per minute and says when to come back', async () => {
    const limiter = createRateLimiter(store.db, 2);
    expect(await limiter.hit('a', at(0))).toBeNull();
    expect(await limiter.hit('a', at(1_000))).toBeNull();
    expect(await limiter.hit('a', at(2_000))).toBe(58);
    expect(await limiter.hit('b', at(2_000))).toBeNull();
    expect(await limiter.hit('a', at(60_000))).toBeNull();
  });

  it('frees one place each time the oldest accepted request leaves the window', async () => {
    const limiter = createRateLimiter(store.db, 3);
    for (const ms of [0, 30_000, 59_000]) expect(await limiter.hit('a', at(ms))).toBeNull();
    expect(await limiter.hit('a', at(59_500))).toBe(1);
    expect(await limiter.hit('a', at(60_000))).toBeNull();
    expect(await limiter.hit('a', at(61_000))).toBe(29);
    expect(await limiter.hit('a', at(90_000))).toBeNull();
    expect(await limiter.hit('a', at(90_001))).toBe(29);
    expect(await createRateLimiter(store.db, 0).hit('a', at(0))).toBe(60);
  });

  it('lets no more than 20 through in any 60 s, also across the end of one minute and the start of the next', async () => {
    const limiter = createRateLimiter(store.db, 20);
    const accepted: number[] = [];
    const send = async (ms: number) => (await limiter.hit('203.0.113.1', at(ms))) === null && accepted.push(ms);
    // One early request, then a burst just before the minute it opened ends and one just after.
    await send(0);
    for (let i = 0; i < 40; i += 1) await send(59_000 + i * 50);
    expect(mostInAnyWindow(accepted)).toBeLessThanOrEqual(20);
    // The first 20, and one more once the very first has left the window.
    expect(accepted).toHaveLength(21);
  });

  it('holds the limit under ten minutes of irregular traffic and still lets the limit through each minute', async () => {
    const limiter = createRateLimiter(store.db, 20);
    const next = random(42);
    const accepted: number[] = [];
    for (let ms = 0; ms < 10 * WINDOW_MS; ms += Math.floor(next() * 800)) if ((await limiter.hit('198.51.100.7', at(ms))) === null) accepted.push(ms);
    expect(mostInAnyWindow(accepted)).toBe(20);
    expect(accepted.length).toBeGreaterThanOrEqual(20 * 10);
    // No more than the limit's times are kept for the address.
    expect((await rows(store)).hits).toBeLessThanOrEqual(20);
    // About 1,500 calls, one round trip each: seconds on a busy machine.
  });

  it('counts 40 parallel requests from one address exactly: 20 accepted', async () => {
    const limiter = createRateLimiter(store.db, 20);
    const answers = await Promise.all(Array.from({ length: 40 }, () => limiter.hit('203.0.113.9', at(0))));
    expect(answers.filter((answer) => answer === null)).toHaveLength(20);
    expect(answers.filter((answer) => answer === 60)).toHaveLength(20);
  });

  it('stores addresses only as hashes, and forgets the ones quiet for a minute', async () => {
    const limiter = createRateLimiter(store.db, 20);
    for (let i = 0; i < 50; i += 1) await limiter.hit(`192.0.2.${i}`, at(i));
    let now = await rows(store);
    expect(now.clients).toHaveLength(50);
    expect(now.hits).toBe(50);
    expect(JSON.stringify(now.clients)).not.toMatch(/192\.0\.2/);
    expect(now.clients.every((client) => /^[0-9a-f]{64}$/.test(client.key))).toBe(true);
    // A minute later one address is back: that submission's prune (at most one a minute per
    // server) drops the 50 quiet addresses and their times, and the one back starts afresh.
    await limiter.hit('192.0.2.7', at(PRUNE_EVERY_MS + 100));
    now = await rows(store);
    expect(now.clients).toEqual([{ key: expect.stringMatching(/^[0-9a-f]{64}$/), hits: 1 }]);
    expect(now.hits).toBe(1);
  });
}

suiteOnPGlite('the lead rate limit', limiterSuite);

const { available, title } = postgresSuite('the lead rate limit on PostgreSQL');

describe.skipIf(!available)(title, () => {
  let postgres: TestPostgres | undefined;
  let store: Store;
  let second: Store;
  beforeAll(async () => {
    postgres = await startTestPostgres();
    store = await openStore({ databaseUrl: postgres.url });
    // A second server's own connection pool on the same database.
    second = await openStore({ databaseUrl: postgres.url });
  });
  afterAll(async () => {
    await second?.close();
    await store?.close();
    await postgres?.stop();
  });

  limiterSuite(() => store);

  describe('two servers on one PostgreSQL', () => {
    beforeEach(() => resetTables(store));

    it('share the limit: 40 parallel submissions from one address, half to each, get exactly 20 stored', async () => {
      const [one, two] = [await createHarness(store, { rateLimitPerMinute: 20 }), await createHarness(second, { rateLimitPerMinute: 20 })];
      const responses = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          (i % 2 === 0 ? one : two).call('POST', '/api/leads', { body: sampleLead('contactEnquiries', idOf(i)), client: '203.0.113.50' }),
        ),
      );
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(20);
      expect(statuses.filter((status) => status === 429)).toHaveLength(20);
      // Both servers refused some: neither kept a count of its own.
      expect(statuses.filter((status, i) => status === 429 && i % 2 === 0).length).toBeGreaterThan(0);
      expect(statuses.filter((status, i) => status === 429 && i % 2 === 1).length).toBeGreaterThan(0);
      const stored = await store.db
        .selectFrom('leads')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(stored.n)).toBe(20);
      // Another address is not affected, on either server.
      expect((await two.call('POST', '/api/leads', { body: sampleLead('contactEnquiries', idOf(100)), client: '203.0.113.51' })).status).toBe(201);
    });

    it('one server refuses an address the other has filled, with the Retry-After of the shared window', async () => {
      const [one, two] = [await createHarness(store, { rateLimitPerMinute: 3 }), await createHarness(second, { rateLimitPerMinute: 3 })];
      for (let i = 0; i < 3; i += 1) {
        expect((await one.call('POST', '/api/leads', { body: sampleLead('contactEnquiries', idOf(i)), client: '203.0.113.60' })).status).toBe(201);
        one.clock.now = new Date(one.clock.now.getTime() + 10_000);
      }
      two.clock.now = one.clock.now;
      const refused = await two.call('POST', '/api/leads', { body: sampleLead('contactEnquiries', idOf(3)), client: '203.0.113.60' });
      expect(refused.status).toBe(429);
      // The first was 30 s ago: 30 s until it leaves the window.
      expect(refused.headers.get('retry-after')).toBe('30');
    });
  });
});
