/**
 * The sales desk's search: a lead's searchable text, folded once when it is stored (the `search`
 * column), and a query folded the same way, so "muller" finds "Müller", "عبدالله" finds
 * "عبدُالله" and "+49 40" finds "0049401234567", on PGlite and PostgreSQL alike.
 */
import { foldText } from './fold-text';
import type { Fields } from './records';

/** The fields searched: the person, the company, the addresses and the message of every form. */
const SEARCHED = ['name', 'contactPerson', 'company', 'organisation', 'email', 'phone', 'destination', 'address', 'location', 'message'] as const;

const digits = (text: string) => text.replace(/\D/g, '');

/**
 * The folded text of the lead's reference and searched fields, one per line, and the phone's
 * digits alone (so a number typed with spaces, brackets, + or 00 matches however it was stored).
 */
export function leadSearchText(id: string, fields: Fields): string {
  const parts = [id, ...SEARCHED.map((key) => fields[key]).filter((value): value is string => typeof value === 'string' && value.trim() !== '')];
  const phone = typeof fields.phone === 'string' ? digits(fields.phone) : '';
  return [...parts.map(foldText), phone].filter(Boolean).join('\n');
}

/** What a search is compared as: the folded text, and for something typed like a phone number, its digits. */
export interface SearchTerms {
  text: string;
  /** The digits of a query of only digits, spaces, +, -, dots and brackets with at least 3 digits; a leading 00 dropped. */
  digits?: string;
}

export function searchTerms(query: string): SearchTerms {
  const text = foldText(query);
  if (!/^[\d\s+().-]+$/.test(query)) return { text };
  const typed = digits(query).replace(/^00/, '');
  return typed.length >= 3 ? { text, digits: typed } : { text };
}
