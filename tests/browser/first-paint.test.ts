/**
 * What a visitor on a slow phone network waits for before the first paint: only the HTML. It
 * fits in the first round trip of a new connection (ten TCP segments, the initial congestion
 * window, headers included) on the pages most visitors land on; no script and no web font is
 * fetched before the page has painted; the web fonts are cached after the first page has loaded
 * and used from the next page on; the first paint waits for the main content to be parsed (a busy
 * phone would otherwise paint half a page and move it); and each page carries only the
 * stylesheets its markup uses.
 */
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { baseUrl, openPage, useBrowser } from './support/browser';

/** Ten segments of 1,460 bytes: what a new TCP connection delivers in its first round trip. */
const FIRST_ROUND_TRIP_BYTES = 14_600;

/** Status line, headers and gzip body as they cross the wire. */
function bytesOnTheWire(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(baseUrl() + path, { headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
        let body = 0;
        const head = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n` + res.rawHeaders.map((v, i) => (i % 2 ? `${v}\r\n` : `${v}: `)).join('') + '\r\n';
        res.on('data', (chunk: Buffer) => (body += chunk.length));
        res.on('end', () => (res.headers['content-encoding'] === 'gzip' ? resolve(head.length + body) : reject(new Error(`${path} was not compressed`))));
      })
      .on('error', reject);
  });
}

describe('the HTML', () => {
  it('of the home page, the blog and a post fits in the first round trip, headers included', async () => {
    for (const path of ['/', '/blog', '/blog/1']) expect(await bytesOnTheWire(path), path).toBeLessThanOrEqual(FIRST_ROUND_TRIP_BYTES);
  });

  it('holds the first paint until the main content is parsed, so nothing painted early moves', async () => {
    for (const path of ['/', '/garlic-powder', '/blog/1', '/admin/login', '/nope']) {
      const html = await (await fetch(baseUrl() + path)).text();
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head, path).toContain('<link rel="expect" href="#main" blocking="render">');
      expect(html.slice(head.length), path).toMatch(/<main id="main"/);
    }
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
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
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
  it('fetches no script and no font before the page has painted, and fonts only after it has loaded', async () => {
    for (const path of ['/', '/about', '/contact']) {
      const { page, problems } = await openPage(browser(), { viewport: { width: 390, height: 800 } });
      await page.goto(baseUrl() + path);
      const t = await timeline(page);
      expect(t.fcp, `${path}: first contentful paint`).toBeGreaterThan(0);
      const scripts = t.resources.filter((r) => /\.js(\?|$)/.test(r.name));
      expect(scripts.length, `${path}: the runtime loads`).toBeGreaterThan(0);
      for (const script of scripts) expect(script.start, `${path}: ${script.name} starts after the first paint`).toBeGreaterThanOrEqual(t.fcp);
      await page.waitForFunction(() => performance.getEntriesByType('resource').some((r) => r.name.endsWith('.woff2')));
      const fonts = (await timeline(page)).resources.filter((r) => r.name.endsWith('.woff2'));
      for (const font of fonts) expect(font.start, `${path}: ${font.name} waits for the load event`).toBeGreaterThanOrEqual(t.load);
      // This page keeps the fallback faces it painted with.
      expect(await page.evaluate(() => document.documentElement.dataset.fonts)).toBeUndefined();
      expect(problems).toEqual([]);
      await page.context().close();
    }
  });

  it('leaves the web fonts in the cache, so the next page paints with them from the start', async () => {
    const { page, problems } = await openPage(browser());
    await page.goto(baseUrl() + '/about');
    await page.waitForFunction(() => localStorage.getItem('gb:web-fonts') === '1');
    await page.goto(baseUrl() + '/products');
    await timeline(page);
    const state = await page.evaluate(() => ({
      attribute: document.documentElement.dataset.fonts,
      body: getComputedStyle(document.body).fontFamily,
      loaded: [...document.fonts].filter((f) => /Variable/.test(f.family)).map((f) => f.status),
    }));
    expect(state.attribute).toBe('web');
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
