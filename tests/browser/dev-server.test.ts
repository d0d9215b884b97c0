/**
 * `npm run dev` as an editor uses it: the same checks as the build (support/site-spec.ts, the
 * browser opening a page of each kind), a saved change (content or a stylesheet) on the open page
 * within a second, a broken file named in the overlay until it is fixed, a link to no page named in
 * the terminal, a new post served without a restart, the API answering the forms, no file but the
 * site's sources sent to whoever reaches the port, and the site search finding the dev server's
 * pages and a word saved since. One dev server for all of it: starting one, with its database and
 * first page renders, costs more CPU than most of the tests.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../server/raw-http';
import { createPost } from '../../scripts/new-post';
import { loadContent } from '../../src/build/content/load';
import { hydrated, openPage, useBrowser } from './support/browser';
import { SAVES_PATH } from '../../src/build/pipeline/dev-server';
import { startDevServer, type DevServer } from './support/dev-server';
import { saveAndFollow, saveFile, viteClientLines } from './support/dev-saves';
import { TEST_CREDENTIALS } from './support/env';
import { FORM_CASES, sendValid } from './support/lead-forms';
import { siteSpec } from './support/site-spec';

/**
 * Files the project folder holds on a developer's machine and the dev server must never send, each
 * with a line that would show in an answer that sent it (the dev database itself is real: the
 * server's data/dev-pglite, a PGlite folder with its write-ahead log).
 */
const PLANTED = {
  '.env': 'ADMIN_PASSWORD=gb-marker-env-password\n',
  'data/leads-export.csv': 'reference,email\nGB-MARKER-LEAD,buyer@example.com\n',
  'data/pglite/PG_VERSION': 'gb-marker-server-database\n',
  'README.md': '# gb-marker-readme\n',
};

let dev: DevServer;
beforeAll(async () => {
  dev = await startDevServer(TEST_CREDENTIALS, PLANTED);
});
afterAll(async () => {
  await dev?.stop();
});

const browser = useBrowser();
// The dev server runs on a copy of the real content/ (support/dev-server.ts), not on the extended
// copy the test build was made from, so the checks expect the real content's routes.
siteSpec(() => dev.url, browser, loadContent(process.cwd()));

/** How many saves the dev server has asked the open pages to reload for. */
const reloadsAsked = async () => Number(await (await fetch(dev.url + SAVES_PATH)).text());

/** The text of Vite's error overlay on the page, or null when there is none. */
const overlayText = (page: import('playwright-core').Page) =>
  page.evaluate(() => document.querySelector('vite-error-overlay')?.shadowRoot?.textContent ?? null);

/**
 * How long a page or the server may take to follow a saved file: a safety net, never waited out on
 * a working run (a second or two), sized for a machine three times slower beside other test files.
 */
const FOLLOW_MS = 60_000;

/** A safety net for the first search, which renders and indexes every public page first (seconds alone; far longer beside a full run). */
const INDEX_MS = 180_000;

