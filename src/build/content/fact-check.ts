/**
 * The check that every fact a buyer acts on is said once, in content/facts.yaml: a page or FAQ
 * answer that types a fact's figure by hand ("1 MT" where `<Fact name="garlic-powder.moq" />`
 * belongs), or that shows a fact with another figure than the data's ("12-16 MT" in a 20 ft
 * container of powder, where the data says 12–14), is reported as `file:line: ...`.
 */
import { formatQuantity, type Quantity } from './fact-format.ts';
import { factsStated, figuresIn, states } from './fact-scan.ts';
import { FACT_TAG, PLACEHOLDER, factTagAttributes } from './fact-placeholders.ts';
import { FACT_WORDS, PRODUCT_WORDS } from './fact-subjects.ts';
import { isForm, type FactTable } from './facts.ts';

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** Frontmatter lines that hold no words: the translation's version hash. */
const NOT_WORDS = /^translatedFrom: .*$/gm;

/** The text with each `<Fact />` and `{fact:...}` replaced by what the page shows in `code`. */
export function renderFacts(text: string, code: string, table: FactTable): string {
  const format = (name: string | undefined, form: string | undefined) => {
    const quantity = name ? table[name] : undefined;
    return quantity ? formatQuantity(quantity, code, form && isForm(form) ? form : 'short') : '';
  };
  return text.replace(FACT_TAG, (_, attributes: string) => {
    const { name, form } = factTagAttributes(attributes);
    return format(name, form);
  }).replace(PLACEHOLDER, (_, name: string, form?: string) => format(name, form));
}

/**
 * Figures of facts typed by hand in a page or FAQ file (its whole source, frontmatter included):
 * text outside `<Fact />` and `{fact:...}` that states a figure content/facts.yaml holds.
 */
export function handTypedFacts(file: string, source: string, code: string, table: FactTable): string[] {
  // A fact's own tag or placeholder becomes a mark that joins no figure, so the lines stay as they are.
  const words = source.replace(FACT_TAG, '¤').replace(PLACEHOLDER, '¤').replace(NOT_WORDS, '');
  return figuresIn(words, code).flatMap((figure) => {
    // The file's own product first: on the flakes page "1 MT" is the flakes' minimum order.
    const names = factsStated(figure, table).sort((a, b) => Number(!file.includes(`${a.split('.')[0]}.`)) - Number(!file.includes(`${b.split('.')[0]}.`)));
    if (!names.length) return [];
    const shown = names.length > 3 ? `${names.slice(0, 3).join(', ')} or ${names.length - 3} more` : names.join(', ');
    return [
      `${file}:${lineOf(words, figure.index)}: "${figure.text}" is typed by hand; it is ${shown} in content/facts.yaml: write <Fact name="${names[0]}" /> in page text, {fact:${names[0]}} in frontmatter or an FAQ answer`,
    ];
  });
}

/**
 * Where a fact is stated in words that name it: after `context`, the `nth` figure in the fact's
 * unit in the same line (a table row) or sentence is that fact. `files` limits the rule to
 * files whose path matches (a table whose rows mean container loads on one page only).
 */
export interface FactPhrase {
  fact: string;
  code: string;
  context: RegExp;
  nth?: number;
  files?: RegExp;
}

/** The end of the sentence or line a phrase's figure must be in. */
const SENTENCE_END = /\n|\.(?:\s|$)|؛|\. /;

/** Facts shown with another figure than content/facts.yaml's, after the facts' own tags are rendered. */
export function contradictions(file: string, source: string, code: string, table: FactTable, phrases: FactPhrase[]): string[] {
  const text = renderFacts(source, code, table);
  const problems: string[] = [];
  for (const phrase of phrases) {
    if (phrase.code !== code || (phrase.files && !phrase.files.test(file))) continue;
    const quantity = table[phrase.fact];
    if (!quantity) {
      problems.push(`${file}: the phrase for ${phrase.fact} names a fact content/facts.yaml does not hold`);
      continue;
    }
    const flags = phrase.context.flags.includes('g') ? phrase.context.flags : `${phrase.context.flags}g`;
    for (const match of text.matchAll(new RegExp(phrase.context.source, flags))) {
      const start = match.index + match[0].length;
      const rest = text.slice(start);
      const end = rest.search(SENTENCE_END);
      const segment = end === -1 ? rest : rest.slice(0, end);
      const figure = figuresIn(segment, code).filter((f) => f.unit === quantity.unit)[phrase.nth ?? 0];
      if (figure && !states(figure, quantity)) {
        problems.push(
          `${file}:${lineOf(text, start + figure.index)}: "${figure.text}" for ${phrase.fact} ("${match[0].trim()}"), but content/facts.yaml says ${formatQuantity(quantity, code)}: write <Fact name="${phrase.fact}" />`,
        );
      }
    }
  }
  return problems;
}

