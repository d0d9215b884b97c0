/**
 * What a visitor on a slow phone network waits for before the first paint: only the HTML. It
 * fits in the first round trip of a new connection (ten TCP segments, the initial congestion
 * window, headers included) on the pages most visitors land on, brotli or gzip; no script, no
 * stylesheet and no web font is fetched before the page has painted; the web fonts are cached after the first page has loaded
 * and used from the next page on; the first paint waits for the main content to be parsed (a busy
 * phone would otherwise paint half a page and move it), or on a page too long for one round trip
 * for its first screens, which on every route arrive in the first round trip; each page
 * carries only the stylesheets its markup uses, and the footer's, below every first screen, is
 * linked rather than inlined, and fetched once the page has painted (as it is without script).
 */
import http from 'node:http';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { baseUrl, hydrated, openPage, useBrowser } from './support/browser';
import { FIRST_ROUND_TRIP_BYTES } from './support/first-response';
import { landingPages } from './support/landing-pages';
import { allRoutes, content } from './support/site';

/** The status line with the headers, and the compressed body, as they cross the wire. */
function compressedResponse(path: string, encoding: 'gzip' | 'br' = 'gzip'): Promise<{ head: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(baseUrl() + path, { headers: { 'Accept-Encoding': encoding } }, (res) => {
        const chunks: Buffer[] = [];
        const head = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n` + res.rawHeaders.map((v, i) => (i % 2 ? `${v}\r\n` : `${v}: `)).join('') + '\r\n';
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          res.headers['content-encoding'] === encoding
            ? resolve({ head, body: Buffer.concat(chunks) })
            : reject(new Error(`${path} was not sent as ${encoding}`)),
        );
      })
      .on('error', reject);
  });
}

async function bytesOnTheWire(path: string, encoding: 'gzip' | 'br'): Promise<number> {
  const { head, body } = await compressedResponse(path, encoding);
  return head.length + body.length;
}

describe('the HTML', () => {
  // As browsers ask for it (brotli), and as a client that takes gzip alone (or a browser behind a
  // host without brotli) gets it.
  it.each(landingPages(content))('of %s fits in the first round trip over brotli and over gzip, headers included', async (path) => {
    for (const encoding of ['br', 'gzip'] as const)
      expect(await bytesOnTheWire(path, encoding), `${path} (${encoding})`).toBeLessThanOrEqual(FIRST_ROUND_TRIP_BYTES);
  });

  it('holds the first paint until the main content, or on a long page its first screens, is parsed', async () => {
    for (const path of ['/', '/garlic-powder', '/blog/1', '/admin/login', '/nope', '/faq']) {
      const html = await (await fetch(baseUrl() + path)).text();
      const head = html.slice(0, html.indexOf('</head>'));
      const target = head.match(/<link rel="expect" href="#([\w-]+)" blocking="render">/)?.[1];
      expect(target, path).toBeDefined();
      const main = html.slice(html.indexOf('<main id="main"'), html.indexOf('</main>'));
      // The target is the main content itself, or a marker inside it after a block of content.
      if (target === 'main') expect(main, path).not.toBe('');
      else expect(main, path).toMatch(new RegExp(`</(p|h[234]|figure|ul|ol|table|section|gb-island)><span id="${target}" hidden></span>`));
    }
  });

  it.each([...allRoutes.map((r) => r.path), '/nope'])('of %s brings everything its first paint waits for in the first round trip', async (path) => {
    const { head, body } = await compressedResponse(path);
    const html = zlib.gunzipSync(body).toString();
    const target = html.match(/<link rel="expect" href="#([\w-]+)" blocking="render">/)?.[1];
    const end = target === 'main' ? html.indexOf('</main>') + '</main>'.length : html.indexOf(`<span id="${target}" hidden></span>`);
    expect(end, `${path}: the render-blocking target #${target} is in the page`).toBeGreaterThan(0);
    // The fewest bytes of the compressed body from which the page decompresses as far as the target.
    const reaches = (bytes: number) =>
      zlib.gunzipSync(body.subarray(0, bytes), { finishFlush: zlib.constants.Z_SYNC_FLUSH }).length >= Buffer.byteLength(html.slice(0, end));
    let low = 1;
    let high = body.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (reaches(middle)) high = middle;
      else low = middle + 1;
    }
    expect(head.length + low, path).toBeLessThanOrEqual(FIRST_ROUND_TRIP_BYTES);
  });

  it('inlines only the stylesheets the page uses', async () => {
    const html = async (path: string) => (await fetch(baseUrl() + path)).text();
    const about = await html('/about');
    const contact = await html('/contact');
    const adminLogin = await html('/admin/login');
    // Rules of the lead forms and the sign-in card only where there is such a form.
    expect(about).not.toMatch(/\.lead-form(?![\w-])|\.login-card(?![\w-])/);
    expect(contact).toMatch(/\.lead-form(?![\w-])/);
    expect(contact).not.toMatch(/\.login-card(?![\w-])/);
    expect(adminLogin).toMatch(/\.login-card(?![\w-])/);
    // The home page's hero rules only on the home page.
    expect(about).not.toMatch(/\.hero(?![\w-])/);
    expect(await html('/')).toMatch(/\.hero(?![\w-])/);
  });
});

const browser = useBrowser();

interface Timeline {
  fcp: number;
  load: number;
  resources: { name: string; type: string; start: number }[];
}

/** The page's own record of its first contentful paint, load and every resource it fetched. */
async function timeline(page: import('playwright-core').Page): Promise<Timeline> {
  await hydrated(page);
  return page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    load: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart,
    resources: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => ({
      name: r.name,
      type: r.initiatorType,
      start: r.startTime,
    })),
  }));
}

