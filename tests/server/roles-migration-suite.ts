/**
 * Migration 0014-roles-and-owners on a database with accounts from before roles: each keeps what it
 * could do (admin), an account added after it starts as sales, a role other than sales or admin is
 * refused by the table, and every lead starts with no owner. Run on PGlite
 * (roles-migration.pglite.test.ts) and PostgreSQL (roles-migration.postgres.test.ts).
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { migratedDatabase, type FreshDatabase } from './migration-database';

export function rolesMigrationSuite(fresh: FreshDatabase): void {
  const database = migratedDatabase(fresh, {
    before: '0013-country-codes-and-search',
    async fill(db) {
      for (const [name, source] of [
        ['boss', 'settings'],
        ['priya@garlicbrothers.example', 'team'],
      ] as const) {
        await sql`insert into accounts (name, password_hash, created_at, created_by, source) values (${name}, 'x', now(), null, ${source})`.execute(db);
      }
      await sql`insert into leads (id, type, created_at, page, fields, status) values ('GB-22222222', 'contactEnquiries', now(), '/contact', '{}'::jsonb, 'new')`.execute(
        db,
      );
    },
    applied: (names) => expect(names[0]).toBe('0014-roles-and-owners'),
    timeoutMs: 120_000,
  });

  it('keeps the accounts from before as admins, starts a new one as sales, and refuses any other role', async () => {
    await sql`insert into accounts (name, password_hash, created_at, created_by, source) values ('omar@garlicbrothers.example', 'x', now(), 'boss', 'team')`.execute(
      database.db,
    );
    const rows = await database.db.selectFrom('accounts').select(['name', 'role']).orderBy('name').execute();
    expect(rows).toEqual([
      { name: 'boss', role: 'admin' },
      { name: 'omar@garlicbrothers.example', role: 'sales' },
      { name: 'priya@garlicbrothers.example', role: 'admin' },
    ]);
    await expect(sql`update accounts set role = 'owner' where name = 'boss'`.execute(database.db)).rejects.toThrow(/accounts_role_check/);
    expect(await database.db.selectFrom('leads').select('assigned_to').execute()).toEqual([{ assigned_to: null }]);
  });
}
