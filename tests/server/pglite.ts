/**
 * PGlite for tests. Creating a database runs initdb inside WebAssembly, which takes 10-20 s on a
 * busy machine, while opening an existing one takes about 2 s. So the first caller makes a
 * template directory once (per PGlite version) and every test copies it.
 *
 * The template and the copies live in /dev/shm, in memory, where it has room (else in the OS temp
 * folder): a database is 39 MB in 971 files, copied for each test file that needs one and removed
 * after it, and on this machine's disk one copy and its removal cost 0.5 s of CPU and, on a busy
 * machine, 2 s of waiting; in memory 0.07 s (2026-11-26).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { DEV_SHM, devShmHasRoom } from '../../scripts/lib/dev-shm';
import { ownedTempDir, removeAbandonedOnce } from '../support/scratch';

const VERSION = JSON.parse(fs.readFileSync(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url), 'utf8')).version as string;
/** Room for the template and a copy for each of the files that run at once, with plenty to spare. */
const SCRATCH = devShmHasRoom(2 * 1024 ** 3) ? DEV_SHM : os.tmpdir();
const TEMPLATE = path.join(SCRATCH, `gb-pglite-template-${VERSION}`);

const COPY_PREFIX = 'gb-pglite-';

async function ensureTemplate(): Promise<string> {
  // The copies of test processes that ended without removing theirs (in memory).
  removeAbandonedOnce(SCRATCH, COPY_PREFIX);
  if (fs.existsSync(path.join(TEMPLATE, 'PG_VERSION'))) return TEMPLATE;
  const building = fs.mkdtempSync(`${TEMPLATE}-building-`);
  const pglite = await PGlite.create(building);
  await pglite.close();
  try {
    // Atomic: a parallel test file that built one too simply loses the race and uses the winner's.
    fs.renameSync(building, TEMPLATE);
  } catch {
    fs.rmSync(building, { recursive: true, force: true });
  }
  return TEMPLATE;
}

/** A new, empty data directory (a copy of the template); the caller deletes it. */
export async function freshDataDir(parent: string = SCRATCH): Promise<string> {
  const template = await ensureTemplate();
  const dir = ownedTempDir(parent, COPY_PREFIX);
  fs.cpSync(template, dir, { recursive: true });
  return dir;
}

/** An open PGlite on a fresh copy, and a function that closes and deletes it. */
export async function openTestPGlite(): Promise<{ pglite: PGlite; dispose(): Promise<void> }> {
  const dir = await freshDataDir();
  const pglite = await PGlite.create(dir);
  return {
    pglite,
    async dispose() {
      await pglite.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
