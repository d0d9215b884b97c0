/**
 * The site search in server mode (`npm start`): with JavaScript off the server answers the search
 * pages itself, from the build's index, with the results in the HTML (a misspelt English query, a
 * German glossary variant); with JavaScript the header's search box asks the server for the results
 * alone and fetches nothing of Pagefind, within 60 kB for a query; a post the admin publishes is
 * found at once, by the server's answer and by the header's search box, and is gone once the admin
 * removes it; a hostile query is answered, never a 500.
 */
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, openPage, useBrowser } from './support/browser';
import { getFrom, requestFrom, signInContext, useServerSite } from './support/server-mode';
import { EVENT_WAIT_MS } from './support/waits';

const getBrowser = useBrowser();
const site = useServerSite();

/** The hrefs of the results in the page the server sent (no script runs). */
async function serverResults(page: Page, path: string): Promise<{ status: number; hrefs: string[]; count: string }> {
  const response = await page.goto(site.origin() + path);
  const hrefs = await page.locator('[data-search-results] a.search-result-link').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return { status: response?.status() ?? 0, hrefs, count: (await page.locator('[data-search-status]').textContent()) ?? '' };
}

describe('search on the server', () => {
  it('answers the search page without JavaScript, in the HTML, from the same index', async () => {
    const { page } = await openPage(getBrowser(), { javaScriptEnabled: false });
    const english = await serverResults(page, '/search?q=garlik+powder');
    expect(english.status).toBe(200);
    expect(english.hrefs[0]).toBe('/garlic-powder');
    expect(english.count).toMatch(/^\d+ results?$/);
    expect(await page.getByRole('searchbox').inputValue()).toBe('garlik powder');
    expect(await page.locator('.search-note').count()).toBe(0);

    const german = await serverResults(page, '/de/search?q=Mindestbestellmenge');
    expect(german.hrefs[0]).toBe('/de/faq#minimum-order-quantity');
    const nothing = await serverResults(page, '/ar/search?q=zzzzqqq');
    expect(nothing.hrefs).toEqual([]);
    expect(nothing.count).toContain('لا توجد نتائج مطابقة');
    // The query it repeats stands in the Arabic sentence as text of its own direction.
    expect(nothing.count).toContain('«\u2068zzzzqqq\u2069»');
  });

  it("answers the header's search box with its results alone: nothing of Pagefind fetched, the query within 60 kB", async () => {
    const visitor = await openPage(getBrowser());
    await visitor.page.goto(`${site.origin()}/de/`, { waitUntil: 'load' });
    await hydrated(visitor.page);
    const requests: Request[] = [];
    visitor.page.on('requestfinished', (request) => requests.push(request));
    await visitor.page.keyboard.press('/');
    const dialog = visitor.page.locator('dialog.search-dialog');
    await dialog.getByRole('searchbox').waitFor({ timeout: EVENT_WAIT_MS });
    await dialog.getByRole('searchbox').fill('Mindestbestellmenge');
    await dialog.locator('.search-results[data-answered="Mindestbestellmenge"]').waitFor({ timeout: EVENT_WAIT_MS });
    expect(await dialog.locator('a.search-result-link').first().getAttribute('href')).toBe('/de/faq#minimum-order-quantity');
    const paths = requests.map((request) => new URL(request.url()).pathname);
    expect(paths.filter((path) => path.startsWith('/pagefind'))).toEqual(['/pagefind/gb-words.de.json']);
    expect(paths).toContain('/api/search');
    // What the query cost as received: the box's code, the language's words and the answer.
    const sizes = await Promise.all(
      requests
        .filter((request) => /^\/(?:assets\/(?:search-box|search-page|engine|view)-|pagefind\/|api\/search)/.test(new URL(request.url()).pathname))
        .map(async (request) => ({ path: new URL(request.url()).pathname, bytes: (await request.sizes()).responseBodySize })),
    );
    const total = sizes.reduce((sum, entry) => sum + entry.bytes, 0);
    console.log(
      `Benchmark: a query in the header on the server, as received: ${sizes.map((entry) => `${entry.path} ${entry.bytes}`).join(', ')}; ${total} bytes (budget: 60,000)`,
    );
    expect(total, JSON.stringify(sizes)).toBeLessThanOrEqual(60_000);
    expect(visitor.problems).toEqual([]);
  });

  it('answers a malformed search request with 400 and what to fix', async () => {
    const { page } = await openPage(getBrowser(), { javaScriptEnabled: false });
    const ask = async (query: string) => {
      const response = await getFrom(page, `${site.origin()}/api/search?${query}`);
      return { status: response.status(), body: (await response.json()) as { error?: string; hits?: { url: string }[] } };
    };
    expect(await ask('lang=xx&q=garlic')).toEqual({ status: 400, body: { error: '"lang" must be one of ar, de, en' } });
    expect(await ask('lang=en')).toEqual({ status: 400, body: { error: '"q" must hold the words to search for' } });
    expect(await ask('lang=en&q=garlic&shown=0')).toEqual({ status: 400, body: { error: '"shown" must be a whole number from 1 to 10' } });
    const long = await ask(`lang=en&q=${'garlic '.repeat(100)}`);
    expect(long.status).toBe(200);
    expect((await ask('lang=en&q=garlik+powder')).body.hits?.[0]?.url).toBe('/garlic-powder');
  });

  it('answers a hostile query with the page, the query shown as text', async () => {
    const { page } = await openPage(getBrowser(), { javaScriptEnabled: false });
    const hostile = `"><script>alert(1)</script>${'x'.repeat(5000)}`;
    const response = await getFrom(page, `${site.origin()}/search?q=${encodeURIComponent(hostile)}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&quot;&gt;&lt;script&gt;');
    expect((await getFrom(page, `${site.origin()}/search?q=%E0%A4%A`)).status()).toBeLessThan(500);
    expect((await getFrom(page, `${site.origin()}/pagefind-posts/../../package.json`)).status()).toBe(404);
  });

  it('finds a post the admin publishes at once, in the browser and without script, and not once it is removed', async () => {
    const admin = await openPage(getBrowser());
    await signInContext(admin.page, site.origin());
    const word = 'Zanzibarvanillin';
    const added = await requestFrom(admin.page, `${site.origin()}/api/admin/posts`, {
      method: 'POST',
      data: { title: `Garlic and ${word} pairing notes`, excerpt: 'A post the admin published on the server.', content: `## Pairing\n\nGarlic with ${word}.` },
      headers: { Origin: site.origin() },
    });
    expect(added.status()).toBe(201);
    const { post } = (await added.json()) as { post: { id: number } };
    const path = `/blog/${post.id}`;

    const { page } = await openPage(getBrowser(), { javaScriptEnabled: false });
    expect((await serverResults(page, `/search?q=${word}`)).hrefs).toEqual([path]);
    // From a German page too, marked as English.
    expect((await serverResults(page, `/de/search?q=${word}`)).hrefs).toEqual([path]);
    expect(await page.locator('[data-search-results] [lang="en"]').count()).toBeGreaterThan(0);

    const visitor = await openPage(getBrowser());
    await visitor.page.goto(`${site.origin()}/about`, { waitUntil: 'load' });
    await hydrated(visitor.page);
    await visitor.page.keyboard.press('/');
    const input = visitor.page.locator('dialog.search-dialog').getByRole('searchbox');
    await input.waitFor({ timeout: EVENT_WAIT_MS });
    await input.fill(word);
    await expect
      .poll(() => visitor.page.locator('dialog.search-dialog a.search-result-link').first().getAttribute('href'), { timeout: EVENT_WAIT_MS })
      .toBe(path);
    expect(visitor.problems).toEqual([]);

    const removed = await requestFrom(admin.page, `${site.origin()}${path}`.replace('/blog/', '/api/admin/posts/'), {
      method: 'DELETE',
      headers: { Origin: site.origin() },
    });
    expect(removed.status()).toBe(204);
    expect((await serverResults(page, `/search?q=${word}`)).hrefs).toEqual([]);
  });
});
