/**
 * A migration's test on a database that already holds rows: a fresh database migrated up to the
 * migration before the one under test, filled with rows as they were stored then, and brought up to
 * date, as on a server that updates over several versions. On PGlite (freshPGlite) or on a database
 * of its own in a PostgreSQL cluster (freshPostgres).
 */
import { Kysely, PostgresDialect } from 'kysely';
import { Client, Pool } from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { PGliteDialect } from '../../src/server/db/dialect-pglite';
import { migrate, migrator } from '../../src/server/db/migrations';
import type { Database } from '../../src/server/db/schema';
import { openTestPGlite } from './pglite';
import { startTestPostgres } from './postgres';

/** A database of the schema before any migration, and how to drop it. */
export type FreshDatabase = () => Promise<{ db: Kysely<Database>; dispose(): Promise<void> }>;

export const freshPGlite: FreshDatabase = async () => {
  const test = await openTestPGlite();
  return { db: new Kysely<Database>({ dialect: new PGliteDialect(test.pglite) }), dispose: test.dispose };
};

/** A database named after `prefix` of its own: the cluster may be one given by TEST_DATABASE_URL, already migrated. */
export function freshPostgres(prefix: string): FreshDatabase {
  return async () => {
    const postgres = await startTestPostgres();
    const name = `${prefix}_${process.pid}_${Date.now()}`;
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
  };
}

export interface MigrationSetup {
  /** The last migration run before the rows are stored. */
  before: string;
  /** Stores the rows as the schema of `before` held them. */
  fill(db: Kysely<Database>): Promise<void>;
  /** Checks the names of the migrations that ran after the rows were stored. */
  applied(names: string[]): void;
  /** beforeAll's time limit, for a cluster that starts first. */
  timeoutMs?: number;
}

/** Sets the database up before the file's tests and drops it after them; `db` is there from then on. */
export function migratedDatabase(fresh: FreshDatabase, setup: MigrationSetup): { readonly db: Kysely<Database> } {
  let opened: { db: Kysely<Database>; dispose(): Promise<void> } | undefined;
  beforeAll(async () => {
    opened = await fresh();
    const { db } = opened;
    expect((await migrator(db as Kysely<unknown>).migrateTo(setup.before)).error).toBeUndefined();
    await setup.fill(db);
    setup.applied(await migrate(db as Kysely<unknown>));
  }, setup.timeoutMs);
  afterAll(async () => {
    await opened?.db.destroy();
    await opened?.dispose();
  });
  return {
    get db() {
      if (!opened) throw new Error('The database opens in beforeAll: use it in a test or a hook.');
      return opened.db;
    },
  };
}
