/**
 * What the buyer page says of a buyer, from their leads (newest first): the name, company and
 * country of the newest lead that gives each, and every distinct way to reach them (one per
 * e-mail address and phone number), each with the lead it came from so the e-mail's subject can
 * name that request.
 */
import type { BuyerLead } from '@/browser/api/buyer-api';
import type { Fields } from '@/shared/domain/records';

export interface BuyerContact {
  name: string;
  email: string;
  phone: string;
  /** The newest lead that gave this contact. */
  lead: BuyerLead;
}

export interface BuyerSummary {
  name: string;
  company: string;
  country: string;
  contacts: BuyerContact[];
}

const text = (value: Fields[string] | undefined): string => (typeof value === 'string' ? value.trim() : '');
const personOf = (fields: Fields) => text(fields.contactPerson) || text(fields.name);

export function buyerSummary(leads: readonly BuyerLead[]): BuyerSummary {
  const first = (read: (fields: Fields) => string) => leads.map((lead) => read(lead.fields)).find(Boolean) ?? '';
  const contacts: BuyerContact[] = [];
  const seen = new Set<string>();
  for (const lead of leads) {
    const email = text(lead.fields.email);
    const phone = text(lead.fields.phone);
    // The same address in another case, or the same number written with other spaces, is the same contact.
    const key = `${email.toLowerCase()}\n${phone.replace(/\D/g, '')}`;
    if ((!email && !phone) || seen.has(key)) continue;
    seen.add(key);
    contacts.push({ name: personOf(lead.fields), email, phone, lead });
  }
  return {
    name: first(personOf),
    company: first((fields) => text(fields.company) || text(fields.organisation)),
    country: first((fields) => text(fields.country)),
    contacts,
  };
}
