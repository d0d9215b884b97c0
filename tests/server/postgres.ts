/**
 * A real PostgreSQL for the API tests: TEST_DATABASE_URL when set (a throw-away database: the
 * tests empty its tables), else a temporary cluster from Debian's binaries
 * (/usr/lib/postgresql/<version>/bin) on a Unix socket in its own directory, deleted afterwards.
 * initdb refuses to run as root, so as root the cluster runs as the `postgres` user in a directory
 * it owns.
 */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { endingWithParent, killGroup } from '../support/processes';
import { ownedTempDir, removeAbandonedOnce } from '../support/scratch';

const run = promisify(execFile);
const DEBIAN_ROOT = '/usr/lib/postgresql';

/** The newest Debian PostgreSQL's bin folder (initdb, postgres, pg_dump, pg_restore, psql), or null. */
export function postgresBinDir(): string | null {
  let versions: string[];
  try {
    versions = fs.readdirSync(DEBIAN_ROOT);
  } catch {
    return null;
  }
  const newest = versions.filter((version) => fs.existsSync(path.join(DEBIAN_ROOT, version, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a))[0];
  return newest ? path.join(DEBIAN_ROOT, newest, 'bin') : null;
}

export type Availability = { available: true; how: string } | { available: false; reason: string };

/** Decided without starting anything, so a test file can skip at collection time. */
export function postgresAvailability(): Availability {
  if (process.env.TEST_DATABASE_URL) return { available: true, how: 'TEST_DATABASE_URL' };
  const bin = postgresBinDir();
  if (bin) return { available: true, how: `a temporary cluster from ${bin}` };
  return { available: false, reason: `no TEST_DATABASE_URL and no PostgreSQL binaries in ${DEBIAN_ROOT}/*/bin (apt-get install postgresql)` };
}

/**
 * A PostgreSQL suite's title and whether it runs: `name` with how PostgreSQL runs, or with why the
 * suite is skipped, which is printed too (a skipped suite's title shows only in a verbose report).
 */
export function postgresSuite(name: string): { available: boolean; title: string } {
  const availability = postgresAvailability();
  if (availability.available) return { available: true, title: `${name} (${availability.how})` };
  const title = `${name}: skipped, ${availability.reason}`;
  console.log(title);
  return { available: false, title };
}

export interface TestPostgres {
  url: string;
  /** The process that runs the cluster (as root, `runuser`, whose child is the postmaster); null for TEST_DATABASE_URL. */
  pid: number | null;
  stop(): Promise<void>;
}

export interface TestPostgresOptions {
  /**
   * PostgreSQL's own defaults (fsync, synchronous_commit and full_page_writes on), as a production
   * server runs, for the load benchmark. Off by default: a test cluster lives for one run.
   */
  durable?: boolean;
}

/** Resolves once the cluster answers at `url`; rejects if its process ends first or it takes over 30 s. */
async function waitUntilReady(url: string, exited: () => boolean, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited()) throw new Error(`PostgreSQL exited before it was ready:\n${log()}`);
    const client = new Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => {});
      if (Date.now() > deadline) throw new Error(`PostgreSQL did not start within 30 s: ${(error as Error).message}\n${log()}`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** Runs the command in its arguments and ends as it ends; a signal it gets is passed on. */
const GUARD = `const [file, ...args] = process.argv.slice(1);
const server = require('node:child_process').spawn(file, args, { stdio: 'inherit' });
server.on('exit', (code) => process.exit(code ?? 1));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));`;

const CLUSTER_PREFIX = 'gb-postgres-';

/**
 * The process the guard runs (as root, `runuser`), which it started before the cluster answered;
 * the guard's own where the kernel does not list a process's children.
 */
function guardedPid(guard: number): number {
  try {
    return Number(fs.readFileSync(`/proc/${guard}/task/${guard}/children`, 'utf8').trim().split(/\s+/)[0]) || guard;
  } catch {
    return guard;
  }
}

export async function startTestPostgres(options: TestPostgresOptions = {}): Promise<TestPostgres> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) return { url: given, pid: null, stop: async () => {} };
  const bin = postgresBinDir();
  if (!bin) throw new Error('No PostgreSQL binaries found');

  const asRoot = process.getuid?.() === 0;
  // The clusters' folders of test processes that ended without removing theirs.
  removeAbandonedOnce(os.tmpdir(), CLUSTER_PREFIX);
  const dir = ownedTempDir(os.tmpdir(), CLUSTER_PREFIX);
  const data = path.join(dir, 'data');
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    fs.chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const command = (file: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, file), ...args]] : [path.join(bin, file), args];

  await run(...command('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']));
  // Durability settings off unless asked for: this cluster lives for one test run.
  const durability = options.durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'];
  const stopCluster = () => run(...command('pg_ctl', ['-D', data, 'stop', '-m', 'immediate', '-s']));
  // No TCP port: the cluster listens on a Unix socket in its own directory, so no other process can
  // take its address between choosing and binding it, and no test reaches another's cluster.
  const [file, args] = command('postgres', ['-D', data, '-k', dir, '-c', 'listen_addresses=', ...durability]);
  // Under a Node guard leading a group of its own, started with endingWithParent: PostgreSQL
  // itself lives on when the process that started it is gone, so a worker killed before its
  // clean-up left the cluster running; the guard's watchdog now ends the group, the server with it.
  const child = spawn(process.execPath, ['-e', GUARD, file, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    env: endingWithParent(process.env),
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `postgres://postgres@localhost/postgres?host=${encodeURIComponent(dir)}`;
  try {
    await waitUntilReady(
      url,
      () => child.exitCode !== null || child.signalCode !== null,
      () => output,
    );
  } catch (error) {
    await stopCluster().catch(() => killGroup(child));
    throw error;
  }
  return {
    url,
    pid: guardedPid(child.pid as number),
    async stop() {
      await stopCluster().catch(() => killGroup(child));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
