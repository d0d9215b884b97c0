/**
 * Latin figures in Arabic pages are shown in the order they are written, wherever they are: a
 * range ("80-120", "5-8 mm", "2–3", "15-30") must not show as "120-80", nor a phone number
 * ("+971 4 1234567") as "1234567 4 971+". Measured from what the browser lays out, not from the
 * markup: over each figure, a Range on its first digit and one on its last, and in the displayed
 * order the first digit written must stand left of the last. Every Arabic page is measured (its
 * FAQ answers opened), the Arabic not-found page, the Arabic search page's results and the two
 * Arabic lead forms with their error messages and their confirmations, and a lead's Arabic
 * message where the team reads it, in the admin. What the page does not lay out, its <title>, meta
 * description, Open Graph and Twitter text, JSON-LD, image alternatives, placeholders and
 * accessible names, is laid out in a right-to-left element in the page and measured the same way.
 *
 * Latin words in brackets or quotation marks of their own ("(E. coli)", "«Supplement Facts»") must
 * keep them where a line breaks inside them: each text that holds such words is laid out again in a
 * column of no width, so every space breaks, and on the line of its first letter the opening mark
 * must stand left of it (not drawn mirrored at the line's far end), the closing one right of its last.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, reusedTab, useBrowser, visit, type WatchedPage } from './support/browser';
import { answerAll } from './support/lead-forms';
import { signInAdmin, useLeadEndpoint } from './support/portal';
import { translatedRoutes } from './support/site';
import { EVENT_WAIT_MS } from './support/waits';

/** A figure shown out of order: where, and the text it is in. */
interface Reversed {
  figure: string;
  in: string;
}
interface Measured {
  /** Figures laid out on one line and measured. */
  measured: number;
  reversed: Reversed[];
}

const browser = useBrowser();
// Wide enough that no figure breaks over two lines.
const desktop = reusedTab(browser, { viewport: { width: 1440, height: 900 } });

const arabicRoutes = translatedRoutes.filter((route) => route.path === '/ar' || route.path.startsWith('/ar/')).map((route) => route.path);

/**
 * Installs `window.figuresInOrder(root)` in the page, the figures in the text under `root`
 * measured, and `window.bracketsKept(root)`, its bracketed Latin words. Text is read per block
 * (the text of inline elements such as <bdi>, <a> and <strong> joined with their neighbours'),
 * without the invisible isolates, so a figure split over elements or isolates is still found whole.
 */
