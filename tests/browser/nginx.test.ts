/**
 * The built site behind a real web server: Debian's nginx with the generated host
 * configuration serves routes with and without a trailing slash, the not-found page with 404,
 * the security headers and asset caching, the build's compressed forms (gzip_static, and
 * brotli_static where ngx_brotli's static module is installed, as `npm run host:nginx` decides),
 * the HTML of the pages most visitors land on within the first round trip, headers included,
 * whether the client takes brotli or gzip alone and whether nginx has the brotli module or not
 * (the build's gzip form is made small enough: src/build/pipeline/precompress.ts), and
 * the pages hydrate under its CSP; and stopping nginx frees its port. On a machine
 * without nginx (a developer's, where `npm install && npm test` must pass with no apt-get) this
 * file alone is skipped, and says so in one line; .ci/run installs nginx, so CI always runs it.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIST_DIR } from '../../src/build/pipeline/build-paths';
import { parseHeadersFile } from '../../src/build/hosting/host-headers';
import { findBrotliStaticModule } from '../../scripts/lib/nginx-config';
import { NGINX, NGINX_MISSING, serveWithNginx, type ServedByNginx } from '../../scripts/lib/nginx-serve';
import { hydrated, openPage, useBrowser } from './support/browser';
import { directive, hashSource, inlineScripts } from './support/csp';
import { FIRST_ROUND_TRIP_BYTES, firstResponse, header } from './support/first-response';
import { landingPages } from './support/landing-pages';
import { content } from './support/site';
import { languageRoutes } from './support/site-spec';
import { portTaken } from '../support/processes';

const SKIPPED = `skipped: ${NGINX_MISSING}`;
if (!NGINX) console.log(`tests/browser/nginx.test.ts ${SKIPPED}`);
/** Loaded when installed, as the block `npm run host:nginx` prints on this machine would be. */
const BROTLI_MODULE = findBrotliStaticModule();
/** The home page in every language, the blog, its first post and each product's page in every language. */
const LANDING_PAGES = landingPages(content);

/** One GET with exactly these request headers, the body as it came over the wire. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/** The policy the build wrote for every page (dist/_headers, rule '/*'). */
const BUILD_CSP = NGINX
  ? (parseHeadersFile(fs.readFileSync(path.join(DIST_DIR, '_headers'), 'utf8')).find((rule) => rule.pattern === '/*')?.headers['Content-Security-Policy'] ?? '')
  : '';

