/**
 * `npm run db:backup` as an operator runs it, and the restore the README gives: on a PGlite folder
 * (DATA_DIR) the tarball unpacked with tar into a new folder, on PostgreSQL (DATABASE_URL) the dump
 * loaded with pg_restore into a new database; either way the lead and the post with its uploaded
 * cover photo (every variant) stored before the backup are in the restored copy. And the refusals, one line each: a PGlite folder a server holds, no pg_dump.
 * BACKUP_DIR keeps every backup in a temporary folder, out of the project's data/.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/server/config';
import { openStore } from '../src/server/db/connect';
import { lockDataDir } from '../src/server/db/dir-lock';
import { deleteLead, getLead, insertLead, type NewLead } from '../src/server/db/leads';
import { coverVariant, setPostCover } from '../src/server/db/post-covers';
import { deletePost, getPost, insertPost } from '../src/server/db/posts';
import { encodeCover } from '../src/server/photos/cover-upload';
import { coverEncoder } from '../src/server/photos/cover-variants';
import { normalisePost } from '../src/shared/domain/posts/normalise-post';
import type { BlogPost } from '../src/shared/domain/posts/post';
import { cameraPhoto } from '../tests/support/camera-photo';
import { freshDataDir } from '../tests/server/pglite';
import { runToEnd, type CommandRun } from '../tests/support/processes';
import { postgresBinDir, postgresSuite, startTestPostgres, type TestPostgres } from '../tests/server/postgres';

const run = promisify(execFile);
const cleanup: (() => void | Promise<void>)[] = [];

afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const LEAD: NewLead = {
  id: 'GB-BK7Q9X2M',
  type: 'contactEnquiries',
  createdAt: '2026-03-01T10:00:00.000Z',
  page: '/contact',
  fields: { name: 'Asha Rao', email: 'asha@buyer.example', message: 'Stored before the backup' },
};

type Database = { dataDir: string } | { databaseUrl: string };

/** A post added in the admin, whose cover photo the database holds with it. */
const POST: BlogPost = { ...normalisePost({ title: 'Harvest notes' }, [], new Date('2026-03-01T10:00:00.000Z')), id: 1001 };

async function storeLead(database: Database): Promise<void> {
  const store = await openStore(database);
  try {
    // A TEST_DATABASE_URL database may hold them from an earlier run.
    await deleteLead(store.db, LEAD.id);
    expect(await insertLead(store.db, LEAD)).toBe(true);
    await deletePost(store.db, POST.id);
    expect(await insertPost(store.db, POST)).toBe(true);
    const photo = await encodeCover(await cameraPhoto());
    expect(await setPostCover(store.db, POST.id, photo, 'Garlic curing in the field')).toBe(true);
    // Its variants, made from its master as the server makes them after an upload.
    const encoder = coverEncoder();
    encoder.photo(store.db, photo.key, photo);
    await encoder.idle();
  } finally {
    await store.close();
  }
}

/** The lead's id and fields as the restored database gives them, or null when it is not there; and whether the post's cover is there, every variant. */
async function findLead(database: Database): Promise<{ id: string; fields: unknown } | null> {
  const store = await openStore(database);
  try {
    const lead = await getLead(store.db, LEAD.id);
    const post = await getPost(store.db, POST.id);
    expect(post?.coverAlt).toBe('Garlic curing in the field');
    for (const entry of post?.coverPhoto?.srcset.webp.split(', ') ?? []) {
      const [, key, width] = /([0-9a-f]{24})-(\d+)\.webp /.exec(entry) ?? [];
      expect((await coverVariant(store.db, key as string, 'webp', Number(width)))?.length, entry).toBeGreaterThan(0);
    }
    return lead && { id: lead.id, fields: lead.fields };
  } finally {
    await store.close();
  }
}

/**
 * A safety net, not a measure: a backup (npm, tsx, opening the database, compressing it) took
 * over 90 s beside a full test run on a 2-core machine at a load average near 30.
 */
const BACKUP_WAIT_MS = 300_000;

/**
 * The command with `env` over this one's (DATABASE_URL cleared unless given): `npm run db:backup`
 * as the README gives it, or the script without npm's start-up.
 */
function backup(via: 'npm' | 'node', env: Record<string, string>): Promise<CommandRun> {
  const [file, args] = via === 'npm' ? ['npm', ['run', 'db:backup']] : [process.execPath, ['--import', 'tsx', 'scripts/db-backup.ts']];
  return runToEnd(file, args, { env: { ...process.env, DATABASE_URL: '', ...env }, waitMs: BACKUP_WAIT_MS });
}

/** The lines the command itself printed (npm's own heading lines left out). */
const printed = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('> '))
    .map((line) => line.trim());

/** The one line of a successful run, and the file it names, which must be the one file in `backupDir`. */
function writtenFile(result: CommandRun, backupDir: string, name: RegExp): string {
  expect(result.status, result.stderr).toBe(0);
  const lines = printed(result.stdout);
  expect(lines).toHaveLength(1);
  const [, file] = /^Backup written: (.+) \(\d+ KB\)$/.exec(lines[0] as string) ?? [];
  expect(file, lines[0]).toBeDefined();
  expect(path.dirname(file as string)).toBe(backupDir);
  expect(path.basename(file as string)).toMatch(name);
  // Nothing else: no partial file left beside it.
  expect(fs.readdirSync(backupDir)).toEqual([path.basename(file as string)]);
  return file as string;
}

