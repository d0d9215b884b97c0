import { describe } from 'vitest';
import { rolesMigrationSuite } from '../../../tests/server/roles-migration-suite';
import { freshPostgres } from '../../../tests/server/migration-database';
import { postgresSuite } from '../../../tests/server/postgres';

const { available, title } = postgresSuite('migration 0014-roles-and-owners on PostgreSQL');

describe.skipIf(!available)(title, () => {
  rolesMigrationSuite(freshPostgres('gb_roles'));
});
