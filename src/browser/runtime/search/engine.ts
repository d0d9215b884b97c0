/**
 * The site search in the browser, loaded the first time a visitor reaches for it, with the
 * language's words (gb-words.<code>.json: the search's words, the glossary's variants and the
 * title words a misspelt query is corrected to, and the box's own words).
 *
 * A page the site's own server sent asks that server (GET /api/search), which answers from the
 * same index with the same ranking: a query costs its results, a few kB, instead of Pagefind's
 * WebAssembly and the index's fragments (about 160 kB for a first query). Anywhere else (a static
 * host), or when the server cannot answer, Pagefind runs here: its script, WebAssembly and the
 * index for the page's language (from /pagefind/, written by the build), with the server's index
 * of the posts added in the admin (/pagefind-posts/) merged in when it has any in this language.
 */
import { serverTakesBeacons } from '@/browser/analytics/site-server';
import type { SearchWords } from '@/shared/domain/search/query';
import type { SearchUi } from '@/shared/domain/search/results-markup';
import type { SEARCH_RANKING, SearchIndex, SearchOutcome } from '@/shared/domain/search/run-search';

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

/** Pagefind in the browser, for the page's language. */
function pagefindSearch(code: string): Promise<SearchEngine> {
  return (async () => {
    const url = `${SEARCH_BASE}pagefind.js`;
    // The query's variants and spelling correction come with Pagefind: a page the site's server
    // sent never needs them, and the search page and the box open without them.
    const [pagefind, loaded, { runSearch, SEARCH_RANKING }] = await Promise.all([
      import(/* @vite-ignore */ url) as Promise<Pagefind>,
      loadWords(),
      import('@/shared/domain/search/run-search'),
    ]);
    // On the main thread: Pagefind's worker would be one more script of 10 kB to fetch, for searches that take milliseconds.
    await pagefind.options({ basePath: SEARCH_BASE, baseUrl: '/', excerptLength: 24, noWorker: true, ranking: SEARCH_RANKING });
    await pagefind.init();
    await mergeServerPosts(pagefind, code).catch(() => undefined);
    return { words: loaded, search: (query: string, shown: number) => runSearch(pagefind, query, code, loaded, shown) };
  })();
}

/** The site's own server's answers; from its first failure on, Pagefind's in the browser. */
async function serverSearch(code: string): Promise<SearchEngine> {
  const loaded = await loadWords();
  let fallback: Promise<SearchEngine> | null = null;
  return {
    words: loaded,
    async search(query, shown) {
      if (!fallback) {
        try {
          return await json<SearchOutcome>(`/api/search?${new URLSearchParams({ lang: code, q: query, shown: String(shown) })}`);
        } catch {
          fallback = pagefindSearch(code);
        }
      }
      return (await fallback).search(query, shown);
    },
  };
}

/** The search for the page's language, loaded once; a failed load is tried again at the next call. */
export function loadSearch(): Promise<SearchEngine> {
  const code = document.documentElement.lang;
  loading ??= serverTakesBeacons() ? serverSearch(code) : pagefindSearch(code);
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
