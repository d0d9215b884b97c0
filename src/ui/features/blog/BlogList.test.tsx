/** The blog list's card images: the first row loads at once, wherever it lands; no card image takes high priority. */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PostsProvider } from '@/browser/data/providers';
import { BlogList, EAGER_CARDS } from './BlogList';
import type { ListedPost } from './blog-pages';

const post = (id: number): ListedPost => ({
  id,
  title: `Post ${id}`,
  excerpt: `About ${id}`,
  category: 'markets',
  date: '2025-01-01',
  readTime: '5 min read',
  image: '/images/blog/placeholder.svg',
  tags: [],
  featured: false,
});

describe('the blog list', () => {
  it('loads the first row of card images at once and the rest lazily, none with high priority', () => {
    const html = renderToString(
      <PostsProvider>
        <BlogList posts={[6, 5, 4, 3, 2, 1].map(post)} page={1} pages={1} categories={['markets']} />
      </PostsProvider>,
    );
    const images = [...html.matchAll(/<img [^>]*>/g)].map(([tag]) => tag);
    expect(images).toHaveLength(6);
    expect(images.map((tag) => tag.match(/loading="(\w+)"/)?.[1])).toEqual(['eager', 'eager', 'eager', 'lazy', 'lazy', 'lazy']);
    expect(EAGER_CARDS).toBe(3);
    expect(html).not.toMatch(/fetchpriority/i);
  });
});
