/**
 * The site served by its own server (built without LEAD_ENDPOINT): a visitor's leads reach the
 * server, and the admin, signed in through the login page in another browser context, lists,
 * filters, works and exports them from there, also after the server restarts (the buyers' leads
 * on the sales desk, whose own tests are in sales-desk.test.ts). On the static test build
 * (no server) the dashboard says it shows this browser's storage only.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { openPage, useBrowser, visit } from './support/browser';
import { GATE } from './support/env';
import { formCase, sendValid } from './support/lead-forms';
import { KEY, signInAdminAt, stored, submitLogin } from './support/portal';
import { useServerSite } from './support/server-mode';

const SERVER_SOURCE = 'Showing every submission received by the server, from any browser.';
const BROWSER_SOURCE = 'No server answered: these are the submissions stored in this browser only.';

const browser = useBrowser();

const sourceNote = (page: Page) => page.locator('.admin-source[data-source="server"], .admin-source[data-source="browser"]');

describe('the site served by its own server', () => {
  const site = useServerSite();
  const contact = formCase('/contact');
  const partnership = formCase('/partnership');

  // A visitor's two forms sent at a person's pace, two sign-ins and a restart of the server: about
  // 45 s in the full suite, and once over the 60 s default beside two CPU-bound processes.
  test('a visitor’s leads reach the server; the admin reviews and exports them from another browser, also after a restart', async () => {
    const visitor = await openPage(browser());
    const posted: string[] = [];
    visitor.page.on('request', (request) => {
      if (request.method() === 'POST') posted.push(new URL(request.url()).pathname);
    });
    // As a person sends them: a form sent within 3 s of its page showing would go to the Spam list.
    const enquiry = await sendValid(visitor.page, site.origin(), contact, {}, { asPerson: true });
    const application = await sendValid(visitor.page, site.origin(), partnership, {}, { asPerson: true });
    // Each lead was posted once, to the same origin's API (no LEAD_ENDPOINT in this build).
    expect(posted).toEqual(['/api/leads', '/api/leads']);
    expect(visitor.problems).toEqual([]);

    const admin = await openPage(browser());
    const { page } = admin;
    await signInAdminAt(page, site.origin());
    expect(await sourceNote(page).textContent()).toBe(SERVER_SOURCE);
    // The HttpOnly session cookie, which the page's script cannot read.
    const cookies = await page.context().cookies();
    expect(cookies.some((cookie) => cookie.httpOnly)).toBe(true);
    expect(await page.evaluate(() => document.cookie)).toBe('');

    // Buyers' leads are on the sales desk (sales-desk.test.ts works it); the applications have their sections.
    const enquiryLine = page.locator(`#buyers-leads [data-lead-id="${enquiry}"]`);
    await enquiryLine.waitFor();
    expect(await enquiryLine.locator('.lead-company').textContent()).toBe('Hamburg Spice Trading GmbH');
    expect(await page.locator('#contact-enquiries').count()).toBe(0);

    // The partnership application is worked in its pipeline (buyer-pipeline.test.ts works it in full): a stage and a note.
    const applicationLine = page.locator(`#partnership-applications [data-application-id="${application}"]`);
    await applicationLine.getByRole('button').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Note or call', { exact: true }).fill('Strong fit for the GCC; call in week 12.');
    await dialog.getByRole('button', { name: 'Add note', exact: true }).click();
    await dialog.getByText('Note added.', { exact: true }).waitFor();
    await dialog.getByLabel('Stage', { exact: true }).selectOption('reviewing');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByText('Saved: stage Reviewing.', { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => applicationLine.getAttribute('data-status')).toBe('reviewing');
    // The stage filter: the application is listed under its stage, not under 'New'.
    const filter = page.locator('#partnership-applications').getByLabel('Show', { exact: true });
    await filter.selectOption('new');
    await applicationLine.waitFor({ state: 'detached' });
    await filter.selectOption('reviewing');
    await applicationLine.waitFor();
    await filter.selectOption('');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('#partnership-applications').getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = fs.readFileSync((await download.path()) ?? '', 'utf8');
    const row = csv.split('\r\n').find((line) => line.startsWith(`${application},`));
    // The stage as the admin reads it, its label: a CRM imports the CSV as it is.
    expect(row).toContain(',Reviewing,');
    expect(row).toContain('Strong fit for the GCC; call in week 12.');
    expect(admin.problems).toEqual([]);

    await site.restart();
    const fresh = await openPage(browser());
    await signInAdminAt(fresh.page, site.origin());
    expect(await sourceNote(fresh.page).textContent()).toBe(SERVER_SOURCE);
    await fresh.page.locator(`#buyers-leads [data-lead-id="${enquiry}"]`).waitFor();
    const after = fresh.page.locator(`#partnership-applications [data-application-id="${application}"]`);
    await after.waitFor();
    expect(await after.getAttribute('data-status')).toBe('reviewing');
    expect(fresh.problems).toEqual([]);
  });

  test('without a server session (expired or never started) the dashboard shows this browser’s storage and says why', async () => {
    const { page, problems } = await openPage(browser());
    await signInAdminAt(page, site.origin());
    expect(await sourceNote(page).textContent()).toBe(SERVER_SOURCE);
    // The session cookie is gone, as after it expired; this browser's flag still opens the screen.
    await page.context().clearCookies();
    await page.reload();
    await expect
      .poll(() => sourceNote(page).textContent())
      .toMatch(/^The server answered, but you are not signed in there .*: these are the submissions stored in this browser only\./);
    expect(problems.filter((problem) => !problem.endsWith('/api/admin/session'))).toEqual([]);
  });

  test('Logout ends the server session as well as this browser’s sign-in', async () => {
    const { page, problems } = await openPage(browser());
    await signInAdminAt(page, site.origin());
    expect(await sourceNote(page).textContent()).toBe(SERVER_SOURCE);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/login');
    const session = await page.evaluate(async () => (await fetch('/api/admin/session')).status);
    expect(session).toBe(401);
    expect(await stored(page, KEY.adminAuth)).toBe('false');
    // The check above is the only expected failure.
    expect(problems.filter((problem) => !problem.endsWith('/api/admin/session'))).toEqual([]);
  });
});

describe('the static build (no server)', () => {
  test('the dashboard says it shows the submissions stored in this browser only', async () => {
    const watched = await openPage(browser());
    await visit(watched, '/admin/login?next=/admin');
    await submitLogin(watched.page, GATE.ADMIN_USERNAME, GATE.ADMIN_PASSWORD);
    await watched.page.waitForURL((url) => url.pathname === '/admin');
    await expect.poll(() => sourceNote(watched.page).textContent()).toBe(BROWSER_SOURCE);
    expect(watched.problems).toEqual([]);
  });
});