/** The entries of the project's data/backups/, to see that a run with BACKUP_DIR wrote nothing there. */
function projectBackups(): string[] {
  try {
    return fs.readdirSync(path.join(REPO_ROOT, 'data', 'backups'));
  } catch {
    return [];
  }
}

describe('npm run db:backup on PGlite', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await freshDataDir();
    cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    await storeLead({ dataDir });
  });

  it('writes a tarball into BACKUP_DIR that, unpacked with tar into a new folder, is the database with its lead', async () => {
    const backupDir = path.join(tempDir('gb-backups-'), 'nested'); // created by the command
    const before = projectBackups();
    const result = await backup('npm', { DATA_DIR: dataDir, BACKUP_DIR: backupDir });
    const file = writtenFile(result, backupDir, /^pglite-\d{4}-\d\d-\d\dT[\d-]+Z\.tar\.gz$/);
    expect(projectBackups()).toEqual(before);
    // The folder is left unlocked for the server: taking the lock succeeds.
    lockDataDir(dataDir)();

    // The README's restore: the tarball unpacked into an empty folder, then opened as the server would.
    const restored = path.join(tempDir('gb-restored-'), 'pglite');
    fs.mkdirSync(restored);
    await run('tar', ['-xzf', file, '-C', restored]);
    expect(await findLead({ dataDir: restored })).toEqual({ id: LEAD.id, fields: LEAD.fields });
  });

  it('refuses in one line while a server holds the folder, naming its pid and how to stop it', async () => {
    const backupDir = tempDir('gb-backups-');
    const release = lockDataDir(dataDir);
    let result: CommandRun;
    try {
      result = await backup('node', { DATA_DIR: dataDir, BACKUP_DIR: backupDir });
    } finally {
      release();
    }
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toEqual([
      `[db:backup] The server (pid ${process.pid} on ${os.hostname()}) has ${dataDir} open and PGlite allows one process at a time. ` +
        `Stop it (kill -TERM ${process.pid}), run the backup, then start it again.`,
    ]);
    expect(fs.readdirSync(backupDir)).toEqual([]);
  });
});

describe('npm run db:backup on PostgreSQL without pg_dump', () => {
  it('fails in one line saying pg_dump is not on PATH', async () => {
    const backupDir = tempDir('gb-backups-');
    // A PATH with no pg_dump (node is started by its full path); the check comes before any connection.
    const result = await backup('node', { DATABASE_URL: 'postgres://gb@127.0.0.1:1/none', BACKUP_DIR: backupDir, PATH: tempDir('gb-empty-path-') });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^\[db:backup\] pg_dump is not on PATH\. Install the PostgreSQL client .+/)]);
    expect(fs.readdirSync(backupDir)).toEqual([]);
  });
});

const POSTGRES_NAME = 'npm run db:backup on PostgreSQL, restored with pg_restore';
const pgTools = postgresBinDir();

/** postgresSuite, and skipped with its reason printed too when TEST_DATABASE_URL is set on a machine without Debian's PostgreSQL binaries. */
function backupSuite(): { available: boolean; title: string } {
  const suite = postgresSuite(POSTGRES_NAME);
  if (!suite.available || pgTools) return suite;
  const title = `${POSTGRES_NAME}: skipped, no pg_dump and pg_restore in /usr/lib/postgresql/*/bin (apt-get install postgresql)`;
  console.log(title);
  return { available: false, title };
}
const postgres = backupSuite();

describe.skipIf(!postgres.available)(postgres.title, () => {
  let pg: TestPostgres;

  beforeAll(async () => {
    pg = await startTestPostgres();
    cleanup.push(() => pg.stop());
  });

  it('writes a pg_dump file into BACKUP_DIR that pg_restore loads into a new database, with its lead', async () => {
    const bin = pgTools as string;
    await storeLead({ databaseUrl: pg.url });
    const backupDir = tempDir('gb-backups-');
    const result = await backup('node', { DATABASE_URL: pg.url, BACKUP_DIR: backupDir, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` });
    const file = writtenFile(result, backupDir, /^postgres-\d{4}-\d\d-\d\dT[\d-]+Z\.dump$/);

    // The README's restore: a new, empty database, then pg_restore into it.
    const name = `gb_restored_${process.pid}`;
    const admin = new Client({ connectionString: pg.url });
    await admin.connect();
    try {
      await admin.query(`create database ${name}`);
    } finally {
      await admin.end();
    }
    cleanup.push(async () => {
      const client = new Client({ connectionString: pg.url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`).finally(() => client.end());
    });
    const restoredUrl = new URL(pg.url);
    restoredUrl.pathname = `/${name}`;
    await run(path.join(bin, 'pg_restore'), [`--dbname=${restoredUrl.href}`, file]);
    expect(await findLead({ databaseUrl: restoredUrl.href })).toEqual({ id: LEAD.id, fields: LEAD.fields });
  });
});
