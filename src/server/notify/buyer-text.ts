/**
 * The buyer's own words in the sales team's e-mail, laid out in their direction. A value written
 * mostly in a right-to-left script (an Arabic message, name, company or address) reads right to
 * left, and each Latin run in it that the Arabic around it could reorder ("80-120 mesh", "25 kg",
 * "+971 4 1234567") is isolated, by the site's one rule (src/shared/i18n/ltr-runs.ts): with <bdi> in the
 * HTML part, with Unicode's isolates in the plain-text part and the subject, where the whole value
 * is also isolated right to left so the English label and punctuation around it keep their place.
 * Values in a left-to-right script are left as they are.
 */
import { escapeMarkup } from '@/shared/escape-markup';
import { isRightToLeft, LRI, ltrRuns, needsIsolation, PDI } from '@/shared/i18n/ltr-runs';

/** Unicode's right-to-left isolate (closed by PDI, U+2069). */
export const RLI = '\u2067';

/** The value as HTML text (escaped), its Latin runs in <bdi dir="ltr"> when it reads right to left. */
export function buyerHtml(value: string): string {
  if (!isRightToLeft(value)) return escapeMarkup(value);
  return ltrRuns(value)
    .map((part) => (part.ltr && needsIsolation(part.text) ? `<bdi dir="ltr">${escapeMarkup(part.text)}</bdi>` : escapeMarkup(part.text)))
    .join('');
}

/**
 * The value as plain text: when it reads right to left, each line between RLI and PDI with its
 * Latin runs between LRI and PDI (a line break ends every isolate, so each line has its own).
 */
export function buyerText(value: string): string {
  if (!isRightToLeft(value)) return value;
  return value
    .split(/(\r?\n)/)
    .map((piece, index) => (index % 2 === 1 || piece === '' ? piece : RLI + isolateRuns(piece) + PDI))
    .join('');
}

function isolateRuns(line: string): string {
  return ltrRuns(line)
    .map((part) => (part.ltr && needsIsolation(part.text) ? LRI + part.text + PDI : part.text))
    .join('');
}

const ISOLATE_OPENERS = new Set(['\u2066', RLI, '\u2068']);

/**
 * The text cut to at most `max` UTF-16 units, ending in '…' where it was cut: never between the
 * two units of one character, and with every isolate it cut through closed after the ellipsis, so
 * what follows it in a header or a mail client's list keeps its own direction.
 */
export function shortened(text: string, max: number): string {
  if (text.length <= max) return text;
  let kept = '';
  let open = 0;
  for (const character of text) {
    const after = ISOLATE_OPENERS.has(character) ? open + 1 : character === PDI ? Math.max(0, open - 1) : open;
    if (kept.length + character.length + 1 + after > max) break;
    kept += character;
    open = after;
  }
  return `${kept}…${PDI.repeat(open)}`;
}
