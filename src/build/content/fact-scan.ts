/**
 * Finding figures in text as a language writes them, for the check that no fact held in
 * content/facts.yaml is typed by hand and that none is shown with two values (facts-data.test.ts).
 * A figure is a number or a range with one of the facts' units after it ("12-14 MT", "5,0 %",
 * "24 شهراً"); dashes, spaces and the language's separators are read as any editor may type them.
 */
import { figuresOf, type Form, type Quantity, type Unit } from './fact-format.ts';
import type { FactTable } from './facts.ts';

/** The unit symbols every language writes alike, each after any it begins (g/ml before g). */
const SYMBOLS: [string, Unit][] = [
  ['mg/kg', 'mg/kg'],
  ['mg/ml', 'mg/ml'],
  ['g/ml', 'g/ml'],
  ['cfu/g', 'cfu/g'],
  ['ppm', 'ppm'],
  ['MT', 't'],
  ['kg', 'kg'],
  ['mm', 'mm'],
  ['g', 'g'],
  ['%', '%'],
];

/** How each language may write a unit, longest first, and the form it implies. */
const UNIT_WORDS: Record<string, [string, Unit, Form?][]> = {
  en: [
    ['business days', 'business-days'],
    ['business day', 'business-days'],
    ['metric tons', 't', 'long'],
    ['metric ton', 't', 'long'],
    ['tonnes', 't', 'long'],
    ['tonne', 't', 'long'],
    ['months', 'months'],
    ['month', 'months'],
    ['weeks', 'weeks'],
    ['week', 'weeks'],
    ['days', 'days'],
    ['day', 'days'],
    ['mesh', 'mesh'],
    ['Mesh', 'mesh'],
    ['CFU/g', 'cfu/g'],
    ...SYMBOLS,
    ['t', 't'],
  ],
  de: [
    ['Werktagen', 'business-days', 'dative'],
    ['Werktage', 'business-days'],
    ['Werktag', 'business-days'],
    ['Monaten', 'months', 'dative'],
    ['Monate', 'months'],
    ['Monat', 'months'],
    ['Wochen', 'weeks'],
    ['Woche', 'weeks'],
    ['Tagen', 'days', 'dative'],
    ['Tage', 'days'],
    ['Tag', 'days'],
    ['Tonnen', 't'],
    ['Tonne', 't'],
    ['Mesh', 'mesh'],
    ['mesh', 'mesh'],
    ['KbE/g', 'cfu/g'],
    ...SYMBOLS,
    ['t', 't'],
  ],
  ar: [
    ['طن متري', 't', 'long'],
    ['طن', 't'],
    ['شهراً', 'months'],
    ['أشهر', 'months'],
    ['شهر', 'months'],
    ['أسبوعاً', 'weeks'],
    ['أسابيع', 'weeks'],
    ['أسبوع', 'weeks'],
    ['أيام عمل', 'business-days'],
    ['يوم عمل', 'business-days'],
    ['يوماً', 'days'],
    ['أيام', 'days'],
    ['يوم', 'days'],
    ['mesh', 'mesh'],
    ...SYMBOLS,
  ],
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const NUMBER = String.raw`\d+(?:[.,]\d+)*`;
const SPACE = String.raw`[ \u00a0\u202f\u2009]?`;
/** Between the figures of a range: a hyphen or dash, or the language's "to". */
const RANGE = String.raw`(?:${SPACE}[-–‑]${SPACE}| to | bis | إلى )`;

const patterns = new Map<string, RegExp>();
function pattern(code: string): RegExp {
  const known = patterns.get(code);
  if (known) return known;
  const units = (UNIT_WORDS[code] ?? UNIT_WORDS.en).map(([word]) => escape(word)).join('|');
  // Not inside a longer number, code or word ("ISO 4833-1", "x2", "5.0.1"); the unit ends where a word would.
  // A hyphen may join figure and unit in a compound ("25-kg-Säcke").
  const made = new RegExp(String.raw`(?<![A-Za-z\d.,\-–‑/])(${NUMBER})(?:${RANGE}(${NUMBER}))?(?:${SPACE}|-)(${units})(?![\p{L}\d/])`, 'gu');
  patterns.set(code, made);
  return made;
}

/** A range said in words, as the `between` form writes it and editors type it: the word before, the word between. */
const BETWEEN: Record<string, [string, string]> = {
  en: ['between', ' and '],
  de: ['zwischen', ' und '],
  // The conjunction و is written joined to the figure after it (و100), or apart.
  ar: ['بين', ' و ?'],
};

const betweenPatterns = new Map<string, RegExp>();
/** "between 50 and 100 g", "zwischen 50 g und 100 g", "بين 50 و100 g": a unit after the first figure too is the same range. */
function betweenPattern(code: string): RegExp {
  const known = betweenPatterns.get(code);
  if (known) return known;
  const units = (UNIT_WORDS[code] ?? UNIT_WORDS.en).map(([word]) => escape(word)).join('|');
  const [before, between] = BETWEEN[code] ?? BETWEEN.en;
  const made = new RegExp(String.raw`(?<![\p{L}])${before} (${NUMBER})(?:${SPACE}(?:${units}))?${between}(${NUMBER})(?:${SPACE}|-)(${units})(?![\p{L}\d/])`, 'gu');
  betweenPatterns.set(code, made);
  return made;
}

/** A number as `code` writes it: German groups with "." and writes decimals with ","; English and Arabic the other way. */
export function readNumber(text: string, code: string): number {
  const [group, decimal] = code === 'de' ? ['.', ','] : [',', '.'];
  const parts = text.split(decimal);
  // "1.040" in German is a thousand and forty only when grouped as thousands; a spec's "1,040" is one point zero four.
  const whole = parts[0].split(group).join('');
  return Number(parts.length > 1 ? `${whole}.${parts.slice(1).join('')}` : whole);
}

/** One of a unit in words, as `formatQuantity`'s `words` form writes it: a response time typed by hand is a figure too. */
const ONE_IN_WORDS: Record<string, [RegExp, Unit][]> = {
  en: [[/\bone business day\b/g, 'business-days']],
  de: [[/\beines Werktags\b/g, 'business-days']],
  ar: [[/يوم عمل واحد/g, 'business-days']],
};

export interface Figure {
  /** Where it starts in the text. */
  index: number;
  text: string;
  figures: number[];
  unit: Unit;
  form?: Form;
}

/** Every figure with a unit in `text`, as `code` writes them. */
export function figuresIn(text: string, code: string): Figure[] {
  const words = UNIT_WORDS[code] ?? UNIT_WORDS.en;
  const unitOf = (word: string) => words.find(([w]) => w === word) ?? ['', 'none' as Unit, undefined];
  const ranges: Figure[] = [...text.matchAll(betweenPattern(code))].map((match) => {
    const [, first, second, word] = match;
    return { index: match.index, text: match[0], figures: [readNumber(first, code), readNumber(second, code)], unit: unitOf(word)[1], form: 'between' };
  });
  // A figure inside a range said in words is that range's, not one of its own ("100 g" in "between 50 and 100 g").
  const inRange = (index: number) => ranges.some((range) => index >= range.index && index < range.index + range.text.length);
  const figures: Figure[] = [...text.matchAll(pattern(code))].flatMap((match) => {
    if (inRange(match.index)) return [];
    const [, first, second, word] = match;
    const [, unit, form] = unitOf(word);
    return [{ index: match.index, text: match[0], figures: second ? [readNumber(first, code), readNumber(second, code)] : [readNumber(first, code)], unit, form }];
  });
  figures.push(...ranges);
  for (const [phrase, unit] of ONE_IN_WORDS[code] ?? []) {
    for (const match of text.matchAll(phrase)) figures.push({ index: match.index, text: match[0], figures: [1], unit, form: 'words' });
  }
  return figures.sort((a, b) => a.index - b.index);
}

/** Whether a figure states a quantity: the same unit and the same numbers. */
export function states(figure: Pick<Figure, 'figures' | 'unit'>, quantity: Quantity): boolean {
  const expected = figuresOf(quantity);
  return figure.unit === quantity.unit && figure.figures.length === expected.length && figure.figures.every((n, i) => Math.abs(n - expected[i]) < 1e-9);
}

/** The facts a figure states, by name. */
export function factsStated(figure: Pick<Figure, 'figures' | 'unit'>, table: FactTable): string[] {
  return Object.entries(table)
    .filter(([, quantity]) => states(figure, quantity))
    .map(([name]) => name);
}
