/**
 * The desk's and the dashboard's lists, on the site its own server serves with e-mail to an SMTP
 * server on loopback: each row of the desk names who has the lead ("Unassigned" until someone
 * does), in its own column on a desktop and on the row's second line at 390 px; a job
 * application's e-mail links to that application in its own list (job applications are not the
 * desk's), which the dashboard shows, marked and focused; and the partnership tile counts the
 * applications still at New as pending review. The lists are styled by the page's own inlined
 * sheets only: the sections' chunks, loaded once signed in, link no second copy of the base sheet,
 * which would come after the page's sheets and win over their rules of equal specificity.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startMailSink, type MailSink } from '../server/mail-sink';
import { openPage, useBrowser } from './support/browser';
import { formCase, sendValid } from './support/lead-forms';
import { signInAdminAt } from './support/portal';
import { addColleagueAt, useServerSite } from './support/server-mode';
import { EVENT_WAIT_MS } from './support/waits';

const browser = useBrowser();
const ANNA = 'anna@garlicbrothers.example';

let sink: MailSink;
beforeAll(async () => {
  sink = await startMailSink();
});
afterAll(async () => {
  await sink?.stop();
});

/** The text a sighted reader sees: without what only a screen reader reads. */
const seen = (locator: Locator) =>
  locator.evaluate((element) => {
    const copy = element.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('.visually-hidden').forEach((hidden) => hidden.remove());
    return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
  });

const ownerOf = (page: Page, reference: string) => page.locator(`#buyers-leads .desk-row[data-lead-id="${reference}"] .lead-owner`);

