/** The text that the 'Send by e-mail' and 'Send via WhatsApp' links carry. */
import { describe, expect, it } from 'vitest';
import type { AnyRecord } from '@/shared/domain/records';
import { site } from '@/shared/site';
import { leadMailtoHref, leadSubject, leadText, leadWhatsappHref } from './fallback';
import { formsIn } from './site-forms';

const record: AnyRecord = {
  id: 'GB-7K3Q9X2M',
  createdAt: '2025-05-01T09:00:00.000Z',
  fields: {
    name: 'Asha Rao',
    company: 'Spice Foods GmbH',
    email: 'asha@spicefoods.example',
    products: ['Garlic Powder', 'Garlic Oil'],
    quantity: '5',
    unit: 'metric tons',
    message: 'Line one & "two"\n<img src=x onerror=alert(1)>',
  },
};

describe('leadText', () => {
  it('lists every field with its label, in the form order', () => {
    expect(leadText('contactEnquiries', record)).toBe(
      [
        'Quote request, reference GB-7K3Q9X2M',
        '',
        'Your name: Asha Rao',
        'Company: Spice Foods GmbH',
        'E-mail: asha@spicefoods.example',
        'Products of interest: Garlic Powder, Garlic Oil',
        'Quantity per shipment: 5',
        'Unit: metric tons',
        'Message: Line one & "two"\n<img src=x onerror=alert(1)>',
      ].join('\n'),
    );
  });

  it('leaves empty fields out', () => {
    const text = leadText('investorInterests', { ...record, fields: { name: 'Dana', organisation: '', message: 'Hello there' } });
    expect(text).toBe('Investor interest, reference GB-7K3Q9X2M\n\nYour name: Dana\nMessage: Hello there');
  });
});

describe('links', () => {
  it('names the form, the reference and the sender in the subject', () => {
    expect(leadSubject('contactEnquiries', record)).toBe('Quote request GB-7K3Q9X2M from Spice Foods GmbH');
    expect(leadSubject('jobApplications', { ...record, fields: { name: 'Chitra' } })).toBe('Job application GB-7K3Q9X2M from Chitra');
  });

  it('prefills an e-mail to the company address', () => {
    const href = leadMailtoHref('contactEnquiries', record);
    expect(href.startsWith(`mailto:${site.contact.email}?`)).toBe(true);
    const query = new URLSearchParams(href.slice(href.indexOf('?') + 1));
    expect(query.get('subject')).toBe('Quote request GB-7K3Q9X2M from Spice Foods GmbH');
    expect(query.get('body')).toBe(leadText('contactEnquiries', record));
    expect(href).not.toContain('+');
  });

  it('prefills a WhatsApp message to the company number', () => {
    const href = leadWhatsappHref('contactEnquiries', record);
    expect(href.startsWith(`https://wa.me/${site.contact.whatsapp}?text=`)).toBe(true);
    expect(decodeURIComponent(href.slice(href.indexOf('=') + 1))).toBe(leadText('contactEnquiries', record));
  });
});

describe('the text of a form sent from a German or Arabic page', () => {
  it('names the products and the country as that page showed them, not by the values stored', () => {
    const sent: AnyRecord = {
      ...record,
      fields: { company: 'Gewürzwerk Hamburg GmbH', country: 'DE', products: ['Garlic Powder', 'Garlic Oil'], language: 'de' },
    };
    const german = leadText('contactEnquiries', sent, formsIn('de').contactEnquiries);
    expect(german).toContain(': Knoblauchpulver, Knoblauchöl');
    expect(german).toContain(': Deutschland');
    expect(german).not.toContain('Garlic Powder');
    const arabic = leadText('contactEnquiries', { ...sent, fields: { ...sent.fields, country: 'AE', language: 'ar' } }, formsIn('ar').contactEnquiries);
    expect(arabic).toContain('مسحوق الثوم');
    expect(arabic).toContain('زيت الثوم');
    expect(arabic).toContain('الإمارات');
    expect(arabic).not.toContain('Garlic Oil');
  });

  it('keeps a Latin run in the order it was typed in an Arabic text: the reference, a phone number, a range in the message', () => {
    const arabicForms = formsIn('ar');
    const sent: AnyRecord = { ...record, fields: { name: 'سارة', phone: '+971 4 1234567', message: 'نحتاج مسحوق الثوم 80-120 mesh', language: 'ar' } };
    const text = leadText('contactEnquiries', sent, arabicForms.contactEnquiries);
    expect(text).toContain(`${arabicForms.contactEnquiries.fields.phone.label}: \u2066+971 4 1234567\u2069`);
    expect(text).toContain('نحتاج مسحوق الثوم \u206680-120 mesh\u2069');
    expect(text.split('\n')[0]).toContain('\u2066GB-7K3Q9X2M\u2069');
    expect(leadSubject('contactEnquiries', sent, arabicForms.contactEnquiries)).toContain('\u2066GB-7K3Q9X2M\u2069');
    // English and German lines stay as typed.
    expect(leadText('contactEnquiries', { ...sent, fields: { phone: '+49 30 1234567' } })).not.toMatch(/[\u2066-\u2069]/);
  });
});
