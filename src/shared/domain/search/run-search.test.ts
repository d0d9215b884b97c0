import { describe, expect, it } from 'vitest';
import { runSearch, type IndexFragment, type SearchIndex } from './run-search';

/** An index over a few pages that matches a term when every word of it starts a word of the page. */
function fakeIndex(pages: (IndexFragment & { words: string[]; score: number })[]): SearchIndex & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    async search(term) {
      asked.push(term);
      const terms = term.split(' ');
      const results = pages
        .filter((page) => terms.every((t) => page.words.some((word) => word.startsWith(t))))
        .map((page) => ({ id: page.url, score: page.score, data: async () => page }));
      return { results };
    },
  };
}

const powder = {
  url: '/garlic-powder',
  excerpt: '<mark>Garlic</mark> powder',
  meta: { title: 'Garlic Powder', section: 'Products' },
  words: ['garlic', 'powder'],
  score: 2,
};
const oil = { url: '/garlic-oil', excerpt: 'oil', meta: { title: 'Garlic Oil', section: 'Products' }, words: ['garlic', 'oil'], score: 1 };
const words = { synonyms: {}, vocabulary: ['garlic', 'powder', 'oil'] };

describe('runSearch', () => {
  it('gives the results by score with their title, section and excerpt', async () => {
    const outcome = await runSearch(fakeIndex([oil, powder]), 'Garlic', 'en', words);
    expect(outcome.total).toBe(2);
    expect(outcome.corrected).toBeNull();
    expect(outcome.hits.map((hit) => hit.url)).toEqual(['/garlic-powder', '/garlic-oil']);
    expect(outcome.hits[0]).toEqual({ url: '/garlic-powder', title: 'Garlic Powder', section: 'Products', excerpt: '<mark>Garlic</mark> powder' });
  });

  it('asks the corrected query when the query as typed finds nothing, and says so', async () => {
    const index = fakeIndex([oil, powder]);
    const outcome = await runSearch(index, 'garlik powder', 'en', words);
    expect(index.asked).toEqual(['garlik powder', 'garlic powder']);
    expect(outcome.corrected).toBe('garlic powder');
    expect(outcome.hits[0].url).toBe('/garlic-powder');
  });

  it('merges the German variants, each page once at its best score', async () => {
    const groesse = { url: '/de/x', excerpt: '', meta: { title: 'Größe', section: 'S' }, words: ['grösse'], score: 3 };
    const index = fakeIndex([groesse]);
    const outcome = await runSearch(index, 'Groesse', 'de', { synonyms: {}, vocabulary: [] });
    expect(index.asked).toEqual(['groesse', 'grösse']);
    expect(outcome.hits.map((hit) => hit.url)).toEqual(['/de/x']);
  });

  it('marks a result written in another language, at its own address', async () => {
    const post = { url: '/de/blog/3', excerpt: '', meta: { title: 'A post', section: 'Blog', lang: 'en', url: '/blog/3' }, words: ['garlic'], score: 1 };
    const outcome = await runSearch(fakeIndex([post]), 'garlic', 'de', words);
    expect(outcome.hits[0].lang).toBe('en');
    expect(outcome.hits[0].url).toBe('/blog/3');
  });

  it('loads only the shown results', async () => {
    const many = Array.from({ length: 15 }, (_, i) => ({ ...oil, url: `/p${i}`, score: i }));
    const outcome = await runSearch(fakeIndex(many), 'oil', 'en', words, 5);
    expect(outcome.total).toBe(15);
    expect(outcome.hits).toHaveLength(5);
  });

  it('asks nothing for an empty query', async () => {
    const index = fakeIndex([oil]);
    expect(await runSearch(index, '  ', 'en', words)).toEqual({ hits: [], total: 0, corrected: null });
    expect(index.asked).toEqual([]);
  });
});
