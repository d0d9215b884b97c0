/**
 * `npm run db:backup`: a consistent copy of the server's database under data/backups/ (or the
 * folder BACKUP_DIR names), named with the time. PGlite: a gzipped tar of its data directory
 * without the server's lock file (scripts/lib/pglite-backup.ts), taken with the database open in
 * this process only, so the server must be stopped first (PGlite allows one process at a time).
 * PostgreSQL (DATABASE_URL): pg_dump's custom format, if pg_dump is on PATH.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { readConfig, REPO_ROOT } from '../src/server/config';
import { errorMessage } from '../src/shared/error-message';
import { backupPGlite } from './lib/pglite-backup';

// Relative to the current folder, as DATA_DIR is (npm runs scripts from the project's root).
const BACKUP_DIR = process.env.BACKUP_DIR?.trim() ? path.resolve(process.env.BACKUP_DIR.trim()) : path.join(REPO_ROOT, 'data', 'backups');
const stamp = new Date().toISOString().replace(/[:.]/g, '-');

function onPath(command: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const file = path.join(dir, command);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return file;
    } catch {
      // not in this directory
    }
  }
  return null;
}

async function backupPostgres(url: string): Promise<string> {
  const pgDump = onPath('pg_dump');
  if (!pgDump) {
    throw new Error(
      'pg_dump is not on PATH. Install the PostgreSQL client of the server’s major version (Debian: apt-get install postgresql-client) ' +
        'and run this again, or use your database provider’s backups.',
    );
  }
  const file = path.join(BACKUP_DIR, `postgres-${stamp}.dump`);
  // The password goes through the environment, so it does not show in the process list.
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  await promisify(execFile)(pgDump, ['--format=custom', `--file=${file}.partial`, `--dbname=${parsed.href}`], {
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  });
  fs.renameSync(`${file}.partial`, file);
  return file;
}

try {
  const config = readConfig();
  fs.mkdirSync(BACKUP_DIR, { recursive: true });
  const file = config.databaseUrl ? await backupPostgres(config.databaseUrl) : await backupPGlite(config.dataDir, BACKUP_DIR, stamp);
  // A file under the current folder by its relative path, one elsewhere (a BACKUP_DIR outside it) by its full path.
  const relative = path.relative(process.cwd(), file);
  const shown = relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative) ? file : relative;
  console.log(`Backup written: ${shown} (${(fs.statSync(file).size / 1024).toFixed(0)} KB)`);
} catch (error) {
  console.error(`[db:backup] ${errorMessage(error)}`);
  process.exit(1);
}
