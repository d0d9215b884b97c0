/**
 * A build with SITE_URL set uses it everywhere an absolute URL appears: canonical, Open Graph,
 * JSON-LD, sitemap, robots.txt and the feed, without the trailing slash it was given; the URL in
 * content/site.yaml appears nowhere. Checked on the test build, which the global setup makes with
 * SITE_URL set to the test address plus a trailing slash.
 */
import { beforeAll, expect, it } from 'vitest';
import { baseUrl } from './support/browser';
import { TEST_SITE_URL } from './support/env';
import { content } from './support/site';

const FILES = ['/', '/garlic-powder', '/blog/1', '/sitemap.xml', '/robots.txt', '/blog/feed.xml'];
const built = new Map<string, string>();

beforeAll(async () => {
  for (const file of FILES) built.set(file, await (await fetch(baseUrl() + file)).text());
});

const read = (file: string) => built.get(file) ?? '';

it('uses SITE_URL in the head of pages and posts', () => {
  for (const route of ['/', '/garlic-powder', '/blog/1']) {
    const html = read(route);
    const url = `${TEST_SITE_URL}${route === '/' ? '' : route}`;
    expect(html, route).toContain(`<link rel="canonical" href="${url}">`);
    expect(html, route).toContain(`<meta property="og:url" content="${url}">`);
    expect(html, route).not.toContain(content.site.url);
  }
  expect(read('/')).toContain(`"url":"${TEST_SITE_URL}"`);
});

it('uses SITE_URL in the sitemap, robots.txt and the feed', () => {
  expect(read('/sitemap.xml')).toContain(`<loc>${TEST_SITE_URL}/garlic-powder</loc>`);
  expect(read('/robots.txt')).toContain(`Sitemap: ${TEST_SITE_URL}/sitemap.xml`);
  expect(read('/blog/feed.xml')).toContain(`<link>${TEST_SITE_URL}/blog/1</link>`);
  for (const file of ['/sitemap.xml', '/robots.txt', '/blog/feed.xml']) expect(read(file), file).not.toContain(content.site.url);
});

it('never doubles the slash between the address and a path', () => {
  for (const file of FILES) expect(read(file), file).not.toContain(`${TEST_SITE_URL}//`);
});
