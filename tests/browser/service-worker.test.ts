/**
 * The service worker on the built site: a first visit precaches only what every page needs (no
 * portal chunk, above all not the gate's file with the credential hashes), pages are cached as
 * they are opened, the first one too, and open again offline; a page never opened gets the
 * browser's offline page, and the site still works after it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { GATE_FILE } from '../../src/build/credentials/gate-file';
import { DIST_DIR } from '../../src/build/pipeline/build-paths';
import { baseUrl, hydrated, openPage, useBrowser, visit } from './support/browser';
import { EVENT_WAIT_MS } from './support/waits';

const browser = useBrowser();

const h1 = (page: Page) => page.locator('h1').first().innerText();

it('precaches under 150 kB, and no chunk of the portals', async () => {
  const sw = await (await fetch(`${baseUrl()}/sw.js`)).text();
  const precached = [...sw.matchAll(/\{url:"([^"]+)",revision:/g)].map((m) => m[1]);
  expect(precached).toContain('/404.html');
  expect(precached.some((url) => /^\/assets\/index-[\w-]+\.js$/.test(url))).toBe(true);
  const size = precached.reduce((sum, url) => sum + fs.statSync(path.join(DIST_DIR, url)).size, 0);
  expect(size).toBeLessThan(150_000);
  // The gate's file holds the salts and hashes, and no chunk under /assets/ does: it is not
  // precached, and no runtime route takes it (the assets route takes /assets/ only, pages are
  // documents, images images).
  const assets = fs.readdirSync(path.join(DIST_DIR, 'assets'));
  expect(fs.readFileSync(path.join(DIST_DIR, GATE_FILE), 'utf8')).toContain('salt:`');
  expect(assets.filter((file) => file.endsWith('.js') && fs.readFileSync(path.join(DIST_DIR, 'assets', file), 'utf8').includes('salt:`'))).toEqual([]);
  expect(precached).not.toContain(`/${GATE_FILE}`);
  // (Their .br and .gz forms are never asked for by name: a server sends them in the file's place.)
  for (const file of assets.filter((f) => /^(Admin|Investor)/.test(f) && !/\.(br|gz)$/.test(f))) {
    expect(precached).not.toContain(`/assets/${file}`);
    // …and the worker's list of chunks its assets route leaves out names it.
    expect(sw, file).toContain(`"assets/${file}"`);
  }
});

it('opens the first page of a first visit offline; an unopened page gets the browser offline page, without a crash', async () => {
  const watched = await openPage(browser(), { serviceWorkers: 'allow' });
  const { page } = watched;
  await visit(watched, '/about');
  const heading = await h1(page);
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', null, { timeout: EVENT_WAIT_MS });
  // The page hands its own URL to the worker once it is active; wait until the worker has cached it.
  // (Polled with evaluate, which awaits the lookup: waitForFunction takes the promise an async
  // predicate returns as a truthy answer and stops at once.)
  await expect.poll(() => page.evaluate(async () => Boolean(await caches.match('/about'))), { timeout: EVENT_WAIT_MS, interval: 250 }).toBe(true);

  await page.context().setOffline(true);
  await page.reload();
  await hydrated(page);
  expect(await h1(page)).toBe(heading);

  const unopened = await page.goto(`${baseUrl()}/careers`).then(
    () => 'answered',
    (error: Error) => error.message,
  );
  expect(unopened).toMatch(/ERR_INTERNET_DISCONNECTED|ERR_FAILED/);

  // The site still works offline in a new tab (a navigation from Chromium's own error page is its business).
  const again = await page.context().newPage();
  await again.goto(`${baseUrl()}/about`);
  await hydrated(again);
  expect(await h1(again)).toBe(heading);
  expect(watched.problems.filter((p) => !p.startsWith('HTTP'))).toEqual([]);
});
