/**
 * Accessibility on the built site (issue 4, "Must show"): axe-core with the WCAG 2.0, 2.1 and 2.2
 * A and AA rules reports nothing on the home page, a product page and the contact page, in the
 * light and dark themes, at phone (390 px) and desktop (1280 px) widths; also with the contact
 * form showing its errors and with the header menus open. No page in any language scrolls sideways
 * at 320 px, WCAG's reflow width (a 1280 px window zoomed to 400 %). `npm run audit:a11y` runs the
 * axe check over every route.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { describeViolations, runAxe } from '../../scripts/lib/axe';
import { KEYS } from '../../src/browser/storage/storage';
import { baseUrl, openPage, reusedTab, visit, type WatchedPage, useBrowser } from './support/browser';
import { allRoutes, content } from './support/site';

const PAGES = ['/', '/garlic-powder', '/contact'];
const THEMES = ['light', 'dark'] as const;
const WIDTHS = [390, 1280];
/** WCAG 2.1's reflow width: content that reads without scrolling in two directions. */
const REFLOW_WIDTH = 320;
type Theme = (typeof THEMES)[number];

const browser = useBrowser();

/** How far a page scrolls sideways: its width beyond the window's (0 when it reflows). */
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * A tab per theme (see reusedTab), with the choice stored before any script runs (as a returning
 * visitor's would be) and the OS preference saying the opposite, so the stored choice must win.
 * Every check in a theme loads its page afresh in that theme's tab, at its own width: a new tab
 * would cost a new browser process and nothing else.
 */
const themeTab = (theme: Theme) =>
  reusedTab(browser, { colorScheme: theme === 'dark' ? 'light' : 'dark' }, (page) =>
    page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [KEYS.theme, theme] as const),
  );
const themeTabs: Record<Theme, () => Promise<WatchedPage>> = { light: themeTab('light'), dark: themeTab('dark') };

/** `path` loaded in `theme` at `width`. */
async function themedPage(path: string, theme: Theme, width: number): Promise<Page> {
  const watched = await themeTabs[theme]();
  await watched.page.setViewportSize({ width, height: 900 });
  await visit(watched, path);
  expect(await watched.page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
  return watched.page;
}

const violations = async (page: Page) => describeViolations(await runAxe(page));

describe.each(PAGES)('%s', (path) => {
  for (const theme of THEMES) {
    for (const width of WIDTHS) {
      it(`has no WCAG 2.2 A/AA violation in the ${theme} theme at ${width} px`, async () => {
        const page = await themedPage(path, theme, width);
        expect(await violations(page)).toEqual([]);
      });
    }
  }

  it(`does not scroll sideways at ${REFLOW_WIDTH} px once its scripts run`, async () => {
    const page = await themedPage(path, 'light', REFLOW_WIDTH);
    expect(await sidewaysOverflow(page)).toBe(0);
  });
});

it(`no page in any language scrolls sideways at ${REFLOW_WIDTH} px`, async () => {
  // The pages as their HTML makes them: what a script adds later is checked above, on three pages.
  const { page } = await openPage(browser(), { javaScriptEnabled: false, viewport: { width: REFLOW_WIDTH, height: 700 } });
  const sideways: string[] = [];
  for (const { path } of allRoutes) {
    await page.goto(baseUrl() + path);
    const overflow = await sidewaysOverflow(page);
    if (overflow > 0) sideways.push(`${path}: ${overflow} px too wide`);
  }
  expect(allRoutes.length).toBeGreaterThan(50);
  expect(sideways).toEqual([]);
});

describe('interactive states', () => {
  for (const theme of THEMES) {
    it(`the contact form's error summary and messages pass in the ${theme} theme`, async () => {
      const page = await themedPage('/contact', theme, 390);
      await page.getByRole('button', { name: 'Send quote request' }).click();
      const summary = page.getByRole('alert').filter({ hasText: /Please correct \d+ fields?/ });
      await expect.poll(() => summary.count()).toBeGreaterThan(0);
      expect(await page.locator('[aria-invalid="true"]').count()).toBeGreaterThan(0);
      expect(await violations(page)).toEqual([]);
    });

    it(`the open mobile menu passes in the ${theme} theme`, async () => {
      const page = await themedPage('/', theme, 390);
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('dialog', { name: 'Site menu' });
      await expect.poll(() => menu.isVisible()).toBe(true);
      await menu.getByRole('button', { name: 'More' }).click();
      expect(await violations(page)).toEqual([]);
    });

    it(`the open More and Products menus pass in the ${theme} theme`, async () => {
      const page = await themedPage('/garlic-powder', theme, 1280);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('button', { name: 'More' }).click();
      await expect.poll(() => nav.getByRole('link', { name: 'Global Markets' }).isVisible()).toBe(true);
      expect(await violations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await nav.getByRole('button', { name: 'Products menu' }).click();
      await expect.poll(() => nav.getByRole('link', { name: 'Garlic Granules' }).isVisible()).toBe(true);
      expect(await violations(page)).toEqual([]);
    });
  }
});

describe('forced colours (a Windows contrast theme), where the system paints backgrounds and text', () => {
  const shell = (content.ui.en as { shell: Record<string, string> }).shell;
  const looks = (locator: Locator) =>
    locator.evaluate((element) => {
      const style = getComputedStyle(element);
      return `${style.backgroundColor} on ${style.color}`;
    });

  // The blog list's pages (more than twelve posts; the test site has fewer) take the same colours as the pressed filter.
  it("the pressed filter and the menu's current page still stand out from their neighbours", async () => {
    const watched = await openPage(browser(), { forcedColors: 'active', viewport: { width: 390, height: 800 } });
    const { page } = watched;
    await visit(watched, '/faq');
    expect(await looks(page.locator('.chip[aria-pressed="true"]').first())).not.toBe(await looks(page.locator('.chip[aria-pressed="false"]').first()));
    await visit(watched, '/about');
    await page.getByRole('button', { name: shell.openMenu }).click();
    const menu = page.getByRole('dialog', { name: shell.siteMenu });
    const current = menu.locator('a[aria-current="page"]');
    await expect.poll(() => current.count()).toBe(1);
    expect(await looks(current)).not.toBe(await looks(menu.locator('.mobile-list a:not([aria-current])').first()));
    expect(watched.problems).toEqual([]);
  });
});
