/** The subject of the team's e-mail for a lead whose words are long: cut, but never left reading the wrong way. */
import { describe, expect, it } from 'vitest';
import type { StoredLead } from '../db/leads';
import { composeLeadEmail } from './email';

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
