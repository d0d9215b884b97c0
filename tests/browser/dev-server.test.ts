/**
 * `npm run dev` as an editor uses it: the same checks as the build (support/site-spec.ts, the
 * browser opening a page of each kind), a saved change on the open page within a second, a broken
 * file named in the overlay until it is fixed, a new post served without a restart, and the API
 * answering the forms.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost } from '../../scripts/new-post';
import { loadContent } from '../../src/content/load';
import { hydrated, openPage, useBrowser } from './support/browser';
import { startDevServer, type DevServer } from './support/dev-server';
import { TEST_CREDENTIALS } from './support/env';
import { FORM_CASES, sendValid } from './support/lead-forms';
import { siteSpec } from './support/site-spec';

let dev: DevServer;
beforeAll(async () => {
  dev = await startDevServer(TEST_CREDENTIALS);
});
afterAll(async () => {
  await dev?.stop();
});

const browser = useBrowser();
// The dev server runs on a copy of the real content/ (support/dev-server.ts), not on the extended
// copy the test build was made from, so the checks expect the real content's routes.
siteSpec(() => dev.url, browser, loadContent(process.cwd()));

/** The text of Vite's error overlay on the page, or null when there is none. */
const overlayText = (page: import('playwright-core').Page) =>
  page.evaluate(() => document.querySelector('vite-error-overlay')?.shadowRoot?.textContent ?? null);

describe('editing content while the dev server runs', () => {
  it('shows a saved change within 1 s, a broken file in the overlay with its file and field, and the page again once fixed', async () => {
    const file = path.join(dev.root, 'content/pages/about.mdx');
    const original = fs.readFileSync(file, 'utf8');
    const { page, problems } = await openPage(browser());
    await page.goto(`${dev.url}/about`);
    await hydrated(page);

    // What an editor would otherwise do, in this run on this machine: reload until the page is
    // there (the slower of two, as the machine's load comes and goes).
    let reload = 0;
    for (let i = 0; i < 2; i += 1) {
      const reloaded = Date.now();
      await page.reload();
      await page.locator('h1').waitFor();
      reload = Math.max(reload, Date.now() - reloaded);
    }

    const saved = Date.now();
    fs.writeFileSync(file, original.replace('# About Garlic Brothers', '# About Garlic Brothers, since 2023'));
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'About Garlic Brothers, since 2023', null, { timeout: 10_000 });
    // The page followed the save by itself (nobody reloaded it), within a second, or on a machine
    // so busy that a reload alone takes more than an eighth of that, within eight reloads (a save
    // goes through the file watcher and the page's module graph as well, which a loaded machine
    // slows more than a reload: 1.4 s against 0.55 s per reload beside two CPU burners, and 2.9 s
    // against 0.7 s with eight test files at a time beside them). The time itself, beside the
    // peer's, is `npm run bench:dev`'s to measure; a page that never followed fails at 10 s above.
    expect(Date.now() - saved).toBeLessThan(Math.max(1_000, 8 * reload));

    fs.writeFileSync(file, original.replace(/^title: .*$/m, 'title: 42'));
    await page.waitForSelector('vite-error-overlay', { timeout: 10_000 });
    expect(await overlayText(page)).toContain('content/pages/about.mdx: title: expected a page title, got 42');
    // A reload while the file is broken shows the overlay again, and the terminal said it once.
    await page.reload();
    await page.waitForSelector('vite-error-overlay', { timeout: 10_000 });
    expect(await overlayText(page)).toContain('content/pages/about.mdx: title:');
    expect(dev.output().split('content/pages/about.mdx: title: expected a page title, got 42').length - 1).toBe(1);

    fs.writeFileSync(file, original);
    await page.waitForFunction(
      () => !document.querySelector('vite-error-overlay') && document.querySelector('h1')?.textContent === 'About Garlic Brothers',
      null,
      {
        timeout: 10_000,
      },
    );
    expect(problems.filter((p) => !p.includes('500'))).toEqual([]);
  });

  it('hot-reloads an island whose code is saved: the page is not reloaded and the island keeps what the visitor typed', async () => {
    const file = path.join(dev.root, 'src/features/faq/FaqBrowser.tsx');
    const original = fs.readFileSync(file, 'utf8');
    const { page, problems } = await openPage(browser());
    await page.goto(`${dev.url}/faq`);
    await hydrated(page);
    const search = page.getByRole('searchbox');
    // The FAQ's island hydrates on the first interaction: typing wakes it.
    await search.fill('shelf life');
    await page.waitForSelector('gb-island[data-island="FaqBrowser"][data-hydrated]');
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    fs.writeFileSync(file, original.replace('{words.linkToAnswer}', '{`${words.linkToAnswer} (edited)`}'));
    try {
      await page.waitForFunction(() => document.querySelector('.faq-link a')?.textContent?.endsWith('(edited)'), null, { timeout: 15_000 });
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
      expect(await search.inputValue()).toBe('shelf life');
    } finally {
      fs.writeFileSync(file, original);
    }
    expect(problems).toEqual([]);
  });

  it('serves a post made with npm run new:post without a restart', async () => {
    const created = createPost(dev.root, 'Garlic powder prices after the 2026 harvest');
    // The file watcher tells the server within moments; the editor then opens the new address.
    await expect.poll(async () => (await fetch(`${dev.url}/blog/${created.id}`)).status, { timeout: 10_000 }).toBe(200);
    expect(await (await fetch(`${dev.url}/blog/${created.id}`)).text()).toContain('Garlic powder prices after the 2026 harvest');
    expect(await (await fetch(`${dev.url}/blog`)).text()).toContain('Garlic powder prices after the 2026 harvest');
  });
});

describe('the API in the dev server', () => {
  it('stores a quote request sent from the contact page, which the admin then lists', async () => {
    const quote = FORM_CASES.find((c) => c.path === '/contact');
    if (!quote) throw new Error('No form case for /contact');
    const { page } = await openPage(browser());
    // As a person sends it: one sent within 3 s of the page showing it would go to the Spam list.
    const reference = await sendValid(page, dev.url, quote, {}, { asPerson: true });

    const headers = { 'Content-Type': 'application/json', Origin: dev.url };
    const login = await fetch(`${dev.url}/api/admin/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ username: TEST_CREDENTIALS.ADMIN_USERNAME, password: TEST_CREDENTIALS.ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    const leads = await fetch(`${dev.url}/api/admin/leads?type=contactEnquiries`, { headers: { Cookie: cookie, Origin: dev.url } });
    expect(leads.status).toBe(200);
    expect(JSON.stringify(await leads.json())).toContain(reference);
  });
});
