/**
 * Figures joined by a hyphen or a dash: a range ("80-120", "2–3", "0.55-0.70", "500-1,000"), a
 * standard's part ("ISO 21527-2", "GSO 2055-1") or a date ("2025-02-03"). Browsers end a line
 * after such a hyphen or dash, which leaves "80-" at the end of one line and "120 mesh" on the
 * next; the site keeps each whole (the class `nobr`, `white-space: nowrap`). No React here: the
 * build's MDX compiler uses it too.
 */
const JOINED_FIGURES = /\d+(?:[.,]\d+)*(?:[-‐–]\d+(?:[.,]\d+)*)+/g;

/** The class that keeps a run of text on one line. */
export const NO_BREAK_CLASS = 'nobr';

/** The text split around its joined figures (`whole: true`), in order; a text without any is one part. */
export function joinedFigures(text: string): { text: string; whole: boolean }[] {
  const parts: { text: string; whole: boolean }[] = [];
  let last = 0;
  for (const match of text.matchAll(JOINED_FIGURES)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index), whole: false });
    parts.push({ text: match[0], whole: true });
    last = match.index + match[0].length;
  }
  if (last < text.length || parts.length === 0) parts.push({ text: text.slice(last), whole: false });
  return parts;
}
