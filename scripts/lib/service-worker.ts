/**
 * Builds dist/sw.js after the pre-render (scripts/prerender.ts): the worker's source
 * (src/browser/service-worker/worker.ts, with workbox's modules) bundled by esbuild, with this build's
 * precache list and portal-only chunks in place of its two constants.
 *
 * Precached: what every page loads (the entry script, its static imports, the web fonts and the
 * footer's sheet at start, the header menus' panels on first use) and the not-found page. The base
 * stylesheet is inlined in every page, so its file is never fetched and not precached. About 95 kB
 * instead of the whole site.
 *
 * The portal-only chunks are found in Vite's manifest: reachable from a portal island, not from any
 * public code. The worker never caches them, nor the gate's file with the credential salts and
 * hashes (gate/credentials.js, outside /assets/, which no route of the worker takes).
 *
 * The worker is one self-contained file: no inline script, no eval (CSP: worker-src 'self').
 */
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { NOT_FOUND_URL } from '../../src/browser/service-worker/routes';
import { manifestKey, type ClientManifest } from '../../src/build/pipeline/client-manifest';
import { BASE_SHEET, FOOTER_SHEET } from '../../src/build/pipeline/page-styles';

const SW_FILE = 'sw.js';
const WORKER_SOURCE = fileURLToPath(new URL('../../src/browser/service-worker/worker.ts', import.meta.url));
/** The browsers the site's own bundles are built for (Vite's default build target). */
const BROWSERS = ['chrome111', 'edge111', 'firefox114', 'safari16.4', 'ios16.4'];

/** The URL a built file is served at: `index.html` → `/`, `about/index.html` → `/about`. */
export function urlOfFile(file: string): string {
  if (file === 'index.html') return '/';
  if (file.endsWith('/index.html')) return `/${file.slice(0, -'/index.html'.length)}`;
  return `/${file}`;
}

export type { ClientManifest } from '../../src/build/pipeline/client-manifest';

const PORTAL_ISLAND = /^src\/browser\/islands\/(Admin|Investor)[^/]*\.tsx$/;

/** Files reachable from `keys` through static (and, if asked, dynamic) imports, skipping `skip`. */
function reachable(manifest: ClientManifest, keys: string[], dynamic: boolean, skip: (key: string) => boolean = () => false): Set<string> {
  const seen = new Set<string>();
  const files = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || skip(key) || !manifest[key]) return;
    seen.add(key);
    const chunk = manifest[key];
    files.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
    if (dynamic) for (const next of chunk.dynamicImports ?? []) visit(next);
  };
  keys.forEach(visit);
  return files;
}

/** The page template's entry (index.html): its script and what that imports run on every page. */
function entryKey(manifest: ClientManifest): string {
  if (!manifest['index.html']) throw new Error('The client manifest names no index.html: cannot tell what every page needs');
  return 'index.html';
}

/** The module that builds every page's header menus the first time a visitor reaches for one (src/browser/runtime/menus.ts). */
const MENU_PANELS = 'src/browser/runtime/menu-panels.ts';

/**
 * What every page loads: at start, the entry script, its static imports, the fonts its stylesheet
 * names and the footer's sheet (so the footer is styled offline too); on first use of a menu, the
 * menus' panels (so they open offline too).
 */
export function everyPageFiles(manifest: ClientManifest): string[] {
  const key = entryKey(manifest);
  const menus = manifestKey(manifest, MENU_PANELS);
  if (!menus) throw new Error(`${MENU_PANELS} is not in the client manifest: the header menus would not open offline`);
  const footer = manifestKey(manifest, FOOTER_SHEET);
  if (!footer) throw new Error(`${FOOTER_SHEET} is not in the client manifest: the footer would be unstyled offline`);
  const base = manifestKey(manifest, BASE_SHEET);
  if (!base) throw new Error(`${BASE_SHEET} is not in the client manifest: its web fonts would not load offline`);
  const fonts = (manifest[base].assets ?? []).filter((file) => file.endsWith('.woff2'));
  return [...reachable(manifest, [key, menus], false), manifest[footer].file, ...fonts];
}

/** Chunks that only the portals load (their islands and what those alone import): never cached. */
export function portalOnlyFiles(manifest: ClientManifest): string[] {
  const portal = reachable(
    manifest,
    Object.keys(manifest).filter((k) => PORTAL_ISLAND.test(k)),
    true,
  );
  const publicFiles = reachable(manifest, [entryKey(manifest)], true, (k) => PORTAL_ISLAND.test(k));
  return [...portal].filter((file) => !publicFiles.has(file)).sort();
}

interface ServiceWorkerResult {
  /** Files precached, and their bytes. */
  count: number;
  size: number;
}

/** A precache entry: hashed `/assets/` names are their own version; any other file gets its content's hash. */
function precacheEntry(distDir: string, file: string): { url: string; revision: string | null } {
  const revision = file.startsWith('assets/')
    ? null
    : crypto
        .createHash('md5')
        .update(fs.readFileSync(path.join(distDir, file)))
        .digest('hex');
  return { url: urlOfFile(file), revision };
}

export async function generateServiceWorker(distDir: string, manifest: ClientManifest): Promise<ServiceWorkerResult> {
  const portalOnly = portalOnlyFiles(manifest);
  const precached = [...everyPageFiles(manifest).filter((file) => !portalOnly.includes(file)), NOT_FOUND_URL.slice(1)];
  const entries = precached.map((file) => precacheEntry(distDir, file));
  await build({
    entryPoints: [WORKER_SOURCE],
    outfile: path.join(distDir, SW_FILE),
    bundle: true,
    format: 'iife',
    minify: true,
    target: BROWSERS,
    legalComments: 'none',
    logLevel: 'error',
    define: {
      PRECACHE_ENTRIES: JSON.stringify(entries),
      PORTAL_ONLY_FILES: JSON.stringify(portalOnly),
      // Workbox's development logging and assertions are behind this check.
      'process.env.NODE_ENV': '"production"',
    },
  });
  const size = precached.reduce((sum, file) => sum + fs.statSync(path.join(distDir, file)).size, 0);
  return { count: entries.length, size };
}
