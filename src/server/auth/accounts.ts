/**
 * Named admin accounts: what a name and a password must be, adding and removing an account, the
 * account of ADMIN_USERNAME, and checking a sign-in against the table. The admin API's Team
 * routes and the `admin:add` / `admin:remove` commands both come here, so they refuse the same
 * things with the same words.
 *
 * The account of ADMIN_USERNAME is the owner's. In the Team section only the owner adds and
 * removes accounts, and nobody removes the owner's: a colleague's stolen password can neither
 * lock the owner out nor plant an account of its own. The command line, which needs the server's
 * own database, may do anything but remove the last account.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { isEmailAddress } from '@/shared/domain/email-address';
import { claimSettingsAccount, deleteAccount, findAccount, insertAccount, isOwnerAccount, replacePasswordHash, updateRole } from '../db/accounts';
import type { AccountRow, AccountSource, Database, Role } from '../db/schema';
import { decoyHash, hashPassword, needsRehash, verifyPassword, type ScryptCost } from './password';

export type AccountProblem = 'invalid-name' | 'invalid-password' | 'taken' | 'unknown' | 'last' | 'self' | 'owner' | 'not-owner';

/** A refusal whose message can be shown to the admin or operator as it is. */
export class AccountError extends Error {
  constructor(
    readonly problem: AccountProblem,
    message: string,
  ) {
    super(message);
    this.name = 'AccountError';
  }
}

/** The compared form of a name: case and surrounding spaces do not make another account. */
export const accountName = (raw: string): string => raw.trim().toLowerCase();

const NAME_MAX = 254;
export const PASSWORD_MIN = 12;
/** The sign-in refuses anything longer. */
export const PASSWORD_MAX = 1024;

/** A character below U+0020 or DEL: a line break or tab pasted in by mistake, or a NUL the database cannot store. */
const hasControlCharacter = (text: string) => [...text].some((character) => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f);

const Email = v.pipe(v.string(), v.maxLength(NAME_MAX), v.check(isEmailAddress));

/** A new account's name: an e-mail address, in its compared form. */
export function newAccountName(raw: string): string {
  const name = accountName(raw);
  if (!v.is(Email, name)) throw new AccountError('invalid-name', `"${raw.slice(0, 100)}" is not an e-mail address like name@company.example`);
  return name;
}

export function checkNewPassword(password: string): void {
  if (password.length < PASSWORD_MIN) throw new AccountError('invalid-password', `The password must be at least ${PASSWORD_MIN} characters long`);
  if (password.length > PASSWORD_MAX) throw new AccountError('invalid-password', `The password must be at most ${PASSWORD_MAX} characters long`);
  if (hasControlCharacter(password)) throw new AccountError('invalid-password', 'The password must not hold control characters (a line break, a tab)');
}

/** 24 characters from 18 random bytes (144 bits), letters, digits, '-' and '_': typed rarely, copied mostly. */
export const generatePassword = (): string => randomBytes(18).toString('base64url');

const NOT_OWNER = 'Only the owner (the account of the server’s ADMIN_USERNAME) adds and removes accounts';

interface AddOptions {
  /** The e-mail address as typed. */
  email: string;
  /** The password to set; a strong one is generated when absent. */
  password?: string;
  /** The account adding it in the Team section, which must be the owner's; null on the command line. */
  createdBy: string | null;
  source: AccountSource;
  now: Date;
  cost: ScryptCost;
}

/** Adds an account; its password is returned so it can be shown once (it is stored only as a hash). */
export async function addAccount(db: Kysely<Database>, options: AddOptions): Promise<{ account: AccountRow; password: string; generated: boolean }> {
  if (options.createdBy !== null && !(await isOwnerAccount(db, options.createdBy))) throw new AccountError('not-owner', NOT_OWNER);
  const name = newAccountName(options.email);
  const generated = options.password === undefined;
  const password = options.password ?? generatePassword();
  checkNewPassword(password);
  const account = await insertAccount(db, {
    name,
    passwordHash: await hashPassword(password, options.cost),
    createdAt: options.now,
    createdBy: options.createdBy,
    source: options.source,
  });
  if (!account) throw new AccountError('taken', `There is already an account for ${name}`);
  return { account, password, generated };
}

