/**
 * PGlite for tests. Creating a database runs initdb inside WebAssembly, which takes 10-20 s on a
 * busy machine, while opening an existing one takes about 2 s. So the first caller makes a
 * template directory once (per PGlite version, in the OS temp folder) and every test copies it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const VERSION = JSON.parse(fs.readFileSync(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url), 'utf8')).version as string;
const TEMPLATE = path.join(os.tmpdir(), `gb-pglite-template-${VERSION}`);

async function ensureTemplate(): Promise<string> {
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
export async function freshDataDir(parent: string = os.tmpdir()): Promise<string> {
  const template = await ensureTemplate();
  const dir = fs.mkdtempSync(path.join(parent, 'gb-pglite-'));
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
