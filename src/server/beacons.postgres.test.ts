import { afterAll, beforeAll, describe } from 'vitest';
import { openStore, type Store } from './db/connect';
import { beaconSuite } from '../../tests/server/beacon-suite';
import { postgresAvailability, startTestPostgres, type TestPostgres } from '../../tests/server/postgres';

const availability = postgresAvailability();
const title = availability.available ? `Beacons on PostgreSQL (${availability.how})` : `Beacons on PostgreSQL: skipped, ${availability.reason}`;
// Printed too: a skipped suite's title shows only in a verbose report.
if (!availability.available) console.log(title);

let postgres: TestPostgres | undefined;
let store: Store;

describe.skipIf(!availability.available)(title, () => {
  beforeAll(async () => {
    postgres = await startTestPostgres();
    store = await openStore({ databaseUrl: postgres.url });
  }, 120_000);

  afterAll(async () => {
    await store?.close();
    await postgres?.stop();
  });

  beaconSuite(() => store);
});
