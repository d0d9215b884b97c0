// @vitest-environment happy-dom
/**
 * The products of the quote and sample request forms in the page's language: a German or Arabic
 * buyer reads the product names of their language (content/ui/<code>.yaml, `productNames`), and the
 * box they tick sends the same stored name as the English form's, so the admin desk, the CSV and
 * the webhooks see one value whatever the page's language.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { validateForm } from '@/shared/domain/lead-forms';
import { LANGUAGES } from '@/shared/i18n/languages';
import { navLabel, stringsFor } from '@/ui/i18n/ui';
import { site } from '@/shared/site';
import { ContactForm, SampleRequestForm } from './forms';
import { formsIn } from './site-forms';

/** The form as the page's HTML has it, in a document of its own. */
function formOf(markup: string): HTMLFormElement {
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${markup}</body>`, 'text/html');
  const form = doc.querySelector('form');
  if (!form) throw new Error('no form');
  return form;
}

/** Each product box: the name the buyer reads beside it and the value it sends. */
function productBoxes(form: HTMLFormElement): { label: string; value: string }[] {
  return [...form.querySelectorAll<HTMLInputElement>('input[type="checkbox"][name="products"]')].map((box) => ({
    label: (box.closest('label')?.textContent ?? '').trim(),
    value: box.value,
  }));
}

/** Ticks the box whose label reads `label` and returns what the form submits for `products`. */
function tick(form: HTMLFormElement, label: string): string[] {
  const box = productBoxes(form).find((entry) => entry.label === label);
  if (!box) throw new Error(`no product box labelled ${label}`);
  const input = form.querySelector<HTMLInputElement>(`input[name="products"][value="${box.value}"]`);
  if (!input) throw new Error('no input');
  input.checked = true;
  return new FormData(form).getAll('products').map(String);
}

const sample = (products: string[]) => ({
  company: 'Gewürzhandel GmbH',
  contactPerson: 'Anna Schmidt',
  email: 'anna@example.de',
  phone: '+49 30 1234567',
  products,
  sampleSize: '100 g',
  address: 'Hafenstraße 1, 20457 Hamburg, Deutschland',
  country: 'DE',
  application: 'Gewürzmischungen',
});

describe('the product choices of the quote and sample request forms', () => {
  it('read in German on a German page and send the stored English names', () => {
    for (const Form of [ContactForm, SampleRequestForm]) {
      const english = productBoxes(formOf(renderToStaticMarkup(<Form />)));
      const german = productBoxes(formOf(renderToStaticMarkup(<Form locale="de" />)));
      expect(english.map((box) => box.label)).toEqual(site.products);
      expect(german.map((box) => box.value)).toEqual(english.map((box) => box.value));
      expect(german.map((box) => box.label)).toEqual([
        'Knoblauchpulver',
        'Knoblauchgranulat',
        'Knoblauchflocken',
        'Fein gehackter Knoblauch',
        'Grob gehackter Knoblauch',
        'Knoblauchöl',
        'Knoblauch-Oleoresin',
        'Gereifter Knoblauchextrakt',
        'Knoblauchkapseln',
      ]);
    }
    const submitted = tick(formOf(renderToStaticMarkup(<SampleRequestForm locale="de" />)), 'Knoblauchpulver');
    expect(submitted).toEqual(tick(formOf(renderToStaticMarkup(<SampleRequestForm />)), 'Garlic Powder'));
    expect(submitted).toEqual(['Garlic Powder']);
    const checked = validateForm(formsIn('de').sampleRequests, sample(submitted));
    expect(checked.ok && checked.fields.products).toEqual(['Garlic Powder']);
  });

  it('read in Arabic on an Arabic page and send the stored English names', () => {
    const arabic = productBoxes(formOf(renderToStaticMarkup(<ContactForm locale="ar" />)));
    expect(arabic.map((box) => box.value)).toEqual(site.products);
    expect(arabic.map((box) => box.label)).toEqual([
      'مسحوق الثوم',
      'حبيبات الثوم',
      'رقائق الثوم',
      'الثوم المفروم',
      'الثوم المقطّع',
      'زيت الثوم',
      'أوليوريزين الثوم',
      'مستخلص الثوم المعتّق',
      'كبسولات الثوم',
    ]);
    const submitted = tick(formOf(renderToStaticMarkup(<ContactForm locale="ar" />)), 'زيت الثوم');
    expect(submitted).toEqual(['Garlic Oil']);
    const checked = validateForm(formsIn('ar').sampleRequests, sample(submitted));
    expect(checked.ok && checked.fields.products).toEqual(['Garlic Oil']);
  });

  it('has a name for every product of the site in every language, the one its menu link shows where it has a page', () => {
    for (const { code } of LANGUAGES) {
      const names = stringsFor(code).productNames ?? {};
      expect(Object.keys(names).sort(), code).toEqual([...site.products].sort());
      for (const item of site.navigation.products.filter((link) => site.products.includes(link.name)))
        expect(names[item.name], `${code}: ${item.name}`).toBe(navLabel(code, item));
    }
  });
});
