/**
 * One record per buyer, and partnership (distributor) applications in a pipeline of their own, on
 * the site its own server serves. A buyer sends a quote request, a sample request (their e-mail in
 * other capitals) and a partnership application (a colleague's address, the company in capitals,
 * the same country) through the real forms: all three are on one buyer page, reached from a lead's
 * "All leads of this buyer (3)" and by its address, also through the sign-in; the page's link to
 * the partnership application opens it in its pipeline, as a notification's link does. Two
 * colleagues work an application: a note, a stage and a follow-up date, a stale save refused
 * naming who and when with the choice kept, the history.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { localDate } from '../../src/shared/domain/sales-pipeline';
import { formatDay } from '../../src/ui/features/admin/format';
import { openPage, useBrowser, hydrated } from './support/browser';
import { formCase, sendValid } from './support/lead-forms';
import { dashboardLists, signInAdminAt, submitLogin } from './support/portal';
import { TEST_CREDENTIALS } from './support/env';
import { addColleagueAt, useServerSite } from './support/server-mode';

const browser = useBrowser();
const BOSS = TEST_CREDENTIALS.ADMIN_USERNAME;
const ANNA = 'anna@garlicbrothers.example';

const dayFromToday = (days: number) => {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return localDate(date);
};

const buyerLeads = (page: Page) =>
  page
    .locator('#buyer [data-buyer-lead]')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-buyer-lead')))
    .then((ids) => [...ids].sort());

async function openApplication(page: Page, origin: string, reference: string): Promise<Locator> {
  // The notification's link to the application.
  await page.goto(`${origin}/admin?application=${reference}#partnership-applications`);
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  expect(await dialog.locator('.lead-details-kind').innerText()).toContain(`Ref. ${reference}`);
  return dialog;
}

describe('one record per buyer, and the partner pipeline', () => {
  const site = useServerSite();
  const contact = formCase('/contact');
  const sample = formCase('/sample-request');
  const partnership = formCase('/partnership');

  test('a buyer’s quote, sample and partnership leads, sent through the forms, are on one buyer page, reached from each lead and by its address through the sign-in', async () => {
    const visitor = await openPage(browser());
    const quote = await sendValid(visitor.page, site.origin(), contact, {}, { asPerson: true });
    const samples = await sendValid(
      visitor.page,
      site.origin(),
      sample,
      { Company: 'Hamburg Spice Trading GmbH', 'E-mail': 'Anna.Schmidt@SpiceTrading.example', Phone: '+49 (40) 123 4567', Country: 'Germany' },
      { asPerson: true },
    );
    const application = await sendValid(
      visitor.page,
      site.origin(),
      partnership,
      { Company: 'HAMBURG SPICE TRADING GMBH', 'Contact person': 'Anna Schmidt', 'E-mail': 'trade@spicetrading.example', Country: 'Germany' },
      { asPerson: true },
    );
    expect(visitor.problems).toEqual([]);

    const admin = await openPage(browser());
    const { page } = admin;
    await signInAdminAt(page, site.origin());
    await page.locator(`#buyers-leads [data-lead-open="${quote}"]`).click();
    const dialog = page.getByRole('dialog');
    const link = dialog.getByRole('link', { name: 'All leads of this buyer (3)', exact: true });
    await link.waitFor();
    await link.click();

    await page.waitForURL((url) => url.pathname === '/admin' && url.searchParams.get('buyer') === quote);
    const heading = page.locator('#buyer h2');
    // Named as the newest lead names them.
    await expect.poll(() => heading.textContent()).toBe('Buyer: HAMBURG SPICE TRADING GMBH');
    await expect.poll(() => buyerLeads(page)).toEqual([quote, samples, application].sort());
    const facts = await page.locator('#buyer .record-fields').innerText();
    expect(facts).toContain('Anna Schmidt');
    expect(facts).toContain('Germany');
    // Each way to reach them, once per address and number: the e-mail in other capitals and the number written otherwise are one contact.
    const contacts = page.locator('#buyer .buyer-contact');
    expect(await contacts.count()).toBe(2);
    expect(await page.locator('#buyer').getByRole('link', { name: 'E-mail trade@spicetrading.example' }).getAttribute('href')).toBe(
      `mailto:trade@spicetrading.example?subject=Your%20partnership%20application%20${application}`,
    );
    // As the newest of the two leads wrote the number.
    expect(await page.locator('#buyer').getByRole('link', { name: 'Call +49 (40) 123 4567' }).getAttribute('href')).toBe('tel:+49401234567');
    // Each lead with its kind and status, and their arrivals in the activity, newest first.
    expect(await page.locator(`#buyer [data-buyer-lead="${application}"]`).innerText()).toContain(`Partnership application ${application}: New`);
    expect(await page.locator(`#buyer [data-buyer-lead="${samples}"]`).innerText()).toContain(`Sample request ${samples}: New`);
    const activity = await page.locator('#buyer .buyer-activity li').allInnerTexts();
    expect(activity.map((line) => line.split('\n').find((part) => part.includes('Sent from')))).toEqual([
      'Sent from /partnership: New',
      'Sent from /sample-request: New',
      'Sent from /contact: New',
    ]);
    expect(admin.problems).toEqual([]);

    // The address, in a browser that is not signed in: the sign-in returns to the buyer page.
    const other = await openPage(browser());
    await other.page.goto(`${site.origin()}/admin?buyer=${application}`);
    await other.page.waitForURL((url) => url.pathname === '/admin/login');
    await hydrated(other.page);
    await submitLogin(other.page, BOSS, TEST_CREDENTIALS.ADMIN_PASSWORD);
    await other.page.waitForURL((url) => url.pathname === '/admin' && url.searchParams.get('buyer') === application);
    await expect.poll(() => buyerLeads(other.page)).toEqual([quote, samples, application].sort());

    // The page's link to the application opens it in its pipeline.
    await other.page.locator(`#buyer [data-buyer-lead="${application}"]`).getByRole('link').click();
    const opened = other.page.getByRole('dialog');
    await opened.waitFor();
    expect(await opened.locator('h2').textContent()).toBe('HAMBURG SPICE TRADING GMBH');
    expect(await opened.getByLabel('Stage', { exact: true }).inputValue()).toBe('new');
    expect(other.problems).toEqual([]);
  });

  test('two colleagues work a partnership application: a note, a stage and a follow-up, a stale save refused with the choice kept, the history', async () => {
    const visitor = await openPage(browser());
    const reference = await sendValid(visitor.page, site.origin(), partnership, {}, { asPerson: true });
    const password = await addColleagueAt(site.origin(), ANNA);

    const boss = await openPage(browser());
    await signInAdminAt(boss.page, site.origin());
    const anna = await openPage(browser());
    await signInAdminAt(anna.page, site.origin(), { name: ANNA, password });
    const bossDialog = await openApplication(boss.page, site.origin(), reference);
    const annaDialog = await openApplication(anna.page, site.origin(), reference);

    // Anna adds a note, moves the application to Reviewing and sets a follow-up.
    const followUp = dayFromToday(5);
    await annaDialog.getByLabel('Note or call', { exact: true }).fill('Omar: 400 restaurants, wants a 20-ft container trial.');
    await annaDialog.getByRole('button', { name: 'Add note', exact: true }).click();
    await annaDialog.getByText('Note added.', { exact: true }).waitFor();
    await annaDialog.getByLabel('Stage', { exact: true }).selectOption('reviewing');
    await annaDialog.getByLabel('Follow-up date', { exact: true }).fill(followUp);
    await annaDialog.getByRole('button', { name: 'Save', exact: true }).click();
    await annaDialog.getByText(`Saved: stage Reviewing, follow-up on ${formatDay(followUp)}.`, { exact: true }).waitFor();

    // The boss saves from the version he opened: refused, naming Anna, his choice kept.
    const stage = bossDialog.getByLabel('Stage', { exact: true });
    await stage.selectOption('samplesSent');
    await bossDialog.getByRole('button', { name: 'Save', exact: true }).click();
    const result = bossDialog.locator('.lead-work [role="status"]');
    await expect.poll(() => result.textContent()).toMatch(new RegExp(`^Not saved: Changed by ${ANNA} at .+ while you were editing: reload to see it\\.`));
    expect(await stage.inputValue()).toBe('samplesSent');
    await bossDialog.getByRole('button', { name: 'Reload', exact: true }).click();
    await bossDialog.getByText(/^Reloaded:/).waitFor();
    expect(await bossDialog.locator('.lead-details-facts').innerText()).toContain('Stage: Reviewing');
    expect(await stage.inputValue()).toBe('samplesSent');
    // The follow-up he never touched now shows Anna's date: his save does not undo it.
    expect(await bossDialog.getByLabel('Follow-up date', { exact: true }).inputValue()).toBe(followUp);
    await bossDialog.getByRole('button', { name: 'Save', exact: true }).click();
    await bossDialog.getByText('Saved: stage Samples sent.', { exact: true }).waitFor();

    const history = bossDialog.locator('.lead-history li');
    await expect
      .poll(() => history.allInnerTexts())
      .toEqual([
        expect.stringMatching(new RegExp(`by ${BOSS}\\s+Status: Reviewing → Samples sent$`)),
        expect.stringMatching(new RegExp(`by ${ANNA.replace(/\./g, '\\.')}\\s+Status: New → Reviewing; Follow-up: none → ${formatDay(followUp)}$`)),
        expect.stringMatching(new RegExp(`by ${ANNA.replace(/\./g, '\\.')}\\s+Added a note$`)),
        expect.stringContaining('Sent from /partnership: New'),
      ]);

    // The list shows the stage and the follow-up, after a reload too.
    // Closed (its close event comes a task after the key), the dialog leaves the address with it;
    // a reload before that would open the application again.
    await boss.page.keyboard.press('Escape');
    await boss.page.getByRole('dialog').waitFor({ state: 'detached' });
    await boss.page.reload();
    await dashboardLists(boss.page);
    const line = boss.page.locator(`#partnership-applications [data-application-id="${reference}"]`);
    await line.waitFor();
    expect(await line.getAttribute('data-status')).toBe('samplesSent');
    expect(await line.innerText()).toContain(`Due ${formatDay(followUp)}`);
    // Anna's note is the application's, for everyone who opens it.
    await line.getByRole('button').click();
    const reopened = boss.page.getByRole('dialog');
    await expect
      .poll(() => reopened.locator('.lead-entry-list li').allInnerTexts())
      .toEqual([expect.stringContaining('Omar: 400 restaurants, wants a 20-ft container trial.')]);
    expect(await reopened.getByLabel('Stage', { exact: true }).inputValue()).toBe('samplesSent');

    expect(boss.problems).toEqual([`HTTP 409: ${site.origin()}/api/admin/leads/${reference}`]);
    expect([...visitor.problems, ...anna.problems]).toEqual([]);
  });
});