describe('a first visit', () => {
  it('fetches no script, no stylesheet and no font before the page has painted, and fonts only after it has loaded', async () => {
    for (const path of ['/', '/about', '/contact']) {
      const { page, problems } = await openPage(browser(), { viewport: { width: 390, height: 800 } });
      await page.goto(baseUrl() + path);
      const t = await timeline(page);
      expect(t.fcp, `${path}: first contentful paint`).toBeGreaterThan(0);
      const scripts = t.resources.filter((r) => /\.js(\?|$)/.test(r.name));
      expect(scripts.length, `${path}: the runtime loads`).toBeGreaterThan(0);
      for (const script of scripts) expect(script.start, `${path}: ${script.name} starts after the first paint`).toBeGreaterThanOrEqual(t.fcp);
      const sheets = t.resources.filter((r) => /\.css(\?|$)/.test(r.name));
      expect(sheets.length, `${path}: the print and footer sheets load`).toBe(2);
      for (const sheet of sheets) expect(sheet.start, `${path}: ${sheet.name} starts after the first paint`).toBeGreaterThanOrEqual(t.fcp);
      await page.waitForFunction(() => performance.getEntriesByType('resource').some((r) => r.name.endsWith('.woff2')));
      const fonts = (await timeline(page)).resources.filter((r) => r.name.endsWith('.woff2'));
      for (const font of fonts) expect(font.start, `${path}: ${font.name} waits for the load event`).toBeGreaterThanOrEqual(t.load);
      // This page keeps the fallback faces it painted with.
      expect(await page.evaluate(() => document.documentElement.dataset.fonts)).toBeUndefined();
      expect(problems).toEqual([]);
      await page.context().close();
    }
  });

  /** Whether the footer's first link is drawn (not in a subtree the browser skips). */
  const footerDrawn = (page: import('playwright-core').Page) =>
    page.evaluate(() => (document.querySelector('footer.site-footer a') as Element).checkVisibility());
  const footerColour = (page: import('playwright-core').Page) =>
    page.evaluate(() => getComputedStyle(document.querySelector('footer.site-footer') as Element).backgroundColor);

  it('asks for the footer’s sheet after the first paint and draws the footer only once it has come, in its colours', async () => {
    const { page, problems } = await openPage(browser(), { viewport: { width: 390, height: 800 } });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = () => {};
    const requested = new Promise<void>((resolve) => (asked = resolve));
    await page.route(/\/assets\/footer-[\w-]+\.css$/, async (route) => {
      asked();
      await held;
      await route.continue();
    });
    const loaded = page.goto(baseUrl() + '/ar/');
    await requested;
    expect(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length)).toBe(1);
    expect(await footerDrawn(page)).toBe(false);
    release();
    await loaded;
    await hydrated(page);
    expect(await footerColour(page)).toBe('rgb(22, 58, 43)');
    expect(await footerDrawn(page)).toBe(true);
    expect(problems).toEqual([]);
  });

  it('draws the footer, unstyled, when its sheet cannot be loaded', async () => {
    const { page } = await openPage(browser(), { viewport: { width: 390, height: 800 } });
    await page.route(/\/assets\/footer-[\w-]+\.css$/, (route) => route.abort('connectionreset'));
    await page.goto(baseUrl() + '/about');
    await hydrated(page);
    expect(await footerDrawn(page)).toBe(true);
    expect(await footerColour(page)).not.toBe('rgb(22, 58, 43)');
  });

  it('without script, links the footer’s sheet before the footer and the print sheet for print, as they are', async () => {
    const { page, problems } = await openPage(browser(), { viewport: { width: 390, height: 800 }, javaScriptEnabled: false });
    await page.goto(baseUrl() + '/ar/');
    expect(await footerColour(page)).toBe('rgb(22, 58, 43)');
    expect(await footerDrawn(page)).toBe(true);
    const media = await page.evaluate(() =>
      [...document.styleSheets]
        .filter((sheet) => sheet.href)
        .map((sheet) => [new URL(sheet.href as string).pathname.replace(/-[\w-]+\.css$/, '.css'), sheet.media.mediaText]),
    );
    expect(media).toEqual([
      ['/assets/print.css', 'print'],
      ['/assets/footer.css', ''],
    ]);
    expect(problems).toEqual([]);
  });

  it('leaves the web fonts in the cache, so the next page paints with them from the start', async () => {
    const { page, problems } = await openPage(browser());
    await page.goto(baseUrl() + '/about');
    await page.waitForFunction(() => localStorage.getItem('gb:web-fonts') === 'inter fraunces');
    await page.goto(baseUrl() + '/products');
    await timeline(page);
    const state = await page.evaluate(() => ({
      attribute: document.documentElement.dataset.fonts,
      body: getComputedStyle(document.body).fontFamily,
      loaded: [...document.fonts].filter((f) => /Variable/.test(f.family)).map((f) => f.status),
    }));
    expect(state.attribute).toBe('inter fraunces');
    expect(state.body).toMatch(/^"Inter Variable"/);
    expect(state.loaded).toContain('loaded');
    expect(problems).toEqual([]);
  });

  it('keeps the fallback faces on every page when storage is disabled, and still works', async () => {
    const { page, problems } = await openPage(browser());
    await page.context().addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('Access is denied for this document.', 'SecurityError');
        },
      });
    });
    await page.goto(baseUrl() + '/about');
    await timeline(page);
    await page.goto(baseUrl() + '/products');
    await timeline(page);
    expect(await page.evaluate(() => document.documentElement.dataset.fonts)).toBeUndefined();
    expect(await page.locator('h1').first().textContent()).toBeTruthy();
    // The storage module logs each refused access; nothing else may go wrong.
    expect(problems.filter((p) => !/\[storage\]/.test(p))).toEqual([]);
  });
});