async function installMeasure(page: Page): Promise<void> {
  await page.evaluate(() => {
    const FIGURE = /\+\d{1,4}(?:[ -]\d+)+|\d+(?:[.,]\d+)?\s?[-–]\s?\d+(?:[.,]\d+)?/g;
    const BRACKETED = /[([«][A-Za-z0-9][A-Za-z0-9 .:/%°×+&'–-]*[ –-][A-Za-z0-9 .:/%°×+&'–-]*[)\]»]/g;
    const ISOLATE = /[\u2066-\u2069]/;
    type Spot = { node: Text; offset: number };
    const blockOf = (node: Node): Element => {
      let element = node.parentElement as Element;
      while (element.parentElement && getComputedStyle(element).display.startsWith('inline') && !(element instanceof SVGElement))
        element = element.parentElement;
      return element;
    };
    const box = ({ node, offset }: Spot) => {
      const range = document.createRange();
      range.setStart(node, offset);
      range.setEnd(node, offset + 1);
      const rect = range.getClientRects()[0];
      return rect && rect.width > 0 ? rect : null;
    };
    /** The text under `root` by block, each character with where it is. */
    const blocksUnder = (root: Element) => {
      const blocks = new Map<Element, { text: string; spots: Spot[] }>();
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        if (!node.data.trim() || node.parentElement?.closest('script, style, noscript, template')) continue;
        const block = blockOf(node);
        const joined = blocks.get(block) ?? { text: '', spots: [] };
        for (let offset = 0; offset < node.data.length; offset++) {
          if (ISOLATE.test(node.data[offset])) continue;
          joined.text += node.data[offset];
          joined.spots.push({ node, offset });
        }
        blocks.set(block, joined);
      }
      return blocks;
    };
    const measures = window as unknown as { figuresInOrder: (root: Element) => Measured; bracketsKept: (root: Element) => Measured };
    measures.figuresInOrder = (root) => {
      const found: Measured = { measured: 0, reversed: [] };
      for (const { text, spots } of blocksUnder(root).values()) {
        for (const match of text.matchAll(FIGURE)) {
          const digits = [...match[0]].flatMap((char, i) => (/\d/.test(char) ? [match.index + i] : []));
          const first = box(spots[digits[0]]);
          const last = box(spots[digits[digits.length - 1]]);
          // Not laid out (a hidden element), or broken over two lines: nothing to compare.
          if (!first || !last || Math.abs(first.top - last.top) > first.height / 2) continue;
          found.measured += 1;
          if (first.left >= last.left) found.reversed.push({ figure: match[0], in: text.trim().slice(0, 160) });
        }
      }
      return found;
    };
    // Each block holding bracketed Latin words, laid out again in a right-to-left column.
    measures.bracketsKept = (root) => {
      const found: Measured = { measured: 0, reversed: [] };
      const holding = [...blocksUnder(root)].filter(([, { text }]) => text.search(BRACKETED) !== -1);
      const column = document.createElement('div');
      column.dir = 'rtl';
      column.lang = 'ar';
      // No width: every space and hyphen breaks (min-content would keep "(E. coli)" whole beside a longer word); words themselves do not.
      column.style.cssText = 'position: absolute; top: 0; right: 0; width: 0; overflow-wrap: normal; word-break: normal;';
      document.body.append(column);
      for (const [block] of holding) {
        const copy = block.cloneNode(true) as HTMLElement;
        // A block of its own (a table cell's copy would make a table of its own), breaking only between words.
        copy.style.display = 'block';
        copy.style.overflowWrap = 'normal';
        column.replaceChildren(copy);
        const { text, spots } = blocksUnder(column).get(copy) ?? { text: '', spots: [] };
        for (const match of text.matchAll(BRACKETED)) {
          const [opening, first, last, closing] = [0, 1, match[0].length - 2, match[0].length - 1].map((i) => box(spots[match.index + i]));
          // Not laid out, or on one line: no break inside to look at.
          if (!opening || !first || !last || !closing || Math.abs(first.top - last.top) < first.height / 2) continue;
          found.measured += 1;
          if (opening.left >= first.left || closing.left <= last.left) found.reversed.push({ figure: match[0], in: text.trim().slice(0, 160) });
        }
      }
      column.remove();
      return found;
    };
  });
}

/**
 * The figures laid out in the page's body (or in each element `roots` selects), its FAQ answers
 * opened. While they are measured no line wraps, so a figure the width would break over two lines
 * ("5-" at the end of one, "8 mm" on the next, in a narrow card) is measured too: the order within
 * a line is the same however long the line.
 */
async function figuresOnPage(page: Page, roots = 'body'): Promise<Measured> {
  await installMeasure(page);
  return page.evaluate((selector) => {
    for (const details of document.querySelectorAll('details')) details.open = true;
    const unwrapped = document.createElement('style');
    unwrapped.textContent = 'body * { white-space: nowrap !important; }';
    document.head.append(unwrapped);
    const measure = (window as unknown as { figuresInOrder: (root: Element) => Measured }).figuresInOrder;
    const total: Measured = { measured: 0, reversed: [] };
    for (const root of document.querySelectorAll(selector)) {
      const { measured, reversed } = measure(root);
      total.measured += measured;
      total.reversed.push(...reversed);
    }
    unwrapped.remove();
    return total;
  }, roots);
}

/**
 * The page's text that is not laid out: its title, descriptions, Open Graph and Twitter text,
 * JSON-LD strings, image alternatives, placeholders, accessible names and options, each laid out
 * in a right-to-left element of the page (as a browser tab or a search result shows it) and measured.
 */
