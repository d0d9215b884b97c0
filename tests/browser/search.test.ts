/**
 * The site search on the built site (a static host): a page load fetches nothing of it; the
 * header's search box, opened with `/` or the search link, finds the right page first in each
 * language (a German query for the minimum order quantity finds the German FAQ answer, an Arabic
 * query with and without tashkeel the same Arabic page, a misspelt English one garlic powder), and
 * never the admin; arrows move, Enter opens, Escape closes; a live region gives the count; the
 * search page keeps the query in its address (shared, back button); the code and index fragments
 * of one query stay within 60 kB as received; axe finds nothing on the results; without
 * JavaScript the search page says that search needs it here.
 */
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { describeViolations, runAxe } from '../../scripts/lib/axe';
import { baseUrl, openPage, reusedTab, useBrowser, visit, type WatchedPage } from './support/browser';
import { EVENT_WAIT_MS } from './support/waits';

const browser = useBrowser();
const visitor = reusedTab(browser);

/** A request for the search's index, or for its code (the box's and the search page's chunks). */
const isIndexRequest = (url: string) => /^\/pagefind(?:-posts)?\//.test(new URL(url).pathname);
const isSearchCode = (url: string) => /^\/assets\/(?:search-box|search-page|engine|run-search)-/.test(new URL(url).pathname);

const box = (page: Page) => page.locator('dialog.search-dialog');
const resultLinks = (page: Page, scope = box(page)) => scope.locator('a.search-result-link');

/** Opens the header's search box with `/` and types `query`; resolves with the results' addresses once they answer it. */
async function searchFromHeader({ page }: WatchedPage, query: string): Promise<string[]> {
  await page.keyboard.press('/');
  const input = box(page).getByRole('searchbox');
  await input.waitFor({ timeout: EVENT_WAIT_MS });
  await expect.poll(() => input.evaluate((element) => element === document.activeElement)).toBe(true);
  await input.fill(query);
  await box(page)
    .locator('.search-results')
    .and(page.locator(`[data-answered="${query}"]`))
    // Attached, not visible: a query that finds nothing leaves the region empty, of no height.
    .waitFor({ state: 'attached', timeout: EVENT_WAIT_MS });
  return resultLinks(page).evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
}

describe('a page load', () => {
  it("fetches nothing of the search on any language's home page nor on a product page, and no index on the empty search page", async () => {
    const watched = await openPage(browser());
    const asked: string[] = [];
    watched.page.on('request', (request: Request) => {
      const onSearchPage = new URL(watched.page.url()).pathname === '/search';
      if (isIndexRequest(request.url()) || (!onSearchPage && isSearchCode(request.url()))) asked.push(request.url());
    });
    for (const path of ['/', '/de/', '/ar/', '/garlic-powder', '/search']) {
      await visit(watched, path);
      await watched.page.waitForLoadState('networkidle');
    }
    expect(asked).toEqual([]);
    expect(watched.problems).toEqual([]);
  });
});

