/**
 * "Download as MDX": the file passes the content check (loadContent over a temp content tree),
 * fixes what the schema does not accept, and its body compiles as MDX showing hostile text as text.
 */
import fs from 'node:fs';
import path from 'node:path';
import { evaluate } from '@mdx-js/mdx';
import matter from 'gray-matter';
import { createElement } from 'react';
import * as runtime from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import remarkGfm from 'remark-gfm';
import { afterEach, describe, expect, it } from 'vitest';
import { loadContent } from '@/build/content/load';
import { normalisePost } from '@/shared/domain/posts/normalise-post';
import type { BlogPost } from '@/shared/domain/posts/post';
import { markdownToMdx, postToMdx, truncate } from './post-to-mdx';
import { cleanUpFixtures, contentWithoutPosts } from '../../../../tests/support/content-fixture';

const TODAY = new Date(2025, 5, 9, 12, 0);
const ROOT = process.cwd();

function post(overrides: Partial<BlogPost> = {}): BlogPost {
  return {
    id: 1001,
    title: 'Choosing a garlic powder mesh size',
    excerpt: 'Why 80-120 mesh garlic powder suits dry seasonings and sauces.',
    content: 'Garlic powder at **80-120 mesh** blends evenly.\n\n## Packing\n\n- 25 kg bags\n- Cartons',
    category: 'products',
    author: 'Export Desk',
    date: '2025-03-01',
    readTime: '4 min read',
    image: '/images/blog/post-2.svg',
    tags: ['powder', 'mesh'],
    featured: true,
    ...overrides,
  };
}

const HOSTILE = [
  '<script>alert("owned")</script>',
  'Inline <img src=x onerror="alert(1)"> image',
  '<div onclick="alert(2)">block html</div>',
  'An expression {alert(3)} and a brace } alone',
  '{globalThis.owned = true}',
  'export const owned = true',
  '',
  'import fs from "node:fs"',
  '',
  '<Callout>not a component</Callout>',
  '<!-- a comment -->',
  'An autolink <https://example.com/a> and [bad](javascript:alert(4)) and [ok](/contact)',
  '',
  '![cover](data:image/png;base64,AAAA) ![ok](/images/blog/post-1.svg)',
  '',
  '[ref][r]',
  '',
  '[r]: javascript:alert(5)',
  '',
  '`code with {braces} and <tags>`',
  '',
  '```js',
  'const x = {a: 1} < 2;',
  '```',
  '',
  '| a | b |',
  '| --- | --- |',
  '| {x} | <b>y</b> |',
].join('\n');

/** Compiles the body as the site does (MDX + GFM) and renders it to HTML. */
async function renderBody(mdxText: string): Promise<string> {
  const { content } = matter(mdxText);
  const { default: Body } = await evaluate(content, { ...runtime, remarkPlugins: [remarkGfm] });
  return renderToStaticMarkup(createElement(Body));
}

afterEach(() => {
  cleanUpFixtures();
  delete (globalThis as { owned?: unknown }).owned;
});

