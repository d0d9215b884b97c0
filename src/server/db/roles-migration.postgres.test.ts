import { Kysely, PostgresDialect } from 'kysely';
import { Client, Pool } from 'pg';
import { describe } from 'vitest';
import { rolesMigrationSuite } from '../../../tests/server/roles-migration-suite';
import { postgresSuite, startTestPostgres } from '../../../tests/server/postgres';
import type { Database } from './schema';

const { available, title } = postgresSuite('migration 0014-roles-and-owners on PostgreSQL');

describe.skipIf(!available)(title, () => {
  rolesMigrationSuite(async () => {
    const postgres = await startTestPostgres();
    // A database of its own: the cluster may be one given by TEST_DATABASE_URL, already migrated.
    const name = `gb_roles_${process.pid}_${Date.now()}`;
    const admin = new Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(postgres.url);
    url.pathname = `/${name}`;
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new Pool({ connectionString: url.toString(), max: 2 }) }) });
    return {
      db,
      async dispose() {
        try {
          await admin.query(`drop database if exists ${name}`);
        } finally {
          await admin.end();
          await postgres.stop();
        }
      },
    };
  });
});
