/**
 * Launches the Chromium the global setup resolved (scripts/lib/chromium.ts) and opens pages
 * that record console errors, page errors and React hydration warnings, so a test can assert a
 * page loaded cleanly.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { relative } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { launchChromium } from '../../../scripts/lib/chromium';
import { CLIENT_HEADER } from './lead-catcher';
import { PAGE_WAIT_MS } from './waits';

export const baseUrl = () => inject('baseUrl');

/**
 * The running test file's name for the lead catcher (see lead-catcher.ts): a worker process runs
 * file after file, so the process alone would let one file's leads and failing switch reach the next.
 */
export function testClient(): string {
  const file = expect.getState().testPath;
  if (!file) throw new Error('testClient() is called outside a test file');
  return `${process.pid}-${relative(process.cwd(), file).replace(/[^\w.-]+/g, '_')}`;
}

/** Resolved once in the global setup, so no test process unpacks the npm Chromium at the same time as another. */
export function launch(): Promise<Browser> {
  return launchChromium(inject('chromium'));
}

export interface WatchedPage {
  page: Page;
  /** Console errors, uncaught errors and hydration warnings seen so far. */
  problems: string[];
}

const HYDRATION = /hydrat|did not match|server rendered HTML/i;
const DEFAULT_VIEWPORT = { width: 1280, height: 900 };

export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<WatchedPage> {
  // Service workers are off unless a test asks for them: a worker answering from its cache hides
  // requests from page.route().
  // X-Test-Client: the lead catcher keeps this test file's submissions apart from another file's.
  // Reduced motion unless a test asks for motion: headless Chromium draws without a GPU, so the
  // cross-fade of every navigation a page starts (a link, a sign-in) costs about 0.8 s of CPU and
  // holds the new page's first paint for 0.3 s, and smooth scrolling is animated frame by frame.
  // runtime.test.ts navigates with motion to check the cross-fade itself.
  const context = await browser.newContext({
    viewport: DEFAULT_VIEWPORT,
    serviceWorkers: 'block',
    reducedMotion: 'reduce',
    ...options,
    extraHTTPHeaders: { [CLIENT_HEADER]: testClient(), ...options.extraHTTPHeaders },
  });
  context.setDefaultTimeout(PAGE_WAIT_MS);
  const page = await context.newPage();
  const problems: string[] = [];
  watchProblems(page, problems);
  return { page, problems };
}

/** Records in `problems` what makes a page load unclean (see WatchedPage). */
function watchProblems(page: Page, problems: string[]): void {
  // A failed sub-resource (image, chunk) is named by URL; the document's own 404 is expected on not-found pages,
  // and so is a static host's 404 or 405 for /api/health (the page asking whether the site's server is there).
  page.on('response', (response) => {
    if (response.status() < 400 || response.request().resourceType() === 'document') return;
    if ((response.status() === 404 || response.status() === 405) && new URL(response.url()).pathname === '/api/health') return;
    problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.text().startsWith('Failed to load resource')) return;
    if (message.type() === 'error' || (message.type() === 'warning' && HYDRATION.test(message.text()))) problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
}

/** Contexts that outlive a test: the reused tabs' (see reusedTab). */
const kept = new WeakSet<BrowserContext>();

/**
 * Keeps a page's context open past the test that opened it, for a tab that a describe block's
 * tests share (opened in its beforeAll); it closes after the file's tests, or in the block's afterAll.
 */
export function keepOpen(watched: WatchedPage): WatchedPage {
  kept.add(watched.page.context());
  return watched;
}

/** Closes the contexts a test opened, keeping the reused tabs' for the file's next tests. */
export async function closeTestContexts(browser: Browser | undefined): Promise<void> {
  await Promise.all(
    browser
      ?.contexts()
      .filter((context) => !kept.has(context))
      .map((context) => context.close()) ?? [],
  );
}

/**
 * A tab that the tests of one file share when each needs a page as a new visitor sees it but not
 * a browser profile of its own: a new profile starts a new browser process, which costs more CPU
 * than most such tests. Each call makes the tab a new visitor's again: the site's storage emptied,
 * the context's other pages closed, routes and cookies dropped, viewport and media back to
 * `options`, problems forgotten. It keeps the HTTP cache, the tab's history and the init scripts
 * `prepare` added. A test that adds an init script, an exposed function or a listener of its own,
 * or that counts the requests of a first visit, opens its own page with openPage.
 */
export function reusedTab(
  browser: () => Browser,
  options: BrowserContextOptions = {},
  /** Runs once, when the tab is opened: init scripts for every page the tab's tests open. */
  prepare?: (page: Page) => Promise<unknown>,
): () => Promise<WatchedPage> {
  let tab: Promise<WatchedPage> | undefined;
  return async () => {
    tab ??= openPage(browser(), options).then(async (watched) => {
      kept.add(watched.page.context());
      await prepare?.(watched.page);
      return watched;
    });
    const watched = await tab;
    const { page } = watched;
    const context = page.context();
    await Promise.all(
      context
        .pages()
        .filter((other) => other !== page)
        .map((other) => other.close()),
    );
    await Promise.all([context.unrouteAll({ behavior: 'ignoreErrors' }), page.unrouteAll({ behavior: 'ignoreErrors' }), context.clearCookies()]);
    // A still page of the site first: the last test's page can no longer write to storage or
    // navigate once it is cleared, and the next page is never the same address as the last.
    await page.goto(`${baseUrl()}/robots.txt`);
    await page.evaluate(() => {
      // Where an init script makes storage unreachable, no page could have kept anything in it.
      try {
        localStorage.clear();
        sessionStorage.clear();
      } catch {}
    });
    await page.setViewportSize(options.viewport ?? DEFAULT_VIEWPORT);
    await page.emulateMedia({ media: null, colorScheme: options.colorScheme ?? 'light', reducedMotion: options.reducedMotion ?? 'reduce' });
    watched.problems.length = 0;
    return watched;
  };
}

const HYDRATION_TIMEOUT_MS = 30_000;

/**
 * The address the page has now. page.url() follows a history.replaceState only once the
 * browser's event about it arrives, which can be after a check of the page already saw the change
 * that wrote it (a dialog closed, a list filtered).
 */
export async function addressOf(page: Page): Promise<URL> {
  return new URL(await page.evaluate(() => window.location.href));
}

/** Whether an evaluation failed because the page went on to another document. */
const navigatedAway = (error: Error) => /Execution context was destroyed|navigation/i.test(error.message);

/**
 * Waits until the page's app has hydrated (the client entry marks <html>), with one evaluation
 * that listens for the mark. Not waitForFunction: that first installs Playwright's injected
 * script (some 180 KB of JavaScript) in the page's main world, on every page load, which cost
 * about 15 ms of the browser's CPU and 4 ms of the test's per load, for a value the page announces
 * itself. A navigation under way (a click that leads to another page) ends the evaluation; it is
 * then made again in the new page. Then checks that the hydrated page draws (see drawing).
 */
export async function hydrated(page: Page): Promise<void> {
  const deadline = Date.now() + HYDRATION_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const marked = await page
      .evaluate(
        (ms) =>
          document.documentElement.dataset.hydrated === 'true' ||
          new Promise<boolean>((resolve) => {
            const observer = new MutationObserver(() => {
              if (document.documentElement.dataset.hydrated !== 'true') return;
              observer.disconnect();
              resolve(true);
            });
            observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-hydrated'] });
            setTimeout(() => resolve(false), ms);
          }),
        deadline - Date.now(),
      )
      .catch((error: Error) => {
        if (navigatedAway(error)) return false;
        throw error;
      });
    if (marked) return drawing(page);
  }
  throw new Error(`${page.url()} did not hydrate within ${HYDRATION_TIMEOUT_MS / 1000} s`);
}

