/**
 * The site search in the browser, loaded the first time a visitor reaches for it: Pagefind's
 * script, its WebAssembly and index for the page's language (from /pagefind/, written by the build)
 * and the language's words (gb-words.<code>.json: the search's words, the glossary's variants and
 * the title words a misspelt query is corrected to). Served by the site's own server, the index of
 * the posts added in the admin (/pagefind-posts/) is merged in when it has any in this language.
 */
import { serverTakesBeacons } from '@/browser/analytics/site-server';
import type { SearchWords } from '@/shared/domain/search/query';
import type { SearchUi } from '@/shared/domain/search/results-markup';
import { SEARCH_RANKING, runSearch, type SearchIndex, type SearchOutcome } from '@/shared/domain/search/run-search';

export const SEARCH_BASE = '/pagefind/';
export const SERVER_POSTS_BASE = '/pagefind-posts/';

export type SearchWordsFile = SearchWords & { ui: SearchUi };

interface Pagefind extends SearchIndex {
  options(options: { basePath?: string; baseUrl?: string; excerptLength?: number; noWorker?: boolean; ranking?: typeof SEARCH_RANKING }): Promise<void>;
  init(): Promise<void>;
  mergeIndex(path: string, options?: { language?: string; baseUrl?: string }): Promise<void>;
}

export interface SearchEngine {
  words: SearchWordsFile;
  /** Answers a query with at most `shown` results' fragments loaded. */
  search(query: string, shown: number): Promise<SearchOutcome>;
}

async function json<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}

/** Merges the server's index of its own posts when it has pages in this language (else Pagefind would wait on it for ever). */
async function mergeServerPosts(pagefind: Pagefind, code: string): Promise<void> {
  if (!serverTakesBeacons()) return;
  const entry = await json<{ languages?: Record<string, unknown> }>(`${SERVER_POSTS_BASE}pagefind-entry.json`).catch(() => null);
  if (entry?.languages?.[code]) await pagefind.mergeIndex(SERVER_POSTS_BASE, { language: code, baseUrl: '/' });
}

let words: Promise<SearchWordsFile> | null = null;
let loading: Promise<SearchEngine> | null = null;

/** The search's words for the page's language (a few kB), loaded once; what the box needs to open. */
export function loadWords(): Promise<SearchWordsFile> {
  words ??= json<SearchWordsFile>(`${SEARCH_BASE}gb-words.${document.documentElement.lang}.json`);
  words.catch(() => {
    words = null;
  });
  return words;
}

/** The search for the page's language, loaded once; a failed load is tried again at the next call. */
export function loadSearch(): Promise<SearchEngine> {
  const code = document.documentElement.lang;
  loading ??= (async () => {
    const url = `${SEARCH_BASE}pagefind.js`;
    const [pagefind, loaded] = await Promise.all([import(/* @vite-ignore */ url) as Promise<Pagefind>, loadWords()]);
    // On the main thread: Pagefind's worker would be one more script of 10 kB to fetch, for searches that take milliseconds.
    await pagefind.options({ basePath: SEARCH_BASE, baseUrl: '/', excerptLength: 24, noWorker: true, ranking: SEARCH_RANKING });
    await pagefind.init();
    await mergeServerPosts(pagefind, code).catch(() => undefined);
    return { words: loaded, search: (query: string, shown: number) => runSearch(pagefind, query, code, loaded, shown) };
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
