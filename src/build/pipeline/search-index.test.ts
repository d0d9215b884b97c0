/**
 * What the search index holds of a page, read back from the fragment Pagefind's indexer writes
 * (the text a result's excerpt is cut from, and every word of it costs index bytes): the page's
 * copy once, without its print letterhead, its buttons, its drawings or an experiment's other
 * variants.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { SearchIndexer } from './search-index';
import type { SearchSite } from './search-pages';

const words = {
  shell: { home: 'Home', company: 'Company', resources: 'Resources' },
  faq: {},
  search: {} as SearchSite['ui'][string]['search'],
  language: { englishOnly: 'English' },
};
const site: SearchSite = {
  languages: ['en'],
  navigation: { primary: [], products: [{ href: '/garlic-powder' }], company: [], resources: [] },
  ui: { en: words },
  labels: { '/products': 'Products' },
};

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-search-index-'));
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

/** The fragments' text ("pagefind_dcd" and the JSON, gzip-compressed). */
function fragmentTexts(): string[] {
  const folder = path.join(dist, 'pagefind', 'fragment');
  return fs.readdirSync(folder).map((file) => {
    const bytes = zlib.gunzipSync(fs.readFileSync(path.join(folder, file))).toString('utf8');
    return (JSON.parse(bytes.slice(bytes.indexOf('{'))) as { content: string }).content;
  });
}

describe('SearchIndexer', () => {
  it("indexes a page's copy once, without its letterhead, buttons, drawings or an experiment's other variants", async () => {
    const indexer = new SearchIndexer(site, {});
    indexer.add(
      '/garlic-powder',
      '<!doctype html><html lang="en"><head><title>Garlic Powder</title></head><body><main id="main"><h1>Garlic Powder</h1><p>Fine 80-120 mesh powder.</p>' +
        '<svg role="img" aria-label="A scoop of powder"><text>Drawing words</text></svg>' +
        '<div class="print-letterhead"><p class="print-letterhead-name">Garlic Brothers Exports</p><p>Export House, Peenya Industrial Area</p></div>' +
        '<h2><span class="ab-variant" data-experiment="cta" data-variant="control">Ready to source?</span><span class="ab-variant" data-experiment="cta" data-variant="punchy">Scale faster today</span></h2>' +
        '<div class="actions print-hidden"><a href="/sample-request">Request a sample</a><a href="/contact">Get a quote</a></div></main></body></html>',
    );
    try {
      await indexer.write(dist);
    } finally {
      await indexer.close();
    }
    const [text, ...rest] = fragmentTexts();
    expect(rest).toEqual([]);
    expect(text).toContain('Fine 80-120 mesh powder');
    expect(text).toContain('Ready to source?');
    for (const left of ['Export House', 'Request a sample', 'Drawing words', 'Scale faster']) expect(text).not.toContain(left);
  }, 60_000);

  it('writes the same entry file for the same pages, its languages in the order of their codes, and each language’s direction beside it', async () => {
    const languages = ['en', 'de', 'ar'];
    const multilingual: SearchSite = { ...site, languages, rightToLeft: ['ar'], ui: Object.fromEntries(languages.map((code) => [code, words])) };
    const entries: string[] = [];
    const directions: Record<string, unknown>[] = [];
    for (const order of [languages, [...languages].reverse()]) {
      const out = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-search-entry-'));
      const indexer = new SearchIndexer(multilingual, {});
      for (const code of order) {
        const prefix = code === 'en' ? '' : `/${code}`;
        indexer.add(
          `${prefix}/garlic-powder`,
          `<!doctype html><html lang="${code}"><head><title>Garlic</title></head><body><main id="main"><h1>Garlic ${code}</h1><p>Powder, 80-120 mesh.</p></main></body></html>`,
        );
      }
      try {
        await indexer.write(out);
      } finally {
        await indexer.close();
      }
      entries.push(fs.readFileSync(path.join(out, 'pagefind', 'pagefind-entry.json'), 'utf8'));
      const direction = (code: string) =>
        (JSON.parse(fs.readFileSync(path.join(out, 'pagefind', `gb-words.${code}.json`), 'utf8')) as { ui: { dir?: string } }).ui.dir;
      directions.push(Object.fromEntries(languages.map((code) => [code, direction(code)])));
      fs.rmSync(out, { recursive: true, force: true });
    }
    expect(Object.keys((JSON.parse(entries[0] ?? '{}') as { languages: object }).languages)).toEqual(['ar', 'de', 'en']);
    expect(entries[1]).toBe(entries[0]);
    expect(directions).toEqual([
      { en: 'ltr', de: 'ltr', ar: 'rtl' },
      { en: 'ltr', de: 'ltr', ar: 'rtl' },
    ]);
  }, 60_000);
});
