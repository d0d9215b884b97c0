/** Every normalisation rule of a blog post added in the admin, one test each. */
import { describe, expect, it } from 'vitest';
import { localIsoDate, nextPostId, normalisePost, parseDate } from './normalise-post';

// A fixed local "today": 15 January 2025, 09:30 in the machine's own time zone.
const TODAY = new Date(2025, 0, 15, 9, 30);
const add = (input: Parameters<typeof normalisePost>[0], ids: number[] = []) => normalisePost(input, ids, TODAY);

describe('normalisePost', () => {
  it('trims the title', () => {
    expect(add({ title: '  Garlic prices in 2025 \n' }).title).toBe('Garlic prices in 2025');
  });

  it('turns an empty title into "Untitled Post"', () => {
    expect(add({ title: '   ' }).title).toBe('Untitled Post');
    expect(add({}).title).toBe('Untitled Post');
  });

  it('trims the excerpt', () => {
    expect(add({ excerpt: '\t Why India is the second origin.  ' }).excerpt).toBe('Why India is the second origin.');
  });

  it('trims the content', () => {
    expect(add({ content: '\n\n## Heading\n\nBody text.\n\n' }).content).toBe('## Heading\n\nBody text.');
  });

  it('trims the author', () => {
    expect(add({ author: '  Export Desk ' }).author).toBe('Export Desk');
  });

  it('turns an empty author into "Garlic Brothers Team"', () => {
    expect(add({ author: ' ' }).author).toBe('Garlic Brothers Team');
  });

  it('trims the read time', () => {
    expect(add({ readTime: ' 7 min read ' }).readTime).toBe('7 min read');
  });

  it('turns an empty read time into "5 min read"', () => {
    expect(add({ readTime: '' }).readTime).toBe('5 min read');
  });

  it('trims tags given as a comma-separated string', () => {
    expect(add({ tags: ' EU , garlic powder,India ' }).tags).toEqual(['EU', 'garlic powder', 'India']);
  });

  it('trims tags given as a list', () => {
    expect(add({ tags: ['  EU', 'powder  '] }).tags).toEqual(['EU', 'powder']);
  });

  it('drops empty tags', () => {
    expect(add({ tags: 'EU, , ,powder,' }).tags).toEqual(['EU', 'powder']);
    expect(add({ tags: ['', '  ', 'EU'] }).tags).toEqual(['EU']);
    expect(add({}).tags).toEqual([]);
  });

  it('turns an empty image into the placeholder image', () => {
    expect(add({ image: '' }).image).toBe('/images/blog/placeholder.svg');
    expect(add({ image: '  ' }).image).toBe('/images/blog/placeholder.svg');
  });

  it('keeps a given image', () => {
    expect(add({ image: '/images/blog/post-3.svg' }).image).toBe('/images/blog/post-3.svg');
  });

  it('trims the category, lower-cases it and turns spaces into hyphens', () => {
    expect(add({ category: '  Market Insights ' }).category).toBe('market-insights');
    expect(add({ category: 'Market \t  Insights' }).category).toBe('market-insights');
  });

  it('turns an empty category into "general"', () => {
    expect(add({ category: '  ' }).category).toBe('general');
    expect(add({}).category).toBe('general');
  });

  it("turns a missing date into today's local date", () => {
    expect(add({}).date).toBe('2025-01-15');
    expect(add({ date: '' }).date).toBe('2025-01-15');
    expect(add({ date: null }).date).toBe('2025-01-15');
    expect(add({ date: '   ' }).date).toBe('2025-01-15');
  });

  it('keeps an unparseable date as given', () => {
    expect(add({ date: 'after the harvest' }).date).toBe('after the harvest');
    expect(add({ date: '2025-02-30' }).date).toBe('2025-02-30');
  });

  it('normalises any other date to YYYY-MM-DD', () => {
    expect(add({ date: '2025-3-5' }).date).toBe('2025-03-05');
    expect(add({ date: ' 2025-03-05 ' }).date).toBe('2025-03-05');
    expect(add({ date: 'March 5, 2025' }).date).toBe('2025-03-05');
    expect(add({ date: '2025/03/05' }).date).toBe('2025-03-05');
  });

  it('defaults featured to false', () => {
    expect(add({}).featured).toBe(false);
    expect(add({ featured: true }).featured).toBe(true);
  });

  it('gives an id above every built-in and stored id, and above 1000', () => {
    expect(add({}, [1, 2, 10]).id).toBe(1001);
    expect(add({}, [3, 1001, 1005, 2]).id).toBe(1006);
    expect(add({}, []).id).toBe(1001);
  });
});

describe('helpers', () => {
  it('nextPostId ignores ids that are not numbers', () => {
    expect(nextPostId([Number.NaN, Number.POSITIVE_INFINITY, 1200])).toBe(1201);
  });

  it('parseDate reads date-only ISO input as a calendar date, whatever the time zone', () => {
    expect(parseDate('2024-02-29')).toBe('2024-02-29');
    expect(parseDate('2025-02-29')).toBeNull();
    expect(parseDate('soon')).toBeNull();
    // Only the whole text: a day inside other words is not read as one.
    expect(parseDate('x2025-01-02')).toBeNull();
    expect(parseDate('2025-01-02x')).toBeNull();
    // JavaScript's Date.UTC reads years 0 to 99 as 1900 to 1999: year 50 is refused, not moved.
    expect(parseDate('0050-01-01')).toBeNull();
  });

  it('localIsoDate uses the local calendar day', () => {
    expect(localIsoDate(new Date(2025, 11, 31, 23, 59))).toBe('2025-12-31');
  });
});
