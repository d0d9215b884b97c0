/**
 * A post's cover photo (frontmatter `cover` and `coverAlt`) on the post page and in the blog list:
 * the page's first-screen image, fetched first and at the text column's width; a card's small,
 * lazily loaded variant below the first row. The pages' list of photos is stood in for by one
 * photo, as virtual:photos gives it.
 */
import { UnheadProvider, createHead, transformHtmlTemplate } from '@unhead/react/server';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { BlogPostMeta } from '@/build/content/schema';
import type { ListedPost } from './blog-pages';

vi.mock('virtual:photos', () => ({
  default: {
    '/photos/harvest.jpg': {
      width: 4000,
      height: 2667,
      placeholder: '#8a6f4d',
      srcset: {
        avif: '/assets/photos/k-320.avif 320w, /assets/photos/k-1920.avif 1920w',
        webp: '/assets/photos/k-320.webp 320w, /assets/photos/k-1920.webp 1920w',
      },
      fallback: '/assets/photos/k-960.webp',
    },
  },
}));

// Test files share their modules (isolate: false): the components are loaded afresh, with the list above.
let PostsProvider: typeof import('@/browser/data/providers').PostsProvider;
let BlogList: typeof import('./BlogList').BlogList;
let BlogPostView: typeof import('./BlogPostView').BlogPostView;
let listed: typeof import('./blog-pages').listed;
let CARD_SIZES: string;
let postCover: typeof import('./post-cover').postCover;
beforeAll(async () => {
  vi.resetModules();
  ({ PostsProvider } = await import('@/browser/data/providers'));
  ({ BlogList } = await import('./BlogList'));
  ({ BlogPostView } = await import('./BlogPostView'));
  ({ listed } = await import('./blog-pages'));
  ({ CARD_SIZES, postCover } = await import('./post-cover'));
});

const ALT = 'Garlic bulbs curing in rows in a field at harvest';
const meta: BlogPostMeta = {
  id: 11,
  title: 'Harvest notes',
  excerpt: 'How the season went.',
  category: 'sourcing',
  author: 'Garlic Brothers Export Desk',
  date: '2026-05-02',
  readTime: '4 min read',
  image: '/images/blog/post-1.svg',
  cover: '/photos/harvest.jpg',
  coverAlt: ALT,
  tags: [],
  featured: false,
};
const plain = (id: number): ListedPost => listed({ ...meta, id, cover: undefined, coverAlt: undefined });

describe("a post's cover photo", () => {
  it('is the photo when the post names one, else its illustration, without an alternative (the title says it)', () => {
    expect(postCover(meta)).toEqual({ src: '/photos/harvest.jpg', alt: ALT });
    expect(postCover({ image: '/images/blog/post-1.svg' })).toEqual({ src: '/images/blog/post-1.svg', alt: '' });
    expect(postCover({ image: 'javascript:alert(1)' })).toEqual({ src: '/images/blog/placeholder.svg', alt: '' });
  });

  it("is the post page's first-screen image: AVIF and WebP at the text column's width, high priority, not lazy, its own size; and its link-preview card", async () => {
    const head = createHead();
    const html = renderToString(
      <UnheadProvider value={head}>
        <BlogPostView post={meta} ownCard>
          text
        </BlogPostView>
      </UnheadProvider>,
    );
    const page = await transformHtmlTemplate(head, '<html><head></head><body></body></html>');
    expect(page).toMatch(/<meta property="og:image" content="[^"]*\/images\/social\/cards\/blog\/11\.jpg">/);
    expect(page).toContain(`<meta property="og:image:alt" content="${ALT}">`);
    const picture = /<picture>[\s\S]*?<\/picture>/.exec(html)?.[0] ?? '';
    expect(html.indexOf('<img')).toBe(html.indexOf('<picture>') + picture.indexOf('<img'));
    expect(picture).toContain(
      '<source type="image/avif" srcSet="/assets/photos/k-320.avif 320w, /assets/photos/k-1920.avif 1920w" sizes="(min-width: 54rem) 52rem, calc(100vw - 2rem)"/>',
    );
    expect(picture).toContain('<source type="image/webp"');
    const img = /<img [^>]*>/.exec(picture)?.[0] ?? '';
    expect(img).toContain(`alt="${ALT}"`);
    expect(img).toContain('width="4000" height="2667"');
    expect(img).toContain('loading="eager"');
    expect(img).toContain('fetchPriority="high"');
    expect(img).toContain('class="post-cover"');
  });

  it("is a card's small variant in the blog list, lazy below the first row, and the search index keeps it", () => {
    const posts = [plain(6), plain(5), plain(4), listed(meta)];
    expect(posts[3]).toMatchObject({ cover: '/photos/harvest.jpg', coverAlt: ALT });
    expect(posts[0]).not.toHaveProperty('cover');
    const html = renderToString(
      <PostsProvider>
        <BlogList posts={posts} page={1} pages={1} categories={['sourcing']} />
      </PostsProvider>,
    );
    const pictures = [...html.matchAll(/<picture>[\s\S]*?<\/picture>/g)].map(([tag]) => tag);
    expect(pictures).toHaveLength(1);
    expect(pictures[0]).toContain(`sizes="${CARD_SIZES}"`);
    expect(pictures[0]).toContain('loading="lazy"');
    expect(pictures[0]).not.toMatch(/fetchpriority/i);
  });
});
