/**
 * Blog posts in server mode (`npm start`): the admin publishes a post through the dashboard, and a
 * visitor in a fresh browser context sees it first on /blog and at /blog/<id>, whose HTML the
 * server sent complete (title, canonical, BlogPosting JSON-LD) and then from its cache, brotli
 * compressed; with the post in the database, `/`, `/blog` (which the server marks for its posts)
 * and `/blog/1` still fit the first round trip with their headers; the post survives a restart of
 * the server; once the admin deletes it, its URL answers 404.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import zlib from 'node:zlib';
import { hydrated, openPage, useBrowser, type WatchedPage } from './support/browser';
import { FIRST_ROUND_TRIP_BYTES, firstResponse, header } from './support/first-response';
import { TEST_CREDENTIALS, TEST_SITE_URL } from './support/env';
import { submitLogin } from './support/portal';
import { getFrom, signInContext, useServerSite } from './support/server-mode';
import { SITE_NAME } from './support/site';
import { EVENT_WAIT_MS } from './support/waits';

const getBrowser = useBrowser();
const site = useServerSite();

const POST = {
  Title: 'Server-published garlic news',
  Excerpt: 'A post the admin published on the server: every visitor of the website sees it first on the blog.',
  Content: '## Shipments\n\nThe first **EU** container of the season left Bengaluru. See [our products](/products).',
  Tags: 'EU, shipping',
};

async function open(watched: WatchedPage, path: string) {
  const response = await watched.page.goto(site.origin() + path, { waitUntil: 'load' });
  await hydrated(watched.page);
  return response;
}

/**
 * Signs the admin in on the server (the session cookie, shared by the page's requests) and
 * through the login form, then opens the dashboard.
 */
async function signInEverywhere(watched: WatchedPage) {
  const { page } = watched;
  await signInContext(page, site.origin());
  await open(watched, '/admin/login?next=/admin');
  await submitLogin(page, TEST_CREDENTIALS.ADMIN_USERNAME, TEST_CREDENTIALS.ADMIN_PASSWORD);
  await page.waitForURL((url) => url.pathname === '/admin');
  await page.getByRole('navigation', { name: 'Dashboard sections' }).waitFor();
}

const postsSection = (page: Page) => page.getByRole('region', { name: 'Blog posts' });

async function waitForServerDestination(page: Page) {
  await expect
    .poll(() => postsSection(page).locator('.post-destination').textContent(), { timeout: EVENT_WAIT_MS })
    .toContain('Published to the website for every visitor');
}

/** The raw HTML the server answers for a path, as a crawler gets it (no script runs). */
async function rawHtml(page: Page, path: string) {
  const response = await getFrom(page, site.origin() + path);
  return { status: response.status(), html: await response.text() };
}

function blogPostings(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
    .map((match) => JSON.parse(match[1]) as Record<string, unknown>)
    .filter((thing) => thing['@type'] === 'BlogPosting');
}