async function figuresOffPage(page: Page): Promise<Measured> {
  await installMeasure(page);
  return page.evaluate(() => {
    const texts = new Set<string>([document.title]);
    for (const meta of document.head.querySelectorAll<HTMLMetaElement>('meta[name="description"], meta[property^="og:"], meta[name^="twitter:"]'))
      texts.add(meta.content);
    const strings = (value: unknown): string[] =>
      typeof value === 'string'
        ? [value]
        : Array.isArray(value)
          ? value.flatMap(strings)
          : value && typeof value === 'object'
            ? Object.values(value).flatMap(strings)
            : [];
    for (const script of document.querySelectorAll('script[type="application/ld+json"]'))
      for (const text of strings(JSON.parse(script.textContent ?? 'null'))) texts.add(text);
    for (const element of document.body.querySelectorAll('[alt], [placeholder], [aria-label], [title]'))
      for (const name of ['alt', 'placeholder', 'aria-label', 'title']) if (element.hasAttribute(name)) texts.add(element.getAttribute(name) ?? '');
    for (const option of document.body.querySelectorAll('option')) texts.add(option.text);
    const probe = document.createElement('div');
    probe.dir = 'rtl';
    probe.lang = 'ar';
    probe.style.cssText = 'position: absolute; top: 0; right: 0; white-space: nowrap;';
    document.body.append(probe);
    const measure = (window as unknown as { figuresInOrder: (root: Element) => Measured }).figuresInOrder;
    const total: Measured = { measured: 0, reversed: [] };
    for (const text of texts) {
      if (!/\d/.test(text)) continue;
      probe.textContent = text;
      const { measured, reversed } = measure(probe);
      total.measured += measured;
      total.reversed.push(...reversed);
    }
    probe.remove();
    return total;
  });
}

/** Bracketed Latin words that a line can break inside, in the page's body: each text holding some, laid out again with a break at every space and measured. */
async function bracketsBrokenOnPage(page: Page): Promise<Measured> {
  await installMeasure(page);
  return page.evaluate(() => (window as unknown as { bracketsKept: (root: Element) => Measured }).bracketsKept(document.body));
}

async function open(path: string): Promise<WatchedPage> {
  const watched = await desktop();
  await visit(watched, path);
  return watched;
}

describe('Latin figures in Arabic pages read as written', () => {
  it('has Arabic pages to measure', () => {
    expect(arabicRoutes).toContain('/ar');
    expect(arabicRoutes).toContain('/ar/garlic-powder');
  });

  it.each(arabicRoutes)('in the text of %s', async (path) => {
    const { page, problems } = await open(path);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    const { reversed } = await figuresOnPage(page);
    expect(reversed).toEqual([]);
    expect((await bracketsBrokenOnPage(page)).reversed).toEqual([]);
    expect(problems).toEqual([]);
  });

  it.each(arabicRoutes)('in the title, descriptions, structured data and attributes of %s', async (path) => {
    const { page } = await open(path);
    const { reversed } = await figuresOffPage(page);
    expect(reversed).toEqual([]);
  });

  it('measures the figures it names: the product cards of the home page, and the title and description of the powder', async () => {
    const home = await figuresOnPage((await open('/ar')).page, '.product-card');
    expect(home.measured).toBeGreaterThanOrEqual(3);
    expect(home.reversed).toEqual([]);
    const powder = await figuresOffPage((await open('/ar/garlic-powder')).page);
    expect(powder.measured).toBeGreaterThanOrEqual(3);
    expect(powder.reversed).toEqual([]);
  });

  it('measures the bracketed Latin words it names: "(E. coli)" in the powder’s specification and "(private label)" in its packaging', async () => {
    const { measured, reversed } = await bracketsBrokenOnPage((await open('/ar/garlic-powder')).page);
    expect(measured).toBeGreaterThanOrEqual(2);
    expect(reversed).toEqual([]);
  });

  it('on the Arabic not-found page', async () => {
    const watched = await desktop();
    const response = await watched.page.goto(`${baseUrl()}/ar/no-such-page`, { waitUntil: 'load' });
    expect(response?.status()).toBe(404);
    expect(await watched.page.locator('html').getAttribute('lang')).toBe('ar');
    expect((await figuresOnPage(watched.page)).reversed).toEqual([]);
    expect((await figuresOffPage(watched.page)).reversed).toEqual([]);
  });
});

describe('Latin figures in the Arabic search results read as written', () => {
  it('on /ar/search: the titles and excerpts of the pages found for “days”', async () => {
    const query = 'أيام';
    const { page, problems } = await open(`/ar/search?q=${encodeURIComponent(query)}`);
    await page.locator(`[data-search-results][data-answered="${query}"] .search-result`).first().waitFor({ timeout: EVENT_WAIT_MS });
    const { measured, reversed } = await figuresOnPage(page, '[data-search-results]');
    // Sample requests' 2-3 working days, the transit times' 15-25 and 3-7 days, and more.
    expect(measured).toBeGreaterThanOrEqual(5);
    expect(reversed).toEqual([]);
    expect(problems).toEqual([]);
  });
});

