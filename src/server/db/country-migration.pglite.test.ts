import { Kysely } from 'kysely';
import { describe } from 'vitest';
import { countryMigrationSuite } from '../../../tests/server/country-migration-suite';
import { openTestPGlite } from '../../../tests/server/pglite';
import { PGliteDialect } from './dialect-pglite';
import type { Database } from './schema';

describe('migration 0013-country-codes-and-search on PGlite', () => {
  countryMigrationSuite(async () => {
    const test = await openTestPGlite();
    return { db: new Kysely<Database>({ dialect: new PGliteDialect(test.pglite) }), dispose: test.dispose };
  });
});