/**
 * Removes an account and ends its sessions. `by` is the account asking in the Team section: only
 * the owner may, never for its own account (it would lock itself out mid-action), and the owner's
 * account is never removed there. `by` null is the operator's command line.
 */
export async function removeAccount(db: Kysely<Database>, raw: string, by: string | null): Promise<string> {
  const name = accountName(raw);
  if (by !== null && name === by) throw new AccountError('self', 'You cannot remove your own account');
  const result = await deleteAccount(db, name, by);
  if (result === 'owner') {
    throw new AccountError('owner', `${name} is the owner’s account (the server’s ADMIN_USERNAME): it cannot be removed from the Team section`);
  }
  if (result === 'not-owner') throw new AccountError('not-owner', NOT_OWNER);
  if (result === 'unknown') throw new AccountError('unknown', `There is no account for ${name}`);
  if (result === 'last') throw new AccountError('last', `${name} is the only account left; add another before removing it`);
  return name;
}

/**
 * Sets a colleague's role in the Team section: only the owner may, and the owner's account is
 * admin always. Returns the account's name.
 */
export async function setAccountRole(db: Kysely<Database>, raw: string, role: Role, by: string): Promise<string> {
  const name = accountName(raw);
  const result = await updateRole(db, name, role, by);
  if (result === 'not-owner') throw new AccountError('not-owner', 'Only the owner (the account of the server’s ADMIN_USERNAME) sets a colleague’s role');
  if (result === 'owner') throw new AccountError('owner', `${name} is the owner’s account (the server’s ADMIN_USERNAME): it is always an admin`);
  if (result === 'unknown') throw new AccountError('unknown', `There is no account for ${name}`);
  return name;
}

/**
 * The owner's account, the one ADMIN_USERNAME names, at every start: added when missing, and its
 * password set from ADMIN_PASSWORD, so whoever runs the server can always get back in. A changed
 * ADMIN_PASSWORD ends every session of the account (one started with a leaked password among
 * them); the same one keeps the stored hash unless its cost is below `cost`. An account an earlier
 * ADMIN_USERNAME named is no longer the owner's. Returns its name.
 */
export async function ensureSettingsAccount(db: Kysely<Database>, username: string, password: string, cost: ScryptCost, now: Date): Promise<string> {
  const name = accountName(username);
  if (name.length === 0 || name.length > NAME_MAX || hasControlCharacter(name)) {
    throw new Error(`ADMIN_USERNAME must be 1 to ${NAME_MAX} characters without control characters`);
  }
  await claimSettingsAccount(db, name, now, async (current) => {
    if (current === null) return { hash: await hashPassword(password, cost), changed: false };
    if (!(await verifyPassword(password, current))) return { hash: await hashPassword(password, cost), changed: true };
    return needsRehash(current, cost) ? { hash: await hashPassword(password, cost), changed: false } : null;
  });
  return name;
}

/**
 * The account `name` signs in as with `password`, or null. A name with no account is checked
 * against a decoy hash, so both take one scrypt. A hash made at a lower cost than `cost` is
 * replaced after a successful check: raising the cost upgrades every account as it signs in.
 */
export async function authenticate(db: Kysely<Database>, rawName: string, password: string, cost: ScryptCost): Promise<string | null> {
  const account = await findAccount(db, accountName(rawName));
  const stored = account?.password_hash ?? (await decoyHash(cost));
  const matches = await verifyPassword(password, stored);
  if (!account || !matches) return null;
  if (needsRehash(stored, cost)) await replacePasswordHash(db, account.name, stored, await hashPassword(password, cost));
  return account.name;
}
