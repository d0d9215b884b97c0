/**
 * What the company learns from its site (issue 27, part E), on the site its own server serves:
 * 20 fresh visitors on / give the server 20 impressions split between the A/B variants, one of
 * them clicking the call to action one conversion; the admin's A/B section shows the server's
 * counts with their intervals and says the difference is not yet significant, and its field-data
 * table shows those visits of /. A visitor with Global Privacy Control or Do Not Track sends
 * nothing at all. On a static host the home page sends nothing and asks nothing of /api.
 *
 * The server counts a beacon only with the site's Origin and the visitor id of the page's head
 * script, with the variant that id is assigned (src/server/beacons/): the counts here also show
 * that Chromium's navigator.sendBeacon sends the page's Origin and that the page's beacons pass.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { describeViolations, runAxe } from '../../scripts/lib/axe';
import { HOMEPAGE_CTA } from '../../src/shared/experiments/registry';
import { KEYS } from '../../src/browser/storage/storage';
import { baseUrl, hydrated, openPage, useBrowser, type WatchedPage } from './support/browser';
import { TEST_CREDENTIALS } from './support/env';
import { signInAdminAt } from './support/portal';
import { useServerSite } from './support/server-mode';

const browser = useBrowser();
const VISITORS = 20;

interface VariantCount {
  variant: string;
  impressions: number;
  conversions: number;
}

/**
 * The paths of every /api request the page's tab sends, beacons included: read from Chromium's
 * own network events, since Playwright's request events do not report navigator.sendBeacon.
 */
async function recordApiCalls(page: Page): Promise<string[]> {
  const calls: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Network.requestWillBeSent', (event) => {
    const { pathname } = new URL(event.request.url);
    if (pathname.startsWith('/api')) calls.push(pathname);
  });
  await cdp.send('Network.enable');
  return calls;
}

async function hydratedHome(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/`, { waitUntil: 'load' });
  await hydrated(page);
}

/** Waits until the page has recorded its impression (after the load event, once per visit). */
async function impressionRecorded(page: Page): Promise<string> {
  const key = KEYS.abImpression(HOMEPAGE_CTA.id);
  await page.waitForFunction((k) => sessionStorage.getItem(k) !== null, key);
  return (await page.evaluate((k) => sessionStorage.getItem(k), key)) as string;
}

/** The admin API, signed in from Node as the test account (the server checks the Origin). */
async function adminApi(origin: string) {
  const login = await fetch(`${origin}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({ username: TEST_CREDENTIALS.ADMIN_USERNAME, password: TEST_CREDENTIALS.ADMIN_PASSWORD }),
  });
  expect(login.status).toBe(200);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return {
    async variants(): Promise<VariantCount[]> {
      const response = await fetch(`${origin}/api/admin/experiments`, { headers: { cookie, Origin: origin } });
      const body = (await response.json()) as { experiments: { id: string; variants: VariantCount[] }[] };
      return body.experiments.find((experiment) => experiment.id === HOMEPAGE_CTA.id)?.variants ?? [];
    },
    /** The page views of / on a desktop in the field data. */
    async homeViews(): Promise<number> {
      const response = await fetch(`${origin}/api/admin/field-data`, { headers: { cookie, Origin: origin } });
      const body = (await response.json()) as { rows: { route: string; device: string; views: number }[] };
      return body.rows.find((row) => row.route === '/' && row.device === 'desktop')?.views ?? 0;
    },
  };
}

const total = (variants: VariantCount[], field: 'impressions' | 'conversions') => variants.reduce((sum, v) => sum + v[field], 0);

/** Polls until `check` holds (the server writes its counts once a second), at most 15 s. */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 15_000;
  let value = await read();
  while (!check(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    value = await read();
  }
  return value;
}

