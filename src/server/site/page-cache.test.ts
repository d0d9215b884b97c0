/** The cache of pages rendered from the server's posts: kept while changes can be heard, dropped when a post changes, bounded by bytes. */
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { PostsWatch } from '../db/posts-changed';
import { PageCache, pageBody, type PageKey, type RenderedPage } from './page-cache';

const post = (id: number): PageKey => ({ key: `/blog/${id}`, postId: id, keepNone: false });
const list: PageKey = { key: '/blog', postId: null, keepNone: true };

function watched(cache = new PageCache()) {
  const watch: { -readonly [K in keyof PostsWatch]: PostsWatch[K] } = { live: true, close: async () => {} };
  cache.follow(watch);
  return { cache, watch };
}

/** A renderer that counts its calls. */
function renderer(body: (call: number) => string | null = (call) => `<h1>Render ${call}</h1>`) {
  let calls = 0;
  const render = async () => {
    calls += 1;
    const text = body(calls);
    return text === null ? null : { status: 200, body: text };
  };
  return { render, calls: () => calls };
}

const text = (page: RenderedPage | null) => (page && 'br' in page ? zlib.brotliDecompressSync(page.br).toString() : null);

describe('PageCache', () => {
  it('renders a page once for many requests, and keeps it compressed with brotli and gzip', async () => {
    const { cache } = watched();
    const { render, calls } = renderer();
    const first = await cache.get(post(1001), render);
    const second = await cache.get(post(1001), render);
    expect(calls()).toBe(1);
    expect(second).toBe(first);
    expect(text(first)).toBe('<h1>Render 1</h1>');
    expect(zlib.gunzipSync((first as { gzip: Buffer }).gzip).toString()).toBe('<h1>Render 1</h1>');
  });

  it('lets requests that arrive during a render wait for it instead of rendering again', async () => {
    const { cache } = watched();
    const { render, calls } = renderer();
    const pages = await Promise.all(Array.from({ length: 20 }, () => cache.get(post(1001), render)));
    expect(calls()).toBe(1);
    expect(new Set(pages).size).toBe(1);
  });

  it('drops a post’s page and every list when that post changes, and keeps the other posts’ pages', async () => {
    const { cache } = watched();
    const one = renderer();
    const two = renderer();
    const lists = renderer();
    await cache.get(post(1001), one.render);
    await cache.get(post(1002), two.render);
    await cache.get(list, lists.render);
    cache.postChanged(1001);
    expect(text(await cache.get(post(1001), one.render))).toBe('<h1>Render 2</h1>');
    expect(text(await cache.get(post(1002), two.render))).toBe('<h1>Render 1</h1>');
    expect(text(await cache.get(list, lists.render))).toBe('<h1>Render 2</h1>');
    cache.postChanged(null);
    await cache.get(post(1002), two.render);
    expect(two.calls()).toBe(2);
  });

  it('keeps "no page" for a list, never for a post id anyone can make up', async () => {
    const { cache } = watched();
    const none = renderer(() => null);
    expect(await cache.get(list, none.render)).toBeNull();
    expect(await cache.get(list, none.render)).toBeNull();
    expect(none.calls()).toBe(1);
    const missing = renderer(() => null);
    await cache.get(post(999_999), missing.render);
    await cache.get(post(999_999), missing.render);
    expect(missing.calls()).toBe(2);
    expect(cache.size().pages).toBe(1);
  });

  it('never keeps a render that began before a change', async () => {
    const { cache } = watched();
    let finish!: () => void;
    const slow = async () => {
      await new Promise<void>((resolve) => (finish = resolve));
      return { status: 200, body: '<h1>Before the change</h1>' };
    };
    const pending = cache.get(post(1001), slow);
    await new Promise((resolve) => setTimeout(resolve, 10));
    cache.postChanged(1001);
    finish();
    expect(text(await pending)).toBe('<h1>Before the change</h1>');
    const after = renderer(() => '<h1>After the change</h1>');
    expect(text(await cache.get(post(1001), after.render))).toBe('<h1>After the change</h1>');
    expect(after.calls()).toBe(1);
  });

  it('keeps nothing while changes could go unheard: without a watch, or while it is not live', async () => {
    const alone = new PageCache();
    const { render, calls } = renderer();
    await alone.get(post(1001), render);
    await alone.get(post(1001), render);
    expect(calls()).toBe(2);
    const { cache, watch } = watched();
    const again = renderer();
    await cache.get(post(1001), again.render);
    watch.live = false;
    expect(text(await cache.get(post(1001), again.render))).toBeNull();
    expect(again.calls()).toBe(2);
  });

  it('holds to its size in bytes, dropping the least recently used first', async () => {
    const page = (n: number) => async () => ({ status: 200, body: `<h1>${n}</h1>${String(n).repeat(3000)}` });
    const probe = watched();
    await probe.cache.get(post(1), page(1));
    const { cache } = watched(new PageCache(probe.cache.size().bytes * 3));
    for (const id of [1, 2, 3]) await cache.get(post(id), page(id));
    await cache.get(post(1), page(1));
    await cache.get(post(4), page(4));
    expect(cache.size().pages).toBe(3);
    const two = renderer();
    await cache.get(post(2), two.render);
    expect(two.calls()).toBe(1);
    const one = renderer();
    await cache.get(post(1), one.render);
    expect(one.calls()).toBe(0);
  });
});

describe('pageBody', () => {
  it('sends the kept form the request accepts, and decompresses for a client that accepts none', async () => {
    const { cache } = watched();
    const page = (await cache.get(post(1001), renderer(() => '<h1>Kept</h1>').render)) as RenderedPage;
    expect(pageBody(page, 'gzip, deflate, br').encoding).toBe('br');
    expect(pageBody(page, 'gzip').encoding).toBe('gzip');
    expect(pageBody(page, undefined)).toEqual({ encoding: null, body: Buffer.from('<h1>Kept</h1>') });
  });

  it('gzips a page rendered for one request at the default level', () => {
    const page: RenderedPage = { status: 200, body: Buffer.from('<h1>Once</h1>') };
    const sent = pageBody(page, 'gzip, br');
    expect(sent.encoding).toBe('gzip');
    expect(zlib.gunzipSync(sent.body).toString()).toBe('<h1>Once</h1>');
    expect(pageBody(page, 'identity')).toEqual({ encoding: null, body: page.body });
  });
});
