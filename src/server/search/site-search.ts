/**
 * The site search on the server of `npm start`:
 * - answers the search pages (/search, /de/search, /ar/search) with `?q=` itself, writing the
 *   results into the built page, so the search works without JavaScript;
 * - answers the browser's search box and search page (GET /api/search) with the results alone,
 *   so a page served here fetches neither Pagefind's code nor its index (a static host's pages do);
 * - keeps the index of the posts added in the admin (posts-index.ts), made again when a post is
 *   added or removed, before the admin's answer, so the post is found at once and a removed one
 *   is gone; served under /pagefind-posts/ for the browser's search to merge.
 *
 * Several servers on one PostgreSQL each keep an index of their own: a post added or removed
 * through another server reaches this one through the database's notifications
 * (db/posts-changed.ts), after which its next answer makes the index again first. While those
 * could be missed (their connection is down, or the database gives none), an index older than
 * UNWATCHED_MS is made again before it answers, so another server's change is found within that
 * time.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { BlogPost } from '@/shared/domain/posts/post';
import type { SearchWords } from '@/shared/domain/search/query';
import { correctedHtml, countText, escapeHtml, resultsHtml, type SearchUi } from '@/shared/domain/search/results-markup';
import { runSearch, type SearchOutcome } from '@/shared/domain/search/run-search';
import { within } from '@/shared/domain/search/search-limits';
import type { Database } from '../db/schema';
import { listPosts } from '../db/posts';
import { loadPagefind, type NodePagefind } from './pagefind-node';
import { buildPostsIndex, type IndexFiles } from './posts-index';

/** The build's index folder, and where the posts' index is served. */
const BUILT = 'pagefind';
export const POSTS_INDEX_PATH = '/pagefind-posts/';

/** The language the posts added in the admin are written in. */
const POSTS_LANGUAGE = 'en';

type WordsFile = SearchWords & { ui: SearchUi; blogSection?: string };

/** How long a search may take before the page is answered as built (its script then searches in the browser). */
const SEARCH_TIMEOUT_MS = 15_000;

/** How many posts the index takes at most (newest first): the admin adds them one by one. */
const MAX_POSTS = 5000;

/** How old the posts' index may be when no notification would say that another server changed a post. */
export const UNWATCHED_MS = 10_000;

export interface SiteSearch {
  /** The index's languages (the codes the search answers in). */
  languages: readonly string[];
  /** The results of `query` in the language `code`, at most `shown` of them; null when the index has no such language. */
  answer(code: string, query: string, shown?: number): Promise<SearchOutcome | null>;
  /** The search page at `pathname` with the results for `query` written in; null when `pathname` is no search page of the build. */
  page(pathname: string, query: string): Promise<string | null>;
  /** A file of the posts' index, by its path under /pagefind-posts/. */
  postsFile(file: string): Promise<Uint8Array | null>;
  /** Makes the posts' index again from the database (after a post was added or removed); resolves once it is. */
  postsChanged(): Promise<void>;
  /** A post changed, through this server or another: the index is made again before its next answer. */
  postsChangedElsewhere(): void;
  /** Follows the database's notifications of changed posts (any server's); while `watch` is not live, the index is trusted for UNWATCHED_MS only. */
  follow(watch: { readonly live: boolean }): void;
}

export interface SiteSearchOptions {
  /** The clock the index's age is measured with. */
  now?: () => number;
  /** Where a failed remaking of the posts' index is told (one made in the background has no request to fail). */
  log?: (error: unknown) => void;
}

function readIfThere(file: string): Uint8Array | null {
  try {
    return fs.readFileSync(file);
  } catch {
    return null;
  }
}

/** The language code of a search page's path: '' for the default language's /search, 'de' for /de/search. */
function searchPageLanguage(pathname: string): string | null {
  const match = /^\/(?:([a-z]{2})\/)?search\/?$/.exec(pathname);
  return match ? (match[1] ?? '') : null;
}

/**
 * The built search page with the query in its box and the results where its note stood. Each
 * insertion is made by a function: in a replacement string, a query's (or a result's) $` $' $& or
 * $1 would stand for parts of the page, copying them into the box.
 */
export function fillSearchPage(html: string, query: string, answer: { count: string; results: string }): string {
  return html
    .replace(/<input\b[^>]*\bname="q"/, (input) => `${input} value="${escapeHtml(query)}"`)
    .replace(/(<p\b[^>]*data-search-status[^>]*>)(<\/p>)/, (_, open: string, close: string) => `${open}${escapeHtml(answer.count)}${close}`)
    .replace(/(<div\b[^>]*data-search-results[^>]*>)<p class="search-note">[\s\S]*?<\/p>/, (_, open: string) => `${open}${answer.results}`);
}

