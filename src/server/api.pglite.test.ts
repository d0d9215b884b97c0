import { afterAll, beforeAll, describe } from 'vitest';
import { openStore, type Store } from './db/connect';
import { apiSuite } from '../../tests/server/api-suite';
import { openTestPGlite } from '../../tests/server/pglite';

let store: Store;
let dispose: () => Promise<void>;

beforeAll(async () => {
  const test = await openTestPGlite();
  dispose = test.dispose;
  store = await openStore({ pglite: test.pglite });
}, 120_000);

afterAll(async () => {
  await store?.close();
  await dispose?.();
});

describe('API on PGlite', () => apiSuite(() => store));
