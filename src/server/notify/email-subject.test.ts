/** The subject of the team's e-mail for a lead whose words are long: cut, but never left reading the wrong way. */
import { describe, expect, it } from 'vitest';
import type { StoredLead } from '../db/leads';
import { leadForms } from '@/shared/domain/lead-forms';
import { composeLeadEmail } from './email';
import { ENGLISH_WORDS, englishForms } from '../../../tests/support/lead-form-words';

const lead = (company: string) =>
  ({
    id: 'GB-20261129-ABCD',
    type: 'contactEnquiries',
    page: '/ar/contact',
    createdAt: '2026-11-29T04:00:00.000Z',
    fields: { company, country: 'Saudi Arabia', email: 'buyer@example.com', products: ['Garlic Powder'], language: 'ar' },
  }) as unknown as StoredLead;

describe('the e-mail subject of a lead with a long Arabic company name', () => {
  const { subject } = composeLeadEmail(
    lead(`شركة ${'الخليج للتجارة '.repeat(20)}25 kg`),
    1,
    { fromAddress: 'desk@example.com', timeZone: 'Asia/Kolkata' },
    'https://example.com',
    englishForms(),
  );

  it('is at most 200 characters and ends in an ellipsis', () => {
    expect(subject.length).toBeLessThanOrEqual(200);
    expect(subject).toMatch(/…\u2069*$/);
  });

  it('closes every isolate it opened, so the mail client lays out what follows it as before', () => {
    const opened = subject.match(/[\u2066-\u2068]/g)?.length ?? 0;
    const closed = subject.match(/\u2069/g)?.length ?? 0;
    expect(opened).toBeGreaterThan(0);
    expect(closed).toBe(opened);
  });
});

describe("the e-mail's words", () => {
  it('are those of the forms the server was started with: the kind and every label come from content/ui, not a copy in the code', () => {
    const words = { ...ENGLISH_WORDS, contactTitle: 'buyer enquiry', companyLabel: 'Firm', languageLabel: 'Page language' };
    const email = composeLeadEmail(
      lead('Gulf Foods'),
      1,
      { fromAddress: 'desk@example.com', timeZone: 'Asia/Kolkata' },
      'https://example.com',
      leadForms([], words),
    );
    expect(email.subject).toMatch(/^Buyer enquiry: Gulf Foods/);
    expect(email.text).toContain('\nFirm: Gulf Foods\n');
    expect(email.text).toContain(`\n${ENGLISH_WORDS.emailLabel}: buyer@example.com\n`);
  });
});
