/**
 * Where the build writes: `dist/` for the site and `dist-ssr/` for the server bundle the
 * pre-render uses. GB_OUT_DIR moves the site (e.g. `GB_OUT_DIR=/tmp/site npm run build`), so
 * several builds can run side by side; its server bundle then goes under node_modules/.cache,
 * because that bundle must stay inside the project to resolve its dependencies.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';

/**
 * The server bundle's folder for a site built into `distDir` (a GB_OUT_DIR): named for the whole
 * path, not only its last part, so two builds into folders of the same name (`/tmp/a/out` and
 * `/tmp/b/out`, two test files at once) never share one, and neither empties the other's bundle
 * under a server that reads it.
 */
export function ssrDirFor(distDir: string): string {
  const absolute = path.resolve(distDir);
  const id = createHash('sha256').update(absolute).digest('hex').slice(0, 12);
  return path.resolve('node_modules/.cache/gb-ssr', `${path.basename(absolute)}-${id}`);
}

export const DIST_DIR = path.resolve(process.env.GB_OUT_DIR || 'dist');
export const SSR_DIR = process.env.GB_OUT_DIR ? ssrDirFor(DIST_DIR) : path.resolve('dist-ssr');

/** Vite's manifest of the client build (source module → chunk and its imports), kept beside the server bundle for the size audit. */
export const CLIENT_MANIFEST = path.join(SSR_DIR, 'client-manifest.json');