describe('Latin figures in the Arabic lead forms read as written', () => {
  useLeadEndpoint();

  /** Sends the form as it is, then waits for its error summary, and measures; then the valid answers, the confirmation, and measures. */
  async function errorsThenConfirmation(page: Page, form: Locator, submit: string, answers: Record<string, string | string[]>, confirmation: string) {
    await form.getByRole('button', { name: submit }).click();
    await form.locator('.lead-summary').waitFor();
    const errors = await figuresOnPage(page, 'main');
    await answerAll(form, answers);
    await form.getByRole('button', { name: submit }).click();
    await page.locator('.lead-done').waitFor();
    const done = await figuresOnPage(page, '.lead-done');
    expect(await page.locator('.lead-done').textContent()).toContain(confirmation);
    return { errors, done };
  }

  it('on /ar/contact: the phone example in the error message, the quotes’ 15-30 days in the confirmation, and the message in the admin', async () => {
    const { page, problems } = await open('/ar/contact');
    const form = page.getByRole('form', { name: 'نموذج طلب عرض سعر' });
    await answerAll(form, { الهاتف: '04 1234567' });
    const { errors, done } = await errorsThenConfirmation(
      page,
      form,
      'إرسال طلب عرض السعر',
      {
        الاسم: 'عمر حداد',
        الشركة: 'شركة الخليج للأغذية',
        'البريد الإلكتروني': 'omar@gulffoods.example',
        الهاتف: '+971 4 1234567',
        الدولة: 'الإمارات العربية المتحدة',
        'المنتجات المطلوبة': ['مسحوق الثوم'],
        'الكمية لكل شحنة': '2',
        الوحدة: 'metric tons',
        'ميناء أو دولة الوجهة': 'جبل علي، الإمارات العربية المتحدة',
        'شرط التسليم (Incoterm)': 'CIF',
        الرسالة: 'مسحوق الثوم بمقاس 80-120 mesh في أكياس 25 kg، الشحنة الأولى في مارس.',
      },
      '15-30',
    );
    // The phone typed without its country code is answered with the example, +971 4 1234567.
    expect(errors.measured).toBeGreaterThanOrEqual(2);
    expect(errors.reversed).toEqual([]);
    expect(done.measured).toBeGreaterThanOrEqual(1);
    expect(done.reversed).toEqual([]);
    // The team reads the buyer's Arabic message in the admin (a left-to-right page) as written:
    // its "80-120 mesh", and the phone number beside it.
    const reference = ((await page.locator('.lead-reference').textContent()) ?? '').trim();
    await signInAdmin(page);
    const fields = `#contact-enquiries [data-record-id="${reference}"] .record-fields`;
    await page.locator(fields).waitFor({ timeout: EVENT_WAIT_MS });
    const desk = await figuresOnPage(page, fields);
    expect(desk.measured).toBeGreaterThanOrEqual(2);
    expect(desk.reversed).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('on /ar/sample-request: its error messages, and the samples’ 2-3 working days in the confirmation', async () => {
    const { page, problems } = await open('/ar/sample-request');
    const form = page.getByRole('form', { name: 'نموذج طلب عينات' });
    await answerAll(form, { الهاتف: '04 1234567' });
    const { errors, done } = await errorsThenConfirmation(
      page,
      form,
      'إرسال طلب العينات',
      {
        الشركة: 'شركة الخليج للأغذية',
        'الشخص المسؤول عن التواصل': 'عمر حداد',
        'البريد الإلكتروني': 'omar@gulffoods.example',
        الهاتف: '+971 4 1234567',
        'المنتجات المطلوب عيناتها': ['مسحوق الثوم'],
        'حجم العينة لكل منتج': '100 g',
        'عنوان التسليم': 'المنطقة الحرة بجبل علي، دبي، الإمارات العربية المتحدة',
        الدولة: 'الإمارات العربية المتحدة',
        'الاستخدام المقصود': 'خلطات التوابل',
      },
      '2-3',
    );
    expect(errors.measured).toBeGreaterThanOrEqual(2);
    expect(errors.reversed).toEqual([]);
    expect(done.measured).toBeGreaterThanOrEqual(1);
    expect(done.reversed).toEqual([]);
    expect(problems).toEqual([]);
  });
});
