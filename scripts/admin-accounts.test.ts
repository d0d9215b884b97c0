/**
 * `npm run admin:add` and `npm run admin:remove` as an operator runs them: on a PGlite folder
 * (DATA_DIR) and on PostgreSQL (DATABASE_URL), a generated password printed once or one piped in,
 * the refusals in one line each, and a folder held by a running server named as such. A run of the
 * command is a process that loads the server's code and opens the database (two seconds of CPU),
 * so the process itself is run where it matters (npm's script, standard input, another process
 * holding the folder, a second connection to PostgreSQL) and the refusals call the same command
 * (scripts/lib/admin-command.ts) in this process, on the same database.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../src/server/auth/password';
import { openStore, type Store } from '../src/server/db/connect';
import { freshDataDir } from '../tests/server/pglite';
import { postgresSuite, startTestPostgres, type TestPostgres } from '../tests/server/postgres';
import { runToEnd, type CommandRun } from '../tests/support/processes';
import { adminCommand, USAGE } from './lib/admin-command';

/**
 * The command in a process of its own with the database in `env`: `npm run admin:<command> -- …`
 * as the README gives it, or the script without npm's start-up (`node`). `input` is piped to it,
 * else its standard input is /dev/null.
 */
function runCommand(via: 'npm' | 'node', command: 'add' | 'remove', args: string[], env: Record<string, string>, input?: string): Promise<CommandRun> {
  const [file, argv] =
    via === 'npm'
      ? ['npm', ['run', `admin:${command}`, '--', ...args]]
      : [process.execPath, ['--import', 'tsx', 'scripts/admin-accounts.ts', command, ...args]];
  // A safety net only: the first command creates the PGlite database, 10-20 s here and over 90 s on a loaded machine.
  return runToEnd(file, argv, { env: { ...process.env, DATABASE_URL: '', ...env }, input, waitMs: 240_000 });
}

/** What the command printed when run in this process, and the standard input it was given (`piped`). */
function captured(piped = '') {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { pipedPassword: async () => piped, out: (line: string) => out.push(line), err: (line: string) => err.push(line) } };
}

/** The same command run in this process on `store` (left open), with `piped` as what was piped in. */
async function runHere(store: Store, argv: string[], piped = ''): Promise<{ status: number; out: string[]; err: string[] }> {
  const { out, err, io } = captured(piped);
  const status = await adminCommand(argv, io, async () => ({ ...store, close: async () => {} }));
  return { status, out, err };
}

/** The lines the command itself printed (npm's own heading lines left out). */
const printed = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('> '))
    .map((line) => line.trim());

async function withStore<T>(options: { dataDir: string } | { databaseUrl: string }, use: (store: Store) => Promise<T>): Promise<T> {
  const store = await openStore(options);
  try {
    return await use(store);
  } finally {
    await store.close();
  }
}

/** The stored hash of `name`'s account, or undefined when there is none. */
async function passwordHash(store: Store, name: string): Promise<string | undefined> {
  const row = await store.db.selectFrom('accounts').select('password_hash').where('name', '=', name).executeTakeFirst();
  return row?.password_hash;
}

