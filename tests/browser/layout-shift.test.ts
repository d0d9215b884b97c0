/**
 * No layout shift while a page loads, even on a slow network: every image reserves its box before
 * it arrives (held back here until the page has painted once, so each image lands on a page that
 * has already been laid out without it), and the header's script changes nothing's position.
 * Measured with the browser's own layout-shift entries on every public route, once at a phone's
 * width and once at a desktop's, in the two ways a visitor's page meets the web fonts: at the
 * phone's width as a first visit sees it, in the fallback faces (the page before it cached the web
 * fonts and noted it, and the next page would use them), at the desktop's as a visitor's later
 * page, which starts with the fonts an earlier page cached. font-display: optional never swaps a
 * font in later, so in either case only the images and the markup could move anything. The
 * largest image arrives inside the HTML; no image in a phone's first screen is lazy, and only an
 * image that is the largest paint at one of the two widths has high priority. The footer is laid
 * out only as it nears the viewport, in a height reserved for it that matches its own. At both
 * widths no line break cuts a word in two (a spec table's header, a key figure's label, a German
 * compound in a product card). Each of
 * these page loads is also the build's check that every route hydrates with no console error,
 * hydration warning or failed request, at both widths (support/site-spec.ts opens one page of each
 * kind, on the build and on the dev server).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS } from '../../src/browser/storage/storage';
import { baseUrl, keepOpen, openPage, useBrowser, visit, type WatchedPage } from './support/browser';
import { builtPages } from './support/built-pages';
import { allRoutes } from './support/site';

/**
 * Every public page the build made (the portals are behind sign-in, and noindex): the content's
 * routes and posts, and the pages made by code alone, such as the search pages.
 */
const isPublic = (path: string) => !/^\/(admin|investors)(\/|$)/.test(path);
const ROUTES = builtPages()
  .map(({ route }) => route)
  .filter(isPublic);
const ALL_FONTS = 'inter fraunces arabic';
const PHONE = 390;
const SETTINGS = [
  { width: PHONE, fonts: 'the fallback faces of a first visit' },
  { width: 1280, fonts: 'the web fonts an earlier page cached' },
] as const;

type Shift = { value: number; sources: string[] };
type Image = { src: string; top: number; lazy: boolean; high: boolean };

/** Per route: the image of its largest paint at each width, and the images of its main content at the phone's width. */
const largestPaint = new Map<string, Set<string>>();
const phoneImages = new Map<string, Image[]>();

const browser = useBrowser();

it("measures every route of the content and each language's search page", () => {
  expect(ROUTES).toEqual(expect.arrayContaining([...allRoutes.map((route) => route.path).filter(isPublic), '/search', '/de/search', '/ar/search']));
});

/**
 * The words on the page that a line break cuts in two: a line may end after a hyphen, a dash or a
 * slash (but not inside figures they join: "80-|120 mesh" is a broken word), or inside a word the
 * page has the browser hyphenate (`hyphens: auto`, which a phone's browser does with its
 * dictionary for the page's language; the test browser has none, so there it cuts the word
 * anywhere). What screen readers alone get, or the page hides, is left out.
 */
function wordsBrokenMidWord(): string[] {
  const broken: string[] = [];
  const range = document.createRange();
  const lineTops = (node: Text, from: number, to: number) => {
    range.setStart(node, from);
    range.setEnd(node, to);
    return [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top));
  };
  for (const element of document.body.querySelectorAll('*')) {
    if (element.closest('[aria-hidden="true"], [hidden], .visually-hidden, script, style')) continue;
    if (getComputedStyle(element).hyphens === 'auto') continue;
    for (const node of element.childNodes) {
      if (!(node instanceof Text)) continue;
      for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
        const start = word.index;
        if (new Set(lineTops(node, start, start + word[0].length)).size < 2) continue;
        // The word spans lines: where does the next line start, and after what?
        let previous: number | undefined;
        for (let i = 0; i < word[0].length; i++) {
          const [top] = lineTops(node, start + i, start + i + 1);
          if (top === undefined) continue;
          // After a hyphen, dash or slash the line may end, but not inside figures they join ("80-120").
          const breakable = /[-‐–—/]/.test(word[0][i - 1] ?? '') && !/\d[-‐–]\d/.test(word[0].slice(i - 2, i + 1));
          if (previous !== undefined && top > previous + 2 && !breakable) {
            broken.push(`${word[0].slice(0, i)}|${word[0].slice(i)} (${element.tagName.toLowerCase()})`);
          }
          previous = top;
        }
      }
    }
  }
  return broken;
}

