/**
 * The desk's e-mails to one colleague: "a lead is yours now" (its reference, the buyer, the
 * company, who gave it, the link to it) and the morning digest of the colleague's open follow-ups
 * due today or overdue, each with its link. Plain text and HTML, the buyer's words escaped and in
 * their own direction (buyer-text.ts). The Message-ID is the notice's, so a retry repeats it.
 */
import type { EmailSettings } from './settings';
import { escapeMarkup } from '@/shared/escape-markup';
import { buyerHtml, buyerText, shortened } from './buyer-text';
import { adminLeadUrl } from './lead-summary';
import type { AssignedPayload, DigestPayload } from './notices';

export interface NoticeEmail {
  subject: string;
  messageId: string;
  text: string;
  html: string;
}

const SUBJECT_MAX = 200;
// eslint-disable-next-line no-control-regex
const oneLine = (value: string): string => value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();

export function noticeMessageId(id: string, fromAddress: string): string {
  return `<notice.${id}@${fromAddress.slice(fromAddress.lastIndexOf('@') + 1)}>`;
}

const page = (title: string, body: string) =>
  [
    '<!doctype html><html lang="en" dir="ltr"><head><meta charset="utf-8"></head><body style="font-family:sans-serif">',
    `<h1 style="font-size:18px">${escapeMarkup(title)}</h1>`,
    body,
    '</body></html>',
  ].join('\n');

/** "Lead GB-… is yours": sent to the account a colleague gave the lead to. */
export function composeAssignedEmail(id: string, payload: AssignedPayload, settings: Pick<EmailSettings, 'fromAddress'>, adminBase: string): NoticeEmail {
  const url = adminLeadUrl(adminBase, { id: payload.leadId, type: payload.leadType });
  const who = [payload.buyer, payload.company].filter(Boolean);
  const subject = shortened(oneLine(`Lead ${payload.leadId} is yours now${who.length ? `: ${who.map(buyerText).join(', ')}` : ''}`), SUBJECT_MAX);
  const facts: [string, string][] = [
    ['Reference', payload.leadId],
    ['Buyer', payload.buyer || '(not given)'],
    ['Company', payload.company || '(not given)'],
    ...(payload.country ? ([['Country', payload.country]] as [string, string][]) : []),
    ['Given to you by', payload.by],
  ];
  const text = [
    `${payload.by} gave you lead ${payload.leadId} on the sales desk.`,
    '',
    ...facts.map(([label, value]) => `${label}: ${buyerText(value)}`),
    '',
    `Open it: ${url}`,
    '',
  ].join('\n');
  const html = page(
    `Lead ${payload.leadId} is yours now`,
    [
      `<p>${escapeMarkup(payload.by)} gave you this lead on the sales desk.</p>`,
      `<table>${facts
        .map(
          ([label, value]) => `<tr><th scope="row" style="text-align:left;padding:4px 12px 4px 0">${escapeMarkup(label)}</th><td>${buyerHtml(value)}</td></tr>`,
        )
        .join('')}</table>`,
      `<p><a href="${escapeMarkup(url)}">Open ${escapeMarkup(payload.leadId)} in the admin</a></p>`,
    ].join('\n'),
  );
  return { subject, messageId: noticeMessageId(id, settings.fromAddress), text, html };
}

const dayText = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(`${day}T00:00:00Z`));

/** The morning digest: the account's open follow-ups due on `day` or before, the overdue first. */
export function composeDigestEmail(id: string, payload: DigestPayload, settings: Pick<EmailSettings, 'fromAddress'>, adminBase: string): NoticeEmail {
  const count = payload.leads.length;
  const subject = `Follow-ups for ${dayText(payload.day)}: ${count} ${count === 1 ? 'lead' : 'leads'} due`;
  const line = (lead: DigestPayload['leads'][number]) => {
    const due = lead.followUp < payload.day ? `overdue since ${dayText(lead.followUp)}` : 'due today';
    return { lead, due, who: [lead.buyer, lead.company].filter(Boolean).map(buyerText).join(', ') || '(no name given)' };
  };
  const lines = payload.leads.map(line);
  const text = [
    `Your open follow-ups for ${dayText(payload.day)}:`,
    '',
    ...lines.flatMap(({ lead, due, who }) => [`${lead.id} (${due}): ${who}`, `  ${adminLeadUrl(adminBase, lead)}`]),
    '',
  ].join('\n');
  const html = page(
    `Your follow-ups for ${dayText(payload.day)}`,
    `<ul>${lines
      .map(
        ({ lead, due }) =>
          `<li><a href="${escapeMarkup(adminLeadUrl(adminBase, lead))}">${escapeMarkup(lead.id)}</a> (${escapeMarkup(due)}): ${[lead.buyer, lead.company]
            .filter(Boolean)
            .map(buyerHtml)
            .join(', ')}</li>`,
      )
      .join('')}</ul>`,
  );
  return { subject, messageId: noticeMessageId(id, settings.fromAddress), text, html };
}