describe('the header search box', () => {
  it('finds garlic powder first for a misspelt query', async () => {
    const watched = await visitor();
    await visit(watched, '/about');
    for (const query of ['garlik powder', 'galric powdr']) {
      expect((await searchFromHeader(watched, query))[0], query).toBe('/garlic-powder');
      await watched.page.keyboard.press('Escape');
    }
    expect(watched.problems).toEqual([]);
  });

  it('finds the German FAQ answer on the minimum order quantity first, as a German buyer writes it', async () => {
    const watched = await visitor();
    await visit(watched, '/de/');
    expect(await searchFromHeader(watched, 'Mindestbestellmenge')).toContain('/de/faq#minimum-order-quantity');
    expect((await resultLinks(watched.page).first().getAttribute('href')) ?? '').toBe('/de/faq#minimum-order-quantity');
    await watched.page.keyboard.press('Escape');
    const heavy = await searchFromHeader(watched, 'Schwermetalle');
    expect(heavy[0]).toBe('/de/faq#heavy-metals');
    expect(watched.problems).toEqual([]);
  });

  it('finds the same Arabic page first with and without tashkeel, and across the alef forms', async () => {
    const watched = await visitor();
    await visit(watched, '/ar/');
    const plain = await searchFromHeader(watched, 'الحد الادنى للطلب');
    expect(plain[0]).toBe('/ar/faq#minimum-order-quantity');
    await watched.page.keyboard.press('Escape');
    expect((await searchFromHeader(watched, 'الحَدُّ الأَدْنَى لِلطَّلَب'))[0]).toBe(plain[0]);
    await watched.page.keyboard.press('Escape');
    expect((await searchFromHeader(watched, 'الحد الأدنى للطلب'))[0]).toBe(plain[0]);
    expect(watched.problems).toEqual([]);
  });

  it('marks the matched word alone in an Arabic excerpt, not the bracket and isolate the index marks with it', async () => {
    const watched = await visitor();
    await visit(watched, '/ar/');
    await searchFromHeader(watched, 'coli');
    const marked = await box(watched.page).locator('.search-result-excerpt mark').allTextContents();
    expect(marked.length).toBeGreaterThan(0);
    expect(marked.filter((text) => !/^[\p{L}\p{N}]+$/u.test(text))).toEqual([]);
    expect(watched.problems).toEqual([]);
  });

  it('marks an English post found from a German page as English', async () => {
    const watched = await visitor();
    await visit(watched, '/de/about');
    const found = await searchFromHeader(watched, 'Sustainable garlic sourcing');
    const post = resultLinks(watched.page)
      .filter({ has: watched.page.locator('[lang="en"]') })
      .first();
    expect(found.some((href) => /^\/blog\/\d+$/.test(href))).toBe(true);
    expect(await post.textContent()).toContain('(Englisch)');
    expect(await post.getAttribute('hreflang')).toBe('en');
  });

  it('never offers the admin, the investor portal or a sign-in page', async () => {
    const watched = await visitor();
    await visit(watched, '/');
    for (const query of ['admin', 'login', 'dashboard', 'investor portal', 'password']) {
      const found = await searchFromHeader(watched, query);
      expect(
        found.filter((href) => /^\/(?:[a-z]{2}\/)?(?:admin|investors|search|404)/.test(href)),
        query,
      ).toEqual([]);
      await watched.page.keyboard.press('Escape');
    }
  });

  it('by keyboard: / opens, the arrows move through the results, Enter opens one, Escape closes', async () => {
    const watched = await visitor();
    const { page } = watched;
    await visit(watched, '/contact');
    const found = await searchFromHeader(watched, 'garlic');
    expect(found.length).toBeGreaterThan(2);
    expect(await box(page).getByRole('status').textContent()).toMatch(/^\d+ results$/);
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe(found[0]);
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe(found[1]);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('search');
    await page.keyboard.press('Escape');
    await expect.poll(() => box(page).isVisible()).toBe(false);
    // Focus goes back where it was; `/` typed in a field is text, not a shortcut.
    await page.getByLabel('Your name').first().focus();
    await page.keyboard.type('a/b');
    expect(await box(page).isVisible()).toBe(false);
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    // On a page with a form, the box is as tall as what it shows: the room the search page keeps
    // for its results is the search page's alone.
    await searchFromHeader(watched, 'zzqx');
    expect(
      await box(page)
        .locator('.search-results')
        .evaluate((results) => results.getBoundingClientRect().height),
    ).toBeLessThan(100);
    await page.keyboard.press('Escape');
    await searchFromHeader(watched, 'garlic powder');
    await page.keyboard.press('ArrowDown');
    await Promise.all([page.waitForURL((url) => url.pathname === '/garlic-powder'), page.keyboard.press('Enter')]);
    expect(watched.problems).toEqual([]);
  });

  it('is in the mobile menu on a phone, which leads to the search page', async () => {
    const watched = await openPage(browser(), { viewport: { width: 390, height: 800 }, hasTouch: true, isMobile: true });
    const { page } = watched;
    await visit(watched, '/de/');
    await page.getByRole('button', { name: 'Menü öffnen' }).tap();
    const link = page.locator('dialog.mobile-panel').getByRole('link', { name: 'Suche', exact: true });
    await link.waitFor({ timeout: EVENT_WAIT_MS });
    await Promise.all([page.waitForURL((url) => url.pathname === '/de/search'), link.tap()]);
    expect(watched.problems).toEqual([]);
  });

  it('fetches, as received, a few kB of its own and Pagefind and the index for a query, and no more', async () => {
    const watched = await openPage(browser());
    await visit(watched, '/about');
    const requests: Request[] = [];
    watched.page.on('requestfinished', (request) => requests.push(request));
    await searchFromHeader(watched, 'garlic powder');
    const sizes = await Promise.all(
      requests
        .filter((request) => isIndexRequest(request.url()) || isSearchCode(request.url()) || /\/assets\/view-/.test(request.url()))
        .map(async (request) => ({ path: new URL(request.url()).pathname, bytes: (await request.sizes()).responseBodySize })),
    );
    const sum = (test: (path: string) => boolean) => sizes.filter((entry) => test(entry.path)).reduce((total, entry) => total + entry.bytes, 0);
    const own = sum((path) => path.startsWith('/assets/') || path.includes('/gb-words.'));
    const pagefind = sum((path) => /\/pagefind\/(?:pagefind\.js|wasm\.)/.test(path));
    const index = sum((path) => /\.pf_(?:meta|index|fragment)$|pagefind-entry/.test(path));
    const report = JSON.stringify({ own, pagefind, index, sizes });
    // What ships today, with a few per cent for the copy to grow (src/build/pipeline/README.md has the
    // figures): the site's own code and words (5.9 kB); Pagefind's script and WebAssembly (62.9
    // kB, 50.8 of it the build's brotli form of the WebAssembly); the index's entry, the
    // chunks of the query's two words and the six shown results' fragments (72.9 kB).
    expect(own, report).toBeLessThanOrEqual(6_000);
    expect(pagefind, report).toBeLessThanOrEqual(66_000);
    expect(index, report).toBeLessThanOrEqual(76_000);
    expect(watched.problems).toEqual([]);
  });
});

