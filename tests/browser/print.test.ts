/**
 * Product pages print as spec sheets, in every language: at most two A4 pages, with the letterhead
 * (company, address, e-mail, phone, site, the day of printing), the specification tables,
 * packaging, shelf life, storage and certifications, and none of the site's chrome; light even in
 * the dark theme. The 'Print specification sheet' button is a real button that opens the print
 * dialog, shown only once the runtime has wired it. The home page prints in the light theme too,
 * and the FAQ with every answer. A link prints its address after its words (the site's own with
 * the site's host), left to right on an Arabic page too; a button does not.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { KEYS } from '../../src/browser/storage/storage';
import { baseUrl, openPage, reusedTab, useBrowser, visit } from './support/browser';
import { TEST_SITE_URL } from './support/env';
import { content } from './support/site';

const PRODUCT_PAGES = ['/garlic-powder', '/garlic-granules', '/garlic-flakes', '/garlic-oil', '/aged-garlic-extract'];
const { site } = content;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const browser = useBrowser();

/** Pages in a PDF: one `/Type /Page` object each (`/Type /Pages` is the tree that holds them). */
function pdfPageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
}

/** The palette's colours, which the dark theme sets on screens. */
const PALETTE = [
  '--bg',
  '--surface',
  '--surface-2',
  '--text',
  '--muted',
  '--border',
  '--primary',
  '--primary-hover',
  '--primary-soft',
  '--on-primary',
  '--accent',
  '--gold',
  '--gold-line',
  '--focus',
  '--danger',
  '--success',
];

/** A tab in the dark theme, chosen by the visitor (stored before any script runs) and by the OS. */
const darkTab = reusedTab(browser, { colorScheme: 'dark' }, (page) =>
  page.addInitScript(([key]) => window.localStorage.setItem(key, 'dark'), [KEYS.theme] as const),
);

