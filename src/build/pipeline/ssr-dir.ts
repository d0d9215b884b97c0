/**
 * Where a build moved by GB_OUT_DIR keeps its server bundle. A module of its own, with nothing
 * read from the environment, so a test can name a build's folder without importing
 * build-paths.ts, whose folders are fixed by GB_OUT_DIR as it is when that module first loads.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The server bundle's folder for a site built into `distDir` (a GB_OUT_DIR), inside the project
 * because the bundle must resolve its dependencies there: named for the whole path, not only its
 * last part, so two builds into folders of the same name (`/tmp/a/out` and `/tmp/b/out`, two test
 * files at once) never share one, and neither empties the other's bundle under a server that
 * reads it.
 */
export function ssrDirFor(distDir: string): string {
  const absolute = path.resolve(distDir);
  const id = createHash('sha256').update(absolute).digest('hex').slice(0, 12);
  return path.resolve('node_modules/.cache/gb-ssr', `${path.basename(absolute)}-${id}`);
}

/**
 * Removes a build made into `distDir` and its server bundle, which outlives the folder otherwise:
 * a benchmark's or a test's build left one in node_modules for every run.
 */
export function removeBuild(distDir: string): void {
  for (const dir of [distDir, ssrDirFor(distDir)]) fs.rmSync(dir, { recursive: true, force: true });
}
