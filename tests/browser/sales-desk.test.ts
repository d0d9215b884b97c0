/**
 * The sales desk on the site its own server serves (issue 26, "Must show"): a buyer's enquiry
 * arrives first on the dashboard as New; the admin moves it to Contacted with a note and a
 * follow-up date, and the lead's details then show who did it and when (the one configured admin
 * account here). Also: the desk at 390 px worked by keyboard alone, without sideways scrolling or
 * axe violations; search and filters, kept in the page's address; an overdue follow-up first and
 * marked in words; the CSV with the desk's columns, a status by its label. axe runs on the desk
 * and on a lead's details in the dark theme at 1280 px and the light theme at 390 px.
 */
import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { describeViolations, runAxe } from '../../scripts/lib/axe';
import { localDate } from '../../src/shared/domain/sales-pipeline';
import { formatDay } from '../../src/ui/features/admin/format';
import { addressOf, openPage, useBrowser } from './support/browser';
import { TEST_CREDENTIALS } from './support/env';
import { formCase, sendValid } from './support/lead-forms';
import { dashboardLists, signInAdminAt } from './support/portal';
import { useServerSite } from './support/server-mode';

const browser = useBrowser();
const ACCOUNT = TEST_CREDENTIALS.ADMIN_USERNAME;

/** The day `days` from today in this machine's zone (the browser's too), YYYY-MM-DD. */
const dayFromToday = (days: number) => {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return localDate(date);
};

const desk = (page: Page) => page.locator('#buyers-leads');
const line = (page: Page, reference: string) => desk(page).locator(`.desk-row[data-lead-id="${reference}"]`);
const details = (page: Page) => page.getByRole('dialog');
const focusedLead = (page: Page) => page.evaluate(() => document.activeElement?.closest('[data-lead-id]')?.getAttribute('data-lead-id') ?? null);
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active) return '';
    const label = active.id ? document.querySelector(`label[for="${active.id}"]`)?.textContent : null;
    return `${active.tagName.toLowerCase()}: ${(label ?? active.textContent ?? '').trim()}`;
  });
/** What the eye reads in an element: its text without what is there for screen readers only. */
const seen = (locator: Locator) =>
  locator.evaluate((element) => {
    const copy = element.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('.visually-hidden').forEach((hidden) => hidden.remove());
    return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
  });
const listed = (page: Page) =>
  desk(page)
    .locator('.desk-row')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-lead-id')));

/** Waits until the desk has its answer for the filters it shows (it is busy from the change until the answer is drawn). */
const settled = dashboardLists;

async function openDetails(page: Page, reference: string): Promise<Locator> {
  await line(page, reference).getByRole('button').click();
  const dialog = details(page);
  await dialog.waitFor();
  return dialog;
}

