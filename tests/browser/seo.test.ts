/**
 * Search metadata in the pre-rendered HTML of every route, as a crawler reads it: one title on
 * the template and unique, unique description, canonical, Open Graph and Twitter tags, JSON-LD
 * that parses with the expected @type, noindex exactly where intended; sitemap, robots and feed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { isolateLtrRuns } from '../../src/shared/i18n/ltr-runs';
import { baseUrl } from './support/browser';
import { pngSize } from './support/png';
import { TEST_SITE_URL as SITE_URL } from './support/env';
import { SITE_NAME, allRoutes, content, postRoutes } from './support/site';

const NOINDEX = ['/privacy-policy', '/terms', '/admin', '/admin/login', '/investors', '/investors/login'];
const html = new Map<string, string>();

const attr = (page: string, selector: RegExp) => page.match(selector)?.[1];
const meta = (page: string, key: string) => attr(page, new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`));
const jsonLd = (page: string) =>
  [...page.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]) as { '@type': string });

beforeAll(async () => {
  await Promise.all(allRoutes.map(async ({ path }) => html.set(path, await (await fetch(baseUrl() + path)).text())));
});

describe('head of every route', () => {
  it('has exactly one title on the template, unique across routes', () => {
    const titles = allRoutes.map(({ path }) => {
      const page = html.get(path)!;
      expect(page.match(/<title>/g), path).toHaveLength(1);
      return attr(page, /<title>([^<]*)<\/title>/)!;
    });
    for (const title of titles) expect(title).toMatch(new RegExp(` \\| ${SITE_NAME}$`));
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('keeps every title within 60 characters before the site name, and every description within 160', () => {
    const tooLong: string[] = [];
    for (const { path } of allRoutes) {
      const page = html.get(path)!;
      // The pre-rendered HTML escapes &, < and >; search engines count the characters shown, not
      // the invisible isolates around the figures of right-to-left text.
      const unescape = (text: string) =>
        text
          .replace(/[\u2066-\u2069]/g, '')
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&quot;/g, '"')
          .replace(/&#39;/g, "'")
          .replace(/&amp;/g, '&');
      const title = unescape(attr(page, /<title>([^<]*)<\/title>/) ?? '').replace(new RegExp(` \\| ${SITE_NAME}$`), '');
      const description = unescape(meta(page, 'description') ?? '');
      if (title.length > 60) tooLong.push(`${path}: title has ${title.length} characters: ${title}`);
      if (description.length > 160) tooLong.push(`${path}: description has ${description.length} characters: ${description}`);
    }
    expect(tooLong).toEqual([]);
  });

  it('has a unique description, canonical, Open Graph and Twitter card', () => {
    const descriptions = new Set<string>();
    for (const { path } of allRoutes) {
      const page = html.get(path)!;
      const description = meta(page, 'description');
      expect(description, path).toBeTruthy();
      descriptions.add(description!);
      const canonical = attr(page, /<link rel="canonical" href="([^"]*)"/);
      expect(canonical, path).toBe(`${SITE_URL}${path === '/' ? '' : path}`);
      expect(meta(page, 'og:title'), path).toBeTruthy();
      expect(meta(page, 'og:image'), path).toMatch(new RegExp(`^${SITE_URL.replaceAll('.', '\\.')}/images/`));
      const language = content.site.languages.find((l) => path === `/${l.code}` || path.startsWith(`/${l.code}/`)) ?? content.site.languages[0];
      expect(meta(page, 'og:locale'), path).toBe(language.locale);
      expect(meta(page, 'twitter:card'), path).toBe('summary_large_image');
      expect(page, path).toMatch(/<link rel="alternate" hreflang="x-default"/);
    }
    expect(descriptions.size).toBe(allRoutes.length);
  });

  it('is noindex exactly on privacy, terms, admin and investor pages', () => {
    for (const { path } of allRoutes) {
      expect(meta(html.get(path)!, 'robots'), path).toBe(NOINDEX.includes(path) ? 'noindex, nofollow' : 'index, follow');
    }
  });

  it('carries JSON-LD that parses, with the expected types', () => {
    const types = (path: string) => jsonLd(html.get(path)!).map((thing) => thing['@type']);
    expect(types('/')).toEqual(expect.arrayContaining(['Organization', 'WebSite']));
    expect(types('/garlic-export')).toContain('Service');
    expect(types('/garlic-powder')).toEqual(expect.arrayContaining(['Product', 'BreadcrumbList']));
    expect(types('/faq')).toContain('FAQPage');
    expect(types('/contact')).toContain('LocalBusiness');
    expect(types('/blog')).toContain('Blog');
    expect(types('/blog/1')).toEqual(expect.arrayContaining(['BlogPosting', 'BreadcrumbList']));
    const faq = jsonLd(html.get('/faq')!).find((t) => t['@type'] === 'FAQPage') as unknown as { mainEntity: unknown[] };
    expect(faq.mainEntity).toHaveLength(content.faq.length);
    const blog = jsonLd(html.get('/blog')!).find((t) => t['@type'] === 'Blog') as unknown as { blogPost: unknown[] };
    expect(blog.blogPost.length).toBeLessThanOrEqual(10);
    const product = jsonLd(html.get('/garlic-powder')!).find((t) => t['@type'] === 'Product') as unknown as { additionalProperty: { value: string }[] };
    expect(product.additionalProperty.map((p) => p.value).join(' ')).toMatch(/80-120/);
  });

  it('names in its structured data only addresses the site answers, on every route in every language', async () => {
    const addresses = new Set<string>();
    const collect = (value: unknown): void => {
      if (typeof value === 'string' && value.startsWith(SITE_URL)) addresses.add(value.slice(SITE_URL.length).replace(/#.*/, '') || '/');
      else if (value && typeof value === 'object') Object.values(value).forEach(collect);
    };
    for (const { path } of allRoutes) collect(jsonLd(html.get(path)!));
    expect(addresses).toContain('/images/products/garlic-powder.svg');
    const missing = [];
    for (const address of addresses) if ((await fetch(baseUrl() + address, { method: 'HEAD' })).status !== 200) missing.push(address);
    expect(missing).toEqual([]);
  });

  it("speaks the page's language: the company's description, its service and its contact page with its picture", () => {
    for (const { code } of content.site.languages) {
      const prefix = code === content.site.languages[0].code ? '' : `/${code}`;
      const words = content.ui[code].site as Record<string, string> | undefined;
      const thing = (path: string, type: string) => jsonLd(html.get(path)!).find((t) => t['@type'] === type) as unknown as Record<string, string>;
      expect(thing(prefix || '/', 'Organization').description, code).toBe(words?.description ?? content.site.description);
      expect(thing(`${prefix}/garlic-export`, 'Service').serviceType, code).toBe(words?.serviceType ?? content.site.serviceType);
      expect(thing(`${prefix}/contact`, 'LocalBusiness').url, code).toBe(`${SITE_URL}${prefix}/contact`);
      expect(thing(`${prefix}/contact`, 'LocalBusiness').image, code).toBe(`${SITE_URL}/images/social/${prefix ? `default-${code}` : 'default'}.png`);
    }
  });
});

