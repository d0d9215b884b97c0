/**
 * What an account may do. A 'sales' account works the leads: lists, details, status, notes and
 * calls, follow-ups, owners, the Spam list both ways, deleting one lead (undoable) and the CSV. An
 * 'admin' account also manages the team, the blog's posts, clears a whole list of leads and reads
 * the A/B results and field data. The owner's account (ADMIN_USERNAME's) is admin whatever its row
 * says, and only the owner sets a colleague's role, as only the owner adds and removes accounts.
 * The role is read on every request, so a change takes effect at the colleague's next click.
 */
import type { MiddlewareHandler } from 'hono';
import type { Kysely } from 'kysely';
import type { Env } from '../context';
import { HttpError } from '../http/json';
import type { Database, Role } from '../db/schema';

export const ROLES: readonly Role[] = ['sales', 'admin'];

/** The account's role as it counts, or null when there is no such account. */
export async function roleOf(db: Kysely<Database>, name: string): Promise<Role | null> {
  const row = await db.selectFrom('accounts').select(['role', 'source']).where('name', '=', name).executeTakeFirst();
  if (!row) return null;
  return row.source === 'settings' ? 'admin' : row.role;
}

/** Lets the request through only for an admin account; a sales account is refused with 403 saying why. */
export function requireAdmin(what: string): MiddlewareHandler<Env> {
  return async (c, next) => {
    const role = await roleOf(c.var.deps.store.db, c.var.subject);
    if (role !== 'admin') {
      throw new HttpError(403, `Only an admin account may ${what}: ${c.var.subject} is a sales account. The owner can make it an admin in the Team section.`);
    }
    await next();
  };
}