describe('posts published on the server', () => {
  // A post published, seen by a visitor, the server restarted, the post deleted: 35-48 s in the full
  // suite, too close to the 60 s default on a loaded machine.
  it('reach every visitor, survive a restart, and are gone once deleted', async () => {
    const admin = await openPage(getBrowser());
    await signInEverywhere(admin);
    const section = postsSection(admin.page);
    await waitForServerDestination(admin.page);

    const form = section.getByRole('form', { name: 'Add a post' });
    for (const [label, value] of Object.entries(POST)) await form.getByLabel(label, { exact: true }).fill(value);
    await form.getByRole('button', { name: 'Add post' }).click();
    const success = form.locator('.notice-success');
    await expect
      .poll(() => success.textContent(), { timeout: EVENT_WAIT_MS })
      .toContain(`“${POST.Title}” was published and is now first on the blog for every visitor.`);
    const href = await success.getByRole('link', { name: 'View the post' }).getAttribute('href');
    expect(href).toMatch(/^\/blog\/\d+$/);
    const path = href as string;
    // Kept on the server, not in this browser.
    expect(await admin.page.evaluate(() => localStorage.getItem('gb:blog-posts'))).toBeNull();
    await expect.poll(() => section.locator('.post-admin-list').first().textContent()).toContain(POST.Title);
    expect(await section.getByRole('heading', { name: 'Posts published on the website' }).count()).toBe(1);

    // A visitor who never saw the admin: a context of its own.
    const visitor = await openPage(getBrowser());
    await open(visitor, '/blog');
    await expect.poll(() => visitor.page.locator('.post-card h2').first().textContent(), { timeout: EVENT_WAIT_MS }).toBe(POST.Title);

    const raw = await rawHtml(visitor.page, path);
    expect(raw.status).toBe(200);
    expect(raw.html).toContain(`<title>${POST.Title} | ${SITE_NAME}</title>`);
    expect(raw.html).toContain(`<link rel="canonical" href="${TEST_SITE_URL}${path}">`);
    expect(raw.html).toContain(`<meta property="og:url" content="${TEST_SITE_URL}${path}">`);
    expect(blogPostings(raw.html)).toEqual([
      expect.objectContaining({
        '@type': 'BlogPosting',
        headline: POST.Title,
        description: POST.Excerpt,
        mainEntityOfPage: `${TEST_SITE_URL}${path}`,
      }),
    ]);
    expect(raw.html).not.toContain('noindex');
    // Sent again from the server's cache, as the same page in brotli.
    const port = Number(new URL(site.origin()).port);
    const kept = await firstResponse(port, path, 'gzip, deflate, br, zstd');
    expect(header(kept.head, 'content-encoding')).toBe('br');
    expect(zlib.brotliDecompressSync(kept.body).toString()).toBe(raw.html);

    // The pages most visitors land on, from the server with a post of its own in the database.
    for (const route of ['/', '/blog', '/blog/1']) {
      const first = await firstResponse(port, route, 'gzip, deflate, br, zstd');
      expect(header(first.head, 'content-encoding'), route).toBe('br');
      expect(first.bytes, route).toBeLessThanOrEqual(FIRST_ROUND_TRIP_BYTES);
    }
    expect(zlib.brotliDecompressSync((await firstResponse(port, '/blog', 'br')).body).toString()).toContain('data-server-posts=""');

    const page = await open(visitor, path);
    expect(page?.status()).toBe(200);
    expect(await visitor.page.locator('h1').textContent()).toBe(POST.Title);
    expect(await visitor.page.locator('.post-markdown h2').textContent()).toBe('Shipments');
    expect(await visitor.page.getByRole('link', { name: 'our products' }).getAttribute('href')).toBe('/products');

    const sitemap = await rawHtml(visitor.page, '/sitemap.xml');
    expect(sitemap.html).toContain(`<loc>${TEST_SITE_URL}${path}</loc>`);
    const feed = await rawHtml(visitor.page, '/blog/feed.xml');
    expect(feed.html).toContain(`<title>${POST.Title}</title>`);
    expect(visitor.problems).toEqual([]);

    await site.restart();
    const again = await rawHtml(visitor.page, path);
    expect(again.status).toBe(200);
    expect(again.html).toContain(`<title>${POST.Title} | ${SITE_NAME}</title>`);

    // The admin's session is kept in the database too: the dashboard still publishes to the server.
    await open(admin, '/admin');
    await waitForServerDestination(admin.page);
    await section.getByRole('button', { name: `Delete “${POST.Title}”` }).click();
    await section
      .getByRole('group', { name: `Confirm deleting “${POST.Title}”` })
      .getByRole('button', { name: 'Delete post' })
      .click();
    await expect.poll(() => section.locator('.post-admin-list .notice-success').first().textContent()).toBe(`“${POST.Title}” was deleted from the website.`);
    expect(admin.problems).toEqual([]);

    const gone = await open(visitor, path);
    expect(gone?.status()).toBe(404);
    expect(await visitor.page.locator('h1').textContent()).toBe('Page not found');
    expect((await rawHtml(visitor.page, '/sitemap.xml')).html).not.toContain(path);
  });
});
