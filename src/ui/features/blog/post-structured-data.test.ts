import { describe, expect, it } from 'vitest';
import type { BlogPostMeta } from '@/build/content/schema';
import { site } from '@/shared/site';
import { PLACEHOLDER_IMAGE } from '@/shared/domain/posts/post';
import { postStructuredData } from './post-structured-data';

const post = (image: string): BlogPostMeta => ({
  id: 1001,
  title: 'Added in the admin',
  excerpt: 'A post added in this browser.',
  category: 'general',
  author: 'Export Desk',
  date: '2025-02-03',
  readTime: '3 min read',
  image,
  tags: [],
  featured: false,
});

const imageOf = (image: string) => (postStructuredData(post(image))[0] as { image: string }).image;

describe('postStructuredData', () => {
  it.each(['javascript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>', '//evil.example/a.png', 'http://insecure.example/a.png'])(
    'uses the placeholder cover, as the page does, for the refused image %s',
    (image) => {
      expect(imageOf(image)).toBe(`${site.url}${PLACEHOLDER_IMAGE}`);
      expect(JSON.stringify(postStructuredData(post(image)))).not.toContain(image);
    },
  );

  it('makes a site path absolute and keeps an https image as it is', () => {
    expect(imageOf('/images/blog/post-1.svg')).toBe(`${site.url}/images/blog/post-1.svg`);
    expect(imageOf('https://cdn.example.com/cover.png')).toBe('https://cdn.example.com/cover.png');
  });

  it('describes the post and its breadcrumb trail', () => {
    const [posting, crumbs] = postStructuredData(post('/images/blog/post-1.svg')) as [{ '@type': string; mainEntityOfPage: string }, { '@type': string }];
    expect(posting['@type']).toBe('BlogPosting');
    expect(posting.mainEntityOfPage).toBe(`${site.url}/blog/1001`);
    expect(crumbs['@type']).toBe('BreadcrumbList');
  });
});