/** How long a hydrated page may take to draw its next frame before it counts as not drawing. */
const FRAME_WAIT_MS = 20_000;

/** Whether the page draws a frame (runs an animation-frame callback) within FRAME_WAIT_MS. */
const drawsFrame = (page: Page) =>
  page
    .evaluate(
      (ms) =>
        new Promise<boolean>((resolve) => {
          requestAnimationFrame(() => resolve(true));
          setTimeout(() => resolve(false), ms);
        }),
      FRAME_WAIT_MS,
    )
    .catch((error: Error) => {
      // The page went on to another (a redirect): whether that one draws is its own visit's question.
      if (navigatedAway(error)) return true;
      throw error;
    });

/**
 * Makes sure a hydrated page draws frames. Every click, tick and check of Playwright waits for
 * the element to stay put over animation frames, so a page that draws none stalls the test's
 * next action until its 180 s limit, with no word on why. A page the site keeps from rendering (a
 * render-blocking element that never arrives, a cross-fade that never ends) fails here at once,
 * with the state that explains it. Once in a long run, Chromium stopped drawing a page for no
 * cause the page shows: a page that draws again once its tab is brought to the front was the
 * browser's, and is noted in the log rather than failed.
 */
async function drawing(page: Page): Promise<void> {
  if (await drawsFrame(page)) return;
  const state = await page.evaluate(() =>
    JSON.stringify({
      readyState: document.readyState,
      visibilityState: document.visibilityState,
      viewTransition: 'activeViewTransition' in document && Boolean(document.activeViewTransition),
      renderBlocking: [...document.querySelectorAll('[blocking~="render"]')].map((element) => element.outerHTML.slice(0, 120)),
      expectedFound: [...document.querySelectorAll<HTMLLinkElement>('link[rel="expect"]')].map((link) =>
        Boolean(document.getElementById(new URL(link.href).hash.slice(1))),
      ),
    }),
  );
  await page.bringToFront();
  if (!(await drawsFrame(page))) throw new Error(`${page.url()} drew no frame in ${(2 * FRAME_WAIT_MS) / 1000} s after it hydrated: ${state}`);
  console.warn(`${page.url()} drew no frame for ${FRAME_WAIT_MS / 1000} s after it hydrated, and drew again once brought to the front: ${state}`);
}

/** Navigates and waits until the app has hydrated. */
export async function visit({ page }: WatchedPage, path: string) {
  const response = await page.goto(baseUrl() + path, { waitUntil: 'load' });
  await hydrated(page);
  return response;
}

/**
 * The worker's browser: launched by the first test file that asks for it and kept for the files
 * the same worker process runs after it (test files share a worker's modules: isolate is off). A
 * launch starts four processes (browser, zygote, GPU, network service), about 2 s of CPU each time
 * it is not made; the pages a file opens are in contexts of their own, closed after its tests, so
 * the next file meets a browser with no page, cookie or storage of the last. Playwright kills the
 * browser when the worker exits; a browser that crashed is launched again.
 */
let workerBrowser: Browser | undefined;

async function browserOfWorker(): Promise<Browser> {
  if (!workerBrowser?.isConnected()) workerBrowser = await launch();
  return workerBrowser;
}

/**
 * The browser for a test file's tests: the worker's, with the contexts each test opened closed
 * after that test and every context the file opened (its reused tabs too) closed after the file.
 * Returns a getter for the running browser.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await browserOfWorker();
  });
  afterAll(async () => {
    if (browser?.isConnected()) await Promise.all(browser.contexts().map((context) => context.close()));
  });
  afterEach(async () => {
    await closeTestContexts(browser);
  });
  return () => {
    if (!browser) throw new Error('The browser has not been launched yet');
    return browser;
  };
}
