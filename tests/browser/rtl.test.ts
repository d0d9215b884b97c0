/**
 * The Arabic pages read right to left, as a buyer in the Gulf sees them: the layout mirrored
 * (the brand at the right, the menu button at the left, the menus, the breadcrumbs, the chat
 * button, the scroll progress and the text links' arrows), no horizontal scroll on a phone or a
 * desktop, codes and contact details isolated left to right, and the Arabic face fetched after the
 * first Arabic page has loaded and used from the next; the English pages keep their layout and
 * never fetch the Arabic face.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DIST_DIR } from '../../src/build/pipeline/build-paths';
import { baseUrl, openPage, reusedTab, useBrowser, visit, type WatchedPage } from './support/browser';

const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 800 } };
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };

const browser = useBrowser();
const phone = reusedTab(browser, PHONE);
const desktop = reusedTab(browser, DESKTOP);

async function open(tab: () => Promise<WatchedPage>, route: string): Promise<WatchedPage> {
  const watched = await tab();
  await visit(watched, route);
  return watched;
}

/** An element's box in the viewport. */
async function box(page: Page, selector: string) {
  const found = await page.locator(selector).first().boundingBox();
  if (!found) throw new Error(`${selector} has no box`);
  return { left: found.x, right: found.x + found.width, width: found.width };
}

/** How far the page scrolls sideways, either way: 0 when nothing sticks out. */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => {
    const root = document.documentElement;
    window.scrollTo({ left: -100_000, top: 0, behavior: 'instant' });
    const towardsLeft = window.scrollX;
    window.scrollTo({ left: 100_000, top: 0, behavior: 'instant' });
    const towardsRight = window.scrollX;
    window.scrollTo({ left: 0, top: 0, behavior: 'instant' });
    return { overflow: root.scrollWidth - root.clientWidth, towardsLeft, towardsRight };
  });

const opened = (button: ReturnType<Page['locator']>) => expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');

describe('an Arabic page on a phone (390 px)', () => {
  it('is mirrored: the brand at the right, the menu button and the chat button at the left', async () => {
    const { page, problems } = await open(phone, '/ar');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    const header = await box(page, '.site-header .header-inner');
    const brand = await box(page, '.site-header .brand');
    const menu = await box(page, '[data-menu-open]');
    const chat = await box(page, '.chat-button');
    expect(Math.abs(brand.right - header.right)).toBeLessThanOrEqual(1);
    expect(brand.left + brand.width / 2).toBeGreaterThan(390 / 2);
    expect(Math.abs(menu.left - header.left)).toBeLessThanOrEqual(1);
    expect(menu.right).toBeLessThan(390 / 2);
    expect(chat.left).toBe(16);
    expect(problems).toEqual([]);
  });

  it('opens its menu mirrored: the Close button at the left, the links against the right', async () => {
    const { page, problems } = await open(phone, '/ar');
    const button = page.locator('[data-menu-open]');
    await button.click();
    await opened(button);
    const close = await box(page, '[data-menu-close]');
    expect(close.right).toBeLessThan(390 / 2);
    const link = await box(page, '.mobile-panel .mobile-list a');
    const text = await page
      .locator('.mobile-panel .mobile-list a')
      .first()
      .evaluate((a) => {
        const range = document.createRange();
        range.selectNodeContents(a);
        return range.getBoundingClientRect().right;
      });
    expect(Math.abs(text - link.right)).toBeLessThanOrEqual(1);
    expect(problems).toEqual([]);
  });

  it('sets the breadcrumb separator between the crumbs, read from the right', async () => {
    const { page } = await open(phone, '/ar/garlic-powder');
    const crumbs = page.locator('.breadcrumbs li');
    const [first, second] = [await crumbs.nth(0).boundingBox(), await crumbs.nth(1).boundingBox()];
    if (!first || !second) throw new Error('no breadcrumbs');
    // The second crumb, with its separator in front of it, sits to the left of the first.
    expect(second.x + second.width).toBeLessThan(first.x);
    // The separator's space is on its left: between it and the crumb after it.
    const separator = await crumbs.nth(1).evaluate((li) => {
      const style = getComputedStyle(li, '::before');
      return { left: style.marginLeft, right: style.marginRight };
    });
    expect(separator).toEqual({ left: '8px', right: '0px' });
  });
});

