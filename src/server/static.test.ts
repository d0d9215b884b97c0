import fs from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createStaticServer, listen } from '@/build/hosting/static-server';
import { Precompressor } from '@/build/pipeline/precompress';
import { createApp } from './app';
import type { Store } from './db/connect';
import { siteDeps } from '../../tests/server/harness';
import { rawRequest } from '../../tests/server/raw-http';

let parent: string;
let dist: string;
let app: ReturnType<typeof createApp>;
/** What the API server logged. */
const logs: Record<string, unknown>[] = [];
/** A built file whose name is as long as a name may be, less 2 bytes: its `.br` would be 256 bytes, too long for any file. */
const LONG_NAME = `${'x'.repeat(250)}.js`;
const servers: { name: string; port: number; server: http.Server }[] = [];

beforeAll(async () => {
  // A secret beside the site, and a sibling folder whose name starts like the site's: neither may be reached.
  parent = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-site-'));
  dist = path.join(parent, 'dist');
  fs.mkdirSync(dist);
  fs.writeFileSync(path.join(parent, 'secret.txt'), 'top secret');
  fs.mkdirSync(path.join(parent, 'dist-private'));
  fs.writeFileSync(path.join(parent, 'dist-private', 'index.html'), 'top secret');
  fs.mkdirSync(path.join(dist, 'about'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<h1>Home</h1>');
  fs.writeFileSync(path.join(dist, 'about', 'index.html'), '<h1>About</h1>');
  fs.writeFileSync(path.join(dist, '404.html'), '<h1>Not found</h1>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'assets', 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  fs.writeFileSync(
    path.join(dist, '_headers'),
    "/*\n  Content-Security-Policy: default-src 'self'\n  X-Frame-Options: DENY\n\n/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n",
  );
  // Pagefind's WebAssembly, which Pagefind writes gzip-compressed inside.
  fs.mkdirSync(path.join(dist, 'pagefind'));
  fs.writeFileSync(path.join(dist, 'pagefind', 'wasm.en.pagefind'), zlib.gzipSync(Buffer.from('pagefind_dcd'.repeat(100))));
  // As the build leaves it: a .br and a .gz beside every text file, a .br beside the WebAssembly.
  await new Precompressor(null).writeAll(dist);
  fs.writeFileSync(path.join(dist, 'assets', LONG_NAME), 'console.log(2)');
  // The static routes never touch the database.
  app = createApp(
    siteDeps({ store: { kind: 'pglite', db: null as never, close: async () => {} } satisfies Store, staticRoot: dist, log: (entry) => logs.push(entry) }),
  );

  // Both servers of the site, over real sockets, so the tests' requests reach them as written.
  const behindApi = await new Promise<http.Server>((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(server as http.Server)) as http.Server;
  });
  servers.push({ name: 'the API server', port: (behindApi.address() as AddressInfo).port, server: behindApi });
  const plain = createStaticServer(dist);
  servers.push({ name: 'the static test server', port: await listen(plain, 0), server: plain });
});

afterAll(async () => {
  await Promise.all(servers.map(({ server }) => new Promise((resolve) => server.close(resolve))));
  fs.rmSync(parent, { recursive: true, force: true });
});

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

  it('caches hashed assets for a year, and a miss under /assets/ not without asking again', async () => {
    const response = await app.request('/assets/app-1234.js');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // A CDN would keep a year-long 404 through the deploy that adds the file.
    for (const url of ['/assets/app-5678.js', '/assets/', '/assets/sub/app-1234.js', '/nope']) {
      const missing = await app.request(url);
      expect(missing.status, url).toBe(404);
      expect(missing.headers.get('cache-control'), url).toBe('no-cache');
    }
  });

  it('sends the compressed form the build wrote that the browser accepts: brotli, else gzip, else the file', async () => {
    const file = (name: string) => fs.readFileSync(path.join(dist, name));
    const answers = [
      { accept: 'gzip, deflate, br, zstd', encoding: 'br', body: file('assets/app-1234.js.br') },
      { accept: 'gzip, deflate', encoding: 'gzip', body: file('assets/app-1234.js.gz') },
      { accept: 'br;q=0, gzip', encoding: 'gzip', body: file('assets/app-1234.js.gz') },
      { accept: 'identity', encoding: null, body: file('assets/app-1234.js') },
      { accept: null, encoding: null, body: file('assets/app-1234.js') },
    ];
    for (const { accept, encoding, body } of answers) {
      const response = await app.request('/assets/app-1234.js', { headers: accept === null ? {} : { 'accept-encoding': accept } });
      expect(response.headers.get('content-encoding'), String(accept)).toBe(encoding);
      expect(response.headers.get('vary'), String(accept)).toBe('Accept-Encoding');
      expect(response.headers.get('content-length'), String(accept)).toBe(String(body.length));
      // The very bytes on disk: nothing is compressed per request.
      expect(Buffer.from(await response.arrayBuffer()).equals(body), String(accept)).toBe(true);
    }
    expect(zlib.brotliDecompressSync(file('assets/app-1234.js.br')).toString()).toBe('console.log(1)');
    // The not-found page too, with its status.
    const missing = await app.request('/nope', { headers: { 'accept-encoding': 'br' } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-encoding')).toBe('br');
    expect(zlib.brotliDecompressSync(Buffer.from(await missing.arrayBuffer())).toString()).toBe('<h1>Not found</h1>');
  });

  it("sends Pagefind's WebAssembly as brotli of what is inside it to a browser that takes brotli, else the file as Pagefind wrote it", async () => {
    const file = (name: string) => fs.readFileSync(path.join(dist, name));
    for (const { accept, encoding, body } of [
      { accept: 'gzip, deflate, br, zstd', encoding: 'br', body: file('pagefind/wasm.en.pagefind.br') },
      { accept: 'gzip, deflate', encoding: null, body: file('pagefind/wasm.en.pagefind') },
    ]) {
      const response = await app.request('/pagefind/wasm.en.pagefind', { headers: { 'accept-encoding': accept } });
      expect(response.headers.get('content-encoding'), accept).toBe(encoding);
      expect(response.headers.get('vary'), accept).toBe('Accept-Encoding');
      expect(Buffer.from(await response.arrayBuffer()).equals(body), accept).toBe(true);
    }
    // Either way Pagefind gets its module: decompressed by the browser, or gzip it unpacks itself.
    expect(zlib.brotliDecompressSync(file('pagefind/wasm.en.pagefind.br')).equals(zlib.gunzipSync(file('pagefind/wasm.en.pagefind')))).toBe(true);
  });

  it('sends a binary file as it is, with no Vary, and a text file without compressed forms as it is', async () => {
    const png = await app.request('/assets/logo.png', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(png.headers.get('content-encoding')).toBeNull();
    expect(png.headers.get('vary')).toBeNull();
    const page = path.join(dist, 'about', 'index.html');
    fs.writeFileSync(page, '<h1>About us, rewritten</h1>');
    for (const suffix of ['.br', '.gz']) fs.renameSync(page + suffix, `${page}${suffix}.kept`);
    try {
      const response = await app.request('/about', { headers: { 'accept-encoding': 'gzip, br' } });
      expect(response.headers.get('content-encoding')).toBeNull();
      expect(await response.text()).toBe('<h1>About us, rewritten</h1>');
    } finally {
      fs.writeFileSync(page, '<h1>About</h1>');
      for (const suffix of ['.br', '.gz']) fs.renameSync(`${page}${suffix}.kept`, page + suffix);
    }
  });

  it('answers HEAD without a body, and keeps /api for the API', async () => {
    const head = await app.request('/', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect(head.headers.get('content-length')).toBe(String('<h1>Home</h1>'.length));
    const api = await app.request('/api/unknown');
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: 'No such API route' });
  });
});

describe.each(['the API server', 'the static test server'])('requests sent as written to %s', (name) => {
  const at = () => servers.find((server) => server.name === name) as { name: string; port: number };

  it.each(['/_headers', '/%5Fheaders', '/%5fheaders', '//_headers', '/./_headers', '/about/../_headers', '/%2F_headers', '/_headers/', '/_header%73'])(
    'answers %s with the 404 page, never the host configuration',
    async (target) => {
      const answer = await rawRequest(at().port, 'GET', target);
      expect(answer.status).toBe(404);
      expect(answer.body).toContain('<h1>Not found</h1>');
      expect(answer.body).not.toContain('Content-Security-Policy');
    },
  );

  it.each([
    '/../secret.txt',
    '/..%2fsecret.txt',
    '/..%2Fsecret.txt',
    '/%2e%2e/secret.txt',
    '/%2e%2e%2fsecret.txt',
    '/%2E%2E%2Fsecret.txt',
    '/..%5csecret.txt',
    '/%2e%2e%5csecret.txt',
    '/..%252fsecret.txt',
    '/%252e%252e%252fsecret.txt',
    '/about/..%2f..%2fsecret.txt',
    '/..%2f..%2f..%2f..%2fetc%2fpasswd',
    '/..%c0%afsecret.txt',
    '/..%2fdist-private/',
    '/secret.txt%00.html',
  ])('keeps %s inside the site folder', async (target) => {
    const answer = await rawRequest(at().port, 'GET', target);
    expect(answer.status).toBe(404);
    expect(answer.body).not.toMatch(/top secret|root:/);
  });

  it.each([
    ['a segment of 256 bytes', `/${'a'.repeat(256)}`],
    ['a segment of 256 bytes under /assets/', `/assets/${'b'.repeat(300)}.js`],
    ['a segment of 256 bytes before the index', `/about/${'c'.repeat(256)}/`],
    ['a segment of 256 bytes, percent-encoded', `/${'%64'.repeat(256)}`],
    ['8,000 bytes in segments of 200', `/${Array.from({ length: 40 }, () => 'd'.repeat(200)).join('/')}`],
  ])('answers a path no file can have (%s) with the 404 page and the site’s headers, logging no error', async (_, target) => {
    const logged = logs.length;
    const answer = await rawRequest(at().port, 'GET', target, { 'accept-encoding': 'br, gzip' });
    expect(answer.status).toBe(404);
    expect(answer.head).toMatch(/^content-security-policy: default-src 'self'$/m);
    expect(answer.head).toMatch(/^x-frame-options: deny$/m);
    expect(answer.head).toMatch(/^cache-control: no-cache$/m);
    expect(answer.body).not.toContain(parent);
    // The API server's log: one line for the request, with its status, and no file system path.
    const lines = logs.slice(logged);
    expect(lines.filter((line) => line.level === 'error')).toEqual([]);
    expect(JSON.stringify(lines)).not.toContain(parent);
  });

  it('answers a built file that cannot be read with 500 and the site’s headers, logging its error’s code and not its path', async () => {
    // As when a deploy replaces the file between the lookup and the read.
    const readFileSync = fs.readFileSync;
    const read = vi.spyOn(fs, 'readFileSync').mockImplementation(((file: fs.PathOrFileDescriptor, options?: unknown) => {
      if (String(file).startsWith(path.join(dist, 'about'))) {
        throw Object.assign(new Error(`ENOENT: no such file or directory, open '${String(file)}'`), { code: 'ENOENT' });
      }
      return readFileSync(file, options as undefined);
    }) as typeof fs.readFileSync);
    const logged = logs.length;
    try {
      for (const method of ['GET', 'HEAD']) {
        const answer = await rawRequest(at().port, method, '/about/', { 'accept-encoding': 'br' });
        expect(answer.status).toBe(500);
        expect(answer.head).toMatch(/^content-security-policy: default-src 'self'$/m);
        expect(answer.head).toMatch(/^x-frame-options: deny$/m);
        expect(answer.head).toMatch(/^cache-control: no-store$/m);
        expect(answer.body).toBe(method === 'GET' ? 'The server could not read this file; try again in a moment.\n' : '');
      }
    } finally {
      read.mockRestore();
    }
    const lines = logs.slice(logged);
    expect(JSON.stringify(lines)).not.toContain(parent);
    if (at().name === 'the API server') {
      expect(lines.filter((line) => line.level === 'error').map((line) => line.error)).toEqual([
        'A built file could not be read (ENOENT)',
        'A built file could not be read (ENOENT)',
      ]);
    }
  });

  it('sends a file whose compressed form’s name would be too long as it is', async () => {
    const answer = await rawRequest(at().port, 'GET', `/assets/${LONG_NAME}`, { 'accept-encoding': 'br, gzip' });
    expect(answer.status).toBe(200);
    expect(answer.head).not.toMatch(/^content-encoding:/m);
    expect(answer.body).toBe('console.log(2)');
  });

  it('still decodes an encoded path that stays inside', async () => {
    const answer = await rawRequest(at().port, 'GET', '/%61bout/');
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('<h1>About</h1>');
  });

  it.each(['PUT', 'DELETE', 'PATCH', 'POST', 'TRACE', 'PROPFIND', 'OPTIONS'])('answers %s on a page with 405 and Allow: GET, HEAD', async (method) => {
    const answer = await rawRequest(at().port, method, '/about');
    expect(answer.status).toBe(405);
    expect(answer.head).toMatch(/^allow: GET, HEAD$/im);
    expect(answer.body).not.toContain('<h1>About</h1>');
    expect(answer.head).toMatch(/^x-frame-options: deny$/m);
  });
});
