/** How the dashboard shows stored submissions: field labels, titles, dates and file names. */
import type { Attribution } from '@/shared/domain/attribution';
import { LEAD_STATUSES, statusLabel, type AnyRecord, type Fields, type LeadStatus } from '@/shared/domain/records';

const isLeadStatus = (value: string): value is LeadStatus => (LEAD_STATUSES as readonly string[]).includes(value);

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

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const shortDayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** '9 Mar 2026' for 2026-03-09 (a calendar day: the same in every zone); `short` leaves out the year. */
export function formatDay(day: string, { short = false } = {}): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : (short ? shortDayFormat : dayFormat).format(date);
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * How long ago a lead was sent: short for the list ('5 min', '3 h', '4 d', '2 wk', '3 mo') and in
 * words for a screen reader ('sent 4 days ago'). A time in the future (a visitor's clock ahead) reads as now.
 */
export function ageText(iso: string, now: Date): { short: string; long: string } {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return { short: '', long: '' };
  const minutes = Math.max(0, Math.floor((now.getTime() - time) / 60_000));
  if (minutes < 1) return { short: 'now', long: 'sent just now' };
  if (minutes < 60) return { short: `${minutes} min`, long: `sent ${plural(minutes, 'minute')} ago` };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { short: `${hours} h`, long: `sent ${plural(hours, 'hour')} ago` };
  const days = Math.floor(hours / 24);
  if (days < 14) return { short: `${days} d`, long: `sent ${plural(days, 'day')} ago` };
  if (days < 63) return { short: `${Math.floor(days / 7)} wk`, long: `sent ${plural(Math.floor(days / 7), 'week')} ago` };
  const months = Math.floor(days / 30.44);
  return { short: `${months} mo`, long: `sent ${plural(months, 'month')} ago` };
}

/** What one change to a lead changed, in words: 'Status: New → Contacted', 'Follow-up: none → 9 Mar 2026', 'Notes changed'. */
export function describeChange(change: {
  status?: { from: string | null; to: string };
  notes?: true;
  followUp?: { from: string | null; to: string | null };
}): string[] {
  const parts: string[] = [];
  const status = (value: string | null) => (value === null ? 'none' : isLeadStatus(value) ? statusLabel(value) : value);
  const day = (value: string | null) => (value === null ? 'none' : formatDay(value));
  if (change.status) parts.push(`Status: ${status(change.status.from)} → ${status(change.status.to)}`);
  if (change.followUp) parts.push(`Follow-up: ${day(change.followUp.from)} → ${day(change.followUp.to)}`);
  if (change.notes) parts.push('Notes changed');
  return parts;
}

/**
 * Where a lead's visit came from, in one line: 'Came from: newsletter / email / eu-2027, landed on
 * /garlic-powder, referred by https://www.google.com' (the UTM source, medium and campaign it had).
 */
export function describeAttribution(attribution: Attribution | null | undefined): string {
  if (!attribution) return 'Where it came from was not recorded (the visitor asked not to be measured, or the page sent none).';
  const campaign = [attribution.utmSource, attribution.utmMedium, attribution.utmCampaign].filter((part): part is string => part !== null);
  const landed = `landed on ${attribution.landingPage}`;
  if (campaign.length)
    return `Came from: ${[campaign.join(' / '), landed, ...(attribution.referrer ? [`referred by ${attribution.referrer}`] : [])].join(', ')}`;
  if (attribution.referrer) return `Came from: ${attribution.referrer}, ${landed}`;
  return `Came directly (no campaign or linking site), ${landed}`;
}