describe('the sales desk', () => {
  const site = useServerSite();
  const contact = formCase('/contact');
  const sample = formCase('/sample-request');

  test('a buyer’s enquiry arrives first as New; moved to Contacted with a note and a follow-up date, its details show who did it and when', async () => {
    const visitor = await openPage(browser());
    const reference = await sendValid(visitor.page, site.origin(), contact, {}, { asPerson: true });
    expect(visitor.problems).toEqual([]);

    // In the dark theme on a desktop (the phone test below is light).
    const admin = await openPage(browser(), { colorScheme: 'dark' });
    const { page } = admin;
    await signInAdminAt(page, site.origin());
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    // The dashboard opens on the desk: before the other sections, with this lead on its first line.
    expect(await page.locator('.admin-section h2').first().textContent()).toMatch(/^Buyers’ leads/);
    const first = desk(page).locator('.desk-row').first();
    expect(await first.getAttribute('data-lead-id')).toBe(reference);
    expect(await first.locator('.lead-company').textContent()).toBe('Hamburg Spice Trading GmbH');
    expect(await seen(first.locator('.lead-status'))).toBe('New');
    expect(await seen(first.locator('.lead-country'))).toBe('Germany');
    expect(await seen(first.locator('.lead-products'))).toBe('Garlic Powder, Garlic Flakes');
    expect(await desk(page).locator('.desk-summary').textContent()).toBe('1 lead. 0 overdue follow-ups, 1 new; they come first.');

    const dialog = await openDetails(page, reference);
    // Focus moves into the details, to their heading.
    expect(await focusedName(page)).toBe('h2: Hamburg Spice Trading GmbH');
    expect(await dialog.locator('.lead-details-facts').innerText()).toContain('Not changed since it arrived');
    expect(await dialog.locator('.record-fields').innerText()).toContain('Garlic powder 80-120 mesh in 25 kg bags');

    const followUp = dayFromToday(7);
    await dialog.getByLabel('Note or call', { exact: true }).fill('Called Anna: wants CIF Hamburg prices for 2.5 t.');
    await dialog.getByRole('button', { name: 'Add note', exact: true }).click();
    await dialog.getByText('Note added.', { exact: true }).waitFor();
    await dialog.getByLabel('Status', { exact: true }).selectOption('contacted');
    await dialog.getByLabel('Follow-up date', { exact: true }).fill(followUp);
    const before = Date.now();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByText(`Saved: status Contacted, follow-up on ${formatDay(followUp)}.`, { exact: true }).waitFor();

    // Who changed it and when, in the facts and in the history.
    const changed = dialog.locator('.lead-details-changed');
    expect(await changed.innerText()).toMatch(new RegExp(`^Last changed by ${ACCOUNT}, \\d{1,2} \\w{3} \\d{4}, \\d{2}:\\d{2}$`));
    const at = Date.parse((await changed.locator('time').getAttribute('datetime')) ?? '');
    expect(at).toBeGreaterThanOrEqual(before - 1_000);
    expect(at).toBeLessThanOrEqual(Date.now());
    // Waited for by the change itself: the note's entry, already first, is by the same account.
    const latest = dialog.locator('.lead-history li').first();
    await expect.poll(() => latest.innerText()).toContain(`Status: New → Contacted; Follow-up: none → ${formatDay(followUp)}`);
    expect(await latest.innerText()).toContain(`by ${ACCOUNT}`);
    expect(await dialog.locator('.lead-history li').last().innerText()).toContain('Sent from /contact: New');
    expect(describeViolations(await runAxe(page))).toEqual([]);

    // Escape closes the details and puts focus back on the lead's line, which now says Contacted.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focusedLead(page)).toBe(reference);
    await expect.poll(() => seen(line(page, reference).locator('.lead-status'))).toBe('Contacted');
    expect(await seen(line(page, reference).locator('.lead-follow'))).toBe(`Due ${formatDay(followUp, { short: true })}`);

    // The CSV of the desk carries the status, who changed it last and the follow-up.
    const [download] = await Promise.all([page.waitForEvent('download'), desk(page).getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^garlic-brothers-buyers-leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs
      .readFileSync((await download.path()) ?? '', 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(csv[0]).toMatch(/^id,createdAt,status,followUp,lastChangedBy,lastChangedAt,notes,/);
    expect(csv.find((row) => row.startsWith(`${reference},`))).toMatch(
      new RegExp(
        `^${reference},[^,]+,Contacted,${followUp},${ACCOUNT},[^,]+,[^, ]+ ${ACCOUNT} \\(note\\): Called Anna: wants CIF Hamburg prices for 2\\.5 t\\.,`,
      ),
    );

    // Another browser, later: the details still say who moved the lead and when.
    const other = await openPage(browser());
    await signInAdminAt(other.page, site.origin());
    const again = await openDetails(other.page, reference);
    expect(await again.locator('.lead-details-changed').innerText()).toMatch(new RegExp(`^Last changed by ${ACCOUNT}, `));
    await expect.poll(() => again.locator('.lead-history li').first().innerText()).toContain(`by ${ACCOUNT}`);
    expect([...admin.problems, ...other.problems]).toEqual([]);
  });

  test('at 390 px: a compact two-line row per lead, no sideways scrolling, the details by keyboard alone, and no axe violations', async () => {
    const visitor = await openPage(browser());
    const reference = await sendValid(visitor.page, site.origin(), sample, {}, { asPerson: true });

    const { page, problems } = await openPage(browser(), { viewport: { width: 390, height: 844 } });
    await signInAdminAt(page, site.origin());
    const row = line(page, reference).getByRole('button');
    await row.waitFor();
    const [rowBox, company, status, meta] = await Promise.all(
      [row, row.locator('.lead-company'), row.locator('.lead-status'), row.locator('.lead-meta')].map(
        async (l) => (await l.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 },
      ),
    );
    // Two lines: the company and the status side by side, then kind, country and products.
    expect(Math.abs(company.y - status.y)).toBeLessThan(6);
    expect(meta.y).toBeGreaterThan(company.y + company.height / 2);
    expect(rowBox.height).toBeLessThan(72);
    expect(rowBox.width).toBeLessThanOrEqual(390);
    expect(await seen(row.locator('.lead-country'))).toBe('China');
    const widths = () => page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect((await widths()).scroll).toBe((await widths()).client);
    expect(describeViolations(await runAxe(page))).toEqual([]);

    // Keyboard only: from the search, through the filters, to the first lead; Enter opens it.
    await desk(page).getByLabel('Search name, company, e-mail, phone, city or message').focus();
    const order: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      await page.keyboard.press('Tab');
      order.push(await focusedName(page));
    }
    expect(order).toEqual(['select: Status', 'input: My leads', 'input: Due today', 'summary: More filters', 'button: Clear filters']);
    // "More filters" opens and closes from the keyboard.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => desk(page).getByLabel('Kind', { exact: true }).isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => desk(page).getByLabel('Kind', { exact: true }).isVisible()).toBe(false);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focusedLead(page)).toBe(reference);
    await page.keyboard.press('Enter');
    const dialog = details(page);
    await dialog.waitFor();
    expect(await focusedName(page)).toBe('h2: Great Wall Seasonings Co.');
    // The details take the whole phone screen, and scroll inside themselves, not sideways.
    const box = (await dialog.boundingBox()) ?? { width: 0, height: 0 };
    expect(box.width).toBe(390);
    expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    // From the heading past Close, through the ways to reach the buyer and the link to all their leads, to the status.
    await page.keyboard.press('Tab');
    const reach: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      await page.keyboard.press('Tab');
      reach.push(await focusedName(page));
    }
    expect(reach).toEqual(['a: Call', 'a: E-mail', 'a: WhatsApp', expect.stringMatching(/^a: All leads of this buyer( \(1\))?$/), 'select: Status']);
    // A closed select takes the arrow keys: New, then Contacted.
    await page.keyboard.press('ArrowDown');
    expect(await dialog.getByLabel('Status', { exact: true }).inputValue()).toBe('contacted');
    // On through the follow-up date (its day, month and year take a Tab each) and the owner to Save.
    const steps: string[] = [];
    for (let i = 0; i < 9 && steps.at(-1) !== 'button: Save'; i += 1) {
      await page.keyboard.press('Tab');
      const name = await focusedName(page);
      if (name !== steps.at(-1)) steps.push(name);
    }
    expect(steps).toEqual(['input: Follow-up date', 'select: Owner', 'button: Save']);
    expect(describeViolations(await runAxe(page))).toEqual([]);
    await page.keyboard.press('Enter');
    await dialog.getByText('Saved: status Contacted.', { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focusedLead(page)).toBe(reference);
    expect(problems).toEqual([]);
  });

  test('search, filters kept in the address, an overdue follow-up first and marked in words, and Delete', async () => {
    const visitor = await openPage(browser());
    const lisbon = await sendValid(
      visitor.page,
      site.origin(),
      contact,
      {
        Company: 'Lisboa Especiarias Lda',
        'E-mail': 'compras@lisboa-especiarias.example',
        Country: 'Portugal',
        'Products of interest': ['Garlic Oil'],
      },
      { asPerson: true },
    );
    const { page, problems } = await openPage(browser());
    await signInAdminAt(page, site.origin());

    // A follow-up set on a day already past makes the lead overdue: first on the desk, and said in words.
    const dialog = await openDetails(page, lisbon);
    await dialog.getByLabel('Status', { exact: true }).selectOption('quoted');
    const past = dayFromToday(-2);
    await dialog.getByLabel('Follow-up date', { exact: true }).fill(past);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText(`Saved: status Quoted, follow-up on ${formatDay(past)}.`, { exact: true }).waitFor();
    expect(await dialog.locator('.lead-details-facts').innerText()).toContain(`Follow-up overdue: was due ${formatDay(past)}`);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await settled(page);
    expect((await listed(page))[0]).toBe(lisbon);
    expect(await seen(line(page, lisbon).locator('.lead-follow'))).toBe(`! Overdue ${formatDay(past, { short: true })}`);
    expect(await line(page, lisbon).getByRole('button').getAttribute('aria-haspopup')).toBe('dialog');
    await expect.poll(() => desk(page).locator('.desk-summary').textContent()).toMatch(/1 overdue follow-up, \d+ new; they come first\.$/);

    // The search finds a lead by its company, its e-mail and its reference, ignoring case.
    const search = desk(page).getByLabel('Search name, company, e-mail, phone, city or message');
    for (const text of ['LISBOA', 'compras@lisboa', lisbon.slice(3, 9).toLowerCase()]) {
      await search.fill(text);
      await settled(page);
      expect(await listed(page)).toEqual([lisbon]);
    }
    expect((await addressOf(page)).searchParams.get('q')).toBe(lisbon.slice(3, 9).toLowerCase());
    await search.fill('no such buyer');
    await settled(page);
    expect(await desk(page).locator('.admin-empty').textContent()).toBe('No lead matches these filters.');

    // Filters: status, kind, country and product; each kept in the address, so a reload keeps them.
    await desk(page).getByRole('button', { name: 'Clear filters' }).click();
    await desk(page).getByLabel('Status', { exact: true }).selectOption('quoted');
    await settled(page);
    expect(await listed(page)).toEqual([lisbon]);
    await desk(page).getByLabel('Status', { exact: true }).selectOption('');
    await desk(page).locator('.desk-more summary').click();
    await desk(page).getByLabel('Country', { exact: true }).selectOption({ label: 'Portugal' });
    await desk(page).getByLabel('Product', { exact: true }).selectOption('Garlic Oil');
    await settled(page);
    expect(await listed(page)).toEqual([lisbon]);
    expect(await desk(page).locator('.desk-summary').textContent()).toMatch(/^1 lead matches: Portugal, Garlic Oil\./);
    await page.reload();
    await dashboardLists(page);
    expect(await desk(page).getByLabel('Country', { exact: true }).inputValue()).toBe('PT');
    expect(await desk(page).locator('.desk-more summary').textContent()).toBe('More filters (2 set)');
    expect(await listed(page)).toEqual([lisbon]);
    await desk(page).getByLabel('Kind', { exact: true }).selectOption('sampleRequests');
    await settled(page);
    expect(await listed(page)).toEqual([]);
    await desk(page).getByRole('button', { name: 'Clear filters' }).click();
    await settled(page);
    expect((await addressOf(page)).search).toBe('');
    expect((await listed(page)).length).toBeGreaterThan(1);

    // The lead's actions stay where they are while its notes and history arrive: held back here
    // until the Delete button has been seen, they load below it.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/admin\/leads\/[^/]+\/(activity|entries)$/, async (route) => {
      await held;
      await route.continue();
    });
    const doomed = await openDetails(page, lisbon);
    const deleteButton = doomed.getByRole('button', { name: `Delete lead ${lisbon}` });
    const before = await deleteButton.boundingBox();
    release();
    await doomed.locator('.lead-history').waitFor();
    expect(await deleteButton.boundingBox()).toEqual(before);
    await page.unrouteAll();

    // Delete asks first: Escape closes the question, not the details; confirmed, the lead is gone
    // and focus is on the desk's heading, with what happened said in its status line.
    await doomed.getByRole('button', { name: `Delete lead ${lisbon}` }).click();
    await doomed.getByRole('button', { name: 'Cancel' }).waitFor();
    await page.keyboard.press('Escape');
    await doomed.getByRole('button', { name: 'Cancel' }).waitFor({ state: 'detached' });
    expect(await doomed.isVisible()).toBe(true);
    await doomed.getByRole('button', { name: `Delete lead ${lisbon}` }).click();
    await doomed.getByRole('button', { name: 'Delete lead', exact: true }).click();
    await doomed.waitFor({ state: 'detached' });
    await desk(page).getByText(`Deleted lead ${lisbon}. You can undo it for 30 days.`, { exact: true }).waitFor();
    await settled(page);
    expect(await listed(page)).not.toContain(lisbon);
    expect(await focusedName(page)).toMatch(/^h2: Buyers’ leads/);
    expect(problems).toEqual([]);
  });
});
