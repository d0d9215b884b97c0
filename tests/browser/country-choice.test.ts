/**
 * The country on the German and the Arabic forms of the built site: a list of every country,
 * named in the page's language and sorted as it sorts, in the HTML before any script runs; a buyer
 * chooses theirs by its name, and the lead carries its ISO code.
 */
import { describe, expect, it } from 'vitest';
import { baseUrl, reusedTab, useBrowser, visit } from './support/browser';
import { answerAll, REFERENCE } from './support/lead-forms';
import { leadControl, useLeadEndpoint } from './support/portal';

const browser = useBrowser();
const visitor = reusedTab(browser);
useLeadEndpoint();

describe('the country of a German quote request', () => {
  it('is offered by its German name, in German order, already in the HTML, and sent as its code', async () => {
    const html = await (await fetch(`${baseUrl()}/de/contact`)).text();
    expect(html).toMatch(/<select[^>]*name="country"/);
    expect(html).toContain('<option value="DE">Deutschland</option>');

    const watched = await visitor();
    const { page } = watched;
    await visit(watched, '/de/contact');
    const form = page.getByRole('form', { name: 'Formular für Angebotsanfragen' });
    const country = form.getByLabel('Land', { exact: true });
    // The prompt, then the countries as German sorts them: Ägypten with the A's.
    expect((await country.locator('option').allTextContents()).slice(0, 4)).toEqual(['Land wählen', 'Afghanistan', 'Ägypten', 'Ålandinseln']);
    await answerAll(form, {
      'Ihr Name': 'Anna Schmidt',
      Unternehmen: 'Hamburger Gewürzhandel GmbH',
      'E-Mail': 'anna.schmidt@gewuerzhandel.example',
      Telefon: '+49 40 1234567',
      Land: 'Deutschland',
      'Gewünschte Produkte': ['Knoblauchpulver'],
      'Menge pro Lieferung': '2,5',
      Einheit: 'metric tons',
      'Bestimmungshafen oder -land': 'Hamburg, Deutschland',
      Incoterm: 'CIF',
      Nachricht: 'Knoblauchpulver 80-120 mesh in 25-kg-Säcken, erste Lieferung im März.',
    });
    expect(await country.inputValue()).toBe('DE');
    await form.getByRole('button', { name: 'Angebotsanfrage senden' }).click();
    await page.locator('.lead-reference').waitFor();
    expect(((await page.locator('.lead-reference').textContent()) ?? '').trim()).toMatch(REFERENCE);
    const { received } = await leadControl();
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ page: '/de/contact', fields: { country: 'DE', language: 'de' } });
    expect(watched.problems).toEqual([]);
  });
});

describe('the country of an Arabic sample request', () => {
  it('is offered by its Arabic name and sent as its code', async () => {
    const watched = await visitor();
    const { page } = watched;
    await visit(watched, '/ar/sample-request');
    const form = page.getByRole('form', { name: 'نموذج طلب عينات' });
    const country = form.getByLabel('الدولة', { exact: true });
    expect(await country.locator('option[value="AE"]').textContent()).toBe('الإمارات العربية المتحدة');
    expect(await country.locator('option').first().textContent()).toBe('اختاروا دولة');

    const field = (name: string) => form.locator(`[name="${name}"]`);
    await field('company').fill('شركة الخليج للأغذية');
    await field('contactPerson').fill('عبدالله الأحمد');
    await field('email').fill('sales@gulffoods.example');
    await field('phone').fill('+971 4 1234567');
    await field('products').first().check();
    await field('sampleSize').selectOption('100 g');
    await field('address').fill('شارع الشيخ زايد، دبي');
    await field('application').fill('خلطات التوابل');
    // Chosen by its name, as a buyer reads it.
    await country.selectOption({ label: 'الإمارات العربية المتحدة' });
    expect(await country.inputValue()).toBe('AE');
    await form.getByRole('button', { name: 'إرسال طلب العينات' }).click();
    await page.locator('.lead-reference').waitFor();
    const { received } = await leadControl();
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ page: '/ar/sample-request', fields: { country: 'AE', language: 'ar' } });
    expect(watched.problems).toEqual([]);
  });
});
