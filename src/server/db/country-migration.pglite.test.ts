import { describe } from 'vitest';
import { countryMigrationSuite } from '../../../tests/server/country-migration-suite';
import { freshPGlite } from '../../../tests/server/migration-database';

describe('migration 0013-country-codes-and-search on PGlite', () => {
  countryMigrationSuite(freshPGlite);
});