async function darkProductPage(path: string): Promise<Page> {
  const watched = await darkTab();
  await visit(watched, path);
  expect(await watched.page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  await watched.page.waitForSelector('[data-print-button]:not([hidden])');
  expect(watched.problems).toEqual([]);
  return watched.page;
}

/** `path` of the dark tab as it prints: its print handlers have run and the print sheet applies. */
async function printedProductPage(path: string): Promise<Page> {
  const page = await darkProductPage(path);
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  await page.emulateMedia({ media: 'print' });
  return page;
}

/** A spec sheet's length: one or two A4 pages. */
async function expectOneOrTwoA4Pages(page: Page, path: string): Promise<void> {
  const pages = pdfPageCount(await page.pdf({ format: 'A4' }));
  expect(pages, path).toBeGreaterThanOrEqual(1);
  expect(pages, path).toBeLessThanOrEqual(2);
}

/** What `read` gives on a page printed in the dark theme, and again once the light theme is applied. */
async function inDarkAndLight<T>(page: Page, read: () => Promise<T>): Promise<[T, T]> {
  const dark = await read();
  await page.evaluate(() => (document.documentElement.dataset.theme = 'light'));
  return [dark, await read()];
}

it('covers every product page in the content', () => {
  expect(content.pages.filter((p) => p.meta.product).map((p) => p.path)).toEqual(expect.arrayContaining(PRODUCT_PAGES));
});

it('pre-renders no print date (it would be the build date) and a hidden print button', async () => {
  // The page as its HTML alone makes it, without the runtime.
  const { page } = await openPage(browser(), { javaScriptEnabled: false });
  await page.goto(`${baseUrl()}/garlic-powder`);
  const date = page.locator('.print-letterhead [data-print-date]');
  expect(await date.count()).toBe(1);
  expect(await date.evaluate((el) => ({ hidden: (el as HTMLElement).hidden, text: el.textContent }))).toEqual({ hidden: true, text: '' });
  const button = page.getByRole('button', { name: 'Print specification sheet', includeHidden: true });
  expect(await button.count()).toBe(1);
  expect(await button.evaluate((el) => ({ hidden: (el as HTMLElement).hidden, type: (el as HTMLButtonElement).type }))).toEqual({
    hidden: true,
    type: 'button',
  });
});

it('the button opens the print dialog', async () => {
  const page = await darkProductPage('/garlic-powder');
  const button = page.getByRole('button', { name: 'Print specification sheet' });
  await expect(button.isVisible()).resolves.toBe(true);
  await page.evaluate(() => {
    window.print = () => document.documentElement.setAttribute('data-test-printed', 'yes');
  });
  await button.click();
  expect(await page.evaluate(() => document.documentElement.getAttribute('data-test-printed'))).toBe('yes');
});

describe.each(PRODUCT_PAGES)('%s printed', (path) => {
  const product = content.pages.find((p) => p.path === path)!.meta.product!;

  it('fits on two A4 pages with the letterhead, the specifications and no chrome, light in the dark theme', async () => {
    const page = await printedProductPage(path);

    const visible = (selector: string) => page.locator(selector).first().isVisible();
    for (const chrome of ['.site-header', '.site-footer', '.chat-button', 'nav', '[data-print-button]', 'main figure', 'main img'])
      expect(await visible(chrome), `${path}: ${chrome}`).toBe(false);
    expect(await visible('.print-letterhead')).toBe(true);

    const letterhead = await page.locator('.print-letterhead').innerText();
    for (const text of [
      site.legalName,
      site.address.locality,
      site.address.region,
      site.address.country,
      site.contact.email,
      site.contact.phone,
      site.url.replace(/^https?:\/\//, ''),
    ])
      expect(letterhead, path).toContain(text);
    // The day of printing by the browser's clock, as a reader writes it ('4 March 2026').
    const today = await page.evaluate(() => {
      const now = new Date();
      return { day: now.getDate(), month: now.getMonth(), year: now.getFullYear() };
    });
    expect(letterhead).toContain(`Printed ${today.day} ${MONTHS[today.month]} ${today.year}`);

    const specs = await page.locator('.product-specs').innerText();
    for (const group of product.specifications) {
      expect(specs).toContain(group.group);
      for (const row of group.rows) expect(specs).toContain(row.parameter);
    }
    for (const text of [...product.packaging, product.shelfLife, product.storage.replace(/\s+/g, ' '), ...product.certifications])
      expect(specs).toContain(text);
    await expect(page.locator('h1').isVisible()).resolves.toBe(true);

    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const [r, g, b] = background.match(/\d+/g)!.map(Number);
    expect(Math.min(r, g, b), background).toBeGreaterThanOrEqual(245);
    const ink = await page.evaluate(() => getComputedStyle(document.querySelector('.product-specs td')!).color);
    expect(Math.max(...ink.match(/\d+/g)!.slice(0, 3).map(Number)), ink).toBeLessThan(90);
    // Every colour of the palette is the light theme's on paper (an error's red, a success's green,
    // the focus ring), not only the two read above.
    const palette = () =>
      page.evaluate((names) => names.map((name) => `${name}: ${getComputedStyle(document.documentElement).getPropertyValue(name).trim()}`), PALETTE);
    const [printedInDark, printedInLight] = await inDarkAndLight(page, palette);
    expect(printedInDark).toEqual(printedInLight);
    // Form controls and scrollbars are drawn light too.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('light');

    await expectOneOrTwoA4Pages(page, path);
  });
});

// German runs longer than English, and Arabic sets its own face: each language's sheet must fit too.
it.each(['de', 'ar'].flatMap((code) => PRODUCT_PAGES.map((path) => `/${code}${path}`)))(
  '%s prints as a spec sheet of at most two A4 pages, with its letterhead and specifications and no chrome',
  async (path) => {
    const page = await printedProductPage(path);
    for (const [selector, shown] of [
      ['.print-letterhead', true],
      ['.product-specs', true],
      ['.site-header', false],
      ['.site-footer', false],
      ['.language-suggestion', false],
    ] as const)
      expect(await page.locator(selector).first().isVisible(), `${path}: ${selector}`).toBe(shown);
    await expectOneOrTwoA4Pages(page, path);
  },
);

it('prints the home page in the dark theme as in the light one: the call-to-action band and the pictures undimmed', async () => {
  const watched = await darkTab();
  await visit(watched, '/');
  const { page } = watched;
  await page.emulateMedia({ media: 'print' });
  const looks = () =>
    page.evaluate(() =>
      ['.cta-band', 'main img'].map((selector) => {
        const element = document.querySelector(selector);
        if (!element) return `${selector}: missing`;
        const style = getComputedStyle(element);
        return `${selector}: ${style.backgroundColor} ${style.color} ${style.borderTopColor} ${style.filter} ${style.colorScheme}`;
      }),
    );
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  const [printedInDark, printedInLight] = await inDarkAndLight(page, looks);
  expect(printedInDark).toEqual(printedInLight);
  expect(printedInDark.join('\n')).not.toContain('missing');
  expect(watched.problems).toEqual([]);
});

it('prints the FAQ with every answer, and without its search field, topic filter, signs or links to the answers', async () => {
  const watched = await openPage(browser());
  const { page } = watched;
  await visit(watched, '/faq');
  await page.emulateMedia({ media: 'print' });
  const printed = await page.evaluate(() => {
    const items = [...document.querySelectorAll('.faq-item')];
    return {
      items: items.length,
      closed: items.filter((item) => !(item as HTMLDetailsElement).open).length,
      answersShown: items.filter((item) => (item.querySelector('.faq-answer')?.getBoundingClientRect().height ?? 0) > 0).length,
      signs: items.filter((item) => getComputedStyle(item.querySelector('summary')!, '::after').display !== 'none').length,
    };
  });
  // Closed on screen, every one of them open on paper.
  expect(printed.items).toBeGreaterThan(30);
  expect(printed).toEqual({ items: printed.items, closed: printed.items, answersShown: printed.items, signs: 0 });
  for (const screenOnly of ['.faq .filters', '.faq-link']) expect(await page.locator(screenOnly).first().isVisible(), screenOnly).toBe(false);
  expect(watched.problems).toEqual([]);
});

/** The shown links of a page's main content as printed: each one's words and what its `::after` prints. */
function printedLinks(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('main a[href]')]
      .filter((link) => link.getClientRects().length > 0)
      .map((link) => ({
        href: link.getAttribute('href') ?? '',
        words: link.textContent,
        button: link.matches('.btn'),
        after: getComputedStyle(link, '::after').content,
      })),
  );
}

