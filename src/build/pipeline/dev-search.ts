/**
 * The site search under `npm run dev`: the index the build writes (search-index.ts), made by the
 * dev server from its own pages the first time a page asks for it (the first search), and again at
 * the first search after a content file changed. Loaded through the dev server's SSR module
 * runner, like the render itself, so it follows edits to the search code too.
 */
import { loadContent } from '@/build/content/load';
import { SearchIndexer } from './search-index';
import { isSearchable } from './search-pages';
import { searchSite } from './search-site';

/**
 * Writes the index of the pages at `paths` (those that are ever a result) into `<outDir>/pagefind/`;
 * `render` gives a page's HTML as the dev server sends it. Returns how many records it indexed.
 */
export async function writeDevSearchIndex(root: string, paths: string[], render: (urlPath: string) => Promise<string>, outDir: string): Promise<number> {
  const content = loadContent(root);
  const site = searchSite(content);
  const indexer = new SearchIndexer(site, content.glossaries);
  try {
    for (const urlPath of paths) if (isSearchable(urlPath, site.languages)) indexer.add(urlPath, await render(urlPath));
    return (await indexer.write(outDir)).pages;
  } finally {
    await indexer.close();
  }
}
