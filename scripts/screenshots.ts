/**
 * Full-page screenshots of every route, phone (390x844) and desktop (1440x900), light and dark,
 * so a person can look at the whole site at once before calling a design change done.
 *
 * Run: npm run screenshots -- <folder> [/path ...]   (default folder: <tmp>/gb-screenshots; paths
 * after the folder limit the run to those routes)
 * Builds the site first when the output dir (dist/, or GB_OUT_DIR) has no build, serves it the way
 * a static host does on a free port, and prints where the images are.
 *
 * The helpers below (ensureBuild, serveBuild, siteRoutes, themeContext, loadRoute) are shared
 * with scripts/audit-a11y.ts; the screenshot run itself only starts when this file is the entry.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { loadContent } from '../src/build/content/load';
import { KEYS } from '../src/browser/storage/storage';
import { DIST_DIR } from '../src/build/pipeline/build-paths';
import { launchChromium } from './lib/chromium';
import { createStaticServer, listen } from '../src/build/hosting/static-server';

export type Theme = 'light' | 'dark';
export const THEMES: Theme[] = ['light', 'dark'];

export interface SiteRoute {
  path: string;
  /** File-name friendly: 'home', 'garlic-powder', 'blog-3', 'not-found'. */
  name: string;
}

/** Every page and built-in post, read from content/ the way tests/browser/support/site.ts does, plus an unknown URL. */
export function siteRoutes(): SiteRoute[] {
  const content = loadContent(process.cwd());
  const paths = [...content.pages.flatMap((p) => (p.path ? [p.path] : [])), ...content.blog.map((p) => `/blog/${p.meta.id}`)];
  const routes = paths.map((p) => ({ path: p, name: p === '/' ? 'home' : p.slice(1).replace(/\//g, '-') }));
  return [...routes, { path: '/this-page-does-not-exist', name: 'not-found' }];
}

/** Builds into DIST_DIR when there is no build there yet. */
export function ensureBuild(): void {
  if (fs.existsSync(path.join(DIST_DIR, 'index.html'))) return;
  console.log(`No build in ${DIST_DIR}: running npm run build…`);
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env: process.env });
  if (build.status !== 0) throw new Error('npm run build failed');
}

/** Serves the build on a free loopback port; call close() when done. */
export async function serveBuild(): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const server = createStaticServer(DIST_DIR);
  const port = await listen(server, 0);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A context whose pages start in the given theme: the choice is stored before any page script
 * runs (the site's inline theme script reads it), and the OS preference matches it too.
 */
export async function themeContext(browser: Browser, theme: Theme, viewport: { width: number; height: number }): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, colorScheme: theme, reducedMotion: 'reduce' });
  await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [KEYS.theme, theme] as const);
  return context;
}

/**
 * Loads a route and waits for hydration and web fonts; with `images`, also for every image
 * (lazy ones are switched to eager, as a full-page screenshot never scrolls them into view).
 */
export async function loadRoute(page: Page, url: string, { images = true } = {}): Promise<void> {
  await page.goto(url, { waitUntil: 'load' });
  await page
    .waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, { timeout: 15_000 })
    .catch(() => {
      console.warn(`  ${url}: did not hydrate within 15 s`);
    });
  await page.evaluate(async (waitForImages) => {
    if (waitForImages) {
      const all = [...document.images];
      for (const img of all) img.loading = 'eager';
      const pending = all.filter((img) => !img.complete);
      await Promise.race([
        Promise.all(
          pending.map(
            (img) =>
              new Promise((resolve) => {
                img.addEventListener('load', resolve, { once: true });
                img.addEventListener('error', resolve, { once: true });
              }),
          ),
        ),
        new Promise((resolve) => setTimeout(resolve, 5000)),
      ]);
    }
    await document.fonts.ready;
  }, images);
}

const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;

async function main() {
  const folder = path.resolve(process.argv[2] ?? path.join(os.tmpdir(), 'gb-screenshots'));
  fs.mkdirSync(folder, { recursive: true });
  ensureBuild();
  const { baseUrl, close } = await serveBuild();
  const browser = await launchChromium();
  const only = process.argv.slice(3);
  const routes = siteRoutes().filter((r) => !only.length || only.includes(r.path));
  let count = 0;
  try {
    for (const [device, viewport] of Object.entries(VIEWPORTS)) {
      for (const theme of THEMES) {
        const context = await themeContext(browser, theme, viewport);
        // A few tabs at once: the 2-core machine stays busy without starving the server.
        const pages = await Promise.all([0, 1, 2].map(() => context.newPage()));
        const queue = [...routes];
        await Promise.all(
          pages.map(async (page) => {
            for (let route = queue.shift(); route; route = queue.shift()) {
              await loadRoute(page, baseUrl + route.path);
              await page.screenshot({ path: path.join(folder, `${route.name}--${device}--${theme}.png`), fullPage: true });
              count++;
            }
          }),
        );
        await context.close();
        console.log(`  ${device} ${theme}: ${routes.length} routes`);
      }
    }
  } finally {
    await browser.close();
    await close();
  }
  console.log(`Saved ${count} screenshots in ${folder}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