describe.skipIf(!NGINX)(NGINX ? 'behind nginx' : `behind nginx (${SKIPPED})`, () => {
  let nginx: ServedByNginx;
  let base: string;
  let nginxPort: number;

  beforeAll(async () => {
    nginx = await serveWithNginx(DIST_DIR);
    base = nginx.origin;
    nginxPort = nginx.port;
  });

  afterAll(async () => {
    await nginx?.stop();
  });

  it('serves /about and /about/ from about/index.html', async () => {
    const [plain, slash] = await Promise.all([fetch(`${base}/about`, { redirect: 'manual' }), fetch(`${base}/about/`, { redirect: 'manual' })]);
    expect(plain.status).toBe(200);
    expect(slash.status).toBe(200);
    expect(await plain.text()).toBe(await slash.text());
  });

  it('answers unknown paths with the not-found page and status 404', async () => {
    for (const p of ['/nope', '/blog/999', '/_headers']) {
      const response = await fetch(base + p);
      expect(response.status, p).toBe(404);
      expect(await response.text(), p).toMatch(/<h1[^>]*>Page not found<\/h1>/);
    }
  });

  it("answers a language's unknown paths with its own not-found page, and its home with and without a slash", async () => {
    for (const route of languageRoutes()) {
      const response = await fetch(base + route.path);
      expect(response.status, route.path).toBe(route.status);
      expect(await response.text(), route.path).toMatch(route.heading);
    }
  });

  it('sends the security headers on pages and on the 404 page, with the policy the build wrote', async () => {
    for (const p of ['/', '/contact', '/nope']) {
      const response = await fetch(base + p);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, p).toBe(BUILD_CSP);
      const scriptSrc = directive(csp, 'script-src');
      expect(scriptSrc[0], p).toBe("'self'");
      expect(scriptSrc, p).not.toContain("'unsafe-inline'");
      expect(scriptSrc, p).not.toContain("'unsafe-eval'");
      // Every inline script of the page is allowed by its hash (csp.test.ts holds every page to that).
      for (const script of inlineScripts(await response.text())) expect(scriptSrc, p).toContain(hashSource(script));
      expect(directive(csp, 'object-src'), p).toEqual(["'none'"]);
      expect(directive(csp, 'frame-ancestors'), p).toEqual(["'none'"]);
      expect(response.headers.get('x-content-type-options'), p).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), p).toBe('strict-origin-when-cross-origin');
    }
  });

  it('isolates the portals from other windows, and only them', async () => {
    for (const p of ['/admin', '/admin/login', '/investors/', '/investors/login']) {
      const response = await fetch(base + p);
      expect(response.status, p).toBe(200);
      expect(response.headers.get('cross-origin-opener-policy'), p).toBe('same-origin');
      expect(response.headers.get('content-security-policy'), p).toBe(BUILD_CSP);
    }
    for (const p of ['/', '/contact', '/investment']) {
      expect((await fetch(base + p)).headers.get('cross-origin-opener-policy'), p).toBeNull();
    }
  });

  it("caches hashed assets for a year and sends the build's gzip form of them", async () => {
    const html = await (await fetch(`${base}/`)).text();
    const asset = html.match(/data-entry="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(asset).toBeTruthy();
    const response = await firstResponse(nginxPort, asset as string, 'gzip');
    expect(response.head).toMatch(/^http\/1\.1 200 /);
    expect(header(response.head, 'cache-control')).toBe('public, max-age=31536000, immutable');
    expect(header(response.head, 'content-security-policy')).toContain("script-src 'self'");
    expect(header(response.head, 'content-encoding')).toBe('gzip');
    // The build's level-9 file itself, not nginx's own gzip at level 1.
    expect(response.body.equals(fs.readFileSync(path.join(DIST_DIR, `${asset}.gz`)))).toBe(true);
    expect(gunzipSync(response.body).equals(fs.readFileSync(path.join(DIST_DIR, asset as string)))).toBe(true);
    // A client that takes no compression gets the file as it is.
    const plain = await rawGet(`${base}${asset}`, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(fs.readFileSync(path.join(DIST_DIR, asset as string)))).toBe(true);
  });

  /** The build's file for a route: /de/ and /garlic-powder are de/index.html and garlic-powder/index.html. */
  const fileOf = (route: string) => path.posix.join(route.slice(1), 'index.html');

  it.each(LANDING_PAGES)('sends the HTML of %s as the build wrote it, within the first round trip, headers included, as gzip alone too', async (route) => {
    // gzip alone (an older client, or a browser behind an nginx without brotli), then as browsers ask.
    const asked = [
      { accept: 'gzip, deflate', encoding: 'gzip' },
      { accept: 'gzip, deflate, br, zstd', encoding: BROTLI_MODULE ? 'br' : 'gzip' },
    ];
    for (const { accept, encoding } of asked) {
      const response = await firstResponse(nginxPort, route, accept);
      expect(response.head, accept).toMatch(/^http\/1\.1 200 /);
      expect(header(response.head, 'content-type'), accept).toBe('text/html; charset=utf-8');
      expect(header(response.head, 'content-encoding'), accept).toBe(encoding);
      expect(header(response.head, 'vary'), accept).toBe('accept-encoding');
      expect(response.body.equals(fs.readFileSync(path.join(DIST_DIR, `${fileOf(route)}.${encoding === 'br' ? 'br' : 'gz'}`))), accept).toBe(true);
      expect(response.bytes, `${route} (${accept})`).toBeLessThanOrEqual(FIRST_ROUND_TRIP_BYTES);
    }
  });

  describe('configured without brotli, as most nginx installs are (npm run host:nginx -- --no-brotli), even where the module is installed', () => {
    let plain: ServedByNginx;

    beforeAll(async () => {
      plain = await serveWithNginx(DIST_DIR, { brotli: false });
    });

    afterAll(async () => {
      await plain?.stop();
    });

    it.each(LANDING_PAGES)('sends a browser the gzip form of %s within the first round trip, headers included', async (route) => {
      expect(plain.brotliModule).toBeNull();
      const response = await firstResponse(plain.port, route, 'gzip, deflate, br, zstd');
      expect(response.head).toMatch(/^http\/1\.1 200 /);
      expect(header(response.head, 'content-encoding')).toBe('gzip');
      expect(response.body.equals(fs.readFileSync(path.join(DIST_DIR, `${fileOf(route)}.gz`)))).toBe(true);
      expect(response.bytes, route).toBeLessThanOrEqual(FIRST_ROUND_TRIP_BYTES);
    });
  });

  it("sends Pagefind's WebAssembly as the build's brotli form of it where nginx has the module, and as Pagefind wrote it otherwise", async () => {
    const file = path.join(DIST_DIR, 'pagefind', 'wasm.de.pagefind');
    const asBrowsersAsk = await rawGet(`${base}/pagefind/wasm.de.pagefind`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(asBrowsersAsk.headers['content-encoding']).toBe(BROTLI_MODULE ? 'br' : undefined);
    expect(asBrowsersAsk.body.equals(fs.readFileSync(BROTLI_MODULE ? `${file}.br` : file))).toBe(true);
    const gzipAlone = await rawGet(`${base}/pagefind/wasm.de.pagefind`, { 'accept-encoding': 'gzip, deflate' });
    expect(gzipAlone.headers['content-encoding']).toBeUndefined();
    expect(gzipAlone.body.equals(fs.readFileSync(file))).toBe(true);
  });

  it('sends the not-found page compressed too, with status 404', async () => {
    const response = await firstResponse(nginxPort, '/nope', 'gzip');
    expect(response.head).toMatch(/^http\/1\.1 404 /);
    expect(header(response.head, 'content-encoding')).toBe('gzip');
    expect(response.body.equals(fs.readFileSync(path.join(DIST_DIR, '404.html.gz')))).toBe(true);
  });

  it('stop() ends nginx and frees its port: nginx alone held the socket it was handed', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-nginx-root-'));
    try {
      fs.writeFileSync(path.join(root, 'index.html'), '<h1>Home</h1>');
      const served = await serveWithNginx(root);
      const response = await fetch(`${served.origin}/`);
      expect(response.headers.get('server')).toMatch(/^nginx/);
      expect(await response.text()).toBe('<h1>Home</h1>');
      // This process gave its copy up at the start; were it still open, the port would stay taken.
      expect(await portTaken(served.port, '127.0.0.1')).toBe(true);
      await served.stop();
      expect(await portTaken(served.port, '127.0.0.1')).toBe(false);
      await expect(fetch(`${served.origin}/`)).rejects.toThrow();
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  describe('in the browser, under the CSP', () => {
    const browser = useBrowser();

    it('hydrates pages with no CSP violation or console error', async () => {
      const watched = await openPage(browser());
      for (const p of ['/', '/garlic-powder', '/contact', '/faq', '/blog/1', '/nope']) {
        watched.problems.length = 0;
        await watched.page.goto(base + p, { waitUntil: 'load' });
        await hydrated(watched.page);
        expect(await watched.page.evaluate(() => document.documentElement.dataset.theme), p).toMatch(/^(light|dark)$/);
        expect(watched.problems, p).toEqual([]);
      }
    });
  });
});
