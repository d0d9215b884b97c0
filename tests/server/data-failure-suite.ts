/**
 * A database that refuses writes, as each database reports it: the API answers 503 with
 * Retry-After and the cause, never 500, and /api/health says so. Run on PGlite
 * (data-failure.pglite.test.ts, which also turns a data folder read-only under a running server)
 * and on PostgreSQL (data-failure.postgres.test.ts, which also takes a role's write rights away).
 */
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/server/db/connect';
import { ADMIN, createHarness, resetTables, sampleLead, type Harness } from './harness';

/** What /api/health, a lead and a sign-in answer now. */
export async function answers(h: Harness): Promise<{ health: Response; lead: Response; login: Response }> {
  const health = await h.call('GET', '/api/health');
  const lead = await h.call('POST', '/api/leads', { body: sampleLead('contactEnquiries', 'GB-33333333') });
  const login = await h.call('POST', '/api/admin/login', { body: ADMIN, client: '192.0.2.201' });
  return { health, lead, login };
}

/** The three answer 503 with the cause: health as it always does, the others with Retry-After. */
export async function expectUnavailable(h: Harness, cause: string): Promise<void> {
  const { health, lead, login } = await answers(h);
  expect([health.status, lead.status, login.status]).toEqual([503, 503, 503]);
  expect(((await health.json()) as { error: string }).error).toBe(`The database cannot write: ${cause}`);
  for (const response of [lead, login]) {
    expect(response.headers.get('retry-after')).toBe('30');
    expect(((await response.json()) as { error: string }).error).toBe(`The database cannot be used right now (${cause}); try again later`);
  }
}

/** Moves the harness's clock past the health probe's reuse, so the next call probes again. */
export function nextProbe(h: Harness): void {
  h.clock.now = new Date(h.clock.now.getTime() + 2_000);
}

export function dataFailureSuite(getStore: () => Store): void {
  let store: Store;
  let h: Harness;

  beforeEach(async () => {
    store = getStore();
    await resetTables(store);
    h = await createHarness(store);
  });

  /**
   * Runs `during` while every write to the tables a lead, a sign-in and the health probe write
   * fails with `errcode` and `message`, as the database reports a file or a table it may not write.
   */
  async function withRefusedWrites(errcode: string, message: string, during: () => Promise<void>): Promise<void> {
    const tables = ['health', 'leads', 'notifications', 'login_throttle', 'sessions'];
    await sql`create or replace function gb_test_refuse() returns trigger language plpgsql as $$
      begin raise exception using errcode = tg_argv[0], message = tg_argv[1]; end $$`.execute(store.db);
    for (const table of tables) {
      await sql`create trigger gb_test_refuse before insert or update on ${sql.table(table)}
        for each row execute function gb_test_refuse(${sql.lit(errcode)}, ${sql.lit(message)})`.execute(store.db);
    }
    try {
      await during();
    } finally {
      for (const table of tables) await sql`drop trigger gb_test_refuse on ${sql.table(table)}`.execute(store.db);
    }
  }

  describe('writes the database refuses', () => {
    it.each([
      ['a file it may not open', 'could not open file "base/5/16461": Permission denied', 'it is not allowed to write (permission denied)'],
      ['a table the role may not write', 'permission denied for table leads', 'it is not allowed to write (permission denied)'],
      ['a read-only file system', 'could not write to file "base/5/16461": Read-only file system', 'it is read-only'],
    ])('answer 503 with the cause for %s (insufficient_privilege), and work again after', async (_what, message, cause) => {
      await withRefusedWrites('42501', message, () => expectUnavailable(h, cause));
      expect(h.logs.some((entry) => entry.level === 'error' && entry.error === message)).toBe(true);
      nextProbe(h);
      const { health, lead, login } = await answers(h);
      expect([health.status, lead.status, login.status]).toEqual([200, 201, 200]);
    });
  });
}