/** How far after the words naming a fact its figure may be: "moisture, max." but not the next clause's figure. */
const NEAR = 60;

/** The sentences and table rows of a text, with where each starts. */
function segments(text: string): { start: number; text: string }[] {
  const out: { start: number; text: string }[] = [];
  let start = 0;
  for (const end of text.matchAll(/\n|\.(?=\s)|؛|\|/g)) {
    out.push({ start, text: text.slice(start, end.index) });
    start = end.index + end[0].length;
  }
  out.push({ start, text: text.slice(start) });
  return out;
}

/** The product a file is about: the product page's or a product FAQ answer's, by its name. */
const ownProduct = (file: string, table: FactTable) => Object.keys(table).map((name) => name.split('.')[0]).find((id) => id !== 'company' && new RegExp(`/${id}\\.mdx?$`).test(file));

/** One figure inside a range the data gives is one of its choices ("a sample size: 50 g, 75 g or 100 g"), not another value. */
const withinRange = (figures: number[], quantity: Quantity) =>
  figures.length === 1 && quantity.min !== undefined && quantity.max !== undefined && figures[0] >= quantity.min && figures[0] <= quantity.max;

/**
 * Facts shown with another figure than content/facts.yaml's wherever the words name them: in a
 * sentence or table row, the first figure in the fact's unit shortly after its words (FACT_WORDS)
 * is that fact of the product named last before the figure (PRODUCT_WORDS), or of the page's own
 * product. A figure of another product, or a fact the data does not hold for that product, is left alone.
 */
export function statedContradictions(file: string, source: string, code: string, table: FactTable): string[] {
  const text = renderFacts(source, code, table);
  const problems: string[] = [];
  const own = ownProduct(file, table);
  // Only the words the file has at all are looked for sentence by sentence: most of a language's
  // words occur in few files, and asking every sentence for each was most of the content check's time.
  const inText = <T extends [RegExp, ...unknown[]]>(list: T[] = []) => list.filter(([re]) => text.search(re) >= 0);
  const productWords = inText(PRODUCT_WORDS[code]);
  const factWords = inText(FACT_WORDS[code]);
  for (const segment of segments(text)) {
    let products: { index: number; id: string }[] | undefined;
    const productsNamed = () => (products ??= productWords.flatMap(([re, id]) => [...segment.text.matchAll(re)].map((m) => ({ index: m.index, id }))));
    for (const [words, fact, before] of factWords) {
      if (segment.text.search(words) < 0) continue;
      for (const match of segment.text.matchAll(words)) {
        // Figures in reading order after the words, or nearest first before them.
        const from = before ? Math.max(0, match.index - NEAR) : match.index + match[0].length;
        const near = figuresIn(segment.text.slice(from, before ? match.index : from + NEAR), code);
        for (const figure of before ? near.reverse() : near) {
          const at = from + figure.index;
          const named = fact.includes('.') ? fact : `${productsNamed().filter((p) => p.index < at).sort((a, b) => b.index - a.index)[0]?.id ?? own}.${fact}`;
          const quantity = table[named];
          if (!quantity || figure.unit !== quantity.unit) continue;
          if (!states(figure, quantity) && !withinRange(figure.figures, quantity)) {
            problems.push(`${file}:${lineOf(text, segment.start + at)}: "${figure.text}" for ${named} ("${match[0]}"), but content/facts.yaml says ${formatQuantity(quantity, code)}: write <Fact name="${named}" />`);
          }
          break;
        }
      }
    }
  }
  return problems;
}