describe('an Arabic page on a desktop (1280 px)', () => {
  it('opens the Products panel under its link, from the link’s right edge', async () => {
    const { page, problems } = await open(desktop, '/ar');
    const button = page.locator('.nav-split .dropdown-button');
    await button.click();
    await opened(button);
    const item = await box(page, '.nav-split');
    const panel = await box(page, '.nav-split .dropdown-panel');
    expect(Math.abs(panel.right - item.right)).toBeLessThanOrEqual(1);
    expect(panel.left).toBeLessThan(item.left);
    expect(problems).toEqual([]);
  });

  it('fills the scroll progress from the right and points the text links’ arrows to the left', async () => {
    const { page } = await open(desktop, '/ar');
    const bar = await page
      .locator('.scroll-progress')
      .evaluate((el) => ({ origin: getComputedStyle(el).transformOrigin, width: (el as HTMLElement).offsetWidth }));
    expect(bar.origin).toBe(`${bar.width}px 1.5px`);
    expect(
      await page
        .locator('.text-link')
        .first()
        .evaluate((link) => getComputedStyle(link, '::after').content),
    ).toContain('←');
  });
});

describe('no horizontal scroll', () => {
  for (const [name, tab] of [
    ['390', phone],
    ['1280', desktop],
  ] as const) {
    it.each(['/ar', '/ar/contact', '/ar/garlic-powder'])(`%s at ${name} px`, async (route) => {
      const { page, problems } = await open(tab, route);
      expect(await sidewaysScroll(page)).toEqual({ overflow: 0, towardsLeft: 0, towardsRight: 0 });
      expect(problems).toEqual([]);
    });
  }
});

