/**
 * The contact and sample request forms in German and Arabic on the built site: a German buyer
 * reads the messages, the summary and the confirmation in German, the lead arrives and is stored
 * with its language, and the admin shows it; the Arabic sample request form speaks Arabic right to
 * left. Texts are written out here (not read from content/) so a changed text fails a test.
 */
import { describe, expect, it } from 'vitest';
import { reusedTab, useBrowser, visit } from './support/browser';
import { answerAll, fieldError, REFERENCE } from './support/lead-forms';
import { collectionKey, leadControl, signInAdmin, storedList, useLeadEndpoint } from './support/portal';

const browser = useBrowser();
const visitor = reusedTab(browser);
useLeadEndpoint();

describe('/de/contact', () => {
  it('speaks German from the first message to the confirmation, and the lead records its language', async () => {
    const watched = await visitor();
    const { page } = watched;
    await visit(watched, '/de/contact');
    const form = page.getByRole('form', { name: 'Formular für Angebotsanfragen' });
    await form.getByRole('button', { name: 'Angebotsanfrage senden' }).click();

    const summary = form.locator('.lead-summary');
    await summary.waitFor();
    expect(await summary.getByRole('heading').textContent()).toBe('Bitte korrigieren Sie 11 Felder');
    const messages = await summary.getByRole('listitem').allTextContents();
    expect(messages).toContain('Geben Sie den Namen Ihres Unternehmens ein');
    expect(messages).toContain('Wählen Sie einen Incoterm oder „Noch unklar“, wenn wir Sie beraten sollen');
    expect(await fieldError(page, form, 'Telefon', false)).toEqual({
      text: 'Geben Sie Ihre Telefonnummer mit Ländervorwahl ein',
      besideField: true,
      invalid: true,
    });
    expect(await fieldError(page, form, 'Gewünschte Produkte', true)).toMatchObject({ text: 'Wählen Sie mindestens ein Produkt' });
    // The Incoterm codes stay; their explanations are German.
    expect(await form.getByLabel('Incoterm', { exact: true }).locator('option[value="EXW"]').textContent()).toBe('EXW (ab Werk)');

    await answerAll(form, {
      'Ihr Name': 'Anna Schmidt',
      Unternehmen: 'Hamburger Gewürzhandel GmbH',
      'E-Mail': 'anna.schmidt@gewuerzhandel.example',
      Telefon: '+49 40 1234567',
      Land: 'Deutschland',
      // Ticked by its German name; the lead stores the product's one name (Garlic Powder) below.
      'Gewünschte Produkte': ['Knoblauchpulver'],
      'Menge pro Lieferung': '2,5',
      Einheit: 'metric tons',
      'Bestimmungshafen oder -land': 'Hamburg, Deutschland',
      Incoterm: 'CIF',
      Nachricht: 'Knoblauchpulver 80-120 mesh in 25-kg-Säcken, erste Lieferung im März.',
    });
    await expect.poll(() => form.locator('.lead-summary').count()).toBe(0);
    await form.getByRole('button', { name: 'Angebotsanfrage senden' }).click();

    const heading = page.getByRole('heading', { name: 'Vielen Dank: Ihre Angebotsanfrage ist bei uns eingegangen' });
    await heading.waitFor();
    const reference = ((await page.locator('.lead-reference').textContent()) ?? '').trim();
    expect(reference).toMatch(REFERENCE);
    expect(await page.locator('.lead-done').textContent()).toContain(
      `Ihre Referenz lautet ${reference}. Bitte geben Sie sie bei jeder Nachricht zu dieser Angebotsanfrage an.`,
    );
    expect(await page.getByRole('button', { name: 'Weitere Angebotsanfrage senden' }).count()).toBe(1);

    const [record] = await storedList(page, collectionKey('contactEnquiries'));
    expect(record).toMatchObject({
      id: reference,
      fields: { company: 'Hamburger Gewürzhandel GmbH', products: ['Garlic Powder'], quantity: '2.5', language: 'de' },
    });
    const { received } = await leadControl();
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ id: reference, page: '/de/contact', fields: { products: ['Garlic Powder'], language: 'de' } });

    await signInAdmin(page);
    const card = page.locator(`#contact-enquiries [data-record-id="${reference}"]`);
    await card.waitFor();
    const language = card.locator('.record-fields > div', { has: page.locator('dt', { hasText: /^Language$/ }) });
    expect(await language.locator('dd').textContent()).toBe('Deutsch (de)');
    expect(watched.problems).toEqual([]);
  });

  it('offers German e-mail and WhatsApp texts when the lead cannot reach us, and says in German why', async () => {
    const watched = await visitor();
    const { page } = watched;
    // The endpoint's answer when one address has sent more than its limit in a minute (the
    // endpoint is on another origin, so its answer carries CORS, as the real one does).
    await page.route(
      (url) => url.pathname === '/leads',
      (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({ status: 429, headers: { 'Retry-After': '42', 'Access-Control-Allow-Origin': '*' }, body: 'busy' })
          : route.fallback(),
    );
    await visit(watched, '/de/sample-request');
    const form = page.getByRole('form', { name: 'Formular für Musteranfragen' });
    await answerAll(form, {
      Unternehmen: 'Hamburger Gewürzhandel GmbH',
      Ansprechpartner: 'Anna Schmidt',
      'E-Mail': 'anna.schmidt@gewuerzhandel.example',
      Telefon: '+49 40 1234567',
      'Gewünschte Muster': ['Knoblauchpulver'],
      'Mustergröße pro Produkt': '100 g',
      Lieferadresse: 'Hafenstraße 1, 20457 Hamburg, Deutschland',
      Land: 'Deutschland',
      'Vorgesehene Verwendung': 'Gewürzmischungen',
    });
    await form.getByRole('button', { name: 'Muster anfordern' }).click();
    const alert = form.locator('.lead-alert');
    await alert.waitFor();
    expect(await alert.getByRole('heading').textContent()).toBe('Ihre Musteranfrage hat uns noch nicht erreicht');
    expect(await alert.textContent()).toContain(
      'Sie konnte nicht an unser Team übermittelt werden: unser Server hat in der letzten Minute zu viele Anfragen aus Ihrem Netzwerk erhalten (bitte warten Sie eine Minute und versuchen Sie es dann erneut).',
    );
    const mail = decodeURIComponent((await alert.getByRole('link', { name: 'Per E-Mail senden' }).getAttribute('href')) ?? '');
    expect(mail).toContain('Lieferadresse: Hafenstraße 1, 20457 Hamburg, Deutschland');
    expect(mail).toContain('Sprache: de');
    // The country as the buyer chose it, by its German name.
    expect(mail).toContain('Land: Deutschland');
    expect(await alert.getByRole('link', { name: 'Per WhatsApp senden' }).count()).toBe(1);
    expect(await alert.getByRole('button', { name: 'Erneut versuchen' }).count()).toBe(1);
  });
});

describe('/ar/sample-request', () => {
  it('speaks Arabic, right to left, with its messages', async () => {
    const watched = await visitor();
    const { page } = watched;
    await visit(watched, '/ar/sample-request');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    const form = page.getByRole('form', { name: 'نموذج طلب عينات' });
    expect(await form.locator('noscript').innerHTML()).toContain('يتطلب هذا النموذج JavaScript');
    await form.getByRole('button', { name: 'إرسال طلب العينات' }).click();
    await form.locator('.lead-summary').waitFor();
    expect(await fieldError(page, form, 'الشركة', false)).toMatchObject({ text: 'أدخلوا اسم شركتكم' });
  });
});
