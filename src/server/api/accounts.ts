/**
 * The admin dashboard's Team section (mounted under /api/admin/accounts, behind the admin
 * session and Origin checks): list the accounts, add one with a generated password shown once,
 * remove one (its sessions end at once), set a colleague's role (sales or admin, auth/roles.ts).
 * Only admin accounts reach these routes; only the owner (the account of ADMIN_USERNAME, source
 * 'settings') adds, removes and sets roles, and the owner's account is never removed nor made
 * sales here (auth/accounts.ts): those refusals are 403.
 */
import { Hono } from 'hono';
import { addAccount, AccountError, removeAccount, setAccountRole, type AccountProblem } from '../auth/accounts';
import { ROLES } from '../auth/roles';
import type { AppContext, Env } from '../context';
import { listAccounts } from '../db/accounts';
import type { AccountRow } from '../db/schema';
import { HttpError, readJsonObject, rejectUnknownKeys } from '../http/json';
import { unstorableCharacter } from '../http/storable';

const STATUS: Record<AccountProblem, 400 | 403 | 404 | 409> = {
  'invalid-name': 400,
  'invalid-password': 400,
  taken: 409,
  unknown: 404,
  last: 409,
  self: 409,
  owner: 403,
  'not-owner': 403,
};

/** An account as the dashboard shows it; never its hash. */
function view(row: AccountRow, c: AppContext) {
  return {
    name: row.name,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by,
    source: row.source,
    role: row.source === 'settings' ? 'admin' : row.role,
    you: row.name === c.var.subject,
  };
}

/** Runs an account change; a refusal becomes its 4xx with the rule's own message. */
async function refusalsAsHttp<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (error instanceof AccountError) throw new HttpError(STATUS[error.problem], error.message);
    throw error;
  }
}

export function accountRoutes(): Hono<Env> {
  const app = new Hono<Env>();

  app.get('/', async (c) => {
    const rows = await listAccounts(c.var.deps.store.db);
    return c.json({ accounts: rows.map((row) => view(row, c)) });
  });

  app.post('/', async (c) => {
    const body = await readJsonObject(c);
    rejectUnknownKeys(body, ['email'], 'the new account');
    if (typeof body.email !== 'string' || body.email.length > 1024) throw new HttpError(400, 'Send "email", the new admin’s e-mail address, as text');
    const { deps } = c.var;
    const email = body.email;
    const added = await refusalsAsHttp(() =>
      addAccount(deps.store.db, { email, createdBy: c.var.subject, source: 'team', now: deps.now(), cost: deps.passwordCost }),
    );
    // The only time the password leaves the server: the table keeps its hash.
    return c.json({ account: view(added.account, c), password: added.password }, 201);
  });

  app.patch('/:name', async (c) => {
    const raw = c.req.param('name');
    if (raw.length > 1024 || unstorableCharacter(raw)) throw new HttpError(404, 'There is no account by that name');
    const body = await readJsonObject(c);
    rejectUnknownKeys(body, ['role'], 'the account change');
    const role = ROLES.find((one) => one === body.role);
    if (!role) throw new HttpError(400, `"role" must be one of ${ROLES.join(', ')}`);
    const { db } = c.var.deps.store;
    const name = await refusalsAsHttp(() => setAccountRole(db, raw, role, c.var.subject));
    const row = (await listAccounts(db)).find((account) => account.name === name);
    if (!row) throw new HttpError(404, `There is no account for ${name}`);
    return c.json({ account: view(row, c) });
  });

  app.delete('/:name', async (c) => {
    const raw = c.req.param('name');
    // A name no account can have (too long, a NUL) never reaches the database.
    if (raw.length > 1024 || unstorableCharacter(raw)) throw new HttpError(404, 'There is no account by that name');
    await refusalsAsHttp(() => removeAccount(c.var.deps.store.db, raw, c.var.subject));
    return c.body(null, 204);
  });

  return app;
}
