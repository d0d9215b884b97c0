/**
 * The site search under `npm run dev`, as an editor meets it: the header's search box and the
 * search page find the dev server's own pages (the index is made from them at the first search),
 * and a word an editor has just saved in a content file is found at the next search. The dev
 * server runs on a copy of the project (support/dev-server.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, openPage, useBrowser } from './support/browser';
import { startDevServer, type DevServer } from './support/dev-server';
import { TEST_CREDENTIALS } from './support/env';

/** A safety net for the first search, which renders and indexes every public page first (seconds alone; far longer beside a full run). */
const INDEX_MS = 180_000;

let dev: DevServer;
beforeAll(async () => {
  dev = await startDevServer(TEST_CREDENTIALS);
});
afterAll(async () => {
  await dev?.stop();
});

const browser = useBrowser();

describe('search on the dev server', () => {
  it('finds the pages from the header and on the search page, and a word saved in a content file since', async () => {
    const { page, problems } = await openPage(browser());
    await page.goto(`${dev.url}/about`);
    await hydrated(page);
    await page.keyboard.press('/');
    const dialog = page.locator('dialog.search-dialog');
    const input = dialog.getByRole('searchbox');
    await input.waitFor({ timeout: INDEX_MS });
    await input.fill('garlic powder');
    await dialog.locator('.search-results[data-answered="garlic powder"]').waitFor({ timeout: INDEX_MS });
    expect(await dialog.locator('a.search-result-link').first().getAttribute('href')).toBe('/garlic-powder');

    await page.goto(`${dev.url}/de/search?q=Schwermetalle`);
    const results = page.locator('[data-search-results] a.search-result-link');
    await results.first().waitFor({ timeout: INDEX_MS });
    expect(await results.first().getAttribute('href')).toBe('/de/faq#heavy-metals');

    // An editor saves a new word in an FAQ answer: the next search finds it there.
    // The saved file reloads the open page; the search after that asks for an index made again.
    const reloaded = page.waitForEvent('load', { timeout: INDEX_MS });
    const file = path.join(dev.root, 'content/faq/heavy-metals.md');
    fs.writeFileSync(
      file,
      fs.readFileSync(file, 'utf8').replace('Heavy metals are tested by ICP-MS', 'Heavy metals are tested by ICP-MS (Quecksilberfreiheitsnachweis)'),
    );
    await reloaded;
    await page.goto(`${dev.url}/search?q=Quecksilberfreiheitsnachweis`);
    await results.first().waitFor({ timeout: INDEX_MS });
    expect(await results.first().getAttribute('href')).toBe('/faq#heavy-metals');
    expect(problems).toEqual([]);
  });
});
