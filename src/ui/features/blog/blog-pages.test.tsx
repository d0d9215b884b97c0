/** The blog list in pages of 12: page paths, which posts a page holds, and the links between pages. */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PostsProvider } from '@/browser/data/providers';
import { BlogList } from './BlogList';
import { POSTS_PER_PAGE, pageCount, pagePath, parsePage, postsOnPage, type ListedPost } from './blog-pages';

const post = (id: number): ListedPost => ({
  id,
  title: `Post ${id}`,
  excerpt: `About ${id}`,
  category: id % 2 ? 'markets' : 'products',
  date: '2025-01-01',
  readTime: '5 min read',
  image: '/images/blog/placeholder.svg',
  tags: [],
  featured: false,
});
const posts = Array.from({ length: 30 }, (_, i) => post(30 - i));

describe('blog pages', () => {
  it('splits posts into pages of twelve, newest first', () => {
    expect(POSTS_PER_PAGE).toBe(12);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(12)).toBe(1);
    expect(pageCount(30)).toBe(3);
    expect(postsOnPage(posts, 1).map((p) => p.id)).toEqual([30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19]);
    expect(postsOnPage(posts, 3).map((p) => p.id)).toEqual([6, 5, 4, 3, 2, 1]);
  });

  it('gives page 1 the /blog path and reads only canonical page numbers that exist', () => {
    expect(pagePath(1)).toBe('/blog');
    expect(pagePath(2)).toBe('/blog/page/2');
    expect(parsePage('2', 3)).toBe(2);
    for (const segment of ['1', '4', '02', 'two', undefined]) expect(parsePage(segment, 3)).toBeNull();
  });

  it('links each page to its neighbours and every page number, marking the current one', () => {
    const html = renderToString(
      <PostsProvider>
        <BlogList posts={postsOnPage(posts, 2)} page={2} pages={3} categories={['markets', 'products']} />
      </PostsProvider>,
    );
    expect(html).toContain('href="/blog" rel="prev"');
    expect(html).toContain('href="/blog/page/3" rel="next"');
    expect(html).toMatch(/href="\/blog\/page\/2" aria-current="page"/);
    expect(html.match(/class="card post-card/g)).toHaveLength(12);
    expect(html).toContain('Post 18');
    expect(html).not.toContain('Post 19<');
  });
});
