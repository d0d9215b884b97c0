/**
 * `npm run admin:add` and `npm run admin:remove` as an operator runs them: on a PGlite folder
 * (DATA_DIR) and on PostgreSQL (DATABASE_URL), a generated password printed once or one piped in,
 * the refusals in one line each, and a folder held by a running server named as such.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../src/server/auth/password';
import { REPO_ROOT } from '../src/server/config';
import { openStore, type Store } from '../src/server/db/connect';
import { lockDataDir } from '../src/server/db/dir-lock';
import { freshDataDir } from '../tests/server/pglite';
import { postgresAvailability, startTestPostgres, type TestPostgres } from '../tests/server/postgres';

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run admin:<command> -- <args>` with the database in `env`; `input` is piped to it, else its standard input is /dev/null. */
function npmRun(command: 'add' | 'remove', args: string[], env: Record<string, string>, input?: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', `admin:${command}`, '--', ...args], {
      cwd: REPO_ROOT,
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      env: { ...process.env, DATABASE_URL: '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    if (input !== undefined) child.stdin?.end(input);
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.once('error', reject);
    child.once('exit', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
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
  beforeAll(async () => {
    dataDir = await freshDataDir();
    env = { DATA_DIR: dataDir };
  }, 120_000);
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('adds an account with a generated password, printed once, that the stored hash accepts', async () => {
    const run = await npmRun('add', [' Someone@Company.example '], env);
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
  }, 120_000);

  it('takes the password from standard input when it is piped, and refuses a short one', async () => {
    const run = await npmRun('add', ['piped@company.example'], env, 'a long piped password\n');
    expect(run.status).toBe(0);
    expect(printed(run.stdout)).toEqual(['Added the admin account piped@company.example, with the password from standard input.']);
    await withStore({ dataDir }, async (store) => {
      expect(await verifyPassword('a long piped password', (await passwordHash(store, 'piped@company.example')) as string)).toBe(true);
    });
    const short = await npmRun('add', ['short@company.example'], env, 'short\n');
    expect(short.status).toBe(1);
    expect(short.stderr.trim()).toBe('[admin:add] The password must be at least 12 characters long');
  }, 120_000);

  it('refuses a duplicate in any case and an address that is not one, in one line each', async () => {
    const duplicate = await npmRun('add', ['SOMEONE@company.example'], env);
    expect(duplicate.status).toBe(1);
    expect(duplicate.stderr.trim()).toBe('[admin:add] There is already an account for someone@company.example');
    const invalid = await npmRun('add', ['someone'], env);
    expect(invalid.status).toBe(1);
    expect(invalid.stderr.trim()).toBe('[admin:add] "someone" is not an e-mail address like name@company.example');
    const usage = await npmRun('add', [], env);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/Usage: npm run admin:add -- someone@company\.example/);
  }, 120_000);

  it('removes an account and ends its sessions, and refuses to remove the last one', async () => {
    await withStore({ dataDir }, (store) =>
      store.db
        .insertInto('sessions')
        .values({ token_hash: 'h1', kind: 'admin', subject: 'piped@company.example', created_at: new Date(), expires_at: new Date(Date.now() + 3_600_000) })
        .execute(),
    );
    const removed = await npmRun('remove', ['Piped@Company.example'], env);
    expect(removed.status).toBe(0);
    expect(printed(removed.stdout)).toEqual(['Removed the admin account piped@company.example; its sessions have ended.']);
    await withStore({ dataDir }, async (store) => {
      expect(await passwordHash(store, 'piped@company.example')).toBeUndefined();
      expect(await store.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
    });
    const unknown = await npmRun('remove', ['piped@company.example'], env);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr.trim()).toBe('[admin:remove] There is no account for piped@company.example');
    const last = await npmRun('remove', ['someone@company.example'], env);
    expect(last.status).toBe(1);
    expect(last.stderr.trim()).toBe('[admin:remove] someone@company.example is the only account left; add another before removing it');
  }, 120_000);

  it('says in one line that a running server holds the folder, and points to the Team section', async () => {
    // This test process takes the server's lock, as a running server does.
    const unlock = lockDataDir(dataDir);
    try {
      for (const [command, args] of [
        ['add', ['other@company.example']],
        ['remove', ['someone@company.example']],
      ] as const) {
        const run = await npmRun(command, [...args], env);
        expect(run.status).toBe(1);
        const lines = printed(run.stderr);
        expect(lines).toHaveLength(1);
        expect(lines[0]).toBe(
          `[admin:${command}] The database in ${dataDir} is open in the running server (pid ${process.pid}), and PGlite allows one process at a time: ` +
            'use the Team section of /admin on that server instead, or stop the server and run this again.',
        );
      }
    } finally {
      unlock();
    }
  }, 120_000);
});

const availability = postgresAvailability();
const title = availability.available ? `on PostgreSQL (${availability.how})` : `on PostgreSQL: skipped, ${availability.reason}`;

describe.skipIf(!availability.available)(`npm run admin:add / admin:remove ${title}`, () => {
  let postgres: TestPostgres | undefined;
  beforeAll(async () => {
    postgres = await startTestPostgres();
  }, 120_000);
  afterAll(async () => {
    await postgres?.stop();
  });

  it('adds and removes with DATABASE_URL, while a server could be using the same database', async () => {
    const url = (postgres as TestPostgres).url;
    await withStore({ databaseUrl: url }, async (store) => {
      // The database is open in this process meanwhile, as a running server holds it.
      const first = await npmRun('add', ['first@company.example'], { DATABASE_URL: url }, 'first account password\n');
      expect(first.status).toBe(0);
      const second = await npmRun('add', ['second@company.example'], { DATABASE_URL: url });
      expect(second.status).toBe(0);
      const password = printed(second.stdout)[1] as string;
      expect(await verifyPassword(password, (await passwordHash(store, 'second@company.example')) as string)).toBe(true);
      const removed = await npmRun('remove', ['first@company.example'], { DATABASE_URL: url });
      expect(removed.status).toBe(0);
      expect((await store.db.selectFrom('accounts').select('name').execute()).map((row) => row.name)).toEqual(['second@company.example']);
    });
  }, 180_000);
});
