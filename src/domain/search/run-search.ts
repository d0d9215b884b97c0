/**
 * One search, the same in the browser and on the server: the query's variants (query.ts) asked of
 * the index, their answers merged by score, and, when the query as typed finds nothing, the query
 * with its misspelt words corrected. Only the first results' fragments are loaded (each is a
 * request in the browser): the rest of the count costs nothing.
 */
import { correctedQuery, queryVariants, type SearchWords } from './query';
import type { SearchHit } from './results-markup';

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

/** How many results a search shows at most (their fragments are fetched). */
export const SHOWN_RESULTS = 10;

async function ask(index: SearchIndex, variants: string[]) {
  const best = new Map<string, { score: number; data(): Promise<IndexFragment> }>();
  for (const variant of variants) {
    const answer = await index.search(variant);
    for (const result of answer?.results ?? []) {
      const known = best.get(result.id);
      if (!known || result.score > known.score) best.set(result.id, result);
    }
  }
  return [...best.values()].sort((a, b) => b.score - a.score);
}

export async function runSearch(index: SearchIndex, query: string, language: string, words: SearchWords, shown = SHOWN_RESULTS): Promise<SearchOutcome> {
  const variants = queryVariants(query, language, words);
  if (!variants.length) return { hits: [], total: 0, corrected: null };
  let results = await ask(index, variants);
  let corrected: string | null = null;
  if (!results.length) {
    const fixed = correctedQuery(variants[0], words.vocabulary);
    if (fixed) {
      results = await ask(index, queryVariants(fixed, language, { synonyms: {}, vocabulary: [] }));
      if (results.length) corrected = fixed;
    }
  }
  const fragments = await Promise.all(results.slice(0, shown).map((result) => result.data()));
  const hits = fragments.map((fragment) => ({
    url: fragment.url,
    title: fragment.meta.title ?? fragment.url,
    section: fragment.meta.section ?? '',
    excerpt: fragment.excerpt,
    ...(fragment.meta.lang && fragment.meta.lang !== language ? { lang: fragment.meta.lang } : {}),
  }));
  return { hits, total: results.length, corrected };
}

/**
 * The work's result, or an error once `ms` have passed: Pagefind waits for ever on an index whose
 * loading failed, and a visitor (or a request) must not.
 */
export function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`The search took more than ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