/** A file of the build by its absolute URL on the configured site. */
async function builtPng(url: string) {
  expect(url.startsWith(SITE_URL), url).toBe(true);
  const response = await fetch(baseUrl() + url.slice(SITE_URL.length));
  expect(response.status, url).toBe(200);
  expect(response.headers.get('content-type'), url).toMatch(/^image\/png/);
  return pngSize(new Uint8Array(await response.arrayBuffer()));
}

describe('social images', () => {
  /** A page's title as its frontmatter gives it, in any language. */
  const titleOf = (path: string) => [...content.pages, ...content.translations.flatMap((t) => t.pages)].find((p) => p.path === path)!.meta.title;
  const tagline = (code: string) => (content.ui[code].socialCard as Record<string, string>).tagline;

  it('product pages in every language and every post, the oldest too, have their own 1200x630 card, with alt text', async () => {
    expect(postRoutes.length).toBeGreaterThan(1);
    const products = ['/garlic-powder', '/de/garlic-powder', '/de/aged-garlic-extract', '/ar/garlic-powder', '/ar/aged-garlic-extract'].map((path) => ({
      path,
      title: titleOf(path),
    }));
    for (const { path, title } of [...products, ...postRoutes]) {
      const page = html.get(path)!;
      const image = meta(page, 'og:image')!;
      expect(image, path).toBe(`${SITE_URL}/images/social/cards${path}.png`);
      expect(meta(page, 'twitter:image'), path).toBe(image);
      expect(meta(page, 'og:image:width'), path).toBe('1200');
      expect(meta(page, 'og:image:height'), path).toBe('630');
      // Right-to-left text outside a page's body keeps its figures in order with isolates.
      expect(meta(page, 'og:image:alt'), path).toBe(`${SITE_NAME}: ${path.startsWith('/ar/') ? isolateLtrRuns(title) : title}`);
      expect(await builtPng(image)).toEqual({ width: 1200, height: 630 });
    }
  });

  it("every other page shows its language's default card, described in its language", async () => {
    const pages = { en: ['/', '/about', '/contact', '/blog'], de: ['/de', '/de/about'], ar: ['/ar', '/ar/about', '/ar/faq'] };
    for (const [code, paths] of Object.entries(pages)) {
      const card = `${SITE_URL}/images/social/${code === 'en' ? 'default' : `default-${code}`}.png`;
      for (const path of paths) {
        const page = html.get(path)!;
        expect(meta(page, 'og:image'), path).toBe(card);
        expect(meta(page, 'twitter:image'), path).toBe(card);
        expect(meta(page, 'og:image:alt'), path).toBe(`${SITE_NAME}: ${tagline(code)}`);
        expect(meta(page, 'twitter:image:alt'), path).toBe(`${SITE_NAME}: ${tagline(code)}`);
      }
      expect(await builtPng(card)).toEqual({ width: 1200, height: 630 });
    }
    expect(tagline('de')).toMatch(/Knoblauch/);
    expect(tagline('ar')).toMatch(/ثوم/);
  });

  it('the Organization logo is a raster image of at least 112x112', async () => {
    const org = jsonLd(html.get('/')!).find((t) => t['@type'] === 'Organization') as unknown as { logo: string };
    expect(org.logo).toMatch(/\.png$/);
    const { width, height } = await builtPng(org.logo);
    expect(width).toBe(height);
    expect(width).toBeGreaterThanOrEqual(112);
  });
});

