/**
 * A PGlite backup for `npm run db:backup`: a gzipped tar of the data directory (PGlite's own
 * dumpDataDir), taken with the database open in this process only, under the directory's lock.
 * The lock file (and a lock attempt's draft beside it) is left out of the tarball: restored
 * elsewhere it would name a process of this machine, and it is no part of the database.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { DataDirInUse, LOCK_FILE, lockDataDir } from '../../src/server/db/dir-lock';

const BLOCK = 512;

function field(header: Uint8Array, start: number, length: number): string {
  const text = Buffer.from(header.subarray(start, start + length)).toString('utf8');
  const end = text.indexOf('\0');
  return end < 0 ? text : text.slice(0, end);
}

/**
 * The tar archive without the entries whose path `drop` matches (path as stored, prefix joined).
 * An extended header (pax 'x', GNU 'L') belongs to the entry after it and goes with it.
 */
export function withoutEntries(tar: Uint8Array, drop: (name: string) => boolean): Buffer {
  const kept: Uint8Array[] = [];
  let attached: Uint8Array[] = [];
  let offset = 0;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break; // the end-of-archive blocks
    const size = parseInt(field(header, 124, 12).trim() || '0', 8);
    const entry = tar.subarray(offset, offset + BLOCK + Math.ceil(size / BLOCK) * BLOCK);
    offset += entry.length;
    const type = String.fromCharCode(header[156] ?? 0);
    if (type === 'x' || type === 'L') {
      attached.push(entry);
      continue;
    }
    const prefix = field(header, 345, 155);
    if (!drop(prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100))) kept.push(...attached, entry);
    attached = [];
  }
  return Buffer.concat([...kept, new Uint8Array(2 * BLOCK)]);
}

/** The lock file and its drafts, at the top of the archive ('/name' or 'name'). */
export function isLockEntry(name: string): boolean {
  const top = name.replace(/^\.?\/+/, '');
  return !top.includes('/') && (top === LOCK_FILE || top.startsWith(`${LOCK_FILE}.`));
}

/** Writes `pglite-<stamp>.tar.gz` into `backupDir` and returns its path. */
export async function backupPGlite(dataDir: string, backupDir: string, stamp: string): Promise<string> {
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) throw new Error(`No PGlite database in ${dataDir}: start the server once to create it.`);
  let release: () => void;
  try {
    release = lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirInUse) || !error.holder) throw error;
    const { pid, host } = error.holder;
    throw new Error(
      `The server (pid ${pid} on ${host}) has ${dataDir} open and PGlite allows one process at a time. Stop it (kill -TERM ${pid}), run the backup, then start it again.`,
      { cause: error },
    );
  }
  try {
    const pglite = await PGlite.create(dataDir);
    let tar: Uint8Array;
    try {
      tar = new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer());
    } finally {
      await pglite.close();
    }
    const file = path.join(backupDir, `pglite-${stamp}.tar.gz`);
    fs.mkdirSync(backupDir, { recursive: true });
    fs.writeFileSync(`${file}.partial`, zlib.gzipSync(withoutEntries(tar, isLockEntry)));
    fs.renameSync(`${file}.partial`, file);
    return file;
  } finally {
    release();
  }
}