export function createSiteSearch(
  root: string,
  db: () => Kysely<Database>,
  { now = Date.now, log = () => undefined }: SiteSearchOptions = {},
): SiteSearch | null {
  const dir = path.join(root, BUILT);
  const script = readIfThere(path.join(dir, 'pagefind.js'));
  const entry = readIfThere(path.join(dir, 'pagefind-entry.json'));
  if (!script || !entry) return null;
  const languages = Object.keys((JSON.parse(Buffer.from(entry).toString('utf8')) as { languages: Record<string, unknown> }).languages);
  const words = new Map<string, WordsFile>();
  for (const code of languages) {
    const file = readIfThere(path.join(dir, `gb-words.${code}.json`));
    if (file) words.set(code, JSON.parse(Buffer.from(file).toString('utf8')) as WordsFile);
  }
  const defaultCode = languages.includes(POSTS_LANGUAGE) ? POSTS_LANGUAGE : languages[0];
  const readBuilt = async (file: string) => (file.includes('..') ? null : readIfThere(path.join(dir, file)));

  let postsIndex: IndexFiles = new Map();
  /** One Pagefind per language, made again when the posts' index changes. */
  let instances = new Map<string, Promise<NodePagefind>>();
  /** Counts the changes heard of; the index holds the posts as they were at change `builtFor`, read at `builtAt`. */
  let changes = 0;
  let builtFor = -1;
  let builtAt = 0;
  let rebuilding: Promise<void> | null = null;
  let watch: { readonly live: boolean } | null = null;

  async function rebuildPosts(): Promise<void> {
    const upTo = changes;
    const readAt = now();
    const posts: BlogPost[] = await listPosts(db(), MAX_POSTS, 0);
    const next = await buildPostsIndex(
      posts,
      languages.map((code) => ({ code, blogSection: words.get(code)?.blogSection ?? 'Blog' })),
      POSTS_LANGUAGE,
    );
    postsIndex = next;
    builtFor = upTo;
    builtAt = readAt;
    const old = instances;
    instances = new Map();
    for (const instance of old.values()) void instance.then((pagefind) => pagefind.destroy()).catch(() => undefined);
  }

  const current = () => builtFor === changes && (watch?.live === true || now() - builtAt < UNWATCHED_MS);

  /**
   * The posts' index as the database has them: made again (one making at a time) when a change
   * came after the posts it holds were read, or when it is too old to trust without notifications.
   */
  async function freshPosts(): Promise<void> {
    while (!current()) {
      rebuilding ??= rebuildPosts().finally(() => {
        rebuilding = null;
      });
      await rebuilding;
      // Made for the changes heard of when it started: only a change heard since asks for another.
      if (builtFor === changes) return;
    }
  }

  function instanceFor(code: string): Promise<NodePagefind> {
    let instance = instances.get(code);
    if (!instance) {
      instance = loadPagefind(script!.toString(), code, readBuilt, { posts: async (file) => postsIndex.get(file) ?? null });
      instance.catch(() => instances.delete(code));
      instances.set(code, instance);
    }
    return instance;
  }

  async function answer(code: string, query: string, shown?: number): Promise<SearchOutcome | null> {
    const vocabulary = words.get(code);
    if (!vocabulary || !languages.includes(code)) return null;
    // Without the posts' index the build's pages still answer.
    await freshPosts().catch(log);
    return within(SEARCH_TIMEOUT_MS, runSearch(await instanceFor(code), query, code, vocabulary, shown));
  }

  return {
    languages,
    answer,
    async page(pathname, query) {
      const prefix = searchPageLanguage(pathname);
      if (prefix === null) return null;
      const code = prefix || defaultCode;
      const html = readIfThere(path.join(root, prefix, 'search', 'index.html'));
      const vocabulary = words.get(code);
      if (!html || !vocabulary) return null;
      const outcome = await answer(code, query);
      if (!outcome) return null;
      return fillSearchPage(Buffer.from(html).toString('utf8'), query, {
        count: countText(vocabulary.ui, outcome.total, query.trim()),
        results: correctedHtml(vocabulary.ui, outcome.corrected) + resultsHtml(outcome.hits, vocabulary.ui),
      });
    },
    async postsFile(file) {
      await freshPosts();
      // With no post yet, an index of no language: the browser then merges nothing (and sees no 404).
      if (file === 'pagefind-entry.json' && !postsIndex.size) return new TextEncoder().encode('{"languages":{}}');
      return postsIndex.get(file) ?? null;
    },
    async postsChanged() {
      changes += 1;
      await freshPosts();
    },
    postsChangedElsewhere() {
      changes += 1;
    },
    follow(live) {
      watch = live;
    },
  };
}
