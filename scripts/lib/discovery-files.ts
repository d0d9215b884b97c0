/**
 * The files that tell crawlers and feed readers about the site: sitemap.xml (indexable routes
 * only), robots.txt and the blog's RSS feed (full post content). Built from the same content
 * index as the pages.
 */
export interface SitemapEntry {
  path: string;
  lastmod?: string;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const cdata = (text: string) => `<![CDATA[${text.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
const url = (siteUrl: string, path: string) => `${siteUrl}${path === '/' ? '' : path}`;

export function sitemapXml(siteUrl: string, entries: SitemapEntry[]): string {
  const items = entries.map((e) => `  <url><loc>${escapeXml(url(siteUrl, e.path))}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</urlset>\n`;
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
}

export function rssXml(site: { name: string; url: string; description: string }, items: FeedItem[]): string {
  const entries = items.map((item) => {
    const link = url(site.url, `/blog/${item.id}`);
    return [
      '    <item>',
      `      <title>${escapeXml(item.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <pubDate>${new Date(`${item.date}T00:00:00Z`).toUTCString()}</pubDate>`,
      `      <dc:creator>${escapeXml(item.author)}</dc:creator>`,
      `      <category>${escapeXml(item.category)}</category>`,
      `      <description>${escapeXml(item.excerpt)}</description>`,
      `      <content:encoded>${cdata(item.html)}</content:encoded>`,
      '    </item>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${escapeXml(`${site.name} blog`)}</title>`,
    `    <link>${escapeXml(url(site.url, '/blog'))}</link>`,
    `    <atom:link href="${escapeXml(url(site.url, '/blog/feed.xml'))}" rel="self" type="application/rss+xml"/>`,
    `    <description>${escapeXml(site.description)}</description>`,
    '    <language>en</language>',
    ...entries,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
