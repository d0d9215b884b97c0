/**
 * What a notification says about a lead, shared by the e-mail and the webhook: its kind ('Quote
 * request'), who sent it, from where, about what and how much, every field with its label, and
 * the link to it in the admin, named in the words of the forms the server was started with
 * (content/ui's `leadForms` in the site's first language). Values are the visitor's text: the
 * e-mail escapes them, the webhook sends JSON.
 */
import { fieldLabel, type LeadForms } from '@/shared/domain/lead-forms';
import { adminLeadPath } from '@/shared/domain/admin-links';
import type { Collection } from '@/shared/domain/records';
import type { StoredLead } from '../db/leads';

export interface LeadSummary {
  /** 'Quote request', 'Job application', … */
  kind: string;
  /** The company, or the person when there is none. */
  who: string;
  /** The country, or the nearest the form asks for (location, destination); '' when none. */
  where: string;
  /** The products, or what the lead is about (position, partnership type, ticket size). */
  what: string;
  /** The quantity asked for with its unit ('2.5 metric tons'); '' when the lead names none. */
  quantity: string;
  /** Every field in the form's order: its label and its text (a list joined with commas). */
  fields: { key: string; label: string; text: string }[];
  /** The page's language code, 'en' for a lead from an English page. */
  language: string;
  adminUrl: string;
}

const text = (value: string | string[] | undefined): string => (Array.isArray(value) ? value.join(', ') : (value ?? '')).trim();

/** Where the lead is worked in the admin: the desk for a buyer's lead, the pipeline for a partnership application (admin-links.ts). */
export function adminLeadUrl(adminBase: string, lead: Pick<StoredLead, 'id' | 'type'>): string {
  return `${adminBase.replace(/\/+$/, '')}${adminLeadPath(lead)}`;
}

export function summarise(lead: StoredLead, adminBase: string, forms: LeadForms): LeadSummary {
  const f = lead.fields;
  const form = forms[lead.type];
  const title = form.title;
  const first = (...keys: string[]) => keys.map((key) => text(f[key])).find(Boolean) ?? '';
  const what: Record<Collection, string> = {
    contactEnquiries: text(f.products),
    sampleRequests: text(f.products),
    jobApplications: text(f.position),
    partnershipApplications: text(f.partnershipType),
    investorInterests: [text(f.investorType), text(f.ticketSize)].filter(Boolean).join(', '),
  };
  return {
    kind: title.charAt(0).toUpperCase() + title.slice(1),
    who: first('company', 'organisation', 'name', 'contactPerson'),
    where: first('country', 'location', 'destination'),
    what: what[lead.type],
    quantity: text(f.quantity) ? [text(f.quantity), text(f.unit)].filter(Boolean).join(' ') : '',
    fields: Object.entries(f).map(([key, value]) => ({ key, label: fieldLabel(form, key), text: text(value) })),
    language: text(f.language) || 'en',
    adminUrl: adminLeadUrl(adminBase, lead),
  };
}
