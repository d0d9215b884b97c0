/**
 * The admin accounts table: the queries the sign-in, the Team section of the admin API and the
 * `admin:add` / `admin:remove` commands share. Names arrive already normalised (auth/accounts.ts).
 */
import { sql, type Kysely } from 'kysely';
import type { AccountRow, AccountSource, Database, Role } from './schema';

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

/**
 * Makes `name` the owner, the account of ADMIN_USERNAME and the one account whose source is
 * 'settings': added with `hashFor()` when missing; when present, `hashFor(current)` says whether its
 * hash is replaced (a new ADMIN_PASSWORD, or a higher cost), and every session of an account whose
 * password changed ends. An account the settings named before becomes an ordinary one (source
 * 'command': the operator made it), so there is never more than one owner. One transaction,
 * holding the table's lock, so removals and adds wait for it.
 */
export function claimSettingsAccount(
  db: Kysely<Database>,
  name: string,
  now: Date,
  hashFor: (current: string | null) => Promise<{ hash: string; changed: boolean } | null>,
): Promise<void> {
  return db.transaction().execute(async (trx) => {
    await sql`lock table accounts in share row exclusive mode`.execute(trx);
    await trx.updateTable('accounts').set({ source: 'command' }).where('source', '=', 'settings').where('name', '!=', name).execute();
    const current = await trx.selectFrom('accounts').select('password_hash').where('name', '=', name).executeTakeFirst();
    const next = await hashFor(current?.password_hash ?? null);
    if (!current) {
      if (!next) throw new Error(`The account ${name} is missing and was given no password hash`);
      await trx
        .insertInto('accounts')
        .values({ name, password_hash: next.hash, created_at: now, created_by: null, source: 'settings', role: 'admin' })
        .execute();
      return;
    }
    await trx
      .updateTable('accounts')
      .set({ source: 'settings', role: 'admin', ...(next ? { password_hash: next.hash } : {}) })
      .where('name', '=', name)
      .execute();
    // Whoever signed in with the old password (it may have leaked) is signed out by the new one.
    if (next?.changed) await trx.deleteFrom('sessions').where('kind', '=', 'admin').where('subject', '=', name).execute();
  });
}

/** Replaces a hash only if it is still the one read, so a stale rehash never undoes a newer password. */
export async function replacePasswordHash(db: Kysely<Database>, name: string, from: string, to: string): Promise<void> {
  await db.updateTable('accounts').set({ password_hash: to }).where('name', '=', name).where('password_hash', '=', from).execute();
}

export type Removal = 'removed' | 'unknown' | 'last' | 'owner' | 'not-owner';

/**
 * Removes the account and every session it has, in one transaction, unless it is the last one.
 * `by` is the account asking in the Team section, which must be the owner (source 'settings'),
 * and the owner's account is not removed there; null is the operator's command line, which may
 * remove any account but the last. The table lock makes removals (and adds) wait for each other,
 * so two removals at once cannot leave none; reads and sign-ins go on meanwhile.
 */
export function deleteAccount(db: Kysely<Database>, name: string, by: string | null): Promise<Removal> {
  return db.transaction().execute(async (trx) => {
    await sql`lock table accounts in share row exclusive mode`.execute(trx);
    const rows = await trx.selectFrom('accounts').select(['name', 'source']).execute();
    const target = rows.find((row) => row.name === name);
    if (by !== null) {
      if (target?.source === 'settings') return 'owner';
      if (!rows.some((row) => row.name === by && row.source === 'settings')) return 'not-owner';
    }
    if (!target) return 'unknown';
    if (rows.length <= 1) return 'last';
    await trx.deleteFrom('accounts').where('name', '=', name).execute();
    await trx.deleteFrom('sessions').where('kind', '=', 'admin').where('subject', '=', name).execute();
    return 'removed';
  });
}

/** True when `name` is the owner's account (ADMIN_USERNAME's: the one whose source is 'settings'). */
export async function isOwnerAccount(db: Kysely<Database>, name: string): Promise<boolean> {
  const row = await db.selectFrom('accounts').select('name').where('name', '=', name).where('source', '=', 'settings').executeTakeFirst();
  return row !== undefined;
}

export type RoleChange = 'set' | 'unknown' | 'owner' | 'not-owner';

/**
 * Sets a colleague's role. `by` must be the owner (source 'settings'), and the owner's own account
 * stays admin. Under the table's lock, as adds and removals, so a role is never set on an account
 * removed meanwhile or by an owner replaced meanwhile.
 */
export function updateRole(db: Kysely<Database>, name: string, role: Role, by: string): Promise<RoleChange> {
  return db.transaction().execute(async (trx) => {
    await sql`lock table accounts in share row exclusive mode`.execute(trx);
    const rows = await trx.selectFrom('accounts').select(['name', 'source']).where('name', 'in', [name, by]).execute();
    if (!rows.some((row) => row.name === by && row.source === 'settings')) return 'not-owner';
    const target = rows.find((row) => row.name === name);
    if (!target) return 'unknown';
    if (target.source === 'settings') return 'owner';
    await trx.updateTable('accounts').set({ role }).where('name', '=', name).execute();
    return 'set';
  });
}
