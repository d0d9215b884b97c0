/** Copies of content/ with one file changed, for tests of the content check; each removed by `cleanUp`. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ContentError, loadContent } from '@/build/content/load';

const temps: string[] = [];

/** A copy of content/ in a temp dir, with `edit` applied to one file (a new file when it does not exist). */
export function contentFixture(file: string, edit: (text: string) => string, root = process.cwd()): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-content-'));
  temps.push(dir);
  fs.cpSync(path.join(root, 'content'), path.join(dir, 'content'), { recursive: true });
  const target = path.join(dir, file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, edit(fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : ''));
  return dir;
}

/**
 * A content tree the loader accepts without any post (an empty content/blog/), copied from `root`:
 * the site's configuration and facts, the pages (whose figures the facts fill in), the investor
 * portal's copy (whose documents link to the pages) and the interface strings. Removed by `cleanUp`.
 */
export function contentWithoutPosts(root = process.cwd()): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-content-'));
  temps.push(dir);
  fs.mkdirSync(path.join(dir, 'content/blog'), { recursive: true });
  for (const file of ['content/site.yaml', 'content/facts.yaml']) fs.copyFileSync(path.join(root, file), path.join(dir, file));
  for (const folder of ['content/pages', 'content/investors', 'content/ui']) fs.cpSync(path.join(root, folder), path.join(dir, folder), { recursive: true });
  return dir;
}

/** The problems a loader reports for a folder (the whole content check unless told), or [] when it passes. */
export function problemsOf(dir: string, load: (dir: string) => unknown = loadContent): string[] {
  try {
    load(dir);
  } catch (error) {
    if (error instanceof ContentError) return error.problems;
    throw error;
  }
  return [];
}

export function cleanUpFixtures(): void {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}
