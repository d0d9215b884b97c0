/**
 * No layout shift while a page loads, even on a slow network: every image reserves its box before
 * it arrives (held back here by 1.5 s), and the header's script changes nothing's position.
 * Measured with the browser's own layout-shift entries at a phone width and a desktop width, on a
 * visitor's second page (the web fonts are font-display: optional, so a page either starts with
 * them or keeps its fallback; this test isolates the images). The largest image is loaded at
 * once, never lazily.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, openPage, visit } from './support/browser';

const ROUTES = [
  '/',
  '/about',
  '/products',
  '/garlic-powder',
  '/garlic-granules',
  '/garlic-flakes',
  '/garlic-oil',
  '/aged-garlic-extract',
  '/blog',
  '/blog/1',
  '/contact',
  '/faq',
];
const WIDTHS = [390, 1280];
const IMAGE_DELAY_MS = 1500;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(WIDTHS)('at %i px wide, with images delayed', (width) => {
  it.each(ROUTES)('%s shifts nothing while it loads', async (route) => {
    const watched = await openPage(browser, { viewport: { width, height: 800 } });
    const { page } = watched;
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: { value: number; sources: string[] }[] };
      w.shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] }[]) {
          if (entry.hadRecentInput) continue;
          const sources = (entry.sources ?? []).map((s) => (s.node instanceof Element ? s.node.outerHTML.slice(0, 80) : String(s.node?.nodeName)));
          w.shifts.push({ value: entry.value, sources });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // A first page fills the cache with the fonts, as any earlier visit does.
    await page.goto(`${baseUrl()}/terms`);
    await page.evaluate(() => document.fonts.ready);
    await page.route(/\/images\//, async (request) => {
      await new Promise((resolve) => setTimeout(resolve, IMAGE_DELAY_MS));
      await request.continue();
    });
    await visit(watched, route);
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(IMAGE_DELAY_MS + 500);
    const shifts = await page.evaluate(() => (window as unknown as { shifts: { value: number; sources: string[] }[] }).shifts);
    // CLS is reported to three decimals: under 0.0005 is a score of 0.
    const cls = shifts.reduce((sum, shift) => sum + shift.value, 0);
    expect(cls, JSON.stringify(shifts, null, 1)).toBeLessThan(0.0005);
    await page.context().close();
  });
});

describe('the largest image', () => {
  it.each(['/', '/garlic-powder', '/aged-garlic-extract'])('on %s is in the HTML, loaded at once with high priority', async (route) => {
    const watched = await openPage(browser, { viewport: { width: 390, height: 800 } });
    await visit(watched, route);
    const first = watched.page.locator('main img').first();
    expect(await first.getAttribute('fetchpriority')).toBe('high');
    expect(await first.getAttribute('loading')).not.toBe('lazy');
    await watched.page.context().close();
  });
});
