/**
 * A build with SITE_URL set uses it everywhere an absolute URL appears: canonical, Open Graph,
 * JSON-LD, sitemap, robots.txt and the feed; the configured URL appears nowhere.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { content } from './support/site';

const STAGING = 'https://staging.garlic-brothers.test';
const out = path.join(os.tmpdir(), `gb-site-url-${process.pid}`);

beforeAll(() => {
  const build = spawnSync('npm', ['run', 'build'], {
    env: { ...process.env, NODE_ENV: 'production', GB_OUT_DIR: out, SITE_URL: `${STAGING}/` },
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`build with SITE_URL failed:\n${build.stdout}\n${build.stderr}`);
}, 180_000);

afterAll(() => {
  fs.rmSync(out, { recursive: true, force: true });
});

const read = (file: string) => fs.readFileSync(path.join(out, file), 'utf8');

it('uses SITE_URL in the head of pages and posts', () => {
  for (const [file, route] of [
    ['index.html', ''],
    ['garlic-powder/index.html', '/garlic-powder'],
    ['blog/1/index.html', '/blog/1'],
  ]) {
    const html = read(file);
    expect(html, file).toContain(`<link rel="canonical" href="${STAGING}${route}">`);
    expect(html, file).toContain(`<meta property="og:url" content="${STAGING}${route}">`);
    expect(html, file).not.toContain(content.site.url);
  }
  expect(read('index.html')).toContain(`"url":"${STAGING}"`);
});

it('uses SITE_URL in the sitemap, robots.txt and the feed', () => {
  expect(read('sitemap.xml')).toContain(`<loc>${STAGING}/garlic-powder</loc>`);
  expect(read('robots.txt')).toContain(`Sitemap: ${STAGING}/sitemap.xml`);
  expect(read('blog/feed.xml')).toContain(`<link>${STAGING}/blog/1</link>`);
  for (const file of ['sitemap.xml', 'robots.txt', 'blog/feed.xml']) expect(read(file), file).not.toContain(content.site.url);
});
