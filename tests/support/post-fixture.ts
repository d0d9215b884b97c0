/**
 * A post as the admin API stores it, for the tests of what the server and the pages do with one:
 * a plain published post (id 1001, the first id of a stored post), with the fields a test is about
 * given in `overrides`.
 */
import type { BlogPost } from '../../src/shared/domain/posts/post';

export function testPost(overrides: Partial<BlogPost> = {}): BlogPost {
  return {
    id: 1001,
    title: 'Published on the server',
    excerpt: 'An excerpt.',
    content: 'Body',
    category: 'general',
    author: 'Garlic Brothers Team',
    date: '2026-11-24',
    readTime: '5 min read',
    image: '/images/blog/placeholder.svg',
    tags: [],
    featured: false,
    ...overrides,
  };
}
