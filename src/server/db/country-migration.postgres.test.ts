import { describe } from 'vitest';
import { countryMigrationSuite } from '../../../tests/server/country-migration-suite';
import { freshPostgres } from '../../../tests/server/migration-database';
import { postgresSuite } from '../../../tests/server/postgres';

const { available, title } = postgresSuite('migration 0013-country-codes-and-search on PostgreSQL');

describe.skipIf(!available)(title, () => {
  countryMigrationSuite(freshPostgres('gb_country'));
});
