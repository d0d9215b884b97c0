/**
 * The plain-text copy of a submission for the 'Send by e-mail' and 'Send via WhatsApp' links that
 * a visitor gets when the form could not deliver or store it: every field, with its label.
 */
import type { AnyRecord, Collection } from '@/domain/records';
import { mailtoHref, whatsappHref } from '@/contact-links';
import { fieldLabel } from '@/domain/lead-forms';
import { FORMS } from './site-forms';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function leadSubject(collection: Collection, record: AnyRecord): string {
  const from = record.fields.company || record.fields.name || record.fields.contactPerson;
  const sender = typeof from === 'string' && from ? ` from ${from}` : '';
  return `${capitalised(FORMS[collection].title)} ${record.id}${sender}`;
}

/** Every field as 'Label: value' in the form's order; lists joined with commas, empty fields left out. */
export function leadText(collection: Collection, record: AnyRecord): string {
  const lines = [`${capitalised(FORMS[collection].title)}, reference ${record.id}`, ''];
  for (const [key, value] of Object.entries(record.fields)) {
    const text = Array.isArray(value) ? value.join(', ') : value;
    if (text) lines.push(`${fieldLabel(collection, key)}: ${text}`);
  }
  return lines.join('\n');
}

export function leadMailtoHref(collection: Collection, record: AnyRecord): string {
  return mailtoHref(leadSubject(collection, record), leadText(collection, record));
}

export function leadWhatsappHref(collection: Collection, record: AnyRecord): string {
  return whatsappHref(leadText(collection, record));
}