describe.each(['/shipping-logistics', '/ar/shipping-logistics'])('%s printed', (path) => {
  it("shows each link's address after its words (the site's pages with the site's address in full, left to right), and none in its buttons", async () => {
    const watched = await openPage(browser());
    const { page } = watched;
    await visit(watched, path);
    await page.emulateMedia({ media: 'print' });
    const terms = (links: Awaited<ReturnType<typeof printedLinks>>) => links.find((link) => link.href.endsWith('/terms'));
    // Until the runtime has given the site's address (as without JavaScript), no bare path is printed.
    expect(terms(await printedLinks(page))?.after).toBe('none');

    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    const links = await printedLinks(page);
    const host = new URL(TEST_SITE_URL).host;
    // A space, then the address in a left-to-right isolate (U+2066 ... U+2069).
    expect(terms(links)?.after).toBe(`" \u2066(${host}${terms(links)!.href})\u2069"`);
    const references = links.filter((link) => !link.button && !link.href.startsWith('#'));
    expect(references.length).toBeGreaterThan(1);
    for (const link of references) expect(link.after, `${link.href} "${link.words}"`).toMatch(/^" \u2066\(.+\)\u2069"$/);
    const buttons = links.filter((link) => link.button);
    expect(buttons.length).toBeGreaterThan(0);
    for (const link of buttons) expect(link.after, `${link.href} "${link.words}"`).not.toContain('(');
    expect(watched.problems).toEqual([]);
  });
});
