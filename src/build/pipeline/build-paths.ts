/**
 * Where the build writes: `dist/` for the site and `dist-ssr/` for the server bundle the
 * pre-render uses. GB_OUT_DIR moves the site (e.g. `GB_OUT_DIR=/tmp/site npm run build`), so
 * several builds can run side by side; its server bundle then goes under node_modules/.cache
 * (ssr-dir.ts), because that bundle must stay inside the project to resolve its dependencies.
 */
import path from 'node:path';
import { ssrDirFor } from './ssr-dir.ts';

export const DIST_DIR = path.resolve(process.env.GB_OUT_DIR || 'dist');
export const SSR_DIR = process.env.GB_OUT_DIR ? ssrDirFor(DIST_DIR) : path.resolve('dist-ssr');

/** Vite's manifest of the client build (source module → chunk and its imports), kept beside the server bundle for the size audit. */
export const CLIENT_MANIFEST = path.join(SSR_DIR, 'client-manifest.json');
