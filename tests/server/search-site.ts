/**
 * A built site of two pages (the home page and the search page) with its search index, as
 * `npm run build` writes them (src/build/pipeline/search-index.ts), for the server's search tests: made
 * in a few hundred milliseconds with Pagefind's indexer, not by a whole build.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readYaml } from '../../src/build/content/files';
import { writeIndexFiles } from '../../src/build/pipeline/search-index';
import { REPO_ROOT } from '../../src/server/config';

const page = (body: string) => `<!doctype html><html lang="en"><head><title>Garlic Brothers</title></head><body><main id="main">${body}</main></body></html>`;
const HOME = '<h1>Garlic ingredients from India</h1><p>Garlic powder, granules and flakes.</p>';

/** Writes the site into a new temporary folder and returns it; the caller removes it. */
export async function writeSearchSite(): Promise<string> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-search-site-'));
  fs.writeFileSync(path.join(root, 'index.html'), page(HOME));
  fs.mkdirSync(path.join(root, 'search'));
  fs.writeFileSync(
    path.join(root, 'search', 'index.html'),
    page(
      '<form role="search" action="/search" method="get"><input id="search-query" type="search" name="q"/></form>' +
        '<p role="status" class="result-count" data-search-status=""></p>' +
        '<div class="search-results" data-search-results=""><p class="search-note">Search needs JavaScript on this copy of the site.</p></div>',
    ),
  );
  const pagefind = await import('pagefind');
  const { index } = await pagefind.createIndex({});
  if (!index) throw new Error('Pagefind could not start');
  await index.addHTMLFile({ url: '/', content: page(`<div data-pagefind-body>${HOME}</div>`) });
  await writeIndexFiles((await index.getFiles()).files, path.join(root, 'pagefind'));
  await index.deleteIndex();
  const en = readYaml(REPO_ROOT, 'content/ui/en.yaml', []) as { search: object; language: { englishOnly: string } };
  const words = { ui: { ...en.search, englishOnly: en.language.englishOnly }, blogSection: 'Blog', synonyms: {}, vocabulary: [] };
  fs.writeFileSync(path.join(root, 'pagefind', 'gb-words.en.json'), JSON.stringify(words));
  return root;
}

/** The result links of a search page's HTML. */
export function resultLinks(html: string): string[] {
  return [...html.matchAll(/<a class="search-result-link" href="([^"]+)"/g)].map((match) => match[1]);
}
