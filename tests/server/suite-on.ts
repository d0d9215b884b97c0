/**
 * Runs a suite of store tests (tests/server/*-suite.ts) on one database: a fresh PGlite, or a
 * temporary PostgreSQL where one is available (else the suite is skipped and says why, see
 * postgresSuite). Each `*.pglite.test.ts` and `*.postgres.test.ts` file is one call.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { openStore, type Store } from '../../src/server/db/connect';
import { openTestPGlite } from './pglite';
import { postgresSuite, startTestPostgres, type TestPostgres } from './postgres';

type Suite = (store: () => Store) => void;

export function suiteOnPGlite(name: string, suite: Suite): void {
  let store: Store;
  let dispose: () => Promise<void>;
  describe(`${name} on PGlite`, () => {
    beforeAll(async () => {
      const test = await openTestPGlite();
      dispose = test.dispose;
      store = await openStore({ pglite: test.pglite });
    }, 120_000);
    afterAll(async () => {
      await store?.close();
      await dispose?.();
    });
    suite(() => store);
  });
}

export function suiteOnPostgres(name: string, suite: Suite): void {
  const { available, title } = postgresSuite(`${name} on PostgreSQL`);
  let postgres: TestPostgres | undefined;
  let store: Store;
  describe.skipIf(!available)(title, () => {
    beforeAll(async () => {
      postgres = await startTestPostgres();
      store = await openStore({ databaseUrl: postgres.url });
    }, 120_000);
    afterAll(async () => {
      await store?.close();
      await postgres?.stop();
    });
    suite(() => store);
  });
}
