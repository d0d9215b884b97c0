/**
 * A page of the dev server for a browser test. Vite compiles a page's modules when the browser
 * first asks for them: seconds alone, over a minute on a 2-core machine running the whole suite.
 * Its loads and waits get a long safety net, never waited out on a working run.
 */
import type { Browser } from 'playwright-core';
import { openPage, type WatchedPage } from './browser';

const PAGE_TIMEOUT_MS = 180_000;

export async function openDevPage(browser: Browser): Promise<WatchedPage> {
  const opened = await openPage(browser);
  opened.page.setDefaultTimeout(PAGE_TIMEOUT_MS);
  return opened;
}
