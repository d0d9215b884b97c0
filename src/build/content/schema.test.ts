/**
 * The rules of the content schemas that look at a whole value (a real calendar day, each language
 * and product once, a question ending in a question mark), as an editor's file meets them. The
 * loader's tests (load.test.ts) show how the messages reach the editor with the file and field.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { loadSiteConfig } from './load';
import { BlogFrontmatter, FaqFrontmatter, SiteConfig } from './schema';

/** The messages of a value the schema refuses ([] when it is accepted). */
const problems = (schema: v.GenericSchema, value: unknown) => {
  const result = v.safeParse(schema, value);
  return result.success ? [] : result.issues.map((issue) => issue.message);
};

const SITE = loadSiteConfig();

describe('the site configuration', () => {
  it('accepts the real one', () => {
    expect(problems(SiteConfig, SITE)).toEqual([]);
  });

  it('lists each language once', () => {
    const [first] = SITE.languages;
    expect(problems(SiteConfig, { ...SITE, languages: [...SITE.languages, { ...first, name: 'Again' }] })).toEqual(['expected each language code once']);
  });

  it('lists each product once', () => {
    expect(problems(SiteConfig, { ...SITE, products: ['Garlic Oil', 'Garlic Powder', 'Garlic Oil'] })).toEqual(['expected each product once']);
    expect(problems(SiteConfig, { ...SITE, products: ['Garlic Oil', 'Garlic Powder'] })).toEqual([]);
  });
});

describe('a blog post’s date', () => {
  const POST = {
    id: 1,
    title: 'Garlic powder grades',
    excerpt: 'What the mesh sizes mean.',
    category: 'products',
    author: 'Garlic Brothers Team',
    date: '2025-03-01',
    readTime: '6 min read',
    image: '/images/blog/post-1.svg',
    tags: ['powder'],
  };

  it('is a real calendar day', () => {
    for (const date of ['2025-03-01', '2024-02-29', '2025-12-31']) expect(problems(BlogFrontmatter, { ...POST, date })).toEqual([]);
    for (const date of ['2025-02-29', '2025-04-31', '2025-13-01', '2025-00-10']) {
      expect(problems(BlogFrontmatter, { ...POST, date })).toEqual(['expected a real calendar date in the form YYYY-MM-DD']);
    }
    expect(problems(BlogFrontmatter, { ...POST, date: '1 March 2025' })).toContain('expected YYYY-MM-DD');
  });
});

describe('an FAQ entry’s question', () => {
  const ENTRY = { id: 'moq', category: 'pricing', question: 'What is your minimum order?', tags: ['moq'] };

  it('ends with a question mark, the Arabic one included', () => {
    expect(problems(FaqFrontmatter, ENTRY)).toEqual([]);
    expect(problems(FaqFrontmatter, { ...ENTRY, question: 'ما هو الحد الأدنى للطلب؟' })).toEqual([]);
    for (const question of ['What is your minimum order', 'Is it? Tell us.']) {
      expect(problems(FaqFrontmatter, { ...ENTRY, question })).toEqual(['expected a question ending with "?"']);
    }
  });
});