describe('postToMdx', () => {
  it('writes files that pass the content check when dropped into content/blog/', () => {
    const posts = [
      post(),
      // Every form field left blank: the defaults of an empty field.
      normalisePost({}, [1001], TODAY),
      post({
        id: 1003,
        date: 'after the harvest',
        excerpt: 'x'.repeat(400),
        readTime: 'quick read',
        category: 'R&D Updates',
        image: 'https://cdn.example.com/a.png',
      }),
      post({
        id: 1004,
        title: 'Quotes "and"\n---\nid: 5 # not a field',
        author: 'O\'Brien: "QA"',
        tags: ['yes', 'null', '1', 'a: b', '- x'],
        category: '2025',
      }),
      post({ id: 1005, content: HOSTILE, excerpt: '', readTime: '12 minutes', title: 'लहसुन\u2028bulletin' }),
    ];
    const dir = contentWithoutPosts(ROOT);
    const files = posts.map((p) => postToMdx(p, TODAY));
    for (const file of files) fs.writeFileSync(path.join(dir, 'content/blog', file.fileName), file.text);

    const { blog } = loadContent(dir);
    const byId = new Map(blog.map((b) => [b.meta.id, b]));
    expect(byId.size).toBe(posts.length);
    // Every field of the post but its text (the file's body) comes back as written.
    const { content: _body, ...written } = post();
    expect(byId.get(1001)?.meta).toEqual(written);
    expect(byId.get(1002)?.meta).toMatchObject({
      title: 'Untitled Post',
      author: 'Garlic Brothers Team',
      category: 'general',
      date: '2025-06-09',
      readTime: '5 min read',
      featured: false,
    });
    // Hostile frontmatter text comes back exactly, as strings.
    expect(byId.get(1004)?.meta).toMatchObject({
      title: 'Quotes "and"\n---\nid: 5 # not a field',
      author: 'O\'Brien: "QA"',
      tags: ['yes', 'null', '1', 'a: b', '- x'],
      category: '2025',
    });
    expect(byId.get(1005)?.meta.title).toBe('लहसुन\u2028bulletin');
  });

  it('names the file <id>-<slug>.mdx from the title', () => {
    expect(postToMdx(post(), TODAY).fileName).toBe('1001-choosing-a-garlic-powder-mesh-size.mdx');
    expect(postToMdx(post({ id: 1009, title: 'लहसुन' }), TODAY).fileName).toBe('1009-post.mdx');
  });

  it('uses the download date for a date the post could not keep, and says so in a comment', () => {
    const file = postToMdx(post({ date: 'after the harvest' }), TODAY);
    expect(file.text).toContain('date: "2025-06-09"');
    expect(file.text).toMatch(/^# The date "after the harvest" could not be read/m);
    expect(file.notes).toHaveLength(1);
  });

  it('shortens an excerpt over 300 characters at a word boundary', () => {
    const long = 'Garlic granules travel well. '.repeat(20);
    const { data } = matter(postToMdx(post({ excerpt: long }), TODAY).text);
    expect(data.excerpt.length).toBeLessThanOrEqual(300);
    expect(data.excerpt).toMatch(/well\.…$|granules…$|travel…$|Garlic…$/);
    expect(truncate('short', 300)).toBe('short');
  });

  it('shortens a title over 60 characters and says so, so the file passes the content check', () => {
    const file = postToMdx(post({ title: 'Choosing a garlic powder mesh size for seasonings, sauces and snack coatings' }), TODAY);
    const { data } = matter(file.text);
    expect(data.title).toBe('Choosing a garlic powder mesh size for seasonings, sauces…');
    expect(data.title.length).toBeLessThanOrEqual(60);
    expect(file.notes).toContain('The title was longer than 60 characters, so it is shortened; write a shorter one before publishing.');
  });

  it('adds a description of 50 to 160 characters when the excerpt is too long or too short to be one', () => {
    const fits = matter(postToMdx(post(), TODAY).text).data;
    expect(fits.description).toBeUndefined();
    const long = matter(postToMdx(post({ excerpt: 'Garlic granules travel well in 25 kg bags. '.repeat(5).trim() }), TODAY).text).data;
    expect(long.description.length).toBeLessThanOrEqual(160);
    expect(long.description).toMatch(/^Garlic granules travel well in 25 kg bags\. .*…$/);
    const short = matter(postToMdx(post({ excerpt: 'Mesh sizes' }), TODAY).text).data;
    expect(short.description).toBe('Mesh sizes. An article by Export Desk on the Garlic Brothers blog about garlic ingredients.');
  });

  it('fills a missing excerpt from the first paragraph and a missing body from the excerpt', () => {
    expect(matter(postToMdx(post({ excerpt: '' }), TODAY).text).data.excerpt).toBe('Garlic powder at 80-120 mesh blends evenly.');
    const empty = matter(postToMdx(post({ content: '' }), TODAY).text);
    expect(empty.content.trim()).toBe('Why 80-120 mesh garlic powder suits dry seasonings and sauces.');
  });

  it('writes the read time as "N min read"', () => {
    const readTime = (value: string) => matter(postToMdx(post({ readTime: value, content: 'word '.repeat(900) }), TODAY).text).data.readTime;
    expect(readTime('12 minutes')).toBe('12 min read');
    expect(readTime('7 min read')).toBe('7 min read');
    expect(readTime('a quick read')).toBe('5 min read');
  });

  it('writes the category as lower-case words joined by hyphens, and a non-site image as the placeholder', () => {
    const { data } = matter(postToMdx(post({ category: 'R&D updates', image: 'javascript:alert(1)' }), TODAY).text);
    expect(data.category).toBe('r-d-updates');
    expect(data.image).toBe('/images/blog/placeholder.svg');
  });

  it('keeps the markdown structure', async () => {
    const html = await renderBody(postToMdx(post(), TODAY).text);
    expect(html).toBe(
      '<p>Garlic powder at <strong>80-120 mesh</strong> blends evenly.</p>\n<h2>Packing</h2>\n<ul>\n<li>25 kg bags</li>\n<li>Cartons</li>\n</ul>',
    );
  });

  it('compiles hostile content as MDX that shows it as text and runs nothing', async () => {
    const html = await renderBody(postToMdx(post({ content: HOSTILE }), TODAY).text);
    expect((globalThis as { owned?: unknown }).owned).toBeUndefined();
    expect(html).not.toMatch(/<(script|div|callout)\b|<[a-z]+\b[^>]*\son[a-z]+=/i);
    expect(html).not.toMatch(/href="javascript:|src="data:/);
    for (const text of [
      '&lt;script&gt;alert(&quot;owned&quot;)&lt;/script&gt;',
      'onerror=&quot;alert(1)&quot;',
      '{alert(3)} and a brace } alone',
      '{globalThis.owned = true}',
      'export const owned = true',
      'import fs from &quot;node:fs&quot;',
      '&lt;Callout&gt;not a component&lt;/Callout&gt;',
      '&lt;!-- a comment --&gt;',
      '<code>code with {braces} and &lt;tags&gt;</code>',
      'const x = {a: 1} &lt; 2;',
      '<td>{x}</td>',
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toContain('href="https://example.com/a"');
    expect(html).toContain('href="/contact"');
    expect(html).toContain('src="/images/blog/post-1.svg"');
  });

  it('markdownToMdx leaves ordinary markdown readable', () => {
    expect(markdownToMdx('Plain *text* with a [link](https://example.com).')).toBe('Plain _text_ with a [link](https://example.com).');
  });
});