describe('editing content while the dev server runs', () => {
  it('shows a saved change without a reload, a broken file in the overlay with its file and field, and the page again once fixed', async () => {
    const file = path.join(dev.root, 'content/pages/about.mdx');
    const original = fs.readFileSync(file, 'utf8');
    const { page, problems } = await openPage(browser());
    const client = viteClientLines(page);
    const before = await reloadsAsked();
    await page.goto(`${dev.url}/about`);
    await hydrated(page);

    // The page follows the save by itself: nobody reloads it. How fast is `npm run bench:dev`'s to
    // measure (within a second on an idle machine), not this test's: a busy machine slows the file
    // watcher and the module graph more than anything else, so a time limit here would judge the
    // machine. The wait is a safety net only.
    await saveAndFollow(dev, client, file, original.replace('# About Garlic Brothers', '# About Garlic Brothers, since 2023'), () =>
      page.waitForFunction(() => document.querySelector('h1')?.textContent === 'About Garlic Brothers, since 2023', null, { timeout: FOLLOW_MS }),
    );

    fs.writeFileSync(file, original.replace(/^title: .*$/m, 'title: 42'));
    await page.waitForSelector('vite-error-overlay', { timeout: FOLLOW_MS });
    expect(await overlayText(page)).toContain('content/pages/about.mdx: title: expected a page title, got 42');
    // A reload while the file is broken shows the overlay again, and the terminal said it once.
    await page.reload();
    await page.waitForSelector('vite-error-overlay', { timeout: FOLLOW_MS });
    expect(await overlayText(page)).toContain('content/pages/about.mdx: title:');
    expect(dev.output().split('content/pages/about.mdx: title: expected a page title, got 42').length - 1).toBe(1);

    fs.writeFileSync(file, original);
    await page.waitForFunction(
      () => !document.querySelector('vite-error-overlay') && document.querySelector('h1')?.textContent === 'About Garlic Brothers',
      null,
      { timeout: FOLLOW_MS },
    );
    expect(problems.filter((p) => !p.includes('500'))).toEqual([]);
    // Each of the three saves reloaded the pages once, and none showed the file halfway through its
    // save: an editor's save, like writeFileSync, empties the file before it writes the text.
    expect(await reloadsAsked()).toBe(before + 3);
    expect(dev.output()).not.toContain('required field is missing');
  });

  it("shows a German FAQ answer's save on /de/faq, whose island carries the German entries alone", async () => {
    const file = path.join(dev.root, 'content/de/faq/allergen-and-gmo-status.md');
    const original = fs.readFileSync(file, 'utf8');
    const { page, problems } = await openPage(browser());
    const client = viteClientLines(page);
    await page.goto(`${dev.url}/de/faq`);
    await hydrated(page);
    const edited = 'Gentechnisch veränderter Knoblauch wird weltweit nicht kommerziell angebaut';
    try {
      await saveAndFollow(dev, client, file, original.replace('Gentechnisch veränderter Knoblauch wird kommerziell nicht angebaut', edited), () =>
        page.waitForFunction((text) => document.querySelector('#allergen-and-gmo-status')?.textContent?.includes(text), edited, { timeout: FOLLOW_MS }),
      );
      // The island, hydrated again on the new page, renders the saved entry too (a filter that finds it).
      await page.locator('.faq input[type="search"]').fill('weltweit');
      await expect.poll(() => page.locator('details.faq-item').count(), { timeout: FOLLOW_MS }).toBe(1);
      // Saved back, and followed, so the next test's count of reloads starts after it.
      await saveAndFollow(dev, client, file, original, () =>
        page.waitForFunction((text) => !document.querySelector('#allergen-and-gmo-status')?.textContent?.includes(text), edited, { timeout: FOLLOW_MS }),
      );
    } finally {
      if (fs.readFileSync(file, 'utf8') !== original) fs.writeFileSync(file, original);
    }
    expect(problems).toEqual([]);
  });

  it('reloads once for a save whose emptied file the watcher saw before the text (a machine stalled between the two)', async () => {
    const file = path.join(dev.root, 'content/pages/about.mdx');
    const original = fs.readFileSync(file, 'utf8');
    const before = await reloadsAsked();
    // The stall far longer than the watcher's 50 ms wait for a steady size. On a machine so slow
    // that the watcher had not yet looked, the test still passes: one save, one reload.
    await saveFile(file, original, 1_000);
    await expect.poll(reloadsAsked, { timeout: FOLLOW_MS }).toBe(before + 1);
    expect(await (await fetch(`${dev.url}/about`)).text()).toContain('About Garlic Brothers');
    expect(await reloadsAsked()).toBe(before + 1);
  });

  it('hot-reloads an island whose code is saved, even by a save that stalled between emptying the file and writing it: the page is not reloaded and the island keeps what the visitor typed', async () => {
    const file = path.join(dev.root, 'src/ui/features/faq/FaqBrowser.tsx');
    const original = fs.readFileSync(file, 'utf8');
    const { page, problems } = await openPage(browser());
    const client = viteClientLines(page);
    await page.goto(`${dev.url}/faq`);
    await hydrated(page);
    const search = page.getByRole('searchbox');
    // The FAQ's island hydrates on the first interaction: typing wakes it.
    await search.fill('shelf life');
    await page.waitForSelector('gb-island[data-island="FaqBrowser"][data-hydrated]');
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    try {
      // The stall far longer than the watcher's 50 ms wait for a steady size, so it reports the
      // emptied file first (an island's module without its export, which React's refresh cannot
      // apply); on a machine so slow that the watcher had not yet looked, it sees one whole save.
      await saveAndFollow(
        dev,
        client,
        file,
        original.replace('{words.linkToAnswer}', '{`${words.linkToAnswer} (edited)`}'),
        () => page.waitForFunction(() => document.querySelector('.faq-link a')?.textContent?.endsWith('(edited)'), null, { timeout: FOLLOW_MS }),
        { stallMs: 1_000 },
      );
      expect(
        await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
        `the page was reloaded; its Vite client said:\n${client.join('\n')}\nThe dev server printed:\n${dev.output()}`,
      ).toBe(true);
      expect(await search.inputValue()).toBe('shelf life');
    } finally {
      fs.writeFileSync(file, original);
    }
    expect(problems).toEqual([]);
  });

  it('shows a fact changed in content/facts.yaml at once in a page that states it: its title, its specification table and its text, with the page itself unsaved', async () => {
    const file = path.join(dev.root, 'content/facts.yaml');
    const original = fs.readFileSync(file, 'utf8');
    const { page, problems } = await openPage(browser());
    const client = viteClientLines(page);
    await page.goto(`${dev.url}/garlic-powder`);
    await hydrated(page);
    expect(await page.title()).toContain('80-120 mesh');
    try {
      await saveAndFollow(
        dev,
        client,
        file,
        original.replace('particleSize: { min: 80, max: 120, unit: mesh }', 'particleSize: { min: 80, max: 130, unit: mesh }'),
        () => page.waitForFunction(() => document.title.includes('80-130 mesh'), null, { timeout: FOLLOW_MS }),
      );
      const shown = await page.evaluate(() => ({
        table: document.querySelector('main table')?.textContent ?? '',
        text: document.querySelector('main')?.textContent ?? '',
      }));
      expect(shown.table).toContain('80-130');
      expect(shown.text).not.toContain('80-120');
    } finally {
      fs.writeFileSync(file, original);
    }
    await page.waitForFunction(() => document.title.includes('80-120 mesh'), null, { timeout: FOLLOW_MS });
    expect(problems).toEqual([]);
  });

  it('shows a rule saved in a stylesheet at once, and its removal saved straight after: the base sheet, a sheet it imports, a feature sheet', async () => {
    const { page, problems } = await openPage(browser());
    const client = viteClientLines(page);
    await page.goto(`${dev.url}/contact`);
    await hydrated(page);
    const marker = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--gb-edited').trim());
    // The contact page uses the forms' feature sheet; every page has the base sheet and what it imports.
    for (const [sheet, value] of [
      ['src/ui/styles/base/site.css', 'base'],
      ['src/ui/styles/base/header.css', 'header'],
      ['src/ui/styles/pages/05-forms.css', 'forms'],
    ]) {
      const file = path.join(dev.root, sheet);
      const original = fs.readFileSync(file, 'utf8');
      try {
        await saveAndFollow(dev, client, file, `${original}\n:root { --gb-edited: ${value}; }\n`, () =>
          expect.poll(marker, { timeout: FOLLOW_MS }).toBe(value),
        );
      } finally {
        // Saved back as soon as the rule shows, as an editor saves again: the page may still be
        // loading, and the server still compiling, for the first save.
        fs.writeFileSync(file, original);
      }
      await expect.poll(marker, { timeout: FOLLOW_MS }).toBe('');
    }
    expect(problems).toEqual([]);
  });

  it('shows a save made while the page was still loading, before it could hear of it', async () => {
    const file = path.join(dev.root, 'content/pages/about.mdx');
    const original = fs.readFileSync(file, 'utf8');
    // Another tab open on the site, as an editor has: Vite keeps a reload for a page yet to connect
    // only while no page at all is connected.
    const other = await openPage(browser());
    await other.page.goto(`${dev.url}/faq`);
    await hydrated(other.page);
    const { page, problems } = await openPage(browser());
    // Vite's client, which hears of saves, is held back until the save is made: the page has its
    // HTML, rendered before the save, and no connection yet to hear of it.
    let save = () => {};
    const saved = new Promise<void>((resolve) => (save = resolve));
    await page.route('**/@vite/client', async (route) => {
      await saved;
      await route.continue();
    });
    // Not waiting for the document's scripts, which wait for Vite's client.
    await page.goto(`${dev.url}/about`, { waitUntil: 'commit' });
    expect(await page.locator('h1').textContent()).toBe('About Garlic Brothers');
    fs.writeFileSync(file, original.replace('# About Garlic Brothers', '# About Garlic Brothers, saved while loading'));
    try {
      // The server has taken the save in (a fresh request renders it) before the page may connect.
      await expect.poll(async () => (await fetch(`${dev.url}/about`)).text(), { timeout: FOLLOW_MS }).toContain('saved while loading');
      save();
      await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'About Garlic Brothers, saved while loading', null, {
        timeout: FOLLOW_MS,
      });
    } finally {
      save();
      fs.writeFileSync(file, original);
    }
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'About Garlic Brothers', null, { timeout: FOLLOW_MS });
    expect([...problems, ...other.problems]).toEqual([]);
  });

  it('serves a post made with npm run new:post without a restart', async () => {
    const created = createPost(dev.root, 'Garlic powder prices after the 2026 harvest');
    // The file watcher tells the server within moments; the editor then opens the new address.
    await expect.poll(async () => (await fetch(`${dev.url}/blog/${created.id}`)).status, { timeout: FOLLOW_MS }).toBe(200);
    expect(await (await fetch(`${dev.url}/blog/${created.id}`)).text()).toContain('Garlic powder prices after the 2026 harvest');
    expect(await (await fetch(`${dev.url}/blog`)).text()).toContain('Garlic powder prices after the 2026 harvest');
  });

  it('says in the terminal which page links to no page of the site, naming its file, once until the next save', async () => {
    const file = path.join(dev.root, 'content/pages/about.mdx');
    const original = fs.readFileSync(file, 'utf8');
    const line = '[links] content/pages/about.mdx (/about): link: expected a page or file of this site, got "/garlic-powdr"';
    const told = () => dev.output().split(line).length - 1;
    const about = async () => (await fetch(`${dev.url}/about`)).text();
    try {
      fs.writeFileSync(file, `${original}\nSee our [garlic powder](/garlic-powdr) and its [specification](/garlic-powder#specifications).\n`);
      await expect.poll(async () => (await about()).includes('href="/garlic-powdr"'), { timeout: FOLLOW_MS }).toBe(true);
      await about();
      expect(told()).toBe(1);
      // The page's other links, its menus' included, lead to pages: nothing else is said of them.
      expect(dev.output().match(/\[links\] content\/pages\/about\.mdx/g)).toHaveLength(1);
      // Saved again without a fix, the page says it again.
      fs.writeFileSync(file, `${original}\nSee our [garlic powder](/garlic-powdr).\n`);
      await expect
        .poll(
          async () => {
            await about();
            return told();
          },
          { timeout: FOLLOW_MS },
        )
        .toBe(2);
    } finally {
      fs.writeFileSync(file, original);
    }
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

describe('the files the dev server sends', () => {
  /** The spellings a visitor could try for one file, relative to the project (Vite has several ways from a URL to a file). */
  const spellings = (file: string, root: string) => {
    const [first, ...rest] = file.split('/');
    const encoded = file.replace(/\./g, '%2e').replace(/\//g, '%2f');
    return [
      `/${file}`,
      `/${file}?raw`,
      `/${file}?import`,
      `/${file}?url`,
      `/${file}?inline`,
      `/${file}?raw??`,
      `/${file}?import&raw`,
      `/${encoded}`,
      `/%${first.charCodeAt(0).toString(16)}${first.slice(1)}/${rest.join('/')}`,
      `/%25${first.charCodeAt(0).toString(16)}${first.slice(1)}/${rest.join('/')}`,
      `/${first.toUpperCase()}/${rest.join('/')}`,
      `/./${file}`,
      `//${file}`,
      `/src/../${file}`,
      `/src/%2e%2e/${file}?raw`,
      `/src/..%2f${file}`,
      `/src/..%5c${file}`,
      `/src\\..\\${file}`,
      `/@fs${root}/${file}`,
      `/@fs${root}/${file}?raw`,
      `/@fs${root}/src/%2e%2e/${file}?import`,
      `/@id${root}/${file}?raw`,
      `${root}/${file}?raw`,
    ];
  };

  // The time allowed is for a server that sends the files, which takes seconds over the large ones; one that refuses them answers at once.
  it('answers 404 or 403, never the file, for the dev database, the investor copy and the project files outside the site sources', async () => {
    const port = Number(new URL(dev.url).port);
    const root = fs.realpathSync(dev.root);
    const wal = fs.readdirSync(path.join(root, 'data/dev-pglite/pg_wal')).find((name) => /^[0-9A-F]{24}$/.test(name));
    expect(wal, 'the dev database has a write-ahead log').toBeDefined();
    const portal = fs.readFileSync(path.join(root, 'content/investors/portal.md'), 'utf8');
    const checkout = fs.realpathSync(process.cwd());
    const secrets = [
      // What each file would show: the planted lines, the portal's first lines, package and git files.
      ...Object.values(PLANTED).map((text) => text.trim().split('\n').at(-1) ?? text),
      portal.split('\n').slice(0, 3).join('\n'),
      '"garlic-brothers-website"',
      'root:x:0:0',
      '[core]',
    ];
    const targets = [
      ...['data/dev-pglite/PG_VERSION', 'data/dev-pglite/global/pg_control', 'data/dev-pglite/postgresql.conf'].flatMap((file) => spellings(file, root)),
      // The log is 16 MB a segment: a few spellings, each of which took seconds to send while it was served.
      `/data/dev-pglite/pg_wal/${wal}`,
      `/data/dev-pglite/pg_wal/${wal}?raw`,
      `/@fs${root}/data/dev-pglite/pg_wal/${wal}`,
      ...spellings('data/leads-export.csv', root),
      ...spellings('data/pglite/PG_VERSION', root),
      ...spellings('content/investors/portal.md', root),
      '/@content/investors/portal.md?raw',
      '/content/./investors/portal.md?raw',
      '/content%2finvestors%2fportal.md',
      '/@fs/etc/passwd',
      '/@fs/etc/passwd?raw',
      '/@fs/etc/passwd?import',
      '/@fs/%65tc/passwd',
      `/@fs${root}/../../etc/passwd`,
      `/@fs${root}/%2e%2e/%2e%2e/etc/passwd?raw`,
      '/.env',
      '/.env?raw',
      `/@fs${root}/.env`,
      '/README.md',
      '/README.md?raw',
      '/package.json',
      '/package.json?import',
      '/tsconfig.json',
      '/vite.config.ts',
      '/vite.config.ts?raw',
      '/scripts/build.ts',
      '/tests/server/raw-http.ts?raw',
      '/node_modules/vite/package.json',
      `/@fs${checkout}/package.json`,
      `/@fs${checkout}/.git/config`,
      `/@fs${checkout}/README.md?raw`,
    ];
    const leaks: string[] = [];
    for (const target of targets) {
      const answer = await rawRequest(port, 'GET', target);
      const shown = secrets.find((secret) => answer.body.includes(secret));
      if (![403, 404].includes(answer.status) || shown) leaks.push(`${answer.status} ${target}${shown ? ` shows ${JSON.stringify(shown.slice(0, 40))}` : ''}`);
    }
    expect(leaks).toEqual([]);

    // The site's own pages and sources are still there.
    const about = await rawRequest(port, 'GET', '/about');
    expect(about.status).toBe(200);
    expect(about.body).toMatch(/<h1[^>]*>About Garlic Brothers<\/h1>/);
    expect((await rawRequest(port, 'GET', '/src/browser/entry-client.ts')).status).toBe(200);
  });

  it('answers an address that does not decode with the not-found page, a 404, not an error page', async () => {
    const port = Number(new URL(dev.url).port);
    for (const target of ['/%ff', '/%', '/blog/%E0%A4%A', '/de/%zz']) {
      const answer = await rawRequest(port, 'GET', target);
      expect(answer.status, target).toBe(404);
      expect(answer.body, target).not.toContain('URIError');
    }
  });

  it("answers a page's address in other letter case with the not-found page, a 404, as every host of the build does", async () => {
    for (const target of ['/About', '/Garlic-Powder', '/DE/']) {
      const answer = await fetch(dev.url + target);
      expect(answer.status, target).toBe(404);
      expect(await answer.text(), target).toMatch(/<h1[^>]*>Page not found<\/h1>/);
    }
  });
});

// Last in the file: it edits an FAQ answer, which the checks above must not see.
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
