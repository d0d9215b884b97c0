/**
 * Writes a file whole under a temporary name, then renames it into place, for the build's caches
 * (compressed files, social cards and their fonts): a reader never sees half a file, a build
 * stopped halfway leaves only its temporary file behind, and builds or threads writing the same
 * file at once (two builds on one checkout share its caches) each write a temporary file of
 * their own.
 */
import fs from 'node:fs';
import { threadId } from 'node:worker_threads';

export function writeWhole(target: string, data: string | NodeJS.ArrayBufferView): void {
  const partial = `${target}.${process.pid}-${threadId}.partial`;
  fs.writeFileSync(partial, data);
  fs.renameSync(partial, target);
}
