/**
 * One search, the same in the browser and on the server: the query's variants (query.ts) asked of
 * the index, and the query with its misspelt words corrected beside them, their answers merged by
 * score. Only the first results' fragments are loaded (each is a request in the browser): the
 * rest of the count costs nothing.
 */
import { correctedQuery, queryVariants, type SearchWords } from './query';
import type { SearchHit } from './results-markup';
import { SHOWN_RESULTS } from './search-limits';

/** What a Pagefind result's fragment holds, of what is used here. */
export interface IndexFragment {
  url: string;
  excerpt: string;
  meta: Record<string, string | undefined>;
}

/** The part of Pagefind's search API used here (its `search`, with the answers of its merged indexes). */
export interface SearchIndex {
  search(term: string): Promise<{ results: { id: string; score: number; data(): Promise<IndexFragment> }[] } | null>;
}

export interface SearchOutcome {
  hits: SearchHit[];
  /** How many pages matched in all. */
  total: number;
  /** The corrected query the results are for, when the query as typed found nothing. */
  corrected: string | null;
}

/**
 * Pagefind's ranking, the same in the browser and on the server. A page's length counts for less
 * than Pagefind's default (0.75): a product's page is long, and its own name in its title should
 * rank it above a short FAQ answer or post that names the product too.
 */
export const SEARCH_RANKING = { pageLength: 0.3 };

type Result = { id: string; score: number; data(): Promise<IndexFragment> };

/** Each page once, at its best score, best first. */
function merged(lists: Result[][]): Result[] {
  const best = new Map<string, Result>();
  for (const result of lists.flat()) {
    const known = best.get(result.id);
    if (!known || result.score > known.score) best.set(result.id, result);
  }
  return [...best.values()].sort((a, b) => b.score - a.score);
}

async function ask(index: SearchIndex, variants: string[]): Promise<Result[]> {
  const answers = [];
  for (const variant of variants) answers.push((await index.search(variant))?.results ?? []);
  return merged(answers);
}

export async function runSearch(index: SearchIndex, query: string, language: string, words: SearchWords, shown = SHOWN_RESULTS): Promise<SearchOutcome> {
  const variants = queryVariants(query, language, words);
  if (!variants.length) return { hits: [], total: 0, corrected: null };
  // A misspelt word is asked as typed and as corrected (Pagefind matches a word it lacks by its
  // longest indexed start, "garlik" by "g", so its own answer is rarely empty): both answers merged.
  const fixed = correctedQuery(variants[0], words.vocabulary);
  const asTyped = await ask(index, variants);
  const fixedResults = fixed ? await ask(index, queryVariants(fixed, language, { synonyms: {}, vocabulary: [] })) : [];
  const results = merged([asTyped, fixedResults]);
  // Said only when the query as typed found nothing: else its results stand first among the rest.
  const corrected = fixed && !asTyped.length && fixedResults.length ? fixed : null;
  const fragments = await Promise.all(results.slice(0, shown).map((result) => result.data()));
  const hits = fragments.map((fragment) => ({
    // A page indexed under another address than its own (a post in another language's index) names its own.
    url: fragment.meta.url ?? fragment.url,
    title: fragment.meta.title ?? fragment.url,
    section: fragment.meta.section ?? '',
    excerpt: fragment.excerpt,
    ...(fragment.meta.lang && fragment.meta.lang !== language ? { lang: fragment.meta.lang } : {}),
  }));
  return { hits, total: results.length, corrected };
}
