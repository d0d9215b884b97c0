/**
 * What the site search sends to its index for what a visitor typed, the same in the browser and
 * on the server (its no-JavaScript results): the words folded as the index folds them, the
 * glossary's variants as the site's own term, and a misspelt word as the nearest word of the
 * language's titles and headings.
 *
 * The index (Pagefind) stems every word with its language's Snowball stemmer, which already takes
 * out Arabic vowel marks and tatweel, writes each alef with hamza or madda as plain alef, and takes
 * German umlauts and ß as their base letters. A German buyer often types "ae", "oe", "ue" for the
 * umlauts ("Groesse"), which that stemmer keeps as two letters: the German query is also asked
 * with them as one, and the answers of both are merged.
 */

/** The extra words the build writes beside the index for one language (search-words.ts). */
export interface SearchWords {
  /** A glossary variant, folded, and the site's own term that replaces it ("mindestbestellmenge" -> "Mindestabnahmemenge"). */
  synonyms: Record<string, string>;
  /** The folded words of the language's titles and headings, most frequent first: what a misspelt word is corrected to. */
  vocabulary: string[];
}

/** Arabic marks a keyboard adds on request: the vowel marks (fathatan to sukun, dagger alef) and tatweel. */
const ARABIC_MARKS = /[\u064B-\u065F\u0670\u0640]/g;

/**
 * A word or query as the index compares it: lower case, the spaces of any kind one space, the
 * Arabic marks out and the alef with hamza or madda (أ إ آ) as plain alef, the hamza on waw or ya
 * as the letter (what the Arabic stemmer does to a word's last hamza too), and the invisible
 * isolates right-to-left text has around figures.
 */
export function foldSearchText(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(ARABIC_MARKS, '')
    .replace(/[\u2066-\u2069\u200e\u200f]/g, '')
    .replace(/[\u0622\u0623\u0625\u0671]/g, '\u0627')
    .replace(/\u0624/g, '\u0648')
    .replace(/\u0626/g, '\u064a')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * German "ae", "oe", "ue" typed for ä, ö, ü, as the umlaut (which the index's stemmer then takes as
 * its base letter): "Groesse" as "grösse", "Schwermetallrueckstaende" as "schwermetallrückständ e".
 * Not after a q ("Quelle") nor for "ue" after a vowel ("neue", "Steuer"), where the letters are
 * meant as written; an "ae" in a loan word ("Aerosol") is asked as written too (see queryVariants).
 */
export function germanUmlauts(text: string): string {
  return text
    .replace(/(?<!q)ae/g, 'ä')
    .replace(/(?<![aeiouäöü])oe/g, 'ö')
    .replace(/(?<![qaeiouäöü])ue/g, 'ü');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The query with each glossary variant (a whole word or phrase) replaced by the site's term. */
export function applySynonyms(folded: string, synonyms: Record<string, string>): string {
  let result = folded;
  // The longest first, so "technisches datenblatt" wins over "datenblatt".
  for (const variant of Object.keys(synonyms).sort((a, b) => b.length - a.length)) {
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(variant)}(?![\\p{L}\\p{N}])`, 'gu');
    // By a function: a glossary term holding $& or $' ("US$") would otherwise stand for parts of the query.
    const term = foldSearchText(synonyms[variant]);
    result = result.replace(pattern, () => term);
  }
  return result;
}

/**
 * What each language's query is asked as, in order: the folded query with the glossary's terms,
 * then, in German, the same with typed umlauts as umlauts when that differs. Empty for a query
 * with no letter or figure.
 */
export function queryVariants(query: string, language: string, words: SearchWords): string[] {
  const folded = applySynonyms(foldSearchText(query), words.synonyms);
  if (!/[\p{L}\p{N}]/u.test(folded)) return [];
  const variants = [folded];
  if (language === 'de') {
    const umlauts = germanUmlauts(folded);
    if (umlauts !== folded) variants.push(umlauts);
  }
  return variants;
}

/** The Damerau-Levenshtein distance (a swap of two letters counts one), or `limit + 1` once it is over `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, rows[i - 2][j - 2] + 1);
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    rows.push(row);
  }
  return rows[a.length][b.length];
}

/** How many letters a word of this length may have wrong: none under 4, one up to 6, two from 7. */
function typoLimit(length: number): number {
  if (length < 4) return 0;
  return length < 7 ? 1 : 2;
}

/**
 * The folded query with each word that is no word of the vocabulary, nor the start or extension of one, as the
 * nearest vocabulary word within its typo limit (the more frequent on a tie); null when no word
 * changes. Asked beside the query as typed, never instead of it, so a word the titles lack but
 * the pages have still finds its pages.
 */
export function correctedQuery(folded: string, vocabulary: readonly string[]): string | null {
  const known = new Set(vocabulary);
  let changed = false;
  const words = folded.split(' ').map((word) => {
    const limit = typoLimit([...word].length);
    // A word the vocabulary's word starts with, or that starts with one ("oils"), is matched as it is.
    if (limit === 0 || known.has(word) || vocabulary.some((entry) => entry.startsWith(word) || (entry.length >= 3 && word.startsWith(entry)))) return word;
    let best: { word: string; distance: number } | null = null;
    for (const entry of vocabulary) {
      const distance = editDistance(word, entry, limit);
      if (distance <= limit && (!best || distance < best.distance)) best = { word: entry, distance };
    }
    if (!best) return word;
    changed = true;
    return best.word;
  });
  return changed ? words.join(' ') : null;
}

/** The letters-and-figures words of a text, folded: what the vocabulary is made of. */
export function wordsOf(text: string): string[] {
  return foldSearchText(text).match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
}
