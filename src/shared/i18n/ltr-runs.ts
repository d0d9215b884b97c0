/**
 * Left-to-right runs inside text of a right-to-left script, and the one rule for which of them
 * must be isolated. Every isolation on the site asks here: the content the app imports
 * (src/build/content/isolate-rtl.ts), the prose of right-to-left pages (src/build/content/rehype-isolate-ltr.ts),
 * the values filled into right-to-left words (fill.ts) and the site's own codes and contacts
 * (Ltr.tsx). No React here: the build's MDX compiler and the content plugin use it.
 */
/**
 * A run of left-to-right text inside a sentence of another script: Latin letters and digits with
 * what joins them inside a code, a figure, a unit or a phone number ("ISO 4833-1", "0.55-0.70
 * g/ml", "100,000 cfu/g", "95%", "25 °C", "E. coli", "+971 4 1234567"). A plus sign belongs to
 * the run only in front of a digit, as a phone number's country code. A comma joins only digits:
 * codes listed with commas ("HACCP, FSSAI") stay items of the sentence, in its order. Brackets
 * and guillemets stay outside, and the sentence's direction mirrors them, unless they hold the run
 * and nothing else ("(E. coli)", "(private label)", «Supplement Facts»): then they belong to it.
 * Mirrored, such a bracket is drawn at the far end of its line, so a run broken over two lines
 * would show "E.)" on one and "(coli" on the next; inside the run each half keeps its own bracket.
 */
const LTR_RUN = /(?:\+(?=[0-9]))?[A-Za-z0-9](?:(?:[A-Za-z0-9 .:/%°×+&'–-]|,(?=[0-9]))*[A-Za-z0-9%°])?/g;
/** Brackets and quotation marks that a right-to-left sentence mirrors. */
const CLOSING_BRACKET: Record<string, string> = { '(': ')', '[': ']', '«': '»' };

/** Unicode's left-to-right isolate and its end (U+2066, U+2069): what `<bdi dir="ltr">` does, in text that cannot hold markup. */
export const LRI = '\u2066';
export const PDI = '\u2069';
/** Unicode's first-strong isolate (U+2068): text laid out in its own direction, whatever the sentence's (a visitor's query). */
export const FSI = '\u2068';

/** Letters of the right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms). */
const RIGHT_TO_LEFT_LETTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFC]/;

/** Whether a text has a letter of a right-to-left script, and so is laid out right to left around its Latin runs. */
export const hasRightToLeftLetter = (text: string): boolean => RIGHT_TO_LEFT_LETTER.test(text);

const LATIN_LETTERS = /[A-Za-z\u00C0-\u024F]/g;

/**
 * Whether a text someone typed (a buyer's message, name or address) is written mostly in a
 * right-to-left script: more of its letters are right to left than Latin. Such a text reads right
 * to left, and its Latin runs are isolated wherever the site shows it to the team.
 */
export function isRightToLeft(value: string): boolean {
  if (!hasRightToLeftLetter(value)) return false;
  // Built here, not beside the class: a RegExp constructed at the top of the module is a call the
  // bundler keeps, and it would bring this whole module into pages that take only its isolates.
  return (value.match(new RegExp(RIGHT_TO_LEFT_LETTER, 'gu'))?.length ?? 0) >= (value.match(LATIN_LETTERS)?.length ?? 0);
}

/** The text's left-to-right runs split out, so that each can be isolated. */
export function ltrRuns(text: string): { text: string; ltr: boolean }[] {
  const parts: { text: string; ltr: boolean }[] = [];
  let last = 0;
  for (const match of text.matchAll(LTR_RUN)) {
    let start = match.index;
    let end = start + match[0].length;
    const closing = start > last ? CLOSING_BRACKET[text[start - 1]!] : undefined;
    if (closing && text[end] === closing) {
      start -= 1;
      end += 1;
    }
    if (start > last) parts.push({ text: text.slice(last, start), ltr: false });
    parts.push({ text: text.slice(start, end), ltr: true });
    last = end;
  }
  if (last < text.length) parts.push({ text: text.slice(last), ltr: false });
  return parts;
}

/**
 * Whether a left-to-right run can be shown out of order by the right-to-left text around it.
 * Digits after an Arabic letter are laid out as Arabic numbers, and the bidirectional algorithm
 * joins those only across a comma, a point or a colon: "1,000", "2.5" and "9:00" keep their order,
 * so they need nothing, and neither do Latin words ("FOB") nor plain numbers ("12"). A hyphen, a
 * dash, a space, a sign or a unit beside the digits ("80-120", "2–3", "+971 4 1234567", "50 g",
 * "95%") lets the parts swap places ("120-80"). A run in its own brackets that a line can break
 * inside ("(E. coli)") needs its brackets kept with it; one that cannot ("(SAC)") looks the same
 * either way.
 */
export const needsIsolation = (run: string): boolean => (/[0-9]/.test(run) && !/^[0-9]+(?:[.,:][0-9]+)*$/.test(run)) || /^[([«].*[ –-]/.test(run);

/**
 * The text with each run that needs it (needsIsolation) between LRI and PDI, for text that cannot
 * hold markup or goes anywhere: a title, a meta description, an attribute, JSON-LD, a UI string.
 * A run already isolated is left as it is, so isolating twice changes nothing.
 */
export function isolateLtrRuns(text: string): string {
  const parts = ltrRuns(text);
  return parts
    .map((part, i) => {
      const alreadyIsolated = parts[i - 1]?.text.endsWith(LRI) && parts[i + 1]?.text.startsWith(PDI);
      return part.ltr && needsIsolation(part.text) && !alreadyIsolated ? LRI + part.text + PDI : part.text;
    })
    .join('');
}
