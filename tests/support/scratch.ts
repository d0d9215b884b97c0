/**
 * Temporary folders named for the process that makes them (`<prefix><pid>-XXXXXX`). A run ended
 * before its clean-up (Ctrl-C, a killed worker, a machine switched off) leaves its folders behind,
 * some of them in memory (/dev/shm): builds, databases, fonts. The next run removes each one whose
 * process has ended; a folder of a run still going, this one's or another's beside it, is kept.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pidExists } from '../../src/server/db/dir-lock';

export function ownedTempDir(parent: string, prefix: string): string {
  return fs.mkdtempSync(path.join(parent, `${prefix}${process.pid}-`));
}

/** Removes the folders in `parent` that ownedTempDir made with one of `prefixes` for a process that has ended. */
export function removeAbandoned(parent: string, prefixes: readonly string[]): void {
  let names: string[];
  try {
    names = fs.readdirSync(parent);
  } catch {
    return;
  }
  for (const name of names) {
    const prefix = prefixes.find((candidate) => name.startsWith(candidate));
    const owner = prefix === undefined ? undefined : /^(\d+)-/.exec(name.slice(prefix.length))?.[1];
    if (owner !== undefined && !pidExists(Number(owner))) fs.rmSync(path.join(parent, name), { recursive: true, force: true });
  }
}

const swept = new Set<string>();

/**
 * removeAbandoned for one folder and prefix, the first time a process asks: a helper that makes a
 * folder for each test (a database copy, a cluster) sweeps its own kind once, not before each.
 */
export function removeAbandonedOnce(parent: string, prefix: string): void {
  const key = path.join(parent, prefix);
  if (swept.has(key)) return;
  swept.add(key);
  removeAbandoned(parent, [prefix]);
}
