/**
 * The five lead forms on the built site, as a visitor and the admin see them: invalid input is
 * refused with messages beside the fields and in a summary that takes the focus, nothing typed is
 * lost, a valid submission gets a reference id, reaches the loopback lead endpoint as JSON and is
 * listed in the admin dashboard. A failing endpoint keeps the data with Retry, e-mail and
 * WhatsApp; the honeypot drops bots; hostile input stays text.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, reusedTab, visit, useBrowser } from './support/browser';
import {
  FORM_CASES,
  REFERENCE,
  type FormCase,
  answerAll,
  confirmedReference,
  currentAnswer,
  expectedFields,
  fieldError,
  formCase,
  theForm,
  validAnswers,
} from './support/lead-forms';
import { collectionKey, leadControl, signInAdmin, storedList, useLeadEndpoint } from './support/portal';

const browser = useBrowser();
/** The tab most tests here use, a new visitor's each time (see reusedTab). */
const visitor = reusedTab(browser);
useLeadEndpoint();

const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);
const isGroupLabel = (c: FormCase, label: string) => Object.values(c.valid).some(([l, value]) => l === label && Array.isArray(value));

async function submit(page: Page, c: FormCase) {
  await theForm(page, c).getByRole('button', { name: c.submitLabel }).click();
}

/** The record's card in its admin section (the admin must be signed in on this page). */
function adminCard(page: Page, c: FormCase, reference: string): Locator {
  return page.locator(`#${c.section.slug} [data-record-id="${reference}"]`);
}

describe.each(FORM_CASES)('$path', (c) => {
  it('refuses invalid input with messages beside the fields and in a focused summary, keeping what was typed', async () => {
    const watched = await visitor();
    const { page } = watched;
    await visit(watched, c.path);
    const form = theForm(page, c);
    await answerAll(form, c.invalid);
    await submit(page, c);

    const summary = form.locator('.lead-summary');
    await summary.waitFor();
    expect(await summary.getAttribute('role')).toBe('alert');
    const count = Object.keys(c.errors).length;
    expect(await summary.getByRole('heading').textContent()).toBe(`Please correct ${count} fields`);
    expect(await summary.getByRole('listitem').allTextContents()).toEqual(Object.values(c.errors));
    await expect.poll(() => isFocused(summary)).toBe(true);

    for (const [label, message] of Object.entries(c.errors)) {
      expect(await fieldError(page, form, label, isGroupLabel(c, label)), label).toEqual({ text: message, besideField: true, invalid: true });
    }
    // The valid answers of the same attempt are not flagged, and every answer is still there.
    for (const [label, value] of Object.entries(c.invalid)) {
      if (!(label in c.errors)) expect((await fieldError(page, form, label, false)).text, label).toBeNull();
      expect(await currentAnswer(form, label, value), label).toEqual(value);
    }

    // A summary link takes the keyboard to its field.
    const [firstLabel] = Object.keys(c.errors);
    await summary.getByRole('link').first().click();
    const firstControl = isGroupLabel(c, firstLabel)
      ? form.getByRole('group', { name: firstLabel }).getByRole('checkbox').first()
      : form.getByLabel(firstLabel, { exact: true });
    expect(await isFocused(firstControl)).toBe(true);

    // Nothing was stored or sent.
    expect(await storedList(page, collectionKey(c.collection))).toEqual([]);
    expect((await leadControl()).received).toEqual([]);
    expect(watched.problems).toEqual([]);
  });

  it(`accepts valid input with a reference id, POSTs it as JSON and lists it in the admin${c.application ? " as 'pending'" : ''}`, async () => {
    const watched = await visitor();
    const { page } = watched;
    await visit(watched, c.path);
    const form = theForm(page, c);
    // A failed attempt first: the messages clear as the answers are corrected.
    await answerAll(form, c.invalid);
    await submit(page, c);
    await form.locator('.lead-summary').waitFor();
    await answerAll(form, validAnswers(c));
    await expect.poll(() => form.locator('.lead-summary').count()).toBe(0);
    expect(await form.locator('.field-error').count()).toBe(0);

    await submit(page, c);
    const reference = await confirmedReference(page, c);
    expect(reference).toMatch(REFERENCE);
    expect(await isFocused(page.getByRole('heading', { name: `Thank you: your ${c.title} has been received` }))).toBe(true);

    const fields = expectedFields(c);
    const [record, ...more] = await storedList(page, collectionKey(c.collection));
    expect(more).toEqual([]);
    expect(record).toMatchObject({ id: reference, fields });
    if (c.application) expect(record).toMatchObject({ status: 'pending', appliedAt: record.createdAt, reviewedAt: null, notes: '' });

    // The endpoint received the documented shape (src/server/README.md, Lead endpoint), with where the visit
    // came from: it started on the form's page, typed in (no referrer, no campaign).
    const { received } = await leadControl();
    const attribution = { landingPage: c.path, referrer: null, utmSource: null, utmMedium: null, utmCampaign: null };
    expect(received).toEqual([{ type: c.collection, id: reference, createdAt: record.createdAt, fields, page: c.path, attribution }]);
    expect(new Date(received[0].createdAt).toISOString()).toBe(received[0].createdAt);

    await signInAdmin(page);
    const section = page.locator(`#${c.section.slug}`);
    // The count appears once the dashboard knows its list (it asks for a server first).
    await section.locator('.admin-count').waitFor();
    expect(await section.getByRole('heading', { level: 2 }).textContent()).toBe(`${c.section.title} 1`);
    const card = adminCard(page, c, reference);
    await card.waitFor();
    expect(await card.textContent()).toContain(`Ref. ${reference}`);
    const email = fields.email as string;
    expect(await card.getByText(email, { exact: true }).count()).toBe(1);
    if (c.application) {
      expect(await card.locator('.status-badge').textContent()).toBe('Pending');
      expect(await card.getByText('Not reviewed yet').count()).toBe(1);
      expect(await card.getByLabel('Status').inputValue()).toBe('pending');
    } else {
      expect(await card.locator('.status-badge').count()).toBe(0);
    }
    expect(watched.problems).toEqual([]);
  });
});