describe('discovery files', () => {
  it('the sitemap lists exactly the indexable routes and posts', async () => {
    const xml = await (await fetch(baseUrl() + '/sitemap.xml')).text();
    const listed = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1].replace(SITE_URL, '') || '/').sort();
    const expected = allRoutes
      .map((r) => r.path)
      .filter((p) => !NOINDEX.includes(p))
      .sort();
    expect(listed).toEqual(expected);
    expect(xml).toContain(`<lastmod>${content.blog[0].meta.date}</lastmod>`);
  });

  it('robots.txt names the sitemap and lets crawlers fetch the portals, so they can read their noindex', async () => {
    const robots = await (await fetch(baseUrl() + '/robots.txt')).text();
    expect(robots).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${SITE_URL}/sitemap.xml\n`);
    expect(robots).not.toMatch(/Disallow/);
  });

  it('the feed is RSS with every post and its full content', async () => {
    const xml = await (await fetch(baseUrl() + '/blog/feed.xml')).text();
    expect(xml.startsWith('<?xml')).toBe(true);
    expect(xml.match(/<item>/g)).toHaveLength(content.blog.length);
    expect(xml.match(/<content:encoded><!\[CDATA\[<(p|h2)/g)).toHaveLength(content.blog.length);
    expect(html.get('/')).toContain('href="/blog/feed.xml"');
  });
});
