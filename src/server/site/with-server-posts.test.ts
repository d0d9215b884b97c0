/**
 * The built site behind the server with posts in the database: a post's page from the renderer
 * (with the headers the host gives the path), an unknown id still 404, the built sitemap and feed
 * with the posts added, the blog list marked for its island, and nothing changed while the
 * database holds no posts; each page rendered once and kept, with its compressed forms, until
 * that post changes, through the admin API or in the database by anyone else.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rssXml, sitemapXml } from '@/build/pipeline/discovery-files';
import type { BlogPost } from '@/shared/domain/posts/post';
import { createApp } from '../app';
import { siteDeps } from '../../../tests/server/harness';
import { openStore, type Store } from '../db/connect';
import { insertPost } from '../db/posts';
import { sql } from 'kysely';
import { createHarness } from '../../../tests/server/harness';
import { openTestPGlite } from '../../../tests/server/pglite';
import type { SiteRenderer } from './renderer';
import { markServerPosts } from './with-server-posts';
import { testPost } from '../../../tests/support/post-fixture';

const SITE = { name: 'Garlic Brothers', url: 'https://www.garlicbrothers.in', description: 'Garlic ingredients.' };
const LIST = '<main><gb-island data-island="BlogList" data-hydrate="interaction" data-wake="gb:blog-posts" data-props="{}"></gb-island></main>';

const post = testPost();

const renderer: SiteRenderer = {
  site: SITE,
  postPage: async (p) => `<h1>${p.title}</h1>`,
  postHtml: async (p) => `<p>${p.content}</p>`,
};

let dist: string;
let store: Store;
let dispose: () => Promise<void>;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-dist-'));
  fs.mkdirSync(path.join(dist, 'blog', '1'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'blog', 'index.html'), LIST);
  fs.writeFileSync(path.join(dist, 'blog', '1', 'index.html'), '<h1>Built-in post</h1>');
  fs.writeFileSync(path.join(dist, '404.html'), '<h1>Page not found</h1>');
  fs.writeFileSync(path.join(dist, 'sitemap.xml'), sitemapXml(SITE.url, [{ path: '/blog/1', lastmod: '2025-01-14' }]));
  fs.writeFileSync(path.join(dist, 'blog', 'feed.xml'), rssXml(SITE, []));
  fs.writeFileSync(path.join(dist, '_headers'), "/*\n  Content-Security-Policy: default-src 'self'\n");
  const test = await openTestPGlite();
  dispose = test.dispose;
  store = await openStore({ pglite: test.pglite });
  app = createApp(siteDeps({ store, staticRoot: dist, siteRenderer: renderer }));
});

afterAll(async () => {
  await store?.close();
  await dispose?.();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('the built site with the database’s posts', () => {
  it('serves the built files unchanged while the database holds no posts', async () => {
    expect(await (await app.request('/blog')).text()).toBe(LIST);
    expect(await (await app.request('/sitemap.xml')).text()).toBe(fs.readFileSync(path.join(dist, 'sitemap.xml'), 'utf8'));
    expect((await app.request('/blog/1001')).status).toBe(404);
  });

  it('renders a stored post’s page with the path’s headers, gzipped when asked, and keeps unknown ids 404', async () => {
    expect(await insertPost(store.db, post)).toBe(true);
    const page = await app.request('/blog/1001', { headers: { 'accept-encoding': 'gzip' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(page.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(Buffer.from(await page.arrayBuffer())).toString()).toBe('<h1>Published on the server</h1>');
    const head = await app.request('/blog/1001', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    for (const url of ['/blog/1002', '/blog/01001', '/blog/1001x']) {
      const missing = await app.request(url);
      expect(missing.status).toBe(404);
      expect(await missing.text()).toBe('<h1>Page not found</h1>');
    }
    // A built-in post is the built file, whatever the database holds.
    expect(await (await app.request('/blog/1')).text()).toBe('<h1>Built-in post</h1>');
  });

  it('adds the posts to the sitemap and the feed, and marks the blog list', async () => {
    expect(await (await app.request('/sitemap.xml')).text()).toBe(
      sitemapXml(SITE.url, [
        { path: '/blog/1', lastmod: '2025-01-14' },
        { path: '/blog/1001', lastmod: '2026-11-24' },
      ]),
    );
    expect(await (await app.request('/blog/feed.xml')).text()).toBe(rssXml(SITE, [{ ...post, html: '<p>Body</p>' }]));
    expect(await (await app.request('/blog/')).text()).toBe(markServerPosts(LIST));
  });
});

describe('the built site while the database fails', () => {
  it('still serves the built files, and answers a path it lacks with 503 rather than 404', async () => {
    const logs: Record<string, unknown>[] = [];
    const broken = {
      selectFrom: () => {
        throw new Error('The database does not answer');
      },
    };
    const failing = createApp(
      siteDeps({
        store: { kind: 'pglite', db: broken as never, close: async () => {} },
        log: (entry) => logs.push(entry),
        staticRoot: dist,
        siteRenderer: renderer,
      }),
    );
    expect(await (await failing.request('/blog')).text()).toBe(LIST);
    expect((await failing.request('/sitemap.xml')).status).toBe(200);
    const page = await failing.request('/blog/1001');
    expect(page.status).toBe(503);
    expect(await page.text()).toBe('<h1>Page not found</h1>');
    expect(logs.filter((entry) => entry.level === 'error').map((entry) => entry.error)).toContain('The database does not answer');
  });
});

describe('pages of posts kept until the post changes', () => {
  /** The renderer above, counting the pages it renders, per post. */
  function counting() {
    const rendered = new Map<number, number>();
    const site: SiteRenderer = {
      ...renderer,
      postPage: async (p) => {
        rendered.set(p.id, (rendered.get(p.id) ?? 0) + 1);
        return renderer.postPage(p);
      },
    };
    return { site, renders: (id: number) => rendered.get(id) ?? 0 };
  }
  const brotli = async (response: Response) => zlib.brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString();

  it('renders a post’s page once for many requests, sends the kept brotli form, and drops it when the admin deletes the post', async () => {
    const { site, renders } = counting();
    const h = await createHarness(store, { staticRoot: dist, siteRenderer: site });
    const cookie = await h.signIn();
    const added = await h.call('POST', '/api/admin/posts', { cookie, body: { title: 'Kept in memory', content: 'Body' } });
    expect(added.status).toBe(201);
    const { id } = ((await added.json()) as { post: BlogPost }).post;
    for (let i = 0; i < 3; i += 1) {
      const page = await h.call('GET', `/blog/${id}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-encoding')).toBe('br');
      expect(page.headers.get('vary')).toBe('Accept-Encoding');
      expect(page.headers.get('content-security-policy')).toBe("default-src 'self'");
      expect(await brotli(page)).toBe('<h1>Kept in memory</h1>');
    }
    expect(renders(id)).toBe(1);
    // A client that accepts no compression gets the same page.
    expect(await (await h.call('GET', `/blog/${id}`)).text()).toBe('<h1>Kept in memory</h1>');
    expect(renders(id)).toBe(1);

    expect((await h.call('DELETE', `/api/admin/posts/${id}`, { cookie })).status).toBe(204);
    const gone = await h.call('GET', `/blog/${id}`);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toBe('<h1>Page not found</h1>');
  });

  it('drops a page when its post changes in the database by anyone else, and keeps the other posts’ pages', async () => {
    const { site, renders } = counting();
    const h = await createHarness(store, { staticRoot: dist, siteRenderer: site });
    for (const id of [2001, 2002]) expect(await insertPost(store.db, { ...post, id, title: `Post ${id}` })).toBe(true);
    const title = async (id: number) => brotli(await h.call('GET', `/blog/${id}`, { headers: { 'accept-encoding': 'br' } }));
    expect(await title(2001)).toBe('<h1>Post 2001</h1>');
    expect(await title(2002)).toBe('<h1>Post 2002</h1>');
    // As psql, or another server on the same database, would change it.
    await sql`update posts set title = 'Post 2001, corrected' where id = 2001`.execute(store.db);
    expect(await title(2001)).toBe('<h1>Post 2001, corrected</h1>');
    expect(await title(2002)).toBe('<h1>Post 2002</h1>');
    expect(renders(2001)).toBe(2);
    expect(renders(2002)).toBe(1);
    await sql`delete from posts where id in (2001, 2002)`.execute(store.db);
    expect((await h.call('GET', '/blog/2001')).status).toBe(404);
    expect((await h.call('GET', '/blog/2002')).status).toBe(404);
  });
});

describe('markServerPosts', () => {
  it('makes the blog list island hydrate when idle and marks it for the server’s posts', () => {
    expect(markServerPosts(LIST)).toContain('<gb-island data-island="BlogList" data-hydrate="idle" data-server-posts="" data-wake="gb:blog-posts"');
  });
});
