/** Every normalisation rule of a blog post added in the admin, one test each. */
import { describe, expect, it } from 'vitest';
import { localIsoDate, nextPostId, normalisePost, parseDate } from './normalise-post';
import type { BlogPost } from './post';

// A fixed local "today": 15 January 2025, 09:30 in the machine's own time zone.
const TODAY = new Date(2025, 0, 15, 9, 30);
const add = (input: Parameters<typeof normalisePost>[0], ids: number[] = []) => normalisePost(input, ids, TODAY);

describe('normalisePost', () => {
  // Each rule with the post it is given, the field it sets and the value that field gets.
  it.each<[string, Parameters<typeof normalisePost>[0], keyof BlogPost, unknown, number[]?]>([
    ['trims the title', { title: '  Garlic prices in 2025 \n' }, 'title', 'Garlic prices in 2025'],
    ['turns an empty title into "Untitled Post"', { title: '   ' }, 'title', 'Untitled Post'],
    ['turns an empty title into "Untitled Post"', {}, 'title', 'Untitled Post'],
    ['trims the excerpt', { excerpt: '\t Why India is the second origin.  ' }, 'excerpt', 'Why India is the second origin.'],
    ['trims the content', { content: '\n\n## Heading\n\nBody text.\n\n' }, 'content', '## Heading\n\nBody text.'],
    ['trims the author', { author: '  Export Desk ' }, 'author', 'Export Desk'],
    ['turns an empty author into "Garlic Brothers Team"', { author: ' ' }, 'author', 'Garlic Brothers Team'],
    ['trims the read time', { readTime: ' 7 min read ' }, 'readTime', '7 min read'],
    ['turns an empty read time into "5 min read"', { readTime: '' }, 'readTime', '5 min read'],
    ['trims tags given as a comma-separated string', { tags: ' EU , garlic powder,India ' }, 'tags', ['EU', 'garlic powder', 'India']],
    ['trims tags given as a list', { tags: ['  EU', 'powder  '] }, 'tags', ['EU', 'powder']],
    ['drops empty tags', { tags: 'EU, , ,powder,' }, 'tags', ['EU', 'powder']],
    ['drops empty tags', { tags: ['', '  ', 'EU'] }, 'tags', ['EU']],
    ['drops empty tags', {}, 'tags', []],
    ['turns an empty image into the placeholder image', { image: '' }, 'image', '/images/blog/placeholder.svg'],
    ['turns an empty image into the placeholder image', { image: '  ' }, 'image', '/images/blog/placeholder.svg'],
    ['keeps a given image', { image: '/images/blog/post-3.svg' }, 'image', '/images/blog/post-3.svg'],
    ['trims the category, lower-cases it and turns spaces into hyphens', { category: '  Market Insights ' }, 'category', 'market-insights'],
    ['trims the category, lower-cases it and turns spaces into hyphens', { category: 'Market \t  Insights' }, 'category', 'market-insights'],
    ['turns an empty category into "general"', { category: '  ' }, 'category', 'general'],
    ['turns an empty category into "general"', {}, 'category', 'general'],
    ["turns a missing date into today's local date", {}, 'date', '2025-01-15'],
    ["turns a missing date into today's local date", { date: '' }, 'date', '2025-01-15'],
    ["turns a missing date into today's local date", { date: null }, 'date', '2025-01-15'],
    ["turns a missing date into today's local date", { date: '   ' }, 'date', '2025-01-15'],
    ['keeps an unparseable date as given', { date: 'after the harvest' }, 'date', 'after the harvest'],
    ['keeps an unparseable date as given', { date: '2025-02-30' }, 'date', '2025-02-30'],
    ['normalises any other date to YYYY-MM-DD', { date: '2025-3-5' }, 'date', '2025-03-05'],
    ['normalises any other date to YYYY-MM-DD', { date: ' 2025-03-05 ' }, 'date', '2025-03-05'],
    ['normalises any other date to YYYY-MM-DD', { date: 'March 5, 2025' }, 'date', '2025-03-05'],
    ['normalises any other date to YYYY-MM-DD', { date: '2025/03/05' }, 'date', '2025-03-05'],
    ['defaults featured to false', {}, 'featured', false],
    ['defaults featured to false', { featured: true }, 'featured', true],
    ['gives an id above every built-in and stored id, and above 1000', {}, 'id', 1001, [1, 2, 10]],
    ['gives an id above every built-in and stored id, and above 1000', {}, 'id', 1006, [3, 1001, 1005, 2]],
    ['gives an id above every built-in and stored id, and above 1000', {}, 'id', 1001, []],
  ])('%s: %j', (_rule, input, field, value, ids = []) => {
    expect(add(input, ids)[field]).toEqual(value);
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
