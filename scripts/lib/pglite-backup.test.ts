import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE, lockDataDir } from '../../src/server/db/dir-lock';
import { freshDataDir } from '../../tests/server/pglite';
import { backupPGlite, withoutEntries } from './pglite-backup';

let dataDir: string;
let backupDir: string;

beforeAll(async () => {
  dataDir = await freshDataDir();
  backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-backups-'));
});

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(backupDir, { recursive: true, force: true });
});

/** The entry names of a tar archive, prefix joined. */
function entries(tar: Buffer): string[] {
  const names: string[] = [];
  withoutEntries(tar, (name) => {
    names.push(name);
    return false;
  });
  return names;
}

describe('npm run db:backup on PGlite', () => {
  it('writes the data folder without the lock file it held while copying, restorable, and releases the lock', async () => {
    const before = await PGlite.create(dataDir);
    await before.exec("create table marker (note text); insert into marker values ('before the backup')");
    await before.close();
    const file = await backupPGlite(dataDir, backupDir, 'test');
    expect(path.basename(file)).toBe('pglite-test.tar.gz');
    const names = entries(zlib.gunzipSync(fs.readFileSync(file)));
    expect(names).toContain('/PG_VERSION');
    expect(names.filter((name) => name.includes(LOCK_FILE))).toEqual([]);
    expect(fs.readdirSync(backupDir)).toEqual(['pglite-test.tar.gz']);
    lockDataDir(dataDir)();

    // What was left in is still a database: restored (in memory), it holds the row.
    const restored = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(file)], { type: 'application/gzip' }) });
    try {
      expect((await restored.query('select note from marker')).rows).toEqual([{ note: 'before the backup' }]);
    } finally {
      await restored.close();
    }
  });

  it('refuses while a server holds the folder, naming it and how to stop it', async () => {
    const release = lockDataDir(dataDir);
    try {
      await expect(backupPGlite(dataDir, backupDir, 'held')).rejects.toThrow(
        new RegExp(`^The server \\(pid ${process.pid} on .+\\) has .+ open .* Stop it \\(kill -TERM ${process.pid}\\)`),
      );
    } finally {
      release();
    }
  });
});
