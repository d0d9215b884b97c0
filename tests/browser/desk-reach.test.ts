/**
 * The sales desk on a 390 × 844 phone, on a site its own server serves: the first lead is on the
 * first screen; a buyer's Arabic company name reads from its own start (it is cut at the end of the
 * line in its reading direction); the lead's details offer a call, an e-mail that names the
 * reference and a WhatsApp chat, each a target of at least 44 × 44 px; the kind reads "Quote
 * request" as the form and the e-mails say; and a lead marked as spam shows in the Spam list
 * without a reload.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { openPage, useBrowser } from './support/browser';
import { formCase, sendValid } from './support/lead-forms';
import { signInAdminAt } from './support/portal';
import { useServerSite } from './support/server-mode';

const browser = useBrowser();
const PHONE = { width: 390, height: 844 };
const COMPANY = 'شركة الخليج للأغذية والتوابل والتجارة العامة المحدودة';

const desk = (page: Page) => page.locator('#buyers-leads');
const line = (page: Page, reference: string) => desk(page).locator(`.desk-row[data-lead-id="${reference}"]`);

/** What the eye reads in an element: its text without what is there for screen readers only. */
const seen = (locator: Locator) =>
  locator.evaluate((element) => {
    const copy = element.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('.visually-hidden').forEach((hidden) => hidden.remove());
    return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
  });

/** The box a locator's element is drawn in, asserting it has one. */
async function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const found = await locator.boundingBox();
  expect(found, 'the element is drawn').not.toBeNull();
  return found ?? { x: 0, y: 0, width: 0, height: 0 };
}

describe('the sales desk on a phone', () => {
  const site = useServerSite();
  const contact = formCase('/contact');

  /** The buyer's lead every test here works on, sent once through the quote request form. */
  let sent: Promise<string> | null = null;
  const lead = () =>
    (sent ??= (async () => {
      const visitor = await openPage(browser());
      const reference = await sendValid(
        visitor.page,
        site.origin(),
        contact,
        { Company: COMPANY, 'E-mail': 'sales@gulf-foods.example', Phone: '+971 4 123 4567' },
        { asPerson: true },
      );
      expect(visitor.problems).toEqual([]);
      return reference;
    })());

  /** The dashboard on the phone, signed in, with the lead's line drawn. */
  async function deskOnPhone(reference: string) {
    const opened = await openPage(browser(), { viewport: PHONE });
    await signInAdminAt(opened.page, site.origin());
    await line(opened.page, reference).waitFor();
    return opened;
  }

  async function openDetails(page: Page, reference: string): Promise<Locator> {
    await line(page, reference).getByRole('button').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    return dialog;
  }

  test('the whole of the first lead is on the first screen', async () => {
    const { page, problems } = await deskOnPhone(await lead());
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const first = await box(desk(page).locator('.desk-row').first());
    // What stands above it, for the message when it does not fit.
    const above = await page.evaluate(() =>
      [...document.querySelectorAll('header, main h1, main h1 + p, .admin-notice, .buyer-desk > *')]
        .map((element) => {
          const { top, height } = element.getBoundingClientRect();
          return `${element.tagName.toLowerCase()}.${element.className}: ${Math.round(top)} + ${Math.round(height)}`;
        })
        .join('; '),
    );
    expect(first.y + first.height, above).toBeLessThanOrEqual(PHONE.height);
    expect(problems).toEqual([]);
  });

  test('an Arabic company name is laid out in its own direction and keeps its start; the kind reads “Quote request” in the list and the details', async () => {
    const reference = await lead();
    const { page, problems } = await deskOnPhone(reference);
    const row = line(page, reference);
    // The name is the buyer's text, laid out in its own direction: its first letter is inside the
    // line's box, so a name too long for the line loses its end, not its start.
    const company = row.locator('.lead-company');
    expect(await company.textContent()).toBe(COMPANY);
    expect(await company.getAttribute('dir')).toBe('auto');
    const start = await company.evaluate((element) => {
      const text = element.firstChild as Text;
      const range = document.createRange();
      range.setStart(text, 0);
      range.setEnd(text, 1);
      const letter = range.getBoundingClientRect();
      const own = element.getBoundingClientRect();
      return { direction: getComputedStyle(element).direction, letter: { left: letter.left, right: letter.right }, own: { left: own.left, right: own.right } };
    });
    expect(start.direction).toBe('rtl');
    expect(start.letter.left).toBeGreaterThanOrEqual(start.own.left - 0.5);
    expect(start.letter.right).toBeLessThanOrEqual(start.own.right + 0.5);
    expect(await seen(row.locator('.lead-kind'))).toBe('Quote request');

    const dialog = await openDetails(page, reference);
    expect(await dialog.getByRole('heading', { level: 2 }).getAttribute('dir')).toBe('auto');
    expect(await dialog.locator('.lead-details-kind').innerText()).toBe(`Quote request · Ref. ${reference}`);
    expect(problems).toEqual([]);
  });

  test('the details offer a call, an e-mail naming the reference and a WhatsApp chat, each at least 44 × 44 px', async () => {
    const reference = await lead();
    const { page, problems } = await deskOnPhone(reference);
    const dialog = await openDetails(page, reference);
    // The number as typed in digits and +, the reference in the e-mail's subject, WhatsApp's digits.
    const call = dialog.locator('a[href^="tel:"]');
    const mail = dialog.locator('a[href^="mailto:"]');
    const chat = dialog.locator('a[href^="https://wa.me/"]');
    await call.waitFor();
    expect(await call.getAttribute('href')).toBe('tel:+97141234567');
    const mailto = new URL((await mail.getAttribute('href')) ?? '');
    expect(mailto.pathname).toBe('sales@gulf-foods.example');
    expect(mailto.searchParams.get('subject')).toBe(`Your quote request ${reference}`);
    expect(await chat.getAttribute('href')).toBe('https://wa.me/97141234567');
    for (const link of [call, mail, chat]) {
      const target = await box(link);
      expect(target.width).toBeGreaterThanOrEqual(44);
      expect(target.height).toBeGreaterThanOrEqual(44);
      expect(target.x + target.width).toBeLessThanOrEqual(PHONE.width);
    }
    expect(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    expect(problems).toEqual([]);
  });

  test('a lead marked as spam shows in the Spam list without a reload', async () => {
    const reference = await lead();
    const { page, problems } = await deskOnPhone(reference);
    const count = page.locator('#spam .admin-count');
    await count.waitFor();
    const before = Number(await count.getAttribute('data-count'));
    const dialog = await openDetails(page, reference);
    await dialog.getByRole('button', { name: `Mark lead ${reference} as spam` }).click();
    await dialog.waitFor({ state: 'detached' });
    await desk(page).getByText(`Moved lead ${reference} to the Spam list; “Not spam” there moves it back.`, { exact: true }).waitFor();
    await page.locator(`#spam [data-record-id="${reference}"]`).waitFor();
    expect(Number(await count.getAttribute('data-count'))).toBe(before + 1);
    await expect.poll(() => line(page, reference).count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
