/**
 * The files that tell crawlers and feed readers about the site: sitemap.xml (indexable routes
 * only), robots.txt and the blog's RSS feed (full post content). Built from the same content
 * index as the pages. The server of `npm start` adds the posts of its database to the built
 * sitemap and feed on request (addToSitemap, addToFeed), item for item in the same format.
 */
import { escapeMarkup } from '../../shared/escape-markup';

interface SitemapEntry {
  path: string;
  lastmod?: string;
  /** The page's versions in every language (itself included), listed as xhtml:link alternates with x-default. */
  alternates?: { code: string; path: string }[];
}

const cdata = (text: string) => `<![CDATA[${text.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
const url = (siteUrl: string, path: string) => `${siteUrl}${path === '/' ? '' : path}`;

/** A page in several languages lists every version and x-default (the first, the default language's) on each of them. */
function alternateLinks(siteUrl: string, e: SitemapEntry): string {
  if (!e.alternates || e.alternates.length < 2) return '';
  const link = (hreflang: string, path: string) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeMarkup(url(siteUrl, path))}"/>`;
  return [...e.alternates.map((a) => link(a.code, a.path)), link('x-default', e.alternates[0].path)].join('');
}

const sitemapLine = (siteUrl: string, e: SitemapEntry) =>
  `  <url><loc>${escapeMarkup(url(siteUrl, e.path))}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}${alternateLinks(siteUrl, e)}</url>`;

export function sitemapXml(siteUrl: string, entries: SitemapEntry[]): string {
  const items = entries.map((e) => sitemapLine(siteUrl, e));
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${items.join('\n')}\n</urlset>\n`;
}

/**
 * Every path may be crawled. The portals and legal pages stay out of search results through their
 * `noindex` meta tag, which a crawler can only read on a page it is allowed to fetch: a Disallow
 * line would hide that tag, and a disallowed URL linked from elsewhere can still be listed.
 */
export function robotsTxt(siteUrl: string): string {
  return ['User-agent: *', 'Allow: /', '', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join('\n');
}

export interface FeedItem {
  id: number;
  title: string;
  excerpt: string;
  date: string;
  author: string;
  category: string;
  html: string;
  /** The post's cover photo, for feed readers that show a picture beside the item (enclosure and media:content). */
  picture?: FeedImage;
}

export interface FeedImage {
  /** A site path (`/assets/photos/….webp`) or an absolute URL. */
  url: string;
  type: string;
  /** In bytes, as RSS's enclosure requires. */
  length: number;
  width: number;
  height: number;
}

function feedImage(site: FeedSite, image: FeedImage): string[] {
  const address = escapeMarkup(image.url.startsWith('/') ? url(site.url, image.url) : image.url);
  return [
    `      <enclosure url="${address}" length="${image.length}" type="${escapeMarkup(image.type)}"/>`,
    `      <media:content url="${address}" type="${escapeMarkup(image.type)}" medium="image" width="${image.width}" height="${image.height}"/>`,
  ];
}

/** The feed carries the newest posts in full; readers keep older ones they have already fetched. */
export const FEED_ITEMS = 20;

export interface FeedSite {
  name: string;
  url: string;
  description: string;
}

function rssItem(site: FeedSite, item: FeedItem): string {
  const link = url(site.url, `/blog/${item.id}`);
  const published = new Date(`${item.date}T00:00:00Z`);
  return [
    '    <item>',
    `      <title>${escapeMarkup(item.title)}</title>`,
    `      <link>${escapeMarkup(link)}</link>`,
    `      <guid isPermaLink="true">${escapeMarkup(link)}</guid>`,
    // A post added in the admin may keep a date as typed: no pubDate beats "Invalid Date".
    ...(Number.isNaN(published.getTime()) ? [] : [`      <pubDate>${published.toUTCString()}</pubDate>`]),
    `      <dc:creator>${escapeMarkup(item.author)}</dc:creator>`,
    `      <category>${escapeMarkup(item.category)}</category>`,
    `      <description>${escapeMarkup(item.excerpt)}</description>`,
    `      <content:encoded>${cdata(item.html)}</content:encoded>`,
    ...(item.picture ? feedImage(site, item.picture) : []),
    '    </item>',
  ].join('\n');
}

export function rssXml(site: FeedSite, items: FeedItem[]): string {
  const entries = items.map((item) => rssItem(site, item));
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">',
    '  <channel>',
    `    <title>${escapeMarkup(`${site.name} blog`)}</title>`,
    `    <link>${escapeMarkup(url(site.url, '/blog'))}</link>`,
    `    <atom:link href="${escapeMarkup(url(site.url, '/blog/feed.xml'))}" rel="self" type="application/rss+xml"/>`,
    `    <description>${escapeMarkup(site.description)}</description>`,
    '    <language>en</language>',
    ...entries,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** A built sitemap with more entries before its end; the built entries stay as they are. */
export function addToSitemap(xml: string, siteUrl: string, entries: SitemapEntry[]): string {
  const end = xml.lastIndexOf('</urlset>');
  if (end < 0) throw new Error('The built sitemap has no </urlset>: it is not a sitemap this build wrote');
  return xml.slice(0, end) + entries.map((e) => `${sitemapLine(siteUrl, e)}\n`).join('') + xml.slice(end);
}

/**
 * A built feed with newer items first; it still carries at most FEED_ITEMS, so the oldest built
 * items give way. The items kept are unchanged.
 */
export function addToFeed(xml: string, site: FeedSite, items: FeedItem[], max = FEED_ITEMS): string {
  const channelEnd = xml.lastIndexOf('  </channel>');
  if (channelEnd < 0) throw new Error('The built feed has no </channel>: it is not a feed this build wrote');
  const first = xml.indexOf('    <item>');
  const start = first < 0 ? channelEnd : first;
  const built = xml
    .slice(start, channelEnd)
    .split(/(?<=<\/item>\n)/)
    .filter((item) => item.trim() !== '');
  const added = items.slice(0, max).map((item) => `${rssItem(site, item)}\n`);
  return xml.slice(0, start) + [...added, ...built.slice(0, Math.max(0, max - added.length))].join('') + xml.slice(channelEnd);
}