describe('npm run admin:add / admin:remove on a PGlite folder', () => {
  let dataDir: string;
  let env: Record<string, string>;
  /** The folder open in this process, as a running server holds it: for the tests after the two that run the command's own process on it. */
  let held: Store | undefined;
  const heldStore = async () => (held ??= await openStore({ dataDir }));
  beforeAll(async () => {
    dataDir = await freshDataDir();
    env = { DATA_DIR: dataDir };
  });
  afterAll(async () => {
    await held?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('adds an account with a generated password, printed once, that the stored hash accepts', async () => {
    const run = await runCommand('npm', 'add', [' Someone@Company.example '], env);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const lines = printed(run.stdout);
    expect(lines[0]).toBe('Added the admin account someone@company.example. Its password, shown this once (the database keeps only a hash):');
    const password = lines[1] as string;
    expect(password).toMatch(/^[\w-]{24}$/);
    expect(run.stdout.split(password)).toHaveLength(2);
    await withStore({ dataDir }, async (store) => {
      const row = await store.db.selectFrom('accounts').selectAll().where('name', '=', 'someone@company.example').executeTakeFirstOrThrow();
      expect(row).toMatchObject({ source: 'command', created_by: null });
      expect(row.password_hash).toMatch(/^\$scrypt\$ln=15,r=8,p=1\$/);
      expect(await verifyPassword(password, row.password_hash)).toBe(true);
    });
  });

  it('takes the password from standard input when it is piped, and refuses a short one', async () => {
    const run = await runCommand('node', 'add', ['piped@company.example'], env, 'a long piped password\n');
    expect(run.status).toBe(0);
    expect(printed(run.stdout)).toEqual(['Added the admin account piped@company.example, with the password from standard input.']);
    const store = await heldStore();
    expect(await verifyPassword('a long piped password', (await passwordHash(store, 'piped@company.example')) as string)).toBe(true);
    const short = await runHere(store, ['add', 'short@company.example'], 'short');
    expect(short).toEqual({ status: 1, out: [], err: ['[admin:add] The password must be at least 12 characters long'] });
    expect(await passwordHash(store, 'short@company.example')).toBeUndefined();
  });

  it('refuses a duplicate in any case and an address that is not one, in one line each', async () => {
    const store = await heldStore();
    expect(await runHere(store, ['add', 'SOMEONE@company.example'])).toEqual({
      status: 1,
      out: [],
      err: ['[admin:add] There is already an account for someone@company.example'],
    });
    expect(await runHere(store, ['add', 'someone'])).toEqual({
      status: 1,
      out: [],
      err: ['[admin:add] "someone" is not an e-mail address like name@company.example'],
    });
    expect(await runHere(store, ['add'])).toEqual({ status: 2, out: [], err: [USAGE] });
    expect(USAGE).toMatch(/^Usage: npm run admin:add -- someone@company\.example/);
    expect((await store.db.selectFrom('accounts').select('name').orderBy('name').execute()).map((row) => row.name)).toEqual([
      'piped@company.example',
      'someone@company.example',
    ]);
  });

  it('removes an account and ends its sessions, and refuses to remove the last one', async () => {
    const store = await heldStore();
    await store.db
      .insertInto('sessions')
      .values({ token_hash: 'h1', kind: 'admin', subject: 'piped@company.example', created_at: new Date(), expires_at: new Date(Date.now() + 3_600_000) })
      .execute();
    expect(await runHere(store, ['remove', 'Piped@Company.example'])).toEqual({
      status: 0,
      out: ['Removed the admin account piped@company.example; its sessions have ended.'],
      err: [],
    });
    expect(await passwordHash(store, 'piped@company.example')).toBeUndefined();
    expect(await store.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
    expect(await runHere(store, ['remove', 'piped@company.example'])).toEqual({
      status: 1,
      out: [],
      err: ['[admin:remove] There is no account for piped@company.example'],
    });
    expect(await runHere(store, ['remove', 'someone@company.example'])).toEqual({
      status: 1,
      out: [],
      err: ['[admin:remove] someone@company.example is the only account left; add another before removing it'],
    });
  });

  it('says in one line that a running server holds the folder, and points to the Team section', async () => {
    // This test process holds the folder open, as a running server does.
    await heldStore();
    const refusal = (command: string) =>
      `[admin:${command}] The database in ${dataDir} is open in the running server (pid ${process.pid}), and PGlite allows one process at a time: ` +
      'use the Team section of /admin on that server instead, or stop the server and run this again.';
    const run = await runCommand('node', 'add', ['other@company.example'], env);
    expect(run.status).toBe(1);
    expect(printed(run.stderr)).toEqual([refusal('add')]);
    // The same for a removal, here: a second opening of the folder meets the same lock.
    const { err, io } = captured();
    expect(await adminCommand(['remove', 'someone@company.example'], io, () => openStore({ dataDir }))).toBe(1);
    expect(err).toEqual([refusal('remove')]);
    expect(await passwordHash(await heldStore(), 'someone@company.example')).toBeDefined();
  });
});

const { available, title } = postgresSuite('npm run admin:add / admin:remove on PostgreSQL');

describe.skipIf(!available)(title, () => {
  let postgres: TestPostgres | undefined;
  beforeAll(async () => {
    postgres = await startTestPostgres();
  });
  afterAll(async () => {
    await postgres?.stop();
  });

  it('adds and removes with DATABASE_URL, while a server could be using the same database', async () => {
    const url = (postgres as TestPostgres).url;
    await withStore({ databaseUrl: url }, async (store) => {
      // The database is open in this process meanwhile, as a running server holds it; the command's own process connects beside it.
      const first = await runCommand('node', 'add', ['first@company.example'], { DATABASE_URL: url }, 'first account password\n');
      expect(first.status).toBe(0);
      expect(await verifyPassword('first account password', (await passwordHash(store, 'first@company.example')) as string)).toBe(true);
      // A second connection of its own, as the command opens it.
      const { out, io } = captured();
      expect(await adminCommand(['add', 'second@company.example'], io, () => openStore({ databaseUrl: url }))).toBe(0);
      const password = (out[2] ?? '').trim();
      expect(await verifyPassword(password, (await passwordHash(store, 'second@company.example')) as string)).toBe(true);
      expect(await adminCommand(['remove', 'first@company.example'], captured().io, () => openStore({ databaseUrl: url }))).toBe(0);
      expect((await store.db.selectFrom('accounts').select('name').execute()).map((row) => row.name)).toEqual(['second@company.example']);
    });
  });
});
