/**
 * Owners on the sales desk, two colleagues each in a browser of their own, on a site its own server
 * serves with e-mail to an SMTP server and webhooks to a receiver, both on loopback: the owner's
 * account gives a quote request to Anna (a sales account); Anna gets an e-mail naming the lead, its
 * buyer and company with a link to it, the lead's details list it as sent, and the history says who gave it to whom. On Anna's desk
 * "My leads" shows it, "Due today" shows it once its follow-up is the team's today (Asia/Kolkata),
 * both kept in the page's address; the owner's desk under "My leads" shows none. The change went
 * out as a lead.updated webhook that standardwebhooks verifies.
 */
import { Webhook } from 'standardwebhooks';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { teamClock } from '../../src/server/notify/team-time';
import { startMailSink, type MailSink } from '../server/mail-sink';
import { startWebhookReceiver, type WebhookReceiver } from '../server/webhook-receiver';
import { openPage, useBrowser } from './support/browser';
import { TEST_CREDENTIALS } from './support/env';
import { formCase, sendValid } from './support/lead-forms';
import { signInAdminAt } from './support/portal';
import { addColleagueAt, useServerSite } from './support/server-mode';
import { EVENT_WAIT_MS } from './support/waits';

const browser = useBrowser();
const BOSS = TEST_CREDENTIALS.ADMIN_USERNAME;
const ANNA = 'anna@garlicbrothers.example';
const SECRET = `whsec_${Buffer.from('a browser test key, 32 bytes!!!!').toString('base64')}`;

let sink: MailSink;
let hooks: WebhookReceiver;
beforeAll(async () => {
  sink = await startMailSink();
  hooks = await startWebhookReceiver();
});
afterAll(async () => {
  await sink?.stop();
  await hooks?.stop();
});

const desk = (page: Page) => page.locator('#buyers-leads');
const rows = (page: Page) =>
  desk(page)
    .locator('.desk-row')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-lead-id')));

async function openDetails(page: Page, reference: string): Promise<Locator> {
  await desk(page).locator(`.desk-row[data-lead-id="${reference}"]`).getByRole('button').click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  return dialog;
}

/** The desk's list once it is no longer busy with the filters just changed. */
async function settled(page: Page): Promise<void> {
  await expect.poll(() => desk(page).getAttribute('aria-busy')).toBe('false');
}

describe('a lead given to a colleague', () => {
  const site = useServerSite(() => ({
    SMTP_URL: sink.url,
    LEAD_NOTIFY_TO: 'sales@garlicbrothers.example',
    LEAD_NOTIFY_FROM: 'leads@garlicbrothers.example',
    LEAD_WEBHOOK_URL: hooks.url,
    LEAD_WEBHOOK_SECRET: SECRET,
  }));
  const contact = formCase('/contact');

  test('the new owner is e-mailed, finds it under My leads and Due today, and a lead.updated webhook verifies', async () => {
    const visitor = await openPage(browser());
    const reference = await sendValid(visitor.page, site.origin(), contact, {}, { asPerson: true });
    const password = await addColleagueAt(site.origin(), ANNA);

    const boss = await openPage(browser());
    await signInAdminAt(boss.page, site.origin());
    const anna = await openPage(browser());
    await signInAdminAt(anna.page, site.origin(), { name: ANNA, password });

    // The owner gives the lead to Anna.
    const dialog = await openDetails(boss.page, reference);
    expect(await dialog.locator('.lead-details-owner').innerText()).toBe('No owner yet');
    await dialog.getByLabel('Owner', { exact: true }).selectOption(ANNA);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByText(`Saved: owner ${ANNA}.`, { exact: true }).waitFor();
    expect(await dialog.locator('.lead-details-owner').innerText()).toBe(`Owner: ${ANNA}`);
    await expect.poll(() => dialog.locator('.lead-history li').first().innerText()).toMatch(new RegExp(`by ${BOSS}\\s+Owner: nobody → ${ANNA}`));

    // Anna's e-mail: the reference, the buyer, the company and the link to the lead.
    const mine = () => sink.messages.filter((mail) => mail.to.includes(ANNA));
    await expect.poll(() => mine().length, { timeout: EVENT_WAIT_MS }).toBe(1);
    const [mail] = mine();
    expect(mail?.headers.get('subject')).toBe(`Lead ${reference} is yours now: Anna Schmidt, Hamburg Spice Trading GmbH`);
    for (const line of [`${BOSS} gave you lead ${reference}`, 'Buyer: Anna Schmidt', 'Company: Hamburg Spice Trading GmbH']) expect(mail?.text).toContain(line);
    const link = new URL(/https?:\/\/\S+\/admin\?lead=\S+/.exec(mail?.text ?? '')?.[0] ?? '');
    expect(link.searchParams.get('lead')).toBe(reference);

    // My leads on Anna's desk: hers, in the address; the owner's own My leads has none.
    await desk(anna.page).getByLabel('My leads').check();
    await settled(anna.page);
    expect(new URL(anna.page.url()).searchParams.get('mine')).toBe('1');
    await expect.poll(() => rows(anna.page)).toEqual([reference]);
    await boss.page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
    // The lead's details list the e-mail as the notice outbox has it: sent.
    const reopened = await openDetails(boss.page, reference);
    await expect
      .poll(() => reopened.locator('.lead-notices li[data-kind="assigned"]').innerText())
      .toMatch(new RegExp(`^E-mail to ${ANNA} \\(new owner\\): sent `));
    await reopened.getByRole('button', { name: 'Close', exact: true }).click();
    await desk(boss.page).getByLabel('My leads').check();
    await settled(boss.page);
    await expect.poll(() => rows(boss.page)).toEqual([]);

    // Due today: nothing until its follow-up is the team's today; then it is there, also after a reload.
    const dueToday = desk(anna.page).getByLabel('Due today');
    await dueToday.check();
    await settled(anna.page);
    await expect.poll(() => rows(anna.page)).toEqual([]);
    await dueToday.uncheck();
    await settled(anna.page);
    const today = teamClock(new Date(), 'Asia/Kolkata').day;
    const details = await openDetails(anna.page, reference);
    await details.getByLabel('Follow-up date', { exact: true }).fill(today);
    await details.getByRole('button', { name: 'Save', exact: true }).click();
    await details.getByText(/^Saved: follow-up on /).waitFor();
    await details.getByRole('button', { name: 'Close', exact: true }).click();
    await dueToday.check();
    await settled(anna.page);
    await expect.poll(() => rows(anna.page)).toEqual([reference]);
    await anna.page.reload();
    await settled(anna.page);
    expect(new URL(anna.page.url()).searchParams.get('due')).toBe('today');
    expect(await desk(anna.page).getByLabel('Due today').isChecked()).toBe(true);
    await expect.poll(() => rows(anna.page)).toEqual([reference]);

    // The assignment went out as a signed lead.updated event.
    const updates = () =>
      hooks.received
        .map((hook) => new Webhook(SECRET).verify(hook.body, hook.headers as Record<string, string>) as { type: string; data: Record<string, unknown> })
        .filter((event) => event.type === 'lead.updated' && event.data.id === reference);
    await expect.poll(() => updates().length, { timeout: EVENT_WAIT_MS }).toBe(2);
    expect(updates()[0]?.data).toMatchObject({ by: BOSS, countryCode: 'DE', changes: { owner: { from: null, to: ANNA } } });
    expect(updates()[1]?.data).toMatchObject({ by: ANNA, changes: { followUp: { from: null, to: today } } });
    expect([...visitor.problems, ...boss.problems, ...anna.problems]).toEqual([]);
  });
});