describe('left-to-right text in Arabic', () => {
  const isolated = (page: Page, selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((el) => ({ text: el.textContent, direction: getComputedStyle(el).direction, bidi: getComputedStyle(el).unicodeBidi }));

  it('isolates the footer’s e-mail and phone, and the codes and figures of the specification', async () => {
    const { page } = await open(desktop, '/ar/garlic-powder');
    expect(await isolated(page, '.footer-contact a[href^="mailto:"] bdi')).toEqual({
      text: 'export@garlicbrothers.example',
      direction: 'ltr',
      bidi: 'isolate',
    });
    expect(await isolated(page, '.footer-contact a[href^="tel:"] bdi')).toMatchObject({ direction: 'ltr', bidi: 'isolate' });
    // The specification's figures come isolated with the Arabic frontmatter (U+2066 … U+2069).
    expect(await page.locator('.spec-table td').first().textContent()).toMatch(/^\u206680-120 mesh\u2069 /);
    // The cell itself still reads right to left, and starts at the right.
    expect(
      await page
        .locator('.spec-table td')
        .first()
        .evaluate((td) => [getComputedStyle(td).direction, getComputedStyle(td).textAlign]),
    ).toEqual(['rtl', 'start']);
  });

  it('types e-mail addresses and phone numbers left to right', async () => {
    const { page } = await open(desktop, '/ar/contact');
    for (const type of ['email', 'tel']) expect(await page.locator(`input[type="${type}"]`).first().getAttribute('dir')).toBe('ltr');
  });
});

describe('an English page', () => {
  it('is unchanged: the brand at the left, the menu button and the chat button at the right', async () => {
    const { page } = await open(phone, '/about');
    expect(await page.locator('html').getAttribute('dir')).toBe('ltr');
    const header = await box(page, '.site-header .header-inner');
    const brand = await box(page, '.site-header .brand');
    const menu = await box(page, '[data-menu-open]');
    const chat = await box(page, '.chat-button');
    expect(brand.left).toBe(header.left);
    expect(brand.left).toBe(16);
    expect(Math.abs(menu.right - header.right)).toBeLessThanOrEqual(1);
    expect(chat.right).toBe(390 - 16);
    expect(await sidewaysScroll(page)).toEqual({ overflow: 0, towardsLeft: 0, towardsRight: 0 });
  });

  it('lays out its desktop header from the left, with the Products panel under its link from the left edge', async () => {
    const { page } = await open(desktop, '/');
    const header = await box(page, '.site-header .header-inner');
    const brand = await box(page, '.site-header .brand');
    const nav = await box(page, '.desktop-nav');
    const actions = await box(page, '.header-actions');
    expect(brand.left).toBe(header.left);
    expect(nav.left).toBeGreaterThan(brand.right);
    expect(Math.abs(actions.right - header.right)).toBeLessThanOrEqual(1);
    const button = page.locator('.nav-split .dropdown-button');
    await button.click();
    await opened(button);
    expect(Math.abs((await box(page, '.nav-split .dropdown-panel')).left - (await box(page, '.nav-split')).left)).toBeLessThanOrEqual(1);
    expect(await page.locator('.scroll-progress').evaluate((bar) => getComputedStyle(bar).transformOrigin)).toBe('0px 1.5px');
  });
});

describe('the Arabic face', () => {
  const fontFiles = (page: Page) =>
    page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => entry.name.endsWith('.woff2'))
        .map((entry) => ({ file: entry.name.split('/').pop() ?? '', start: entry.startTime })),
    );

  it('is fetched after an Arabic page has loaded, with Inter, and draws the Arabic text of the next page', async () => {
    const { page, problems } = await openPage(browser(), PHONE);
    await visit({ page, problems }, '/ar');
    await page.waitForFunction(() => localStorage.getItem('gb:web-fonts') === 'inter arabic');
    const load = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart);
    const files = await fontFiles(page);
    const stems = ['inter-subset', 'fraunces-subset', 'noto-sans-arabic-subset'];
    expect(files.map((f) => stems.find((stem) => f.file.startsWith(`${stem}-`))).sort()).toEqual(['inter-subset', 'noto-sans-arabic-subset']);
    for (const file of files) expect(file.start).toBeGreaterThanOrEqual(load);
    expect(await page.evaluate(() => document.documentElement.dataset.fonts)).toBeUndefined();

    await visit({ page, problems }, '/ar/contact');
    const state = await page.evaluate(async () => {
      await document.fonts.ready;
      return {
        attribute: document.documentElement.dataset.fonts,
        heading: getComputedStyle(document.querySelector('h1') as Element).fontFamily,
        arabic: document.fonts.check('16px "Noto Sans Arabic Variable"', 'تواصلوا'),
        loaded: [...document.fonts].filter((face) => face.family.includes('Noto Sans Arabic')).map((face) => face.status),
      };
    });
    expect(state).toEqual({ attribute: 'inter arabic', heading: expect.stringMatching(/^"Noto Sans Arabic Variable"/), arabic: true, loaded: ['loaded'] });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('is never fetched for an English page, whose language switcher names Arabic in Arabic', async () => {
    const { page, problems } = await openPage(browser(), PHONE);
    const fonts: string[] = [];
    page.on('request', (request) => request.url().endsWith('.woff2') && fonts.push(new URL(request.url()).pathname));
    await page.goto(`${baseUrl()}/about`);
    await page.waitForFunction(() => localStorage.getItem('gb:web-fonts') === 'inter fraunces');
    await visit({ page, problems }, '/products');
    await page.evaluate(() => document.fonts.ready);
    expect(await page.locator('footer [lang="ar"]').count()).toBeGreaterThan(0);
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.filter((file) => file.includes('arabic'))).toEqual([]);
    await page.context().close();
    // Nor does the service worker fetch it for every visitor: it precaches the Latin faces only.
    const worker = fs.readFileSync(path.join(DIST_DIR, 'sw.js'), 'utf8');
    expect(worker).toMatch(/inter-subset-[\w-]+\.woff2/);
    expect(worker).not.toMatch(/noto-sans-arabic/);
  });
});
