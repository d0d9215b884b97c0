/**
 * Two colleagues on one lead, each in a browser of their own, on a site its own server serves:
 * both add a note and neither loses the other's; one moves the lead on, and the other's change from
 * the screen they opened before is refused with who changed it and when, their choice still
 * selected; after reloading, both notes and the first change are there, and the second can be saved
 * on purpose. A delete says it can be undone, and Undo brings the lead back.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { openPage, useBrowser } from './support/browser';
import { TEST_CREDENTIALS } from './support/env';
import { formCase, sendValid } from './support/lead-forms';
import { dashboardLists, signInAdminAt } from './support/portal';
import { addColleagueAt, useServerSite } from './support/server-mode';

const browser = useBrowser();
const BOSS = TEST_CREDENTIALS.ADMIN_USERNAME;
const ANNA = 'anna@garlicbrothers.example';
const RAVI = 'ravi@garlicbrothers.example';

const desk = (page: Page) => page.locator('#buyers-leads');

async function openDetails(page: Page, reference: string): Promise<Locator> {
  await desk(page).locator(`.desk-row[data-lead-id="${reference}"]`).getByRole('button').click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  return dialog;
}

/** The entries' lines as shown: who wrote each, newest first, and its text. */
const entriesShown = (dialog: Locator) =>
  dialog
    .locator('.lead-entry-list li')
    .evaluateAll((items) => items.map((item) => ({ author: item.getAttribute('data-entry-author'), text: item.textContent ?? '' })));

async function addNote(dialog: Locator, text: string): Promise<void> {
  await dialog.getByLabel('Note or call', { exact: true }).fill(text);
  await dialog.getByRole('button', { name: 'Add note', exact: true }).click();
  await dialog.getByText('Note added.', { exact: true }).waitFor();
}

