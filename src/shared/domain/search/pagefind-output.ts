/**
 * What the site keeps of the files Pagefind's indexer makes, wherever an index is made (the build's
 * of every page, the server's of the posts added in the admin).
 */

/** Pagefind's own search interfaces, which the site does not use (its search is src/browser/runtime/search/). */
const isPagefindInterface = (file: string): boolean => /^pagefind-(?:ui|modular-ui|highlight|component-ui)/.test(file);

/** The index's entry file, whose language list the site puts in order. */
const PAGEFIND_ENTRY = 'pagefind-entry.json';

/** A file of an index, as Pagefind's getFiles() gives it. */
export interface IndexFile {
  path: string;
  content: Uint8Array;
}

/** The files of an index the site keeps: not Pagefind's own interfaces, and the entry with its languages in order. */
export function keptIndexFiles(files: readonly IndexFile[]): IndexFile[] {
  return files
    .filter((file) => !isPagefindInterface(file.path))
    .map((file) =>
      file.path === PAGEFIND_ENTRY
        ? { path: file.path, content: new TextEncoder().encode(entryWithSortedLanguages(new TextDecoder().decode(file.content))) }
        : file,
    );
}

/**
 * The entry file with its languages sorted by code. Pagefind lists them in the order its indexing
 * finished them, so the same site made a different file from one build to the next: a deploy that
 * changed nothing uploaded it again, and browsers fetched it anew.
 */
function entryWithSortedLanguages(json: string): string {
  const entry = JSON.parse(json) as { languages: Record<string, unknown> };
  entry.languages = Object.fromEntries(Object.entries(entry.languages).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return JSON.stringify(entry);
}
