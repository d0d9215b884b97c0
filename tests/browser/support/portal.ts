/**
 * Helpers for tests that sign in and read what the site stored: the admin and investor login
 * forms as a visitor uses them, the browser's storage, and the loopback lead endpoint's record
 * of what it received (see lead-catcher.ts).
 */
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, inject } from 'vitest';
import { baseUrl, hydrated, testClient } from './browser';
import { GATE, TEST_CREDENTIALS } from './env';

export const ADMIN_FAILED = 'Invalid username or password';
export const INVESTOR_FAILED = 'Invalid e-mail or access key';
export const KEY = {
  adminAuth: 'gb:admin-authenticated',
  investorAuth: 'gb:investor-authenticated',
  loginFailures: 'gb:login-failures',
} as const;

/** Fills the login form on the current page and presses 'Sign in'. */
export async function submitLogin(page: Page, first: string, second: string): Promise<void> {
  const admin = new URL(page.url()).pathname.startsWith('/admin');
  await page.getByLabel(admin ? 'E-mail or username' : 'E-mail address', { exact: true }).fill(first);
  await page.getByLabel(admin ? 'Password' : 'Access key', { exact: true }).fill(second);
  // The alert of the previous attempt is marked, so loginAlert waits for this attempt's own.
  await page.evaluate(() => document.querySelectorAll<HTMLElement>('.login-alert').forEach((el) => (el.dataset.seen = 'true')));
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The alert of the attempt just made, once the check has finished (the button is enabled again). */
export async function loginAlert(page: Page): Promise<string> {
  const alert = page.locator('.login-alert:not([data-seen])');
  await alert.waitFor();
  await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('.login-actions button')?.disabled);
  return ((await alert.textContent()) ?? '').trim();
}

/** Signs in through /admin/login of the static build (already open or opened now), with its gate's pair, and waits for the dashboard and its lists. */
export async function signInAdmin(page: Page): Promise<void> {
  if (!new URL(page.url()).pathname.startsWith('/admin/login')) {
    await page.goto(`${baseUrl()}/admin/login?next=/admin`);
    await hydrated(page);
  }
  await submitLogin(page, GATE.ADMIN_USERNAME, GATE.ADMIN_PASSWORD);
  await page.waitForURL((url) => url.pathname === '/admin');
  await page.getByRole('navigation', { name: 'Dashboard sections' }).waitFor();
  await dashboardLists(page);
}

/** Waits until the dashboard has loaded its lists, which follow once it knows where its records are (it asks for a server first). */
export async function dashboardLists(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('.admin-count') && !document.querySelector('.admin-section[aria-busy="true"]'));
}

export async function stored(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => localStorage.getItem(k), key);
}

export async function storedList<T = Record<string, unknown>>(page: Page, key: string): Promise<T[]> {
  const raw = await stored(page, key);
  return raw === null ? [] : (JSON.parse(raw) as T[]);
}

/** The collection's storage key, as src/browser/storage/storage.ts names it. */
export const collectionKey = (collection: string) => `gb:${collection.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

export interface LeadPost {
  type: string;
  id: string;
  createdAt: string;
  fields: Record<string, string | string[]>;
  page: string;
}

/** Talks to the loopback lead endpoint about this test file's leads: switch it to failing or back, forget or list what it received. */
export async function leadControl(query: 'reset' | 'failing=true' | 'failing=false' | '' = ''): Promise<{ failing: boolean; received: LeadPost[] }> {
  const response = await fetch(`${inject('leadControl')}?client=${testClient()}${query ? `&${query}` : ''}`);
  return (await response.json()) as { failing: boolean; received: LeadPost[] };
}

/**
 * Registers, where it is called (a test file or a describe block), hooks that start each test with
 * this file's leads forgotten and the lead endpoint answering, and leave it answering after each.
 */
export function useLeadEndpoint(): void {
  beforeEach(async () => {
    await leadControl('failing=false');
    await leadControl('reset');
  });
  afterEach(async () => {
    // A failed test must not leave the endpoint failing for the next one.
    await leadControl('failing=false');
  });
}

/**
 * Signs in through /admin/login on `origin` (a site its own server serves, see server-mode.ts), as
 * the configured account or as `as` (another account of that server), and waits until the
 * dashboard says where its submissions come from and has loaded its lists.
 */
export async function signInAdminAt(
  page: Page,
  origin: string,
  as: { name: string; password: string } = { name: TEST_CREDENTIALS.ADMIN_USERNAME, password: TEST_CREDENTIALS.ADMIN_PASSWORD },
): Promise<void> {
  await page.goto(`${origin}/admin/login?next=/admin`);
  await hydrated(page);
  await submitLogin(page, as.name, as.password);
  await page.waitForURL((url) => url.pathname === '/admin');
  await page.locator('.admin-source[data-source="server"], .admin-source[data-source="browser"]').waitFor();
  // As a person would, the tests act once the lists are there (a Logout while they load would cut their requests short).
  await dashboardLists(page);
}
