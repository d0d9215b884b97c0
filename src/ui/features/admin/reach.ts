/**
 * The ways the desk offers to reach a buyer from their lead: a call to the number they typed, an
 * e-mail whose subject names their request and its reference (so the reply finds its thread on
 * both sides), and a WhatsApp chat. Each only from what the buyer sent that has the right shape:
 * anything else gives no link at all, never a link built from text that is not a number or an
 * address.
 */
import { PIPELINE_KIND_LABELS } from '@/shared/domain/sales-pipeline';
import type { BuyerCollection, Fields } from '@/shared/domain/records';

export interface ReachLink {
  href: string;
  /** What the link does, with whom: 'Call +971 4 123 4567'. */
  name: string;
}

export interface Reach {
  call: ReachLink | null;
  mail: ReachLink | null;
  chat: ReachLink | null;
}

/** A phone number as the forms take it: an optional + (or 00) first, then digits, spaces, dots, dashes and brackets, 7 to 15 digits. */
const PHONE = /^(?:\+|00)?[\d ().-]+$/;
/** One address, no list and nothing a mailto: link would read as its own part (?, &, #, %). */
const ADDRESS = /^[^\s@<>()[\]\\,;:"?&#%/]+@[^\s@<>()[\]\\,;:"?&#%/]+\.[^\s@<>()[\]\\,;:"?&#%/.]+$/;

const text = (value: Fields[string] | undefined): string => (typeof value === 'string' ? value.trim() : '');

/** The number's digits, with + first when it was written with its country code (+ or 00). */
function dialled(phone: string): { digits: string; international: boolean } | null {
  if (!PHONE.test(phone)) return null;
  const digits = phone.replace(/\D/g, '');
  const international = phone.startsWith('+') || phone.startsWith('00');
  const national = international && phone.startsWith('00') ? digits.slice(2) : digits;
  return national.length >= 7 && national.length <= 15 ? { digits: national, international } : null;
}

export function reachOf(lead: { id: string; type: BuyerCollection | 'partnershipApplications'; fields: Fields }): Reach {
  const phone = text(lead.fields.phone);
  const number = dialled(phone);
  const address = text(lead.fields.email);
  const subject = `Your ${PIPELINE_KIND_LABELS[lead.type].toLowerCase()} ${lead.id}`;
  return {
    call: number ? { href: `tel:${number.international ? '+' : ''}${number.digits}`, name: `Call ${phone}` } : null,
    mail: ADDRESS.test(address) ? { href: `mailto:${address}?subject=${encodeURIComponent(subject)}`, name: `E-mail ${address}` } : null,
    // WhatsApp finds a chat by the full international number: without its country code there is none to open.
    chat: number?.international ? { href: `https://wa.me/${number.digits}`, name: `WhatsApp ${phone}` } : null,
  };
}