describe('the search page', () => {
  it('answers the query in its address, keeps a new one there, and goes back to the last', async () => {
    const watched = await visitor();
    const { page } = watched;
    await visit(watched, '/search?q=garlic%20oil');
    const results = page.locator('[data-search-results]');
    await expect.poll(() => resultLinks(page, results).first().getAttribute('href'), { timeout: EVENT_WAIT_MS }).toBe('/garlic-oil');
    expect(await page.getByRole('searchbox').inputValue()).toBe('garlic oil');
    await page.getByRole('searchbox').fill('aged garlic extract');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === 'aged garlic extract');
    await expect.poll(() => resultLinks(page, results).first().getAttribute('href'), { timeout: EVENT_WAIT_MS }).toBe('/aged-garlic-extract');
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('q') === 'garlic oil');
    await expect.poll(() => page.getByRole('searchbox').inputValue()).toBe('garlic oil');
    await expect.poll(() => resultLinks(page, results).first().getAttribute('href'), { timeout: EVENT_WAIT_MS }).toBe('/garlic-oil');
    expect(watched.problems).toEqual([]);
  });

  it('has no WCAG 2.2 A/AA violation with its results, nor the search box', async () => {
    const watched = await visitor();
    const { page } = watched;
    await visit(watched, '/de/search?q=Knoblauch');
    await expect.poll(() => resultLinks(page, page.locator('[data-search-results]')).count(), { timeout: EVENT_WAIT_MS }).toBeGreaterThan(0);
    expect(describeViolations(await runAxe(page))).toEqual([]);
    await visit(watched, '/ar/');
    await searchFromHeader(watched, 'الثوم');
    expect(describeViolations(await runAxe(page))).toEqual([]);
  });

  it('offers the search page of every language in the language switcher, as a page each language has', async () => {
    for (const path of ['/search', '/de/search', '/ar/search']) {
      const html = await (await fetch(`${baseUrl()}${path}`)).text();
      for (const other of ['/search', '/de/search', '/ar/search']) expect(html, `${path} -> ${other}`).toContain(`<a href="${other}" hrefLang=`);
      expect(html, path).not.toContain('class="language-unavailable"');
      expect(html, path).toContain('<meta name="robots" content="noindex, nofollow">');
    }
  });

  it('says without JavaScript that search needs it on this copy of the site', async () => {
    const { page } = await openPage(browser(), { javaScriptEnabled: false });
    await page.goto(`${baseUrl()}/search?q=garlic`);
    expect(await page.locator('.search-note').textContent()).toContain('Search needs JavaScript on this copy of the site');
    await page.goto(`${baseUrl()}/de/search`);
    expect(await page.locator('.search-note').textContent()).toContain('Die Suche benötigt');
    expect(await page.locator('form[role="search"]').getAttribute('action')).toBe('/de/search');
  });
});
