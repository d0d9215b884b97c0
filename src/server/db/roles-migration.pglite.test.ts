import { describe } from 'vitest';
import { rolesMigrationSuite } from '../../../tests/server/roles-migration-suite';
import { freshPGlite } from '../../../tests/server/migration-database';

describe('migration 0014-roles-and-owners on PGlite', () => {
  rolesMigrationSuite(freshPGlite);
});
