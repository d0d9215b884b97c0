/**
 * How each language writes a fact's figure: the one place that decides "5%", "5 %" or "80–120
 * mesh" (German's en dash; English and Arabic keep the hyphen their copy uses), the decimal sign, the thousands separator and the unit as that language's trade writes
 * it. Isomorphic: the loader expands `{fact:...}` placeholders with it and the `<Fact />`
 * component renders with it, so the head, the JSON-LD and the page body agree.
 */
export const UNITS = ['mesh', '%', 't', 'kg', 'g', 'mm', 'ppm', 'mg/kg', 'g/ml', 'mg/ml', 'cfu/g', 'months', 'weeks', 'days', 'business-days', 'none'] as const;
export type Unit = (typeof UNITS)[number];

/** A figure with its unit: one value, a range, an upper or a lower limit (the copy says "max."/"min."). */
export interface Quantity {
  value?: number;
  min?: number;
  max?: number;
  /** Digits after the decimal sign a specification states (5.0 %, 1.040). */
  decimals?: number;
  unit: Unit;
}

/**
 * The ways a sentence may need the unit: `short` (1 MT, 24 months), `long` (1 metric ton), and
 * German's dative after "in", "von", "innerhalb von" (2–3 Werktagen, 24 Monaten), and `words` for
 * a single one said in words, as the copy says a response time: "within one business day",
 * "innerhalb eines Werktags", "خلال يوم عمل واحد" (other figures keep their digits); `between` for
 * a range said in words where the sentence needs them: "between 50 and 100 g", "zwischen 50 und
 * 100 g", "بين 50 و100 g" (a single figure stays as `short` writes it).
 */
export const FORMS = ['short', 'long', 'dative', 'words', 'between'] as const;
export type Form = (typeof FORMS)[number];

/** A unit's word: the same for any count, or a noun's forms, of which the language's `count` picks one. */
type UnitWord = string | readonly string[];

interface Language {
  decimal: string;
  group: string;
  /** Between the two figures of a range. */
  dash: string;
  /** The units the language writes otherwise than their symbol (every other is written as it is, and 'none' not at all). */
  units: Partial<Record<Unit, UnitWord>>;
  /** The units the `long` form writes otherwise than `units`. */
  longUnits?: Partial<Record<Unit, UnitWord>>;
  /** The form of a noun that agrees with `last`, the figure it follows (`range`: the last of a range's two). */
  count: (noun: readonly string[], last: number, form: Form, range: boolean) => string;
  /** Between the figure and the unit. */
  space: (unit: Unit) => string;
  /** One of a unit in words (`words` form), or undefined where the language has no such phrase. */
  one?: (unit: Unit) => string | undefined;
  /** A range's two figures in words (`between` form), without the unit. */
  between: (from: string, to: string) => string;
}

const NO_BREAK = '\u00a0';

// English ranges keep the hyphen the English copy, its keywords and its search snippets use (80-120 mesh).
const english: Language = {
  one: (unit) => ({ 'business-days': 'one business day', days: 'one day', weeks: 'one week', months: 'one month' })[unit as string],
  decimal: '.',
  group: ',',
  dash: '-',
  between: (from, to) => `between ${from} and ${to}`,
  space: (unit) => (unit === '%' ? '' : ' '),
  units: { t: 'MT', months: ['month', 'months'], weeks: ['week', 'weeks'], days: ['day', 'days'], 'business-days': ['business day', 'business days'] },
  longUnits: { t: ['metric ton', 'metric tons'] },
  // The plural for every figure but 1, and for any range (0.5-1 months).
  count: ([one, many], last, _form, range) => (range || last !== 1 ? many : one),
};

const german: Language = {
  // The genitive after "innerhalb" and "binnen": innerhalb eines Werktags.
  one: (unit) => ({ 'business-days': 'eines Werktags', days: 'eines Tages', weeks: 'einer Woche', months: 'eines Monats' })[unit as string],
  decimal: ',',
  group: '.',
  dash: '–',
  between: (from, to) => `zwischen ${from} und ${to}`,
  // German sets a space before % and every unit; a no-break one, so "5 %" never breaks apart.
  space: (unit) => (unit === '%' ? NO_BREAK : ' '),
  // The tonne is its symbol, t.
  units: {
    'cfu/g': 'KbE/g',
    months: ['Monat', 'Monate', 'Monaten'],
    weeks: ['Woche', 'Wochen', 'Wochen'],
    days: ['Tag', 'Tage', 'Tagen'],
    'business-days': ['Werktag', 'Werktage', 'Werktagen'],
  },
  // One, the plural, and the dative plural after "in", "von", "innerhalb von" (24 Monaten).
  count: ([one, many, dative], last, form, range) => (!range && last === 1 ? one : form === 'dative' ? dative : many),
};

