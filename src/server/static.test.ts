import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import type { Store } from './db/connect';
import { siteDeps } from '../../tests/server/harness';

let dist: string;
let app: ReturnType<typeof createApp>;

beforeAll(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-dist-'));
  fs.mkdirSync(path.join(dist, 'about'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<h1>Home</h1>');
  fs.writeFileSync(path.join(dist, 'about', 'index.html'), '<h1>About</h1>');
  fs.writeFileSync(path.join(dist, '404.html'), '<h1>Not found</h1>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  fs.writeFileSync(
    path.join(dist, '_headers'),
    "/*\n  Content-Security-Policy: default-src 'self'\n  X-Frame-Options: DENY\n\n/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n",
  );
  // The static routes never touch the database.
  app = createApp(siteDeps({ store: { kind: 'pglite', db: null as never, close: async () => {} } satisfies Store, staticRoot: dist }));
});

afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

describe('the built site behind the API server', () => {
  it('serves /about and /about/ from about/index.html with the _headers rules', async () => {
    for (const url of ['/about', '/about/']) {
      const response = await app.request(url);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('<h1>About</h1>');
      expect(response.headers.get('content-security-policy')).toBe("default-src 'self'");
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('answers unknown paths with 404.html and status 404, and never serves _headers', async () => {
    for (const url of ['/nope', '/_headers', '/%E0%A4%A', '/../package.json']) {
      const response = await app.request(url);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe('<h1>Not found</h1>');
    }
  });

  it('caches hashed assets for a year and gzips text when asked', async () => {
    const response = await app.request('/assets/app-1234.js', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toBe('console.log(1)');
  });

  it('serves a file changed on disk as it is now, compressed or not', async () => {
    const page = path.join(dist, 'about', 'index.html');
    const gzipped = async () =>
      zlib.gunzipSync(Buffer.from(await (await app.request('/about', { headers: { 'accept-encoding': 'gzip' } })).arrayBuffer())).toString();
    expect(await gzipped()).toBe('<h1>About</h1>');
    fs.writeFileSync(page, '<h1>About us, rewritten</h1>');
    try {
      expect(await gzipped()).toBe('<h1>About us, rewritten</h1>');
      expect(await (await app.request('/about')).text()).toBe('<h1>About us, rewritten</h1>');
    } finally {
      fs.writeFileSync(page, '<h1>About</h1>');
    }
  });

  it('answers HEAD without a body, and keeps /api for the API', async () => {
    const head = await app.request('/', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const api = await app.request('/api/unknown');
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: 'No such API route' });
  });
});