describe.each(SETTINGS)('at $width px wide, in $fonts, with images delayed', ({ width }) => {
  // One tab per width: each route is a visitor's next page in it. A new tab for every route would
  // cost a browser process each.
  let watched: WatchedPage;
  /** The route being measured, and how the page tells the test it has first painted. */
  let measuring = { route: '', painted: () => {} };
  beforeAll(async () => {
    watched = keepOpen(await openPage(browser(), { viewport: { width, height: 800 } }));
    const { page } = watched;
    await page.exposeFunction('gbPainted', (path: string) => path === measuring.route && measuring.painted());
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: Shift[]; gbPainted: (path: string) => void };
      w.shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as {
          value: number;
          hadRecentInput: boolean;
          sources?: { node?: Node | null; previousRect?: DOMRectReadOnly; currentRect?: DOMRectReadOnly }[];
        }[]) {
          if (entry.hadRecentInput) continue;
          // Each source names the node and its box before and after, so a failure says what moved.
          const box = (r?: DOMRectReadOnly) => (r ? `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}` : '?');
          const sources = (entry.sources ?? []).map(
            (s) => `${s.node instanceof Element ? s.node.outerHTML.slice(0, 80) : String(s.node?.nodeName)} ${box(s.previousRect)} -> ${box(s.currentRect)}`,
          );
          w.shifts.push({ value: entry.value, sources });
        }
      }).observe({ type: 'layout-shift', buffered: true });
      new PerformanceObserver((list, observer) => {
        if (!list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) return;
        observer.disconnect();
        void w.gbPainted(location.pathname);
      }).observe({ type: 'paint', buffered: true });
    });
    if (width === PHONE) {
      // Every page as a first visit: the note that the fonts are cached is gone before it starts.
      await page.addInitScript((key) => localStorage.removeItem(key), KEYS.webFonts);
      return;
    }
    // A first page fills the cache with the fonts, as any earlier visit does, and records that it
    // did, and an Arabic page adds the Arabic face: every measured page then starts with the cached
    // web fonts. Navigating while a page is still fetching them would leave it to chance which
    // fonts the next page uses.
    await page.goto(`${baseUrl()}/terms`);
    await page.waitForFunction((key) => localStorage.getItem(key) === 'inter fraunces', KEYS.webFonts);
    await page.goto(`${baseUrl()}/ar`);
    await page.waitForFunction(({ key, fonts }) => localStorage.getItem(key) === fonts, { key: KEYS.webFonts, fonts: ALL_FONTS });
  });
  afterAll(async () => {
    await watched?.page.context().close();
  });

  it.each(ROUTES)('%s hydrates cleanly and shifts nothing while it loads', async (route) => {
    const { page } = watched;
    watched.problems.length = 0;
    const firstPaint = new Promise<void>((resolve) => (measuring = { route, painted: resolve }));
    // Every image of the measured page waits until that page has painted. Routing also keeps the
    // browser's cache out of it, so an image an earlier route showed is fetched again.
    let images = 0;
    await page.unrouteAll();
    await page.route(/\/images\//, async (request) => {
      images++;
      await firstPaint;
      await request.continue();
    });
    await visit(watched, route);
    await page.evaluate(() => document.fonts.ready);
    // Every image asked for has arrived (lazy ones may start after the load event) and the frames
    // after it have been laid out, so any shift it caused has been reported.
    await page.waitForFunction((count) => performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/images/')).length >= count, images);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve)))));
    // The hold worked: every image arrived after the page had painted without it.
    const { fcp, arrivals } = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      arrivals: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => e.name.includes('/images/')).map((e) => e.responseEnd),
    }));
    // The largest paint so far, every image now drawn (its entries reach an observer, not the timeline).
    const lcpImage = await page.evaluate(
      () =>
        new Promise<string | null>((resolve) => {
          new PerformanceObserver((list) => {
            const element = (list.getEntries().at(-1) as PerformanceEntry & { element: Element | null }).element;
            resolve(element instanceof HTMLImageElement ? element.getAttribute('src') : null);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    expect(fcp).toBeGreaterThan(0);
    for (const arrival of arrivals) expect(arrival).toBeGreaterThan(fcp);
    const shifts = await page.evaluate(() => (window as unknown as { shifts: Shift[] }).shifts);
    expect(await page.evaluate(() => document.documentElement.dataset.fonts ?? null), 'the fonts the measured page uses').toBe(
      width === PHONE ? null : ALL_FONTS,
    );
    // CLS is reported to three decimals: under 0.0005 is a score of 0.
    const cls = shifts.reduce((sum, shift) => sum + shift.value, 0);
    expect(cls, JSON.stringify(shifts, null, 1)).toBeLessThan(0.0005);
    // The page hydrated (visit waits for it) with no console error, hydration warning or failed request.
    expect(watched.problems).toEqual([]);

    // What the priority checks below need: the largest paint here, and at the phone's width every image's place and loading.
    const largest = largestPaint.get(route) ?? new Set<string>();
    if (lcpImage) largest.add(lcpImage);
    largestPaint.set(route, largest);
    if (width === PHONE) {
      // An inline drawing is part of the HTML: never lazy, and it needs no priority.
      phoneImages.set(
        route,
        await page.locator('main :is(img, svg.inline-image)').evaluateAll((elements) =>
          elements.map((image) => ({
            src: image instanceof HTMLImageElement ? (image.getAttribute('src') ?? '') : 'inline drawing',
            top: image.getBoundingClientRect().top + window.scrollY,
            lazy: image instanceof HTMLImageElement && image.loading === 'lazy',
            high: image.getAttribute('fetchpriority') === 'high',
          })),
        ),
      );
      // Its rows stacked on a phone (01-tables.css), a spec table is still a table to a screen reader.
      if (await page.locator('.spec-table').count()) {
        const tree = await page.locator('.spec-table').first().ariaSnapshot();
        for (const role of ['table', 'columnheader', 'row', 'rowheader', 'cell']) expect(tree, tree).toMatch(new RegExp(`^\\s*- ${role}\\b`, 'm'));
      }
    }
    // Last, so a word broken fails this page alone and not the checks above that read what it recorded.
    expect(await page.evaluate(wordsBrokenMidWord), 'words a line breaks inside, not after a hyphen, dash or slash between words').toEqual([]);
  });

  it.each(['/', '/contact', '/blog/1'])('%s lays out its footer only near the viewport, in the height reserved for it', async (route) => {
    const { page } = watched;
    await page.unrouteAll();
    await visit(watched, route);
    // What the footer holds is skipped (not laid out) while the footer is far from the viewport.
    const footerRendered = () => page.evaluate(() => document.querySelector('.site-footer > *')!.checkVisibility({ contentVisibilityAuto: true }));
    expect(await footerRendered(), 'the footer is laid out before it nears the viewport').toBe(false);
    const reserved = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(footerRendered).toBe(true);
    // The page's length (and so the scroll bar and the header's progress) hardly moves when it is laid out.
    const laidOut = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(Math.abs(laidOut - reserved)).toBeLessThanOrEqual(30);
  });
});

describe('the largest image', () => {
  it.each([
    ['/', '/images/hero/garlic-harvest.svg'],
    ['/blog/1', '/images/blog/post-1.svg'],
    ['/garlic-powder', '/images/products/garlic-powder.svg'],
    ['/aged-garlic-extract', '/images/products/aged-garlic-extract.svg'],
  ])('on %s arrives inside the HTML: %s drawn inline with its box and text alternative, never fetched on its own', async (route, drawn) => {
    const watched = await openPage(browser(), { viewport: { width: 390, height: 800 } });
    const { page } = watched;
    const images: string[] = [];
    page.on('request', (request) => request.resourceType() === 'image' && images.push(new URL(request.url()).pathname));
    await visit(watched, route);
    const first = page.locator('main :is(img, svg.inline-image)').first();
    const drawing = await first.evaluate((el) => ({
      tag: el.tagName.toLowerCase(),
      width: el.getAttribute('width'),
      height: el.getAttribute('height'),
      name: el.getAttribute('aria-label'),
      hidden: el.getAttribute('aria-hidden'),
      box: el.getBoundingClientRect().height,
    }));
    expect(drawing.tag).toBe('svg');
    expect(Number(drawing.width) * Number(drawing.height)).toBeGreaterThan(0);
    expect(drawing.box).toBeGreaterThan(100);
    // Named by its alt where it says something (the hero, a product), hidden where decorative (a post's cover).
    if (route.startsWith('/blog/')) expect(drawing).toMatchObject({ name: null, hidden: 'true' });
    else expect(drawing.name).toMatch(/garlic/i);
    expect(images).not.toContain(drawn);
    expect(await (await fetch(baseUrl() + route)).text()).not.toMatch(/<link rel="preload" as="image"/);
    await page.context().close();
  });
});

describe('image priority, from the pages measured above at both widths', () => {
  it.each(ROUTES)("%s: only an image that is the largest paint has high priority, and no image in a phone's first screen is lazy", (route) => {
    const phone = phoneImages.get(route);
    const largest = largestPaint.get(route);
    expect(phone, 'measured at the phone width above').toBeDefined();
    expect(largest, 'measured above').toBeDefined();
    for (const image of phone ?? []) {
      expect(image.high, `${image.src}: high priority only for the largest paint`).toBe(largest?.has(image.src));
      if (image.high || image.top < 800) expect(image.lazy, `${image.src} is lazy at ${Math.round(image.top)} px`).toBe(false);
    }
  });
});
