/**
 * The built site as a visitor and a crawler see it: the checks the dev server passes too
 * (support/site-spec.ts), then the build's own: ordinary navigations, JavaScript off, trailing
 * slashes, the layouts.
 */
import fs from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIST_DIR } from '../../src/build/pipeline/build-paths';
import { baseUrl, openPage, useBrowser, visit } from './support/browser';
import { siteSpec } from './support/site-spec';
import { CONTENT_ROOT, SITE_NAME, allRoutes, pageRoutes, postRoutes } from './support/site';

const browser = useBrowser();
siteSpec(baseUrl, browser);

describe('pre-rendered HTML', () => {
  it('covers every page of content/pages (but the not-found page) and every post of content/blog, each with its HTML file', () => {
    const pageFiles = fs.readdirSync(join(CONTENT_ROOT, 'content/pages'), { recursive: true }).filter((f) => String(f).endsWith('.mdx'));
    expect(pageRoutes).toHaveLength(pageFiles.length - 1);
    expect(postRoutes).toHaveLength(fs.readdirSync(join(CONTENT_ROOT, 'content/blog')).length);
    const missing = allRoutes.filter(({ path: route }) => !fs.existsSync(join(DIST_DIR, route, 'index.html')));
    expect(missing).toEqual([]);
  });

  it('the home page leads with the hero heading', async () => {
    const html = await (await fetch(baseUrl() + '/')).text();
    expect(html).toMatch(/<h1[^>]*>Premium Garlic Exports<\/h1>/);
    expect(html).toContain('Export-grade garlic products. Precision packaging. Trusted logistics.');
  });

  it('serves /about and /about/ alike', async () => {
    const [plain, slash] = await Promise.all([fetch(baseUrl() + '/about'), fetch(baseUrl() + '/about/')]);
    expect(plain.status).toBe(200);
    expect(await plain.text()).toBe(await slash.text());
  });
});

describe('in the browser', () => {
  it('moves between pages as ordinary navigations, each page complete as it arrives', async () => {
    const watched = await openPage(browser());
    const { page } = watched;
    await visit(watched, '/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About', exact: true }).click();
    await page.waitForURL('**/about');
    expect(await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type)).toBe('navigate');
    expect(await page.locator('h1').first().textContent()).toMatch(/Garlic Brothers/);
    expect(await page.title()).toMatch(/\| Garlic Brothers$/);
    expect(await page.getByText('Loading…').count()).toBe(0);
    expect(watched.problems).toEqual([]);
  });

  it('reads the same with JavaScript off: every word of the page is in its HTML', async () => {
    const on = await openPage(browser());
    const off = await openPage(browser(), { javaScriptEnabled: false });
    for (const path of ['/', '/garlic-powder', '/faq', '/blog', '/contact', '/blog/1']) {
      await visit(on, path);
      // The A/B test shows this random visitor either wording; without scripts everyone sees the control.
      await on.page.evaluate(() => document.documentElement.removeAttribute('data-ab-homepage-cta-v1'));
      await off.page.goto(baseUrl() + path);
      const text = (page: typeof on.page) => page.locator('main').evaluate((el) => (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim());
      // The lead forms say how to reach the company without the script, and the print button of a
      // spec sheet shows only with it (the browser's own Print serves without); the rest is identical.
      const withoutNotice = (s: string) => s.replace(/This form needs JavaScript\..*?WhatsApp\. ?/, '').replace(/ ?Print specification sheet ?/, ' ');
      expect(withoutNotice(await text(off.page)), path).toBe(withoutNotice(await text(on.page)));
    }
  });

  it('shows the not-found page for unknown paths, in the public layout', async () => {
    const watched = await openPage(browser());
    await visit(watched, '/blog/999');
    expect(await watched.page.locator('h1').textContent()).toBe('Page not found');
    expect(await watched.page.title()).toBe(`Page Not Found | ${SITE_NAME}`);
    expect(await watched.page.getByRole('link', { name: 'Skip to content' }).count()).toBe(1);
  });

  it('uses the admin layout under /admin and the public one elsewhere', async () => {
    const watched = await openPage(browser());
    const { page } = watched;
    await visit(watched, '/admin/login');
    await expect.poll(() => page.getByText('Admin Portal').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'View Site' }).count()).toBe(1);
    // Logout only for a signed-in admin.
    expect(await page.getByRole('button', { name: 'Logout' }).count()).toBe(0);
    expect(await page.locator('.chat-button').count()).toBe(0);
    await visit(watched, '/contact');
    expect(await page.getByText('Admin Portal').count()).toBe(0);
    expect(await page.locator('.chat-button').count()).toBe(1);
  });
});
