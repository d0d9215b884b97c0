/** How the dashboard shows stored submissions: field labels, titles, dates and file names. */
import type { AnyRecord, Fields } from '@/domain/records';

// Whole words written the way the rest of the site writes them.
const WORDS: Record<string, string> = { cv: 'CV', url: 'URL', id: 'ID', moq: 'MOQ', mt: 'MT', email: 'e-mail' };

// The lead forms' keys whose plain reading would be vague on the dashboard.
const LABELS: Record<string, string> = {
  experience: 'Years of experience',
  address: 'Delivery address',
  application: 'Intended application',
  quantity: 'Quantity per shipment',
  ticketSize: 'Intended ticket size',
  cvUrl: 'CV link',
};

/** 'fullName', 'full_name' and 'full-name' all read 'Full name'; 'cvURL' reads 'CV URL'. */
export function fieldLabel(key: string): string {
  if (Object.hasOwn(LABELS, key)) return LABELS[key];
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => WORDS[word.toLowerCase()] ?? word.toLowerCase());
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function fieldText(value: string | string[] | undefined): string {
  const text = Array.isArray(value) ? value.filter((item) => item.trim() !== '').join(', ') : (value ?? '');
  return text.trim() === '' ? 'Not given' : text;
}

// The first of these that the form filled in names the record; the reference id otherwise.
const TITLE_KEYS = ['name', 'fullName', 'contactPerson', 'contactName', 'company', 'companyName', 'organisation', 'organization', 'email'];

export function recordTitle(record: AnyRecord): string {
  const fields: Fields = record.fields;
  for (const key of TITLE_KEYS) {
    const value = fields[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return record.id;
}

/** A second line for the title, e.g. the company beside a person's name. */
export function recordSubtitle(record: AnyRecord): string | null {
  const title = recordTitle(record);
  for (const key of ['company', 'companyName', 'organisation', 'organization', 'position', 'partnershipType']) {
    const value = record.fields[key];
    if (typeof value === 'string' && value.trim() !== '' && value.trim() !== title) return value.trim();
  }
  return null;
}

/** A link is offered only for web addresses; anything else (javascript:, data:) stays plain text. */
export function isWebUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value.trim())) return false;
  try {
    return new URL(value.trim()).hostname !== '';
  } catch {
    return false;
  }
}

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** '22 Nov 2025, 10:31' in the admin's time zone; a value that is not a date is shown as stored. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}
