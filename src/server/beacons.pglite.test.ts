import { afterAll, beforeAll, describe } from 'vitest';
import { openStore, type Store } from './db/connect';
import { beaconSuite } from '../../tests/server/beacon-suite';
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

describe('Beacons on PGlite', () => beaconSuite(() => store));
