/**
 * The plain-text copy of a submission for the 'Send by e-mail' and 'Send via WhatsApp' links that
 * a visitor gets when the form could not deliver or store it: every field, with its label.
 */
import type { AnyRecord, Collection } from '@/shared/domain/records';
import { mailtoHref, whatsappHref } from '@/shared/contact-links';
import { fieldLabel, type FormDef, optionLabel, optionValue } from '@/shared/domain/lead-forms';
import { fill } from '@/shared/i18n/fill';
import { FORMS } from './site-forms';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** `def`: the form as the visitor saw it, in the page's language (the English form by default). */
export function leadSubject(collection: Collection, record: AnyRecord, def: FormDef = FORMS[collection]): string {
  const from = record.fields.company || record.fields.name || record.fields.contactPerson;
  const sender = typeof from === 'string' ? from : '';
  return fill(sender ? def.words.fallbackSubjectFrom : def.words.fallbackSubject, { title: capitalised(def.title), reference: record.id, sender });
}

/** A chosen value as the form showed it: a country as its name, not its code; a product by its name in the page's language. */
function shown(def: FormDef, key: string, value: string): string {
  const option = def.fields[key]?.options?.find((item) => optionValue(item) === value);
  return option ? optionLabel(option) : value;
}

/** Every field as 'Label: value' in the form's order; lists joined with commas, empty fields left out. */
export function leadText(collection: Collection, record: AnyRecord, def: FormDef = FORMS[collection]): string {
  const lines = [fill(def.words.fallbackHeading, { title: capitalised(def.title), reference: record.id }), ''];
  for (const [key, value] of Object.entries(record.fields)) {
    const text = Array.isArray(value) ? value.map((item) => shown(def, key, item)).join(', ') : shown(def, key, value);
    const label = fieldLabel(def, key);
    // After a right-to-left label, a Latin value ("+971 4 1234567", "80-120 mesh" in a message) is
    // isolated as fill() isolates a value, so the visitor's mail or chat app keeps its order.
    if (text) lines.push(fill(`${label}: {value}`, { value: text }));
  }
  return lines.join('\n');
}

export function leadMailtoHref(collection: Collection, record: AnyRecord, def: FormDef = FORMS[collection]): string {
  return mailtoHref(leadSubject(collection, record, def), leadText(collection, record, def));
}

export function leadWhatsappHref(collection: Collection, record: AnyRecord, def: FormDef = FORMS[collection]): string {
  return whatsappHref(leadText(collection, record, def));
}