describe('when the lead endpoint fails', () => {
  it('keeps the stored copy and the typed data, offers Retry, e-mail and WhatsApp, and Retry delivers it once', async () => {
    const c = formCase('/contact');
    await leadControl('failing=true');
    const watched = await visitor();
    const { page } = watched;
    await visit(watched, c.path);
    const form = theForm(page, c);
    const answers = validAnswers(c);
    await answerAll(form, answers);
    await submit(page, c);

    const alert = form.locator('.lead-alert');
    await alert.waitFor();
    expect(await alert.getAttribute('role')).toBe('alert');
    await expect.poll(() => isFocused(alert)).toBe(true);
    expect(await alert.getByRole('heading').textContent()).toBe('Your quote request has not reached us yet');
    const text = (await alert.textContent()) ?? '';
    expect(text).toContain('It could not be sent to our team: our server answered with error 500');
    const reference = text.match(/A copy is saved in this browser under reference (GB-\w+)\./)?.[1] ?? '';
    expect(reference).toMatch(REFERENCE);
    for (const [label, value] of Object.entries(answers)) expect(await currentAnswer(form, label, value), label).toEqual(value);

    // The fallbacks carry the whole submission, with its reference.
    const fields = expectedFields(c);
    const mailto = new URL((await alert.getByRole('link', { name: 'Send by e-mail' }).getAttribute('href')) ?? '');
    expect(mailto.protocol).toBe('mailto:');
    expect(mailto.pathname).toBe('export@garlicbrothers.example');
    expect(mailto.searchParams.get('subject')).toBe(`Quote request ${reference} from Hamburg Spice Trading GmbH`);
    const body = mailto.searchParams.get('body') ?? '';
    expect(body).toContain(`Quote request, reference ${reference}`);
    expect(body).toContain('Company: Hamburg Spice Trading GmbH');
    expect(body).toContain('E-mail: anna.schmidt@spicetrading.example');
    expect(body).toContain('Products of interest: Garlic Powder, Garlic Flakes');
    expect(body).toContain('Quantity per shipment: 2.5');
    expect(body).toContain(`Message: ${fields.message as string}`);
    const whatsapp = new URL((await alert.getByRole('link', { name: 'Send via WhatsApp' }).getAttribute('href')) ?? '');
    expect(whatsapp.origin + whatsapp.pathname).toBe('https://wa.me/910000000000');
    expect(whatsapp.searchParams.get('text')).toBe(body);

    // Stored in this browser, not received by the endpoint.
    expect((await storedList(page, collectionKey(c.collection))).map((r) => r.id)).toEqual([reference]);
    expect((await leadControl()).received).toEqual([]);

    // Retry while the endpoint still fails: the same alert again, still one stored copy.
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => alert.getByRole('button', { name: 'Retry' }).isEnabled()).toBe(true);
    expect(await alert.textContent()).toContain(`under reference ${reference}`);
    expect((await storedList(page, collectionKey(c.collection))).map((r) => r.id)).toEqual([reference]);

    // The admin sees the stored copy meanwhile, in another tab of the same browser.
    const admin = await page.context().newPage();
    await signInAdmin(admin);
    await adminCard(admin, c, reference).waitFor();

    // Once the endpoint is back, Retry delivers the same submission, once.
    await leadControl('failing=false');
    await alert.getByRole('button', { name: 'Retry' }).click();
    expect(await confirmedReference(page, c)).toBe(reference);
    const { received } = await leadControl();
    expect(received.map((r) => r.id)).toEqual([reference]);
    expect(received[0].fields).toEqual(fields);
    expect((await storedList(page, collectionKey(c.collection))).map((r) => r.id)).toEqual([reference]);
    await admin.reload();
    await adminCard(admin, c, reference).waitFor();
    expect(await admin.locator(`#${c.section.slug} [data-record-id]`).count()).toBe(1);

    // Only the endpoint's own 500 answers were errors.
    expect(watched.problems.filter((p) => !p.includes('/leads'))).toEqual([]);
    expect(watched.problems.length).toBeGreaterThan(0);
  });
});

