/**
 * The address keeps what the admin has open, on the site its own server serves: a lead's details
 * opened from a notification's link (/admin?lead=…), a partnership application from its link
 * (/admin?application=…) and a buyer's page (/admin?buyer=…) are there again after the browser
 * reloads the page, and a closed dialog stays closed. After a stale save's Reload, the details'
 * notes and calls are the lead's as they are now, a colleague's note among them.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { addressOf, openPage, useBrowser } from './support/browser';
import { formCase, sendValid } from './support/lead-forms';
import { dashboardLists, signInAdminAt } from './support/portal';
import { addColleagueAt, useServerSite } from './support/server-mode';

const browser = useBrowser();
const ANNA = 'anna@garlicbrothers.example';

/** The dialog's reference line once it is open. */
async function openedReference(page: Page): Promise<string> {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  return dialog.locator('.lead-details-kind').innerText();
}

describe('the address keeps what is open', () => {
  const site = useServerSite();
  const contact = formCase('/contact');
  const partnership = formCase('/partnership');

  test('a lead, an application and a buyer’s page opened from their links are open again after a reload; a closed dialog stays closed', async () => {
    const visitor = await openPage(browser());
    const lead = await sendValid(visitor.page, site.origin(), contact, {}, { asPerson: true });
    const application = await sendValid(visitor.page, site.origin(), partnership, {}, { asPerson: true });
    const admin = await openPage(browser());
    const { page } = admin;
    await signInAdminAt(page, site.origin());

    await page.goto(`${site.origin()}/admin?lead=${lead}#buyers-leads`);
    expect(await openedReference(page)).toContain(`Ref. ${lead}`);
    await page.reload();
    expect(await openedReference(page)).toContain(`Ref. ${lead}`);
    // Closed, the lead is no longer in the address: a reload opens nothing. The dialog leaves the
    // accessibility tree as it closes; the address changes at its close event, a task later.
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(async () => (await addressOf(page)).searchParams.get('lead')).toBeNull();
    await page.reload();
    await dashboardLists(page);
    await page.locator(`#buyers-leads [data-lead-open="${lead}"]`).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    await page.goto(`${site.origin()}/admin?application=${application}#partnership-applications`);
    expect(await openedReference(page)).toContain(`Ref. ${application}`);
    await page.reload();
    expect(await openedReference(page)).toContain(`Ref. ${application}`);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(async () => (await addressOf(page)).searchParams.get('application')).toBeNull();

    await page.goto(`${site.origin()}/admin?buyer=${lead}`);
    await page.locator(`#buyer [data-buyer-lead="${lead}"]`).waitFor();
    await page.reload();
    await page.locator(`#buyer [data-buyer-lead="${lead}"]`).waitFor();
    expect((await addressOf(page)).searchParams.get('buyer')).toBe(lead);
    expect([...visitor.problems, ...admin.problems]).toEqual([]);
  });

  test('Reload after a stale save shows the notes and calls a colleague added meanwhile', async () => {
    const visitor = await openPage(browser());
    const reference = await sendValid(visitor.page, site.origin(), contact, {}, { asPerson: true });
    const password = await addColleagueAt(site.origin(), ANNA);
    const boss = await openPage(browser());
    await signInAdminAt(boss.page, site.origin());
    const anna = await openPage(browser());
    await signInAdminAt(anna.page, site.origin(), { name: ANNA, password });
    const open = async (page: Page) => {
      await page.locator(`#buyers-leads [data-lead-open="${reference}"]`).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      return dialog;
    };
    const bossDialog = await open(boss.page);
    const annaDialog = await open(anna.page);
    const bossEntries = bossDialog.locator('.lead-entry-list li');
    await bossDialog.getByText('No notes or calls yet.', { exact: false }).waitFor();

    await annaDialog.getByLabel('Note or call', { exact: true }).fill('Anna: wants 2 t of granules by March.');
    await annaDialog.getByRole('button', { name: 'Log call', exact: true }).click();
    await annaDialog.getByText('Call logged.', { exact: true }).waitFor();
    await annaDialog.getByLabel('Status', { exact: true }).selectOption('contacted');
    await annaDialog.getByRole('button', { name: 'Save', exact: true }).click();
    await annaDialog.getByText('Saved: status Contacted.', { exact: true }).waitFor();

    await bossDialog.getByLabel('Status', { exact: true }).selectOption('quoted');
    await bossDialog.getByRole('button', { name: 'Save', exact: true }).click();
    await bossDialog.getByRole('button', { name: 'Reload', exact: true }).click();
    await bossDialog.getByText(/^Reloaded:/).waitFor();
    await expect.poll(() => bossEntries.allInnerTexts()).toEqual([expect.stringContaining('Anna: wants 2 t of granules by March.')]);
    expect([...visitor.problems, ...anna.problems]).toEqual([]);
  });
});
