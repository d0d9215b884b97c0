/**
 * The admin accounts table: the queries the sign-in, the Team section of the admin API and the
 * `admin:add` / `admin:remove` commands share. Names arrive already normalised (auth/accounts.ts).
 */
import { sql, type Kysely } from 'kysely';
import type { AccountRow, AccountSource, Database } from './schema';

export function findAccount(db: Kysely<Database>, name: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('name', '=', name).executeTakeFirst();
}

/** Oldest first: the first account (ADMIN_USERNAME's, as a rule) heads the list. */
export function listAccounts(db: Kysely<Database>): Promise<AccountRow[]> {
  return db.selectFrom('accounts').selectAll().orderBy('created_at').orderBy('name').execute();
}

interface NewAccount {
  name: string;
  passwordHash: string;
  createdAt: Date;
  createdBy: string | null;
  source: AccountSource;
}

/** Adds the account; undefined when the name is taken (also by a parallel add). */
export function insertAccount(db: Kysely<Database>, account: NewAccount): Promise<AccountRow | undefined> {
  return db
    .insertInto('accounts')
    .values({
      name: account.name,
      password_hash: account.passwordHash,
      created_at: account.createdAt,
      created_by: account.createdBy,
      source: account.source,
    })
    .onConflict((oc) => oc.column('name').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** The account of ADMIN_USERNAME: added when missing, its password replaced when present. */
export async function upsertSettingsAccount(db: Kysely<Database>, name: string, passwordHash: string, now: Date): Promise<void> {
  await db
    .insertInto('accounts')
    .values({ name, password_hash: passwordHash, created_at: now, created_by: null, source: 'settings' })
    .onConflict((oc) => oc.column('name').doUpdateSet({ password_hash: passwordHash }))
    .execute();
}

/** Replaces a hash only if it is still the one read, so a stale rehash never undoes a newer password. */
export async function replacePasswordHash(db: Kysely<Database>, name: string, from: string, to: string): Promise<void> {
  await db.updateTable('accounts').set({ password_hash: to }).where('name', '=', name).where('password_hash', '=', from).execute();
}

export type Removal = 'removed' | 'unknown' | 'last';

/**
 * Removes the account and every session it has, in one transaction, unless it is the last one.
 * The table lock makes removals (and adds) wait for each other, so two admins removing each
 * other's accounts at once cannot leave none; reads and sign-ins go on meanwhile.
 */
export function deleteAccount(db: Kysely<Database>, name: string): Promise<Removal> {
  return db.transaction().execute(async (trx) => {
    await sql`lock table accounts in share row exclusive mode`.execute(trx);
    const rows = await trx.selectFrom('accounts').select('name').execute();
    if (!rows.some((row) => row.name === name)) return 'unknown';
    if (rows.length <= 1) return 'last';
    await trx.deleteFrom('accounts').where('name', '=', name).execute();
    await trx.deleteFrom('sessions').where('kind', '=', 'admin').where('subject', '=', name).execute();
    return 'removed';
  });
}