describe('when the browser refuses to store the submission', () => {
  it('confirms a lead the endpoint accepted, with its reference, says no copy was kept, and offers no Retry', async () => {
    const c = formCase('/sample-request');
    const watched = await openPage(browser());
    const { page } = watched;
    // Storage full for this collection only (the rest of the site keeps working).
    await page.addInitScript((key) => {
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (name: string, value: string) {
        if (name === key) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        setItem.call(this, name, value);
      };
    }, collectionKey(c.collection));
    await visit(watched, c.path);
    const form = theForm(page, c);
    await answerAll(form, validAnswers(c));
    await submit(page, c);

    const reference = await confirmedReference(page, c);
    expect(reference).toMatch(REFERENCE);
    await expect.poll(() => isFocused(page.locator('.lead-done-title'))).toBe(true);
    const done = (await page.locator('.lead-done').textContent()) ?? '';
    expect(done).toContain('Your browser did not let us keep a copy on this device');
    expect(done).toContain('there is no need to send it again');
    expect(done).not.toMatch(/try again/i);
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    expect(await page.locator('.lead-alert').count()).toBe(0);
    expect((await leadControl()).received.map((r) => r.id)).toEqual([reference]);
    expect(await storedList(page, collectionKey(c.collection))).toEqual([]);
    // The refused write was logged by the storage module, and nothing else went wrong.
    expect(watched.problems.filter((p) => !p.includes('[storage] could not write'))).toEqual([]);
  });
});

describe('the honeypot', () => {
  it('drops a bot submission: the bot sees a confirmation, nothing is stored or POSTed', async () => {
    const c = formCase('/careers');
    const watched = await visitor();
    const { page } = watched;
    await visit(watched, c.path);
    const form = theForm(page, c);
    // People never see the trap: it is off screen, out of the tab order and hidden from assistive technology.
    const trap = form.locator('input[name="website"]');
    expect(await trap.getAttribute('tabindex')).toBe('-1');
    expect(await trap.evaluate((el) => el.closest('[aria-hidden="true"]') !== null)).toBe(true);
    expect(await trap.evaluate((el) => el.getBoundingClientRect().right <= 0)).toBe(true);

    await answerAll(form, validAnswers(c));
    await trap.fill('https://cheap-pills.example', { force: true });
    await submit(page, c);
    expect(await confirmedReference(page, c)).toMatch(REFERENCE);

    expect(await storedList(page, collectionKey(c.collection))).toEqual([]);
    expect((await leadControl()).received).toEqual([]);
    await signInAdmin(page);
    expect(await page.locator(`#${c.section.slug} .admin-count`).textContent()).toBe('0');
    expect(watched.problems).toEqual([]);
  });
});

describe('hostile input', () => {
  it('is stored and shown as text in the admin, and never runs', async () => {
    const c = formCase('/contact');
    const hostile = '<img src=x onerror="window.__pwned=1">';
    const watched = await visitor();
    const { page } = watched;
    await visit(watched, c.path);
    const form = theForm(page, c);
    await answerAll(form, { ...validAnswers(c), 'Your name': hostile, Message: `Please quote garlic powder. ${hostile}` });
    await submit(page, c);
    const reference = await confirmedReference(page, c);
    expect((await leadControl()).received[0].fields.name).toBe(hostile);

    await signInAdmin(page);
    const card = adminCard(page, c, reference);
    await card.waitFor();
    expect(await card.getByRole('heading', { level: 3 }).textContent()).toBe(hostile);
    expect(await card.getByText(`Please quote garlic powder. ${hostile}`, { exact: true }).count()).toBe(1);
    // Rendered as text: no element was made from it, and its handler never ran (even after a reload).
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    await page.reload();
    await card.waitFor();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await page.evaluate(() => '__pwned' in window)).toBe(false);
    expect(watched.problems).toEqual([]);
  });
});

describe('e-mail addresses', () => {
  it("takes an Irish surname's apostrophe and a domain in German letters, in the form the browser's e-mail field gives them", async () => {
    const contact = formCase('/contact');
    const watched = await visitor();
    const { page } = watched;
    await visit(watched, contact.path);
    const form = theForm(page, contact);
    await answerAll(form, { ...validAnswers(contact), 'E-mail': "o'brien@bäckerei.de" });
    // The browser's e-mail field holds the domain in its ASCII form.
    const address = "o'brien@xn--bckerei-5wa.de";
    expect(await form.getByLabel('E-mail', { exact: true }).inputValue()).toBe(address);
    await submit(page, contact);
    // The confirmation, or the form's summary of what to correct (named in the failure).
    const settled = page.getByRole('heading', { name: /^Thank you/ }).or(form.locator('.lead-summary'));
    await settled.first().waitFor();
    expect(await form.locator('.lead-summary').allTextContents()).toEqual([]);
    expect(await confirmedReference(page, contact)).toMatch(REFERENCE);
    const [record] = await storedList(page, collectionKey(contact.collection));
    expect(record).toMatchObject({ fields: { email: address } });
    expect(watched.problems).toEqual([]);
  });
});
