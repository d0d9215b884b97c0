/**
 * A database that refuses writes, on PostgreSQL: the shared suite, and a server whose role loses
 * its write rights while it runs (REVOKE: every write then fails with insufficient_privilege).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from './db/connect';
import { answers, dataFailureSuite, expectUnavailable, nextProbe } from '../../tests/server/data-failure-suite';
import { createHarness, resetTables } from '../../tests/server/harness';
import { postgresSuite, startTestPostgres, type TestPostgres } from '../../tests/server/postgres';

const { available, title } = postgresSuite('Data failures on PostgreSQL');

describe.skipIf(!available)(title, () => {
  let postgres: TestPostgres | undefined;
  let store: Store;
  beforeAll(async () => {
    postgres = await startTestPostgres();
    store = await openStore({ databaseUrl: postgres.url });
  });
  afterAll(async () => {
    await store?.close();
    await postgres?.stop();
  });

  describe('the shared suite', () => dataFailureSuite(() => store));

  it('a role that loses its write rights: health, a lead and a sign-in answer 503 with the cause, and all work again once it has them back', async () => {
    await resetTables(store);
    const role = 'gb_writer';
    await sql`drop role if exists ${sql.id(role)}`.execute(store.db);
    await sql`create role ${sql.id(role)} login`.execute(store.db);
    await sql`grant select, insert, update, delete on all tables in schema public to ${sql.id(role)}`.execute(store.db);
    const url = new URL(postgres!.url);
    url.username = role;
    const server = await openStore({ databaseUrl: url.toString() });
    try {
      const h = await createHarness(server);
      expect((await h.call('GET', '/api/health')).status).toBe(200);
      await sql`revoke insert, update on all tables in schema public from ${sql.id(role)}`.execute(store.db);
      nextProbe(h);
      await expectUnavailable(h, 'it is not allowed to write (permission denied)');
      await sql`grant insert, update on all tables in schema public to ${sql.id(role)}`.execute(store.db);
      nextProbe(h);
      const { health, lead, login } = await answers(h);
      expect([health.status, lead.status, login.status]).toEqual([200, 201, 200]);
    } finally {
      await server.close();
      await sql`drop owned by ${sql.id(role)}`.execute(store.db);
      await sql`drop role ${sql.id(role)}`.execute(store.db);
    }
  });
});
