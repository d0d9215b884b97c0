/**
 * The page the server renders for a post added through the admin API: the head a built-in post
 * has (title, description, canonical, Open Graph, Twitter, BlogPosting and breadcrumb JSON-LD),
 * indexable, and its markdown rendered without raw HTML; with a cover uploaded in the admin, the
 * cover as its first image and its card (drawn by the server from the photo) as its og:image.
 */
import { describe, expect, it } from 'vitest';
import { renderServerPostHtml, renderServerPostPage } from '@/ui/entry-server';
import type { BlogPost } from '@/shared/domain/posts/post';
import { site } from '@/shared/site';
import { testPost } from '../../../tests/support/post-fixture';

const TEMPLATE = '<!doctype html><html lang="en"><head><meta charset="UTF-8"></head><body><!--app-html--></body></html>';

const post = testPost({
  title: 'EU <b>rules</b> for garlic powder',
  excerpt: 'What an importer in the EU checks before the first container of garlic powder leaves Bengaluru.',
  content: '## Checks\n\nSee [the contact page](/contact).\n\n<script>alert("x")</script>',
  category: 'markets',
  readTime: '4 min read',
  image: 'javascript:alert(1)',
  tags: ['EU', 'export'],
});

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].flatMap((match) => {
    const value = JSON.parse(match[1]) as Record<string, unknown> | Record<string, unknown>[];
    const things = Array.isArray(value) ? value : ((value['@graph'] as Record<string, unknown>[] | undefined) ?? [value]);
    return things;
  });
}

describe('renderServerPostPage', () => {
  it('gives the post the full head of a post page, indexable', async () => {
    const { html } = await renderServerPostPage(post, TEMPLATE);
    const url = `${site.url}/blog/1001`;
    expect(html).toContain('<title>EU &lt;b&gt;rules&lt;&#x2F;b&gt; for garlic powder | Garlic Brothers</title>');
    expect(html).toContain(`<link rel="canonical" href="${url}">`);
    expect(html).toMatch(/<meta name="description" content="What an importer in the EU checks before the first container/);
    expect(html).toContain(`<meta property="og:url" content="${url}">`);
    expect(html).toContain('<meta property="og:type" content="article">');
    expect(html).toMatch(/<meta name="twitter:card" content="summary_large_image">/);
    expect(html).not.toMatch(/noindex/);
    const posting = jsonLd(html).find((thing) => thing['@type'] === 'BlogPosting');
    expect(posting).toMatchObject({ headline: post.title, datePublished: '2026-11-24' });
    // The refused image URL never reaches the structured data.
    expect(JSON.stringify(posting)).not.toContain('javascript:');
  });

  it('shows a cover uploaded in the admin as its first image and its card as the link preview (og:image, twitter:image)', async () => {
    const key = '0123456789abcdef01234567';
    const variants = (format: string) => `/api/posts/photos/${key}-320.${format} 320w, /api/posts/photos/${key}-480.${format} 480w`;
    const alt = 'Garlic bulbs laid in rows to cure in the field after harvest';
    const covered: BlogPost = {
      ...post,
      cover: `/api/posts/photos/${key}-480.webp`,
      coverAlt: alt,
      coverPhoto: {
        width: 800,
        height: 533,
        placeholder: '#8a7a5c',
        srcset: { avif: variants('avif'), webp: variants('webp') },
        fallback: `/api/posts/photos/${key}-480.webp`,
        card: `/api/posts/photos/${key}-card.jpg`,
      },
    };
    const { html } = await renderServerPostPage(covered, TEMPLATE);
    const card = `${site.url}/api/posts/photos/${key}-card.jpg`;
    expect(html).toContain(`<meta property="og:image" content="${card}">`);
    expect(html).toContain(`<meta property="og:image:alt" content="${alt}">`);
    expect(html).toContain(`<meta name="twitter:image" content="${card}">`);
    expect(html).toContain(`<source type="image/avif" srcSet="${variants('avif')}"`);
  });

  it('renders the markdown as the built-in layout does, raw HTML as text', async () => {
    const { html, islands } = await renderServerPostPage(post, TEMPLATE);
    expect(html).toContain('<h1>EU &lt;b&gt;rules&lt;/b&gt; for garlic powder</h1>');
    expect(html).toContain('<h2>Checks</h2>');
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;script&gt;alert');
    // Not the note a post kept in one browser carries.
    expect(html).not.toContain('class="stored-note"');
    expect(islands).not.toContain('NotFoundOrStoredPost');
  });

  // In a replacement string, $` $' $& stand for parts of the template: a post holding them would
  // have copied the template's head (or its end) into the page.
  it("writes a post holding $` $' $& as it is, in one page", async () => {
    const dollars = testPost({ title: "Prices in US$` and $'", content: "Quoted in $` $' $& $1 $$ per kg." });
    const { html } = await renderServerPostPage(dollars, TEMPLATE);
    expect(html.match(/<!doctype html>/gi)).toHaveLength(1);
    expect(html.match(/<body>/g)).toHaveLength(1);
    expect(html).toContain('<p>Quoted in $` $&#x27; $&amp; $1 $$ per kg.</p>');
  });
});

describe('renderServerPostHtml', () => {
  it('makes site paths absolute for feed readers', async () => {
    const html = await renderServerPostHtml(post);
    expect(html).toContain(`href="${site.url}/contact"`);
    expect(html).not.toContain('<script>');
  });
});
