/** The contact and sample request forms in every language of the site: their words, messages and the language a lead records. */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { toCsv } from '@/shared/domain/csv';
import { LEAD_FORM_WORD_KEYS, optionValue, validateForm, validateField } from '@/shared/domain/lead-forms';
import { SITE_FORM_WORD_KEYS } from '@/shared/domain/lead-form-words';
import { LANGUAGES } from '@/shared/i18n/languages';
import { stringsFor } from '@/ui/i18n/ui';
import { parseLeadBody } from '@/server/api/lead-body';
import { leadText } from './fallback';
import { FORMS, formsIn } from './site-forms';
import { ENGLISH_WORDS } from '../../../../tests/support/lead-form-words';

const de = stringsFor('de').leadForms;

describe('the lead forms in every language', () => {
  it("has every word in every language, and the English page's words are the ones the server loads", () => {
    expect(Object.keys(stringsFor('en').leadForms).sort()).toEqual([...LEAD_FORM_WORD_KEYS].sort());
    expect(stringsFor('en').leadForms).toEqual(ENGLISH_WORDS);
    expect(FORMS.sampleRequests.words).toEqual(ENGLISH_WORDS);
    // The careers, partnership and investment forms' words reach a browser in English only (their pages are English only).
    for (const { code } of LANGUAGES.slice(1)) {
      expect(Object.keys(stringsFor(code).leadForms).sort(), code).toEqual([...SITE_FORM_WORD_KEYS].sort());
      expect(formsIn(code).jobApplications.title, code).toBe(ENGLISH_WORDS.jobTitle);
      expect(formsIn(code).investorInterests.fields.investorType.label, code).toBe(ENGLISH_WORDS.investorTypeLabel);
    }
  });

  it('gives the English forms exactly the English words', () => {
    expect(formsIn('en')).toBe(FORMS);
    expect(JSON.stringify(formsIn('en').contactEnquiries.fields)).toBe(JSON.stringify(FORMS.contactEnquiries.fields));
  });

  it('checks a German form with German messages from content/ui/de.yaml', () => {
    const form = formsIn('de').contactEnquiries;
    const result = validateForm(form, {
      name: '',
      company: '',
      email: 'a@',
      phone: '030 1234567',
      country: '',
      products: [],
      quantity: '5 t',
      unit: '',
      destination: '',
      incoterm: '',
      message: 'Preise',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.company).toBe(de.companyEmpty);
    expect(result.errors.email).toBe('Geben Sie eine E-Mail-Adresse wie name@firma.de ein');
    expect(result.errors.phone).toBe('Beginnen Sie mit + und der Ländervorwahl, z. B. +49 30 1234567');
    expect(result.errors.message).toBe('Geben Sie für Ihre Nachricht mindestens 20 Zeichen ein, damit wir wissen, was Sie benötigen (derzeit 6)');
    expect(validateField(form, 'message', 'x'.repeat(2001))).toBe('Kürzen Sie Ihre Nachricht auf höchstens 2.000 Zeichen (derzeit 2.001)');
    expect(validateField(formsIn('ar').sampleRequests, 'company', '')).toBe(stringsFor('ar').leadForms.companyEmpty);
    // A Gulf buyer's keyboard may type Arabic-Indic digits: they are stored as Western digits.
    const arabic = formsIn('ar').contactEnquiries;
    expect(v.parse(arabic.schema.entries.quantity, '٢٫٥')).toBe('2.5');
    expect(v.parse(arabic.schema.entries.phone, '+٩٧١ ٤ ١٢٣٤٥٦٧')).toBe('+971 4 1234567');
    // The example phone number is isolated (U+2066 … U+2069), so the Arabic around it cannot reorder its groups.
    expect(validateField(arabic, 'phone', '04 1234567')).toBe('ابدؤوا بعلامة + ورمز الدولة، مثل \u2066+971 4 1234567\u2069');
    expect(formsIn('de').contactEnquiries.fields.incoterm?.options?.[0]).toEqual({ value: 'EXW', label: 'EXW (ab Werk)' });
  });

  it("stores the page's language with a lead, accepted by the server's check; the English forms send none", () => {
    const fields = {
      company: 'Gewürzhandel GmbH',
      contactPerson: 'Anna Schmidt',
      email: 'anna@example.de',
      phone: '+49 30 1234567',
      products: [FORMS.sampleRequests.fields.products?.options?.[0] as string],
      sampleSize: '100 g',
      address: 'Hafenstraße 1, 20457 Hamburg, Deutschland',
      country: 'DE',
      application: 'Gewürzmischungen',
    };
    const body = { type: 'sampleRequests', id: 'GB-7K3Q9X2M', createdAt: '2025-11-22T10:31:07.482Z', page: '/de/sample-request' };
    expect(parseLeadBody({ ...body, fields: { ...fields, language: 'de' } }, FORMS).fields).toEqual({ ...fields, language: 'de' });
    expect(parseLeadBody({ ...body, fields }, FORMS).fields).toEqual(fields);
    expect(() => parseLeadBody({ ...body, fields: { ...fields, language: 'Deutsch!' } }, FORMS)).toThrow(/language/);
    const text = leadText(
      'sampleRequests',
      { id: 'GB-7K3Q9X2M', createdAt: body.createdAt, fields: { ...fields, language: 'de' } },
      formsIn('de').sampleRequests,
    );
    expect(text.split('\n').slice(0, 3)).toEqual(['Musteranfrage, Referenz GB-7K3Q9X2M', '', 'Unternehmen: Gewürzhandel GmbH']);
    expect(text).toContain('\nSprache: de');
    // The country as the visitor chose it, by its name in the form's language, not its code.
    expect(text).toContain('\nLand: Deutschland\n');
  });

  it("offers the countries by their names in the page's language, sorted as it sorts, each storing its ISO code", () => {
    const german = formsIn('de').contactEnquiries.fields.country?.options ?? [];
    expect(german.slice(0, 3)).toEqual([
      { value: 'AF', label: 'Afghanistan' },
      { value: 'EG', label: 'Ägypten' },
      { value: 'AX', label: 'Ålandinseln' },
    ]);
    expect(german.find((option) => optionValue(option) === 'DE')).toEqual({ value: 'DE', label: 'Deutschland' });
    const arabic = formsIn('ar').sampleRequests.fields.country?.options ?? [];
    expect(arabic.find((option) => optionValue(option) === 'DE')).toEqual({ value: 'DE', label: 'ألمانيا' });
    expect(arabic.find((option) => optionValue(option) === 'AE')).toEqual({ value: 'AE', label: 'الإمارات العربية المتحدة' });
    expect(formsIn('de').contactEnquiries.fields.country?.placeholder).toBe('Land wählen');
    // Whatever the language, the server takes the code.
    expect(validateField(formsIn('ar').contactEnquiries, 'country', 'AE')).toBeUndefined();
    expect(validateField(formsIn('de').contactEnquiries, 'country', 'Deutschland')).toBe('Wählen Sie Ihr Land aus der Liste');
  });
});

describe('the CSV export', () => {
  it('has a language column for leads that carry one', () => {
    const csv = toCsv([
      { id: 'GB-7K3Q9X2M', createdAt: '2025-11-22T10:31:07.482Z', fields: { company: 'Gewürzhandel GmbH', language: 'de' } },
      { id: 'GB-8K3Q9X2M', createdAt: '2025-11-22T10:32:07.482Z', fields: { company: 'Spice Co' } },
    ]);
    expect(csv.split('\r\n').slice(0, 3)).toEqual([
      'id,createdAt,company,language',
      'GB-7K3Q9X2M,2025-11-22T10:31:07.482Z,Gewürzhandel GmbH,de',
      'GB-8K3Q9X2M,2025-11-22T10:32:07.482Z,Spice Co,',
    ]);
  });
});

describe('the choices of a right-to-left form', () => {
  it('show their figures isolated ("50 g" reads as written in an Arabic list) and keep their values', () => {
    const sizes = formsIn('ar').sampleRequests.fields.sampleSize?.options ?? [];
    expect(sizes).toEqual([
      { value: '50 g', label: '\u206650 g\u2069' },
      { value: '75 g', label: '\u206675 g\u2069' },
      { value: '100 g', label: '\u2066100 g\u2069' },
    ]);
    expect(formsIn('ar').contactEnquiries.fields.incoterm?.options?.[0]).toEqual({ value: 'EXW', label: 'EXW (تسليم أرض المصنع)' });
    expect(validateField(formsIn('ar').sampleRequests, 'sampleSize', '100 g')).toBeUndefined();
    expect(formsIn('de').sampleRequests.fields.sampleSize?.options).toEqual(['50 g', '75 g', '100 g']);
  });
});
