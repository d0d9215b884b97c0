/**
 * The site search's index, made by the build beside the pre-render: each page is handed to
 * Pagefind (its indexer runs as a process of its own, on the other core, while the next pages
 * render) as soon as it is written, and the index is written into `<build>/pagefind/` at the end,
 * one index per language (Pagefind reads `<html lang>`). Beside it, per language,
 * `gb-words.<code>.json`: the glossary's variants and the title words the query is folded and
 * corrected with (src/shared/domain/search/query.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Glossary } from '@/build/content/schema';
import { keptIndexFiles, type IndexFile } from '@/shared/domain/search/pagefind-output';
import { foldSearchText, type SearchWords } from '@/shared/domain/search/query';
import type { SearchUi } from '@/shared/domain/search/results-markup';
import { FileWriter } from './file-writer';
import { label, searchRecords, type SearchRecord, type SearchSite } from './search-pages';

/** What `gb-words.<code>.json` holds: the search's words, the glossary's variants and the title words. */
export type SearchWordsFile = SearchWords & { ui: SearchUi; blogSection: string };

/** The folder of the index in the build, and the address it is served at. */
export const SEARCH_DIR = 'pagefind';

/**
 * What the index leaves out of a page's `<main>`: the trail, forms (their labels are no answer),
 * scripts, what a page marks, and what repeats on page after page without answering a search: a
 * product's print letterhead (the company's address), the rows of buttons ("Request a sample",
 * "Get a quote") and the drawings. Each costs index bytes a visitor's query fetches.
 */
export const EXCLUDED = ['.breadcrumbs', 'form', 'script', 'noscript', '[data-pagefind-ignore]', '.print-letterhead', '.actions', 'svg'];

/** How many title words a language's vocabulary keeps (most frequent first): a few kB, fetched with the first query. */
const VOCABULARY_SIZE = 3000;

/** The glossary's variants of a language and the term each is written as; only terms of words (not figures or punctuation rules). */
export function synonymsOf(glossary: Glossary | undefined): Record<string, string> {
  const synonyms: Record<string, string> = {};
  for (const entry of glossary?.terms ?? []) {
    if (!/^[\p{L}][\p{L}\p{N} -]{2,}$/u.test(entry.term)) continue;
    for (const variant of entry.variants) {
      const folded = foldSearchText(variant);
      if ([...folded].length >= 3 && /^[\p{L}][\p{L}\p{N} -]*$/u.test(folded)) synonyms[folded] = entry.term;
    }
  }
  return synonyms;
}

/** The words of a language's titles and headings, the most frequent first. */
export function vocabularyOf(records: SearchRecord[]): string[] {
  const counts = new Map<string, number>();
  for (const record of records) for (const word of record.headings) if ([...word].length >= 3) counts.set(word, (counts.get(word) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, VOCABULARY_SIZE)
    .map(([word]) => word);
}

type PagefindIndex = NonNullable<Awaited<ReturnType<typeof import('pagefind').createIndex>>['index']>;

export class SearchIndexer {
  private readonly index: Promise<PagefindIndex>;
  private readonly pending: Promise<unknown>[] = [];
  private readonly records = new Map<string, SearchRecord[]>();
  private readonly errors: string[] = [];

  constructor(
    private readonly site: SearchSite,
    private readonly glossaries: Record<string, Glossary>,
  ) {
    this.index = import('pagefind').then(async (pagefind) => {
      const { index, errors } = await pagefind.createIndex({ excludeSelectors: EXCLUDED });
      if (!index) throw new Error(`The search index cannot be made: ${errors.join('; ')}`);
      return index;
    });
    // Reported by write(), which awaits it; meanwhile it is not an unhandled failure.
    this.index.catch(() => undefined);
  }

  /** Hands a built page to the index (nothing for a page that is never a result). */
  add(urlPath: string, html: string): void {
    for (const record of searchRecords(urlPath, html, this.site)) {
      const list = this.records.get(record.language) ?? [];
      list.push(record);
      this.records.set(record.language, list);
      this.pending.push(
        this.index
          .then((index) => index.addHTMLFile({ url: record.url, content: record.html }))
          .then(({ errors }) => this.errors.push(...errors.map((error: string) => `${record.url}: ${error}`)))
          .catch((error: unknown) => this.errors.push(`${record.url}: ${String(error)}`)),
      );
    }
  }

  /** Writes the index and the words files into `<dist>/pagefind/`; returns the files written, as paths in the build. */
  async write(dist: string): Promise<{ files: string[]; pages: number }> {
    const index = await this.index;
    await Promise.all(this.pending);
    if (this.errors.length) throw new Error(`The search index refused pages:\n  ${this.errors.join('\n  ')}`);
    const outputPath = path.join(dist, SEARCH_DIR);
    // The files come back in memory and are written here: after Pagefind's own writeFiles had
    // answered, its entry file was once still empty (read at once, in a full test run).
    const { errors, files: made } = await index.getFiles();
    if (errors.length) throw new Error(`The search index cannot be written: ${errors.join('; ')}`);
    await writeIndexFiles(made, outputPath);
    for (const [code, records] of this.records) {
      const words = this.site.ui[code];
      const file: SearchWordsFile = {
        ui: { ...words.search, englishOnly: words.language.englishOnly, dir: this.site.rightToLeft?.includes(code) ? 'rtl' : 'ltr' },
        blogSection: label(this.site, code, '/blog'),
        synonyms: synonymsOf(this.glossaries[code]),
        vocabulary: vocabularyOf(records),
      };
      fs.writeFileSync(path.join(outputPath, `gb-words.${code}.json`), JSON.stringify(file));
    }
    const files = fs.readdirSync(outputPath, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    const pages = [...this.records.values()].reduce((sum, list) => sum + list.length, 0);
    return {
      files: files.map((entry) => path.posix.join(SEARCH_DIR, path.relative(outputPath, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))),
      pages,
    };
  }

  /** Ends the indexer's process. */
  async close(): Promise<void> {
    const pagefind = await import('pagefind');
    await pagefind.close();
  }
}

/**
 * Writes an index's files, as Pagefind's getFiles() gives them, into `outputPath` (emptied first):
 * the ones the site keeps (keptIndexFiles).
 */
export async function writeIndexFiles(files: readonly IndexFile[], outputPath: string): Promise<void> {
  fs.rmSync(outputPath, { recursive: true, force: true });
  const written = new FileWriter();
  for (const file of keptIndexFiles(files)) written.write(path.join(outputPath, file.path), file.content);
  await written.done();
}