describe('colleagues on one lead', () => {
  const site = useServerSite();
  const contact = formCase('/contact');

  test('both notes are kept; a status change from a stale screen names who changed the lead and keeps the choice; after reload both notes and the first status are there', async () => {
    const visitor = await openPage(browser());
    const reference = await sendValid(visitor.page, site.origin(), contact, {}, { asPerson: true });
    const password = await addColleagueAt(site.origin(), ANNA);

    const boss = await openPage(browser());
    await signInAdminAt(boss.page, site.origin());
    const anna = await openPage(browser());
    await signInAdminAt(anna.page, site.origin(), { name: ANNA, password });

    // Both open the lead while it is New.
    const bossDialog = await openDetails(boss.page, reference);
    const annaDialog = await openDetails(anna.page, reference);

    // Anna writes a note and moves the lead to Contacted.
    await addNote(annaDialog, 'Anna: called, wants CIF Hamburg prices.');
    await annaDialog.getByLabel('Status', { exact: true }).selectOption('contacted');
    await annaDialog.getByRole('button', { name: 'Save', exact: true }).click();
    await annaDialog.getByText('Saved: status Contacted.', { exact: true }).waitFor();

    // The boss, on the screen he opened before, adds his note: it never conflicts.
    await addNote(bossDialog, 'Boss: sent the price list.');
    await expect.poll(async () => (await entriesShown(bossDialog)).map((entry) => entry.author)).toEqual([BOSS, ANNA]);

    // His status change is from the version he opened: refused, saying who changed it and when.
    const status = bossDialog.getByLabel('Status', { exact: true });
    await status.selectOption('quoted');
    await bossDialog.getByRole('button', { name: 'Save', exact: true }).click();
    const result = bossDialog.locator('.lead-work [role="status"]');
    await expect.poll(() => result.textContent()).toMatch(new RegExp(`^Not saved: Changed by ${ANNA} at .+ while you were editing: reload to see it\\.`));
    expect(await status.inputValue()).toBe('quoted');

    // Reload the lead: Anna's change shows, his choice is still selected, and he saves it on purpose.
    await bossDialog.getByRole('button', { name: 'Reload', exact: true }).click();
    await bossDialog.getByText(/^Reloaded:/).waitFor();
    expect(await bossDialog.locator('.lead-details-facts').innerText()).toContain('Status: Contacted');
    expect(await bossDialog.locator('.lead-details-changed').innerText()).toContain(`Last changed by ${ANNA}`);
    expect(await status.inputValue()).toBe('quoted');

    // A reload of the whole page opens the lead's details again, as its address names the lead: both notes, newest first, and Anna's status.
    await boss.page.reload();
    await dashboardLists(boss.page);
    const reopened = boss.page.getByRole('dialog');
    await reopened.waitFor();
    expect(new URL(boss.page.url()).searchParams.get('lead')).toBe(reference);
    await expect
      .poll(() => entriesShown(reopened))
      .toEqual([
        { author: BOSS, text: expect.stringContaining('Boss: sent the price list.') },
        { author: ANNA, text: expect.stringContaining('Anna: called, wants CIF Hamburg prices.') },
      ]);
    expect(await reopened.getByLabel('Status', { exact: true }).inputValue()).toBe('contacted');
    const history = reopened.locator('.lead-history li');
    const line = (who: string, what: string) => expect.stringMatching(new RegExp(`by ${who.replace(/\./g, '\\.')}\\s+${what}`));
    await expect
      .poll(() => history.allInnerTexts())
      .toEqual([
        line(BOSS, 'Added a note'),
        line(ANNA, 'Status: New → Contacted'),
        line(ANNA, 'Added a note'),
        expect.stringContaining('Sent from /contact: New'),
      ]);
    // The one refusal is the stale save's, as the test meant it.
    const refused = `HTTP 409: ${site.origin()}/api/admin/leads/${reference}`;
    expect(boss.problems).toEqual([refused]);
    expect([...visitor.problems, ...anna.problems]).toEqual([]);
  });

  test('a save after Reload sends only what the admin changed: a colleague’s follow-up date stays', async () => {
    const visitor = await openPage(browser());
    const reference = await sendValid(visitor.page, site.origin(), contact, {}, { asPerson: true });
    const password = await addColleagueAt(site.origin(), RAVI);
    const boss = await openPage(browser());
    await signInAdminAt(boss.page, site.origin());
    const ravi = await openPage(browser());
    await signInAdminAt(ravi.page, site.origin(), { name: RAVI, password });
    const bossDialog = await openDetails(boss.page, reference);
    const raviDialog = await openDetails(ravi.page, reference);

    // Ravi plans the next call; the boss, on the screen he opened before, moves the lead on.
    await raviDialog.getByLabel('Follow-up date', { exact: true }).fill('2027-03-15');
    await raviDialog.getByRole('button', { name: 'Save', exact: true }).click();
    await raviDialog.getByText(/^Saved: follow-up on /).waitFor();
    await bossDialog.getByLabel('Status', { exact: true }).selectOption('quoted');
    await bossDialog.getByRole('button', { name: 'Save', exact: true }).click();
    await bossDialog.getByText(/^Not saved: Changed by /).waitFor();
    await bossDialog.getByRole('button', { name: 'Reload', exact: true }).click();
    await bossDialog.getByText(/^Reloaded:/).waitFor();
    // The date he never touched now shows Ravi's; his status is still his choice, and only it is saved.
    expect(await bossDialog.getByLabel('Follow-up date', { exact: true }).inputValue()).toBe('2027-03-15');
    await bossDialog.getByRole('button', { name: 'Save', exact: true }).click();
    await bossDialog.getByText('Saved: status Quoted.', { exact: true }).waitFor();

    // The page reloaded opens the lead's details again (the address names it), as the server has them.
    await boss.page.reload();
    await dashboardLists(boss.page);
    const reopened = boss.page.getByRole('dialog');
    await reopened.waitFor();
    expect(await reopened.getByLabel('Status', { exact: true }).inputValue()).toBe('quoted');
    expect(await reopened.getByLabel('Follow-up date', { exact: true }).inputValue()).toBe('2027-03-15');
    expect([...visitor.problems, ...ravi.problems]).toEqual([]);
  });

  test('a note that could not be added stays in the box; a deleted lead comes back with Undo', async () => {
    const visitor = await openPage(browser());
    const reference = await sendValid(visitor.page, site.origin(), contact, {}, { asPerson: true });
    const { page, problems } = await openPage(browser());
    await signInAdminAt(page, site.origin());
    const dialog = await openDetails(page, reference);

    // The server is not reached: the text stays, and goes once it is.
    await page.route('**/entries', (route) => (route.request().method() === 'POST' ? route.abort() : route.fallback()));
    await dialog.getByLabel('Note or call', { exact: true }).fill('Quoted 2.5 t CIF Hamburg.');
    await dialog.getByRole('button', { name: 'Log call', exact: true }).click();
    await dialog.getByText(/^Not added: .+ Your text is still here; try again\.$/).waitFor();
    expect(await dialog.getByLabel('Note or call', { exact: true }).inputValue()).toBe('Quoted 2.5 t CIF Hamburg.');
    await page.unroute('**/entries');
    await dialog.getByRole('button', { name: 'Log call', exact: true }).click();
    await dialog.getByText('Call logged.', { exact: true }).waitFor();
    expect(await dialog.getByLabel('Note or call', { exact: true }).inputValue()).toBe('');

    await dialog.getByRole('button', { name: `Delete lead ${reference}` }).click();
    await dialog.getByRole('button', { name: 'Delete lead', exact: true }).click();
    await desk(page).getByText(`Deleted lead ${reference}. You can undo it for 30 days.`, { exact: true }).waitFor();
    await expect.poll(() => desk(page).locator(`.desk-row[data-lead-id="${reference}"]`).count()).toBe(0);
    await desk(page)
      .getByRole('button', { name: `Undo: restore lead ${reference}` })
      .click();
    await desk(page).getByText(`Restored lead ${reference}.`, { exact: true }).waitFor();
    const back = await openDetails(page, reference);
    await expect.poll(async () => (await entriesShown(back)).map((entry) => entry.text)).toEqual([expect.stringContaining('Quoted 2.5 t CIF Hamburg.')]);
    expect([...problems, ...visitor.problems]).toEqual([]);
  });
});
