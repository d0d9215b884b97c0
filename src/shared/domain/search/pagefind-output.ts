/**
 * What the site keeps of the files Pagefind's indexer makes, wherever an index is made (the build's
 * of every page, the server's of the posts added in the admin).
 */

/** Pagefind's own search interfaces, which the site does not use (its search is src/browser/runtime/search/). */
export const isPagefindInterface = (file: string): boolean => /^pagefind-(?:ui|modular-ui|highlight|component-ui)/.test(file);

/** The index's entry file, `pagefind-entry.json`, whose language list the site puts in order. */
export const PAGEFIND_ENTRY = 'pagefind-entry.json';

/**
 * The entry file with its languages sorted by code. Pagefind lists them in the order its indexing
 * finished them, so the same site made a different file from one build to the next: a deploy that
 * changed nothing uploaded it again, and browsers fetched it anew.
 */
export function entryWithSortedLanguages(json: string): string {
  const entry = JSON.parse(json) as { languages: Record<string, unknown> };
  entry.languages = Object.fromEntries(Object.entries(entry.languages).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return JSON.stringify(entry);
}
