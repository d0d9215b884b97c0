/** What the buyer page says of a buyer: the newest name, company and country, and each distinct contact once. */
import { describe, expect, it } from 'vitest';
import type { BuyerLead } from '@/browser/api/buyer-api';
import { buyerSummary } from './buyer-summary';

const lead = (id: string, fields: Record<string, string>): BuyerLead => ({
  id,
  type: 'contactEnquiries',
  createdAt: '2026-03-04T09:00:00.000Z',
  page: '/contact',
  fields,
  status: 'new',
  notes: '',
  followUp: null,
  updatedBy: null,
  updatedAt: null,
  version: 1,
});

describe('buyerSummary', () => {
  it('takes the newest lead’s name, company and country, and lists each e-mail and phone pair once', () => {
    const leads = [
      lead('GB-44444444', { contactPerson: '', company: 'ACME FOODS INC', email: 'Jo@Acme.example', phone: '+1 212 555 0100' }),
      lead('GB-33333333', {
        contactPerson: 'Jo Lee',
        company: 'Acme Foods Inc',
        country: 'United States',
        email: 'jo@acme.example',
        phone: '+1 (212) 555-0100',
      }),
      lead('GB-22222222', { name: 'Jo', company: 'Acme', country: 'United States', email: 'trade@acme.example', phone: '' }),
    ];
    const summary = buyerSummary(leads);
    expect({ name: summary.name, company: summary.company, country: summary.country }).toEqual({
      name: 'Jo Lee',
      company: 'ACME FOODS INC',
      country: 'United States',
    });
    expect(summary.contacts.map((contact) => [contact.email, contact.phone, contact.lead.id])).toEqual([
      ['Jo@Acme.example', '+1 212 555 0100', 'GB-44444444'],
      ['trade@acme.example', '', 'GB-22222222'],
    ]);
  });
});