describe('beacons to the site’s own server', () => {
  const site = useServerSite();

  test('20 fresh visitors on / count 20 impressions split between the variants, a click on the call to action one conversion, and the admin shows both and the field data of /', async () => {
    const origin = site.origin();
    const api = await adminApi(origin);
    const seen: string[] = [];
    const beacons: string[] = [];
    let converter = '';
    // Each visitor's tab stays open until the server has counted its beacons: closing a browser
    // context cancels the requests still in flight, the beacon sent as the page was left among them.
    const tabs: WatchedPage[] = [];
    // Four visitors at a time, each in a browser profile of its own (a new visitor id).
    for (let start = 0; start < VISITORS; start += 4) {
      await Promise.all(
        Array.from({ length: 4 }, async (_, offset) => {
          const index = start + offset;
          const visitor: WatchedPage = await openPage(browser());
          tabs.push(visitor);
          const calls = await recordApiCalls(visitor.page);
          await hydratedHome(visitor.page, origin);
          const variant = await impressionRecorded(visitor.page);
          seen.push(variant);
          // The vitals are measured from a moment after the load event: a visitor reads the page first.
          await visitor.page.locator('html[data-vitals="measured"]').waitFor({ state: 'attached' });
          if (index === 0) {
            // The first visitor clicks the call to action; leaving / sends its web vitals too.
            converter = variant;
            await visitor.page.locator(`[data-experiment-conversion="${HOMEPAGE_CTA.id}"]`).click();
            await visitor.page.waitForURL((url) => url.pathname === '/contact');
          } else {
            // Leaving the page hides it: the vitals of / go in one beacon.
            await visitor.page.goto(`${origin}/about`, { waitUntil: 'load' });
          }
          expect(visitor.problems).toEqual([]);
          beacons.push(...calls);
        }),
      );
    }
    expect(seen).toHaveLength(VISITORS);
    // The visitors' own browsers saw both variants (20 random ids: one variant alone has odds of 2 in a million).
    expect(new Set(seen).size).toBe(2);

    const variants = await eventually(api.variants, (v) => total(v, 'impressions') >= VISITORS && total(v, 'conversions') >= 1);
    expect(total(variants, 'impressions')).toBe(VISITORS);
    for (const name of HOMEPAGE_CTA.variants) {
      expect(variants.find((v) => v.variant === name)?.impressions).toBe(seen.filter((s) => s === name).length);
    }
    expect(variants.filter((v) => v.conversions > 0)).toEqual([expect.objectContaining({ variant: converter, conversions: 1 })]);
    // The tabs' network events show the impressions' beacons (those sent as a page is left may be
    // reported after the tab has moved on): what the test below relies on to see that none is sent.
    expect(beacons.filter((path) => path === '/api/beacons/ab').length).toBeGreaterThanOrEqual(VISITORS);

    const homeViews = await eventually(api.homeViews, (views) => views >= VISITORS);
    expect(homeViews).toBe(VISITORS);
    for (const tab of tabs) await tab.page.context().close();

    // The admin: the server's counts with their intervals, and the field data of /.
    const admin = await openPage(browser());
    await signInAdminAt(admin.page, origin);
    const experiment = admin.page.locator('#experiments');
    const serverTable = experiment.locator('table[data-source="server"]');
    await serverTable.waitFor();
    const rows = await serverTable.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent?.trim())));
    for (const name of HOMEPAGE_CTA.variants) {
      const row = rows.find((cells) => cells[0] === name);
      expect(row?.[1]).toBe(String(seen.filter((s) => s === name).length));
      expect(row?.[3]).toMatch(/^\d+\.\d % \(95 % interval \d+\.\d % to \d+\.\d %\)$|^–$/);
    }
    await expect.poll(() => experiment.locator('.experiment-verdicts').textContent()).toMatch(/not yet significant/);

    const home = admin.page.locator('#field-data tr[data-route="/"][data-device="desktop"]');
    await home.waitFor();
    expect(Number(await home.locator('td').nth(1).textContent())).toBe(VISITORS);
    for (const metric of ['LCP', 'FCP', 'TTFB']) {
      expect(await home.locator(`td[data-metric="${metric}"]`).textContent()).toMatch(
        /^\d+ ms (Good|Needs improvement|Poor)$|^\d+\.\d\d s (Good|Needs improvement|Poor)$/,
      );
    }
    expect(await home.locator('.field-status').textContent()).toMatch(/^(Passes|Needs improvement: .+|Poor: .+)$/);
    // The two sections with their numbers pass axe (WCAG 2.2 A and AA), the ratings in words.
    expect(describeViolations(await runAxe(admin.page))).toEqual([]);
    expect(admin.problems).toEqual([]);
  }, 600_000);

  test('with Global Privacy Control or Do Not Track nothing is counted, kept or sent', async () => {
    const origin = site.origin();
    const api = await adminApi(origin);
    const before = await api.variants();
    const signals = {
      'Global Privacy Control': () => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
      'Do Not Track': () => Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' }),
    };
    for (const [name, script] of Object.entries(signals)) {
      const visitor = await openPage(browser());
      await visitor.page.context().addInitScript(script);
      const calls = await recordApiCalls(visitor.page);
      await hydratedHome(visitor.page, origin);
      // The vitals code, loaded after the moment an impression would have been recorded, says it measures nothing.
      await visitor.page.locator('html[data-vitals="off"]').waitFor({ state: 'attached' });
      expect(await visitor.page.evaluate((k) => sessionStorage.getItem(k), KEYS.abImpression(HOMEPAGE_CTA.id)), name).toBeNull();
      await visitor.page.locator(`[data-experiment-conversion="${HOMEPAGE_CTA.id}"]`).click();
      await visitor.page.waitForURL((url) => url.pathname === '/contact');
      await visitor.page.goto(`${origin}/about`, { waitUntil: 'load' });
      expect(
        calls.filter((path) => path.startsWith('/api/beacons')),
        name,
      ).toEqual([]);
      expect(await visitor.page.evaluate((k) => localStorage.getItem(k), KEYS.abConversions), name).toBeNull();
      expect(visitor.problems).toEqual([]);
      await visitor.page.context().close();
    }
    // Longer than the server waits before writing what it was sent.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await api.variants()).toEqual(before);
  });
});

describe('on a static host', () => {
  test('the home page sends no beacon and asks nothing of /api, and keeps today’s counts in the browser', async () => {
    const visitor = await openPage(browser());
    const calls = await recordApiCalls(visitor.page);
    await hydratedHome(visitor.page, baseUrl());
    const variant = await impressionRecorded(visitor.page);
    await visitor.page.locator(`[data-experiment-conversion="${HOMEPAGE_CTA.id}"]`).click();
    await visitor.page.waitForURL((url) => url.pathname === '/contact');
    const counts = JSON.parse((await visitor.page.evaluate((k) => localStorage.getItem(k), KEYS.abConversions)) ?? '{}') as Record<
      string,
      Record<string, VariantCount>
    >;
    expect(counts[HOMEPAGE_CTA.id]?.[variant]).toEqual({ impressions: 1, conversions: 1 });
    // /contact's form asks /api/health when it wakes up (a static host's 404): that is the form's, not a beacon.
    expect(calls.filter((path) => path !== '/api/health')).toEqual([]);
    expect(visitor.problems).toEqual([]);
  });
});
