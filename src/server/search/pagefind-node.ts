/**
 * Pagefind's own search (the build's `pagefind/pagefind.js`, the same code the browser runs) on
 * Node, so the server answers a search without JavaScript from the same index and with the same
 * ranking. That script reads its files with `fetch`, its language from `document`'s <html lang>
 * and looks for `window`: each instance is loaded as a module of its own with those three names
 * bound, for it alone, to a reader of the index's files (from the build's folder, or from memory
 * for the index of the posts added in the admin), to a document of that one attribute, and to
 * nothing. Node's own globals are left as they are.
 */
import { randomUUID } from 'node:crypto';
import { SEARCH_RANKING, type SearchIndex } from '@/shared/domain/search/run-search';

/** Reads one file of an index by its path under the index (e.g. `pagefind-entry.json`); null when there is none. */
export type IndexReader = (file: string) => Promise<Uint8Array | null>;

export interface NodePagefind extends SearchIndex {
  options(options: { basePath?: string; baseUrl?: string; excerptLength?: number; ranking?: typeof SEARCH_RANKING }): Promise<void>;
  init(): Promise<void>;
  mergeIndex(path: string, options?: { language?: string; baseUrl?: string }): Promise<void>;
  destroy(): Promise<void>;
}

/**
 * The base every instance's files are asked under; the reader gets the path after it. Not named
 * "pagefind": Pagefind takes what stands before that word in its base as the site's own base.
 */
const BASE = 'https://search-index.invalid/';
const REGISTRY = Symbol.for('garlic-brothers.pagefind-readers');

type Registry = Map<string, (url: string) => Promise<Response>>;

function registry(): Registry {
  const holder = globalThis as unknown as Record<symbol, Registry | undefined>;
  holder[REGISTRY] ??= new Map();
  return holder[REGISTRY];
}

/** A fetch that answers the instance's paths from its readers: `<BASE><index>/<file>`. */
function fetchFrom(readers: Record<string, IndexReader>) {
  return async (url: string): Promise<Response> => {
    const address = String(url).split('?')[0];
    if (!address.startsWith(BASE)) return new Response(null, { status: 404 });
    const [index, ...rest] = address.slice(BASE.length).split('/');
    const bytes = readers[index] ? await readers[index](rest.join('/')) : null;
    return bytes ? new Response(new Uint8Array(bytes)) : new Response(null, { status: 404 });
  };
}

/**
 * A Pagefind instance for `language` over the index `main` (the build's), with each of `merged`
 * (name to reader) merged in when it has pages in that language. `script` is pagefind.js's text.
 * Pagefind starts loading the main index without handing back that promise, so a failure there
 * would go unhandled: the main index's entry file and the language's WebAssembly are read first,
 * and their absence is this function's error.
 */
export async function loadPagefind(script: string, language: string, main: IndexReader, merged: Record<string, IndexReader> = {}): Promise<NodePagefind> {
  const entryFile = await main('pagefind-entry.json');
  const entry = entryFile ? (JSON.parse(Buffer.from(entryFile).toString('utf8')) as { languages?: Record<string, { wasm?: string | null }> }) : null;
  const wasm = entry?.languages?.[language] ? `wasm.${entry.languages[language].wasm ?? 'unknown'}.pagefind` : null;
  if (!wasm || !(await main(wasm))) throw new Error(`The search index has no ${language} index`);
  const id = randomUUID();
  registry().set(id, fetchFrom({ main, ...merged }));
  const prelude =
    `const fetch = (url) => globalThis[Symbol.for('garlic-brothers.pagefind-readers')].get(${JSON.stringify(id)})(url);` +
    // Pagefind takes the language from the page's <html lang>: this "document" has only that.
    `const document = { currentScript: null, querySelector: (selector) => (selector === 'html' ? { getAttribute: (name) => (name === 'lang' ? ${JSON.stringify(language)} : null) } : null) };` +
    'const window = undefined;\n';
  const source = `data:text/javascript;base64,${Buffer.from(prelude + script).toString('base64')}`;
  const pagefind = (await import(/* @vite-ignore */ source)) as NodePagefind;
  await pagefind.options({ basePath: `${BASE}main/`, baseUrl: '/', excerptLength: 24, ranking: SEARCH_RANKING });
  await pagefind.init();
  for (const [name, reader] of Object.entries(merged)) {
    const mergedEntry = await reader('pagefind-entry.json');
    const languages = mergedEntry ? ((JSON.parse(Buffer.from(mergedEntry).toString('utf8')) as { languages?: Record<string, unknown> }).languages ?? {}) : {};
    if (languages[language]) await pagefind.mergeIndex(`${BASE}${name}/`, { language, baseUrl: '/' });
  }
  return {
    options: pagefind.options,
    init: pagefind.init,
    mergeIndex: pagefind.mergeIndex,
    search: pagefind.search,
    destroy: async () => {
      await pagefind.destroy();
      registry().delete(id);
    },
  };
}
