/**
 * The e-mail of a lead: one message to every LEAD_NOTIFY_TO address, Reply-To the buyer, a subject
 * that names the kind, the company, the country, the quantity and the products, and a plain-text
 * and an HTML part with every field (escaped, each in its own direction: buyer-text.ts), the
 * reference, the page, the language (once), the time in the team's time zone and the admin link.
 * The Message-ID is made from the lead's reference and the round, so a retry of a message that
 * may have gone through (a crash mid-send) repeats the same message, which mail systems can
 * recognise, and "Send again" is a new one.
 */
import { createTransport } from 'nodemailer';
import type { LeadForms } from '@/shared/domain/lead-forms';
import { isRightToLeft } from '@/shared/i18n/ltr-runs';
import type { StoredLead } from '../db/leads';
import { escapeMarkup } from '@/shared/escape-markup';
import { buyerHtml, buyerText, shortened } from './buyer-text';
import { summarise } from './lead-summary';
import type { EmailSettings } from './settings';
import { teamTime } from './team-time';

export interface LeadEmail {
  subject: string;
  replyTo: string | null;
  messageId: string;
  text: string;
  html: string;
}

/** A whole send, connecting included, is cut off after this: the outbox's lease must outlast it. */
export const EMAIL_TIMEOUT_MS = 60_000;
const SUBJECT_MAX = 200;

/** One line of the visitor's text for a header: no line breaks or other control characters. */
// eslint-disable-next-line no-control-regex
const oneLine = (value: string): string => value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();

/** The Message-ID's domain: the sender's, so it is unique to this site. */
export function messageId(lead: Pick<StoredLead, 'id'>, round: number, fromAddress: string): string {
  const domain = fromAddress.slice(fromAddress.lastIndexOf('@') + 1);
  return `<lead.${lead.id}.${round}@${domain}>`;
}

const LANGUAGE_NAMES = new Intl.DisplayNames('en', { type: 'language' });

/** The language's English name and code ('Arabic (ar)'), for the team; the code alone when Intl has no name. */
function languageName(code: string): string {
  try {
    const name = LANGUAGE_NAMES.of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

export function composeLeadEmail(
  lead: StoredLead,
  round: number,
  settings: Pick<EmailSettings, 'fromAddress' | 'timeZone'>,
  adminBase: string,
  forms: LeadForms,
): LeadEmail {
  const s = summarise(lead, adminBase, forms);
  // The buyer's words in the subject keep their direction; the subject names how much when the lead says.
  const about = [s.who, s.where].filter(Boolean).map(buyerText).join(', ');
  const what = s.quantity && s.what ? `${buyerText(s.quantity)} of ${buyerText(s.what)}` : buyerText(s.quantity || s.what);
  const subject = shortened(oneLine([s.kind, about, what].filter(Boolean).join(': ')), SUBJECT_MAX);
  const email = typeof lead.fields.email === 'string' ? lead.fields.email.trim() : '';
  // The page's language is said once, among the facts, not again as a field.
  const fields = s.fields.filter((field) => field.key !== 'language');
  const facts = [
    ['Reference', lead.id],
    ['Page', lead.page],
    ['Language', languageName(s.language)],
    ['Sent', teamTime(lead.createdAt, settings.timeZone)],
  ] as const;

  const indent = (value: string) => value.replace(/\r?\n/g, '\n    ');
  const text = [
    `${s.kind} ${lead.id}`,
    '',
    ...fields.map((field) => `${field.label}: ${indent(buyerText(field.text))}`),
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    `In the admin: ${s.adminUrl}`,
    ...(email ? ['', `Reply to this e-mail to answer ${email}.`] : []),
    '',
  ].join('\n');

  const row = (label: string, value: string, cell: string) =>
    `<tr><th scope="row" style="text-align:left;vertical-align:top;padding:4px 12px 4px 0">${escapeMarkup(label)}</th>` +
    `<td ${cell} style="padding:4px 0;white-space:pre-wrap">${value}</td></tr>`;
  // Each of the buyer's values in its own direction: an Arabic message reads right to left in an English e-mail.
  const buyerRow = (label: string, value: string) => row(label, buyerHtml(value), `dir="${isRightToLeft(value) ? 'rtl' : 'ltr'}"`);
  const html = [
    '<!doctype html><html lang="en" dir="ltr"><head><meta charset="utf-8"></head><body style="font-family:sans-serif">',
    `<h1 style="font-size:18px">${escapeMarkup(s.kind)} ${escapeMarkup(lead.id)}</h1>`,
    `<table>${fields.map((field) => buyerRow(field.label, field.text)).join('')}</table>`,
    `<table style="margin-top:12px;color:#555">${facts.map(([label, value]) => row(label, escapeMarkup(value), 'dir="ltr"')).join('')}</table>`,
    `<p><a href="${escapeMarkup(s.adminUrl)}">Open ${escapeMarkup(lead.id)} in the admin</a></p>`,
    '</body></html>',
  ].join('\n');

  return { subject, replyTo: email || null, messageId: messageId(lead, round, settings.fromAddress), text, html };
}

export interface EmailSender {
  send(lead: StoredLead, round: number, signal: AbortSignal): Promise<void>;
  close(): void;
}

/** A pool of SMTP connections to SMTP_URL, kept open between messages (the leads' and the desk's notices each have one). */
export function createSmtpTransport(settings: Pick<EmailSettings, 'smtpUrl'>, connections = 2) {
  const url = new URL(settings.smtpUrl);
  return createTransport({
    pool: true,
    maxConnections: connections,
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
    secure: url.protocol === 'smtps:',
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: 20_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
}

/** Sends over SMTP_URL through a small pool of connections, kept open between leads. */
export function createEmailSender(settings: EmailSettings, adminBase: string, forms: LeadForms, options: { connections?: number } = {}): EmailSender {
  const transport = createSmtpTransport(settings, options.connections ?? 2);
  return {
    async send(lead, round, signal) {
      const message = composeLeadEmail(lead, round, settings, adminBase, forms);
      await transport.sendMail({
        from: settings.from,
        to: settings.to,
        replyTo: message.replyTo ?? undefined,
        subject: message.subject,
        messageId: message.messageId,
        text: message.text,
        html: message.html,
        signal: AbortSignal.any([signal, AbortSignal.timeout(EMAIL_TIMEOUT_MS)]),
      });
    },
    close: () => transport.close(),
  };
}
