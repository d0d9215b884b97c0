/**
 * Launches the Chromium the global setup resolved (scripts/lib/chromium.ts) and opens pages
 * that record console errors, page errors and React hydration warnings, so a test can assert a
 * page loaded cleanly.
 */
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { launchChromium } from '../../../scripts/lib/chromium';
import { CLIENT_HEADER, TEST_CLIENT } from './lead-catcher';

export const baseUrl = () => inject('baseUrl');

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

export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<WatchedPage> {
  // AxeBuilder needs pages made through a context.
  // Service workers are off unless a test asks for them: a worker answering from its cache hides
  // requests from page.route().
  // X-Test-Client: the lead catcher keeps this test file's submissions apart from another file's.
  // Reduced motion unless a test asks for motion: headless Chromium draws without a GPU, so the
  // cross-fade of every navigation a page starts (a link, a sign-in) costs about 0.8 s of CPU and
  // holds the new page's first paint for 0.3 s, and smooth scrolling is animated frame by frame.
  // runtime.test.ts navigates with motion to check the cross-fade itself.
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    serviceWorkers: 'block',
    reducedMotion: 'reduce',
    ...options,
    extraHTTPHeaders: { [CLIENT_HEADER]: TEST_CLIENT, ...options.extraHTTPHeaders },
  });
  const page = await context.newPage();
  const problems: string[] = [];
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
  return { page, problems };
}

/** Navigates and waits until the app has hydrated (the client entry marks <html>). */
export async function visit({ page }: WatchedPage, path: string) {
  const response = await page.goto(baseUrl() + path, { waitUntil: 'load' });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  return response;
}

/**
 * One browser for a test file: launched before its tests and closed after them, with the contexts
 * each test opened closed after that test. Returns a getter for the running browser.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
  });
  return () => {
    if (!browser) throw new Error('The browser has not been launched yet');
    return browser;
  };
}
