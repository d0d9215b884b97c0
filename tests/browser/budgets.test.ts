/**
 * The JavaScript budget of the build the tests run against (the same audit as `npm run
 * audit:size`): at most 15 kB compressed at start on a page of copy, 75 kB on a page with a form
 * or a list, none of it named ahead of the largest image, and no portal code on a public page;
 * the admin's, with the sections it loads once its server answers, at most 140 kB. And as a
 * visitor meets it: every script a page of copy fetches while it loads, in every language, with
 * no interaction, counted in bytes as the browser received them (compressed as served), within
 * the same 15 kB.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN_BUDGET, BUDGETS, audit } from '../../scripts/audit-size';
import { baseUrl, hydrated, openPage, useBrowser } from './support/browser';
import { CLIENT_MANIFEST, DIST_DIR } from '../../src/build/pipeline/build-paths';
import { CONTENT_ROOT } from './support/site';

describe('JavaScript budget', () => {
  // The routes of the content the test build was made from.
  const result = audit(DIST_DIR, CLIENT_MANIFEST, CONTENT_ROOT);
  const publicPages = result.pages.filter((page) => !/^\/(admin|investors)(\/|$)/.test(page.route));

  it('measures every pre-rendered page', () => {
    const html = fs.readdirSync(DIST_DIR, { recursive: true }).filter((f) => String(f).endsWith('.html'));
    expect(result.pages.length).toBe(html.length);
    expect(publicPages.length).toBe(result.pages.length - 4);
  });

  it('keeps every public page within its budget, with nothing ahead of the largest image and no portal code', () => {
    expect(result.failures).toEqual([]);
  });

  it('loads no React at start on a page of copy', () => {
    for (const route of ['/', '/about', '/garlic-powder', '/blog/1']) {
      const page = publicPages.find((p) => p.route === route);
      expect(page?.budget).toBe(BUDGETS.content);
      expect(page?.gzipBytes).toBeLessThanOrEqual(BUDGETS.content);
      // react-dom is in the hydration chunk; a page of copy never names it.
      expect(page?.files.some((file) => /mount|react-dom/.test(path.basename(file)))).toBe(false);
    }
  });

  it('holds pages with a form or a list to the larger budget', () => {
    for (const route of ['/contact', '/faq', '/blog']) expect(publicPages.find((p) => p.route === route)?.budget).toBe(BUDGETS.interactive);
  });

  it('keeps the admin’s JavaScript within 140 kB with the desk and the Overview (and their charts), which load only once its server answers', () => {
    expect(result.admin).not.toBeNull();
    const admin = result.admin as NonNullable<typeof result.admin>;
    // Loaded on demand: none of the desk's or the Overview's code is part of the start.
    expect(admin.onDemandBytes).toBeGreaterThan(0);
    expect(admin.totalBytes).toBeLessThanOrEqual(ADMIN_BUDGET);
  });
});

describe('JavaScript a page of copy fetches while it loads, as the browser received it', () => {
  const browser = useBrowser();
  // Every public page of copy the audit found, in every language (not-found pages are named in parentheses).
  const pagesOfCopy = audit(DIST_DIR, CLIENT_MANIFEST, CONTENT_ROOT)
    .pages.filter((page) => page.budget === BUDGETS.content && page.route.startsWith('/') && !/^\/(admin|investors)(\/|$)/.test(page.route))
    .map((page) => page.route);

  it('covers the pages of copy in every language', () => {
    for (const route of ['/', '/about', '/garlic-powder', '/blog/1', '/de', '/de/garlic-powder', '/ar', '/ar/garlic-powder'])
      expect(pagesOfCopy).toContain(route);
  });

  it.each(pagesOfCopy)('%s: at most 15 kB of script, compressed as served, by the time the page has loaded and the network is quiet', async (route) => {
    const { page, problems } = await openPage(browser());
    try {
      const sizes: Promise<[string, number]>[] = [];
      page.on('requestfinished', (request) => {
        // A script that finishes after the count was taken (the context closing under its sizes()) is
        // past the load, so it counts as nothing rather than rejecting after the test.
        if (request.resourceType() === 'script')
          sizes.push(
            request.sizes().then(
              (size): [string, number] => [request.url(), size.responseBodySize],
              (): [string, number] => [request.url(), 0],
            ),
          );
      });
      await page.goto(baseUrl() + route, { waitUntil: 'load' });
      await hydrated(page);
      // What starts after the load event (islands that hydrate at load or when idle, the deferred pieces of the runtime) has finished too.
      await page.waitForLoadState('networkidle');
      const scripts = await Promise.all(sizes);
      const total = scripts.reduce((sum, [, bytes]) => sum + bytes, 0);
      expect(scripts.length, route).toBeGreaterThan(0);
      expect(total, `${route}: ${scripts.map(([url, bytes]) => `${new URL(url).pathname} ${bytes}`).join(', ')}`).toBeLessThanOrEqual(BUDGETS.content);
      expect(problems).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});
