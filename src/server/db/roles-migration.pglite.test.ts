import { Kysely } from 'kysely';
import { describe } from 'vitest';
import { rolesMigrationSuite } from '../../../tests/server/roles-migration-suite';
import { openTestPGlite } from '../../../tests/server/pglite';
import { PGliteDialect } from './dialect-pglite';
import type { Database } from './schema';

describe('migration 0014-roles-and-owners on PGlite', () => {
  rolesMigrationSuite(async () => {
    const test = await openTestPGlite();
    return { db: new Kysely<Database>({ dialect: new PGliteDialect(test.pglite) }), dispose: test.dispose };
  });
});
