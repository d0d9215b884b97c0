import { describe, expect, it } from 'vitest';
import { addToFeed, addToSitemap, robotsTxt, rssXml, sitemapXml, type FeedItem } from './discovery-files';

describe('robotsTxt', () => {
  it('allows every path (the portals carry noindex, which a crawler must be able to read) and names the sitemap', () => {
    const robots = robotsTxt('https://www.garlicbrothers.in');
    expect(robots).not.toMatch(/Disallow/i);
    expect(robots).toBe('User-agent: *\nAllow: /\n\nSitemap: https://www.garlicbrothers.in/sitemap.xml\n');
  });
});

const SITE = { name: 'Garlic Brothers', url: 'https://www.garlicbrothers.in', description: 'Garlic ingredients from Bengaluru.' };
const item = (id: number, date = '2025-06-30'): FeedItem => ({
  id,
  title: `Post ${id}`,
  excerpt: `Excerpt ${id}`,
  date,
  author: 'Garlic Brothers Team',
  category: 'markets',
  html: `<p>Body ${id}</p>`,
});
const items = (xml: string) => [...xml.matchAll(/<item>[\s\S]*?<\/item>/g)].map((match) => match[0]);

describe('addToSitemap', () => {
  it('adds the entries before the end and keeps every built entry as it was', () => {
    const built = sitemapXml(SITE.url, [{ path: '/' }, { path: '/blog', lastmod: '2025-06-30' }, { path: '/blog/1', lastmod: '2025-01-14' }]);
    const merged = addToSitemap(built, SITE.url, [{ path: '/blog/1001', lastmod: '2026-11-24' }, { path: '/blog/1002' }]);
    expect(merged).toBe(
      sitemapXml(SITE.url, [
        { path: '/' },
        { path: '/blog', lastmod: '2025-06-30' },
        { path: '/blog/1', lastmod: '2025-01-14' },
        { path: '/blog/1001', lastmod: '2026-11-24' },
        { path: '/blog/1002' },
      ]),
    );
  });

  it('refuses a file that is not a sitemap', () => {
    expect(() => addToSitemap('<html></html>', SITE.url, [{ path: '/blog/1001' }])).toThrow(/no <\/urlset>/);
  });
});

describe('addToFeed', () => {
  it('puts the added items first, each as rssXml writes it, and keeps the built items unchanged', () => {
    const built = rssXml(SITE, [item(2), item(1)]);
    const merged = addToFeed(built, SITE, [item(1001, '2026-11-24')]);
    expect(merged).toBe(rssXml(SITE, [item(1001, '2026-11-24'), item(2), item(1)]));
  });

  it('still carries at most the feed size: the oldest built items give way', () => {
    const built = rssXml(SITE, [item(3), item(2), item(1)]);
    const merged = addToFeed(built, SITE, [item(1002), item(1001)], 3);
    expect(items(merged).map((entry) => /<title>(.*)<\/title>/.exec(entry)?.[1])).toEqual(['Post 1002', 'Post 1001', 'Post 3']);
    expect(items(merged)[2]).toBe(items(built)[0]);
  });

  it('adds to a feed that had no items yet', () => {
    expect(addToFeed(rssXml(SITE, []), SITE, [item(1001)])).toBe(rssXml(SITE, [item(1001)]));
  });

  it('leaves out the publication date of a post whose date was kept as typed', () => {
    const merged = addToFeed(rssXml(SITE, []), SITE, [item(1001, 'next Tuesday')]);
    expect(merged).not.toContain('<pubDate>');
    expect(merged).not.toContain('Invalid Date');
  });
});

describe('a feed item with a cover photo', () => {
  it('carries the photo as an enclosure and as media:content, at an absolute address with its length, type and size', () => {
    const picture = { url: '/assets/photos/0123456789abcdef01234567-1280.webp', type: 'image/webp', length: 84_211, width: 1280, height: 853 };
    const xml = rssXml(SITE, [{ ...item(3), picture }, item(2)]);
    const [withCover, without] = items(xml);
    const address = 'https://www.garlicbrothers.in/assets/photos/0123456789abcdef01234567-1280.webp';
    expect(withCover).toContain(`<enclosure url="${address}" length="84211" type="image/webp"/>`);
    expect(withCover).toContain(`<media:content url="${address}" type="image/webp" medium="image" width="1280" height="853"/>`);
    expect(without).not.toMatch(/enclosure|media:/);
    expect(xml).toContain('xmlns:media="http://search.yahoo.com/mrss/"');
  });
});
