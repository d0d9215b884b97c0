/**
 * The pages the test build pre-rendered, by the path each is served at: what a visitor can reach,
 * whether its page comes from content/ or from code (the search pages), read from the build itself.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DIST_DIR } from '../../../src/build/pipeline/build-paths';

/** Every pre-rendered page (index.html; not the not-found pages): its path and the file it is served from. */
export function builtPages(): { route: string; file: string }[] {
  return fs
    .readdirSync(DIST_DIR, { recursive: true, encoding: 'utf8' })
    .filter((entry) => path.basename(entry) === 'index.html')
    .map((entry) => ({ route: `/${path.dirname(entry).split(path.sep).join('/')}`.replace(/^\/\.$/, '/'), file: path.join(DIST_DIR, entry) }))
    .sort((a, b) => a.route.localeCompare(b.route));
}