/**
 * Arabic counts as the Arabic pages write it: 1 شهر, 3–10 أشهر (plural), 11 and more شهراً
 * (singular, accusative); a range agrees with its last figure. Figures stay Latin, the symbols of
 * the specifications (kg, g, mesh, cfu/g) too; the tonne is طن.
 */
const arabic: Language = {
  // The counted noun, then واحد: يوم عمل واحد.
  one: (unit) => ({ 'business-days': 'يوم عمل واحد', days: 'يوم واحد', weeks: 'أسبوع واحد', months: 'شهر واحد' })[unit as string],
  decimal: '.',
  group: ',',
  dash: '-',
  // The conjunction و joins the figure after it, as Arabic writes it: بين 50 و100 g.
  between: (from, to) => `بين ${from} و${to}`,
  space: (unit) => (unit === '%' ? '' : ' '),
  units: { t: 'طن', months: ['شهر', 'أشهر', 'شهراً'], weeks: ['أسبوع', 'أسابيع', 'أسبوعاً'], days: ['يوم', 'أيام', 'يوماً'], 'business-days': ['يوم عمل', 'أيام عمل', 'يوم عمل'] },
  longUnits: { t: 'طن متري' },
  count: ([one, few, many], last) => (last >= 3 && last <= 10 ? few : last >= 11 ? many : one),
};

const LANGUAGES: Record<string, Language> = { en: english, de: german, ar: arabic };

/** The languages a fact can be written in. */
export const FACT_LANGUAGES = Object.keys(LANGUAGES);

function figure(n: number, decimals: number | undefined, language: Language): string {
  const fixed = decimals === undefined ? String(n) : n.toFixed(decimals);
  const [whole, fraction] = fixed.split('.');
  // Thousands are grouped from 1,000 up (1,000 kg, 5,000 ppm, 100,000 cfu/g), as the copy writes them.
  const grouped = whole.length > 3 ? whole.replace(/\B(?=(\d{3})+$)/g, language.group) : whole;
  return fraction === undefined ? grouped : `${grouped}${language.decimal}${fraction}`;
}

/** The unit after `last`, the figure it agrees with, as `language` writes it in `form`; '' for no unit. */
function unitWord(language: Language, unit: Unit, last: number, form: Form, range: boolean): string {
  if (unit === 'none') return '';
  const word = (form === 'long' ? language.longUnits?.[unit] : undefined) ?? language.units[unit] ?? unit;
  return typeof word === 'string' ? word : language.count(word, last, form, range);
}

/** The figures of a quantity, without a unit: [80, 120], [5]. */
export function figuresOf(quantity: Quantity): number[] {
  if (quantity.min !== undefined && quantity.max !== undefined) return [quantity.min, quantity.max];
  const one = quantity.value ?? quantity.max ?? quantity.min;
  return one === undefined ? [] : [one];
}

/** A quantity as `code`'s pages write it: "80–120 mesh", "5 %", "1 MT", "24 شهراً". */
export function formatQuantity(quantity: Quantity, code: string, form: Form = 'short'): string {
  const language = LANGUAGES[code];
  if (!language) throw new Error(`No fact format for the language "${code}" (known: ${FACT_LANGUAGES.join(', ')})`);
  const figures = figuresOf(quantity);
  const inWords = form === 'words' && figures.length === 1 && figures[0] === 1 ? language.one?.(quantity.unit) : undefined;
  if (inWords) return inWords;
  const written = figures.map((n) => figure(n, quantity.decimals, language));
  const number = form === 'between' && written.length === 2 ? language.between(written[0], written[1]) : written.join(language.dash);
  const unit = unitWord(language, quantity.unit, figures[figures.length - 1], form, figures.length > 1);
  return unit ? `${number}${language.space(quantity.unit)}${unit}` : number;
}