/** Shown whole: inside the row and the viewport, nothing cut off. */
async function shownWhole(page: Page, owner: Locator): Promise<void> {
  const box = (await owner.boundingBox()) ?? { x: -1, y: 0, width: 0, height: 0 };
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(await owner.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
}

describe('the desk’s and the dashboard’s lists', () => {
  const site = useServerSite(() => ({ SMTP_URL: sink.url, LEAD_NOTIFY_TO: 'sales@garlicbrothers.example', LEAD_NOTIFY_FROM: 'leads@garlicbrothers.example' }));
  const contact = formCase('/contact');
  const careers = formCase('/careers');
  const partnership = formCase('/partnership');

  test('the signed-in dashboard, its sections loaded, fetches and links no stylesheet but its print and footer sheets', async () => {
    const { page, problems } = await openPage(browser());
    const fetched: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith('.css')) fetched.push(pathname);
    });
    await signInAdminAt(page, site.origin());
    await page.locator('.buyer-desk:not([aria-busy="true"])').first().waitFor();
    const linked = await page.evaluate(() => [...document.querySelectorAll('link[rel="stylesheet"]')].map((link) => link.getAttribute('href') ?? ''));
    // The print sheet (media="print") and the footer's, linked by the page itself.
    const ownLinks = /^\/assets\/(print|footer)-[\w-]+\.css$/;
    expect(fetched.filter((sheet) => !ownLinks.test(sheet))).toEqual([]);
    expect(linked.filter((sheet) => !ownLinks.test(sheet))).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('each row names the lead’s owner, or Unassigned, on a desktop and at 390 px', async () => {
    const visitor = await openPage(browser());
    const reference = await sendValid(visitor.page, site.origin(), contact, {}, { asPerson: true });
    await addColleagueAt(site.origin(), ANNA);

    const desktop = await openPage(browser(), { viewport: { width: 1280, height: 800 } });
    await signInAdminAt(desktop.page, site.origin());
    const owner = ownerOf(desktop.page, reference);
    await owner.waitFor();
    expect(await seen(owner)).toBe('Unassigned');
    expect(await desktop.page.locator('#buyers-leads .lead-columns').innerText()).toMatch(/Status\s+Owner\s+Follow-up/);

    await desktop.page.locator(`#buyers-leads [data-lead-open="${reference}"]`).click();
    const dialog = desktop.page.getByRole('dialog');
    await dialog.getByLabel('Owner', { exact: true }).selectOption(ANNA);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByText(`Saved: owner ${ANNA}.`, { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => seen(owner)).toBe('anna');
    // A screen reader hears the whole account.
    expect(await owner.innerText()).toContain(ANNA);
    await shownWhole(desktop.page, owner);

    const phone = await openPage(browser(), { viewport: { width: 390, height: 844 } });
    await signInAdminAt(phone.page, site.origin());
    const small = ownerOf(phone.page, reference);
    await small.waitFor();
    expect(await seen(small)).toBe('anna');
    await shownWhole(phone.page, small);
    // On the row's second line, beside the follow-up and the age.
    const company = (await phone.page.locator(`#buyers-leads .desk-row[data-lead-id="${reference}"] .lead-company`).boundingBox()) ?? { y: 0, height: 0 };
    expect(((await small.boundingBox()) ?? { y: 0 }).y).toBeGreaterThan(company.y + company.height / 2);
    expect([...visitor.problems, ...desktop.problems, ...phone.problems]).toEqual([]);
  });

  test('a job application’s e-mail links to it in the job applications, not to the desk, and an older e-mail’s ?lead= link lands there too', async () => {
    const visitor = await openPage(browser());
    const reference = await sendValid(visitor.page, site.origin(), careers, {}, { asPerson: true });
    const mails = () => sink.messages.filter((mail) => mail.text.includes(reference));
    await expect.poll(() => mails().length, { timeout: EVENT_WAIT_MS }).toBe(1);
    const link = new URL(/https?:\/\/\S+\/admin\?\S+/.exec(mails()[0]?.text ?? '')?.[0] ?? '');
    expect(link.searchParams.get('record')).toBe(reference);
    expect(link.hash).toBe('#job-applications');

    const admin = await openPage(browser());
    const { page } = admin;
    await signInAdminAt(page, site.origin());
    await page.goto(`${site.origin()}${link.pathname}${link.search}${link.hash}`);
    const card = page.locator(`#job-applications [data-record-id="${reference}"]`);
    await expect.poll(() => card.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await card.getAttribute('aria-current')).toBe('true');
    // The desk opens nothing and says nothing about it.
    await expect.poll(() => page.locator('#buyers-leads').getAttribute('aria-busy')).toBe('false');
    expect(await page.locator('#buyers-leads .admin-status').textContent()).toBe('');
    expect(await page.getByRole('dialog').count()).toBe(0);

    // An older e-mail named it as a lead (?lead=): the admin opens again at the job application.
    await page.goto(`${site.origin()}/admin?lead=${reference}#buyers-leads`);
    await page.waitForURL((url) => url.searchParams.get('record') === reference && url.hash === '#job-applications');
    await expect.poll(() => card.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await page.locator('#buyers-leads .admin-status').textContent()).toBe('');
    expect([...visitor.problems, ...admin.problems]).toEqual([]);
  });

  test('the partnership tile counts the applications at New as pending review, and follows a stage change at once', async () => {
    const visitor = await openPage(browser());
    const first = await sendValid(visitor.page, site.origin(), partnership, {}, { asPerson: true });
    await sendValid(visitor.page, site.origin(), partnership, {}, { asPerson: true });
    const admin = await openPage(browser());
    const { page } = admin;
    await signInAdminAt(page, site.origin());
    const tile = page.locator('.overview-tile[href="#partnership-applications"]');
    await expect.poll(() => tile.locator('.overview-pending').textContent()).toBe('2 pending review');

    // One moves on to Reviewing: the tile counts one at once, without a reload, and so after one.
    await page.locator(`[data-application-open="${first}"]`).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Stage', { exact: true }).selectOption('reviewing');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByText('Saved: stage Reviewing.', { exact: true }).waitFor();
    await expect.poll(() => tile.locator('.overview-pending').textContent()).toBe('1 pending review');
    await page.reload();
    await expect.poll(() => tile.locator('.overview-pending').textContent()).toBe('1 pending review');
    expect([...visitor.problems, ...admin.problems]).toEqual([]);
  });
});
