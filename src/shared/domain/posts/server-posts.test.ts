/** The blog list's reading of GET /api/posts: posts in the shape the site renders, or an error saying what was wrong. */
import { describe, expect, it } from 'vitest';
import { parseServerPosts } from './server-posts';
import { testPost } from '../../../../tests/support/post-fixture';

const post = testPost({
  excerpt: '',
  date: 'next Tuesday',
  tags: ['EU'],
  featured: true,
});

describe('parseServerPosts', () => {
  it('reads the posts of the answer, a date kept as typed included', () => {
    expect(parseServerPosts({ posts: [post] })).toEqual([post]);
    expect(parseServerPosts({ posts: [] })).toEqual([]);
  });

  it('refuses anything else, naming the request', () => {
    expect(() => parseServerPosts('<!doctype html>')).toThrow(/\/api\/posts\?limit=100 did not answer with a list of posts/);
    expect(() => parseServerPosts({ posts: [{ ...post, id: 'x' }] })).toThrow(/did not answer with a list of posts/);
  });
});
