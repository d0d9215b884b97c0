/**
 * The sales team's side of a lead on a site its own server serves, with e-mail notifications to an
 * SMTP server on loopback (issue 26, "Must show"): a quote request is e-mailed to the team at once
 * (Reply-To the buyer) and its details say so; a colleague signed in with an account of their own
 * follows the e-mail's link to the lead and moves it to Contacted, and the first account then reads who did it and when; a form sent faster
 * than a person could lands in Spam without an e-mail, and moved back it is e-mailed.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startMailSink, type MailSink } from '../server/mail-sink';
import { openPage, useBrowser } from './support/browser';
import { formCase, sendValid, validAnswers } from './support/lead-forms';
import { signInAdminAt } from './support/portal';
import { addColleagueAt, useServerSite } from './support/server-mode';
import { EVENT_WAIT_MS } from './support/waits';

const browser = useBrowser();
const SALES = 'sales@garlicbrothers.example';
const COLLEAGUE = 'priya@garlicbrothers.example';

let sink: MailSink;
beforeAll(async () => {
  sink = await startMailSink();
});
afterAll(async () => {
  await sink?.stop();
});

/** The e-mails that name this reference. */
const mailsOf = (reference: string) => sink.messages.filter((mail) => mail.text.includes(reference));

describe('a lead and the sales team', () => {
  const site = useServerSite(() => ({ SMTP_URL: sink.url, LEAD_NOTIFY_TO: SALES, LEAD_NOTIFY_FROM: 'leads@garlicbrothers.example' }));
  const contact = formCase('/contact');

  test('a quote request is e-mailed to the team; a colleague moves it to Contacted, and the first account sees who and when', async () => {
    const visitor = await openPage(browser());
    const reference = await sendValid(visitor.page, site.origin(), contact, {}, { asPerson: true });
    await expect.poll(() => mailsOf(reference).length, { timeout: EVENT_WAIT_MS }).toBe(1);
    const [mail] = mailsOf(reference);
    const buyer = validAnswers(contact)['E-mail'] as string;
    expect(mail?.to).toEqual([SALES]);
    expect(mail?.headers.get('reply-to')).toContain(buyer);
    expect(mail?.headers.get('subject')).toContain('Hamburg Spice Trading GmbH');
    expect(mail?.text).toContain('Garlic powder 80-120 mesh in 25 kg bags');

    const password = await addColleagueAt(site.origin(), COLLEAGUE);
    const colleague = await openPage(browser());
    await signInAdminAt(colleague.page, site.origin(), { name: COLLEAGUE, password });
    // The e-mail's link to the lead opens its details on the desk.
    const link = new URL(/https?:\/\/\S+\/admin\?lead=\S+/.exec(mail?.text ?? '')?.[0] ?? '');
    expect(link.searchParams.get('lead')).toBe(reference);
    await colleague.page.goto(`${site.origin()}${link.pathname}${link.search}${link.hash}`);
    const dialog = colleague.page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading', { level: 2 }).textContent()).toBe('Hamburg Spice Trading GmbH');
    // The details say the team was told: the e-mail went out.
    await expect.poll(() => dialog.locator('.lead-deliveries li[data-state="sent"]').count()).toBe(1);
    expect(await dialog.locator('.lead-deliveries').innerText()).toMatch(/E-mail: sent/);
    await dialog.getByLabel('Status', { exact: true }).selectOption('contacted');
    await dialog.getByLabel('Note or call', { exact: true }).fill('Sent the CIF Hamburg price list.');
    await dialog.getByRole('button', { name: 'Add note', exact: true }).click();
    await dialog.getByText('Note added.', { exact: true }).waitFor();
    await dialog.getByLabel('Follow-up date', { exact: true }).fill('2030-01-15');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByText(/^Saved: status Contacted/).waitFor();

    const first = await openPage(browser());
    await signInAdminAt(first.page, site.origin());
    await first.page.locator(`#buyers-leads .desk-row[data-lead-id="${reference}"]`).getByRole('button').click();
    const seen = first.page.getByRole('dialog');
    expect(await seen.locator('.lead-details-changed').innerText()).toMatch(
      new RegExp(`^Last changed by ${COLLEAGUE}, \\d{1,2} \\w{3} \\d{4}, \\d{2}:\\d{2}$`),
    );
    await expect.poll(() => seen.locator('.lead-history li').first().innerText()).toContain(`by ${COLLEAGUE}`);
    expect(await seen.locator('.lead-history li').first().innerText()).toContain('Status: New → Contacted');
    expect([...visitor.problems, ...colleague.problems, ...first.problems]).toEqual([]);
  });

  test('a form sent faster than a person could is kept in Spam without an e-mail; moved back, it is a New lead and e-mailed', async () => {
    const visitor = await openPage(browser());
    const reference = await sendValid(visitor.page, site.origin(), contact, { Company: 'Quickfill Trading Ltd' }, { asBot: true });
    const { page, problems } = await openPage(browser());
    await signInAdminAt(page, site.origin());
    const spam = page.locator(`.spam-list [data-record-id="${reference}"]`);
    await spam.waitFor();
    expect(await spam.innerText()).toContain('sent within 3 seconds of the page showing the form');
    expect(await page.locator(`#buyers-leads [data-lead-id="${reference}"]`).count()).toBe(0);
    expect(mailsOf(reference)).toEqual([]);

    await spam.getByRole('button', { name: new RegExp(`^Not spam: move ${reference}`) }).click();
    await expect.poll(() => mailsOf(reference).length, { timeout: EVENT_WAIT_MS }).toBe(1);
    await page.reload();
    const moved = page.locator(`#buyers-leads .desk-row[data-lead-id="${reference}"]`);
    await moved.waitFor();
    expect(await moved.locator('.lead-status').innerText()).toContain('New');
    expect(await page.locator(`.spam-list [data-record-id="${reference}"]`).count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
