import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { generateServiceWorker, offlineNavigation, urlOfFile } from './service-worker';

describe('urlOfFile', () => {
  it('maps pre-rendered pages to the URLs they are served at', () => {
    expect(urlOfFile('index.html')).toBe('/');
    expect(urlOfFile('about/index.html')).toBe('/about');
    expect(urlOfFile('region/eu/index.html')).toBe('/region/eu');
    expect(urlOfFile('404.html')).toBe('/404.html');
    expect(urlOfFile('assets/index-abc.js')).toBe('/assets/index-abc.js');
  });
});

describe('offlineNavigation', () => {
  const g = globalThis as unknown as { fetch: typeof fetch; caches?: unknown };
  const realFetch = g.fetch;
  afterEach(() => {
    g.fetch = realFetch;
    delete g.caches;
  });
  const pages: Record<string, string> = { '/about': 'about page', '/404.html': 'not found page' };
  const offline = () => {
    g.fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    g.caches = { match: async (url: string) => (url in pages ? new Response(pages[url]) : undefined) };
  };
  const navigate = (href: string) => offlineNavigation({ request: new Request(href), url: new URL(href) });

  it('uses the network when it answers', async () => {
    g.fetch = vi.fn(async () => new Response('fresh'));
    expect(await (await navigate('https://site.example/about/')).text()).toBe('fresh');
  });

  it('offline, answers with the cached page of the same URL without its trailing slash', async () => {
    offline();
    expect(await (await navigate('https://site.example/about/')).text()).toBe('about page');
  });

  it('offline, answers unknown pages with the cached not-found page', async () => {
    offline();
    expect(await (await navigate('https://site.example/blog/42')).text()).toBe('not found page');
  });
});

describe('generateServiceWorker', () => {
  it('precaches pages under their URLs, with no inline code or eval needed', { timeout: 60_000 }, async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-sw-'));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
      fs.writeFileSync(path.join(dist, file), text);
    };
    write('index.html', '<h1>Home</h1>');
    write('about/index.html', '<h1>About</h1>');
    write('404.html', '<h1>Page not found</h1>');
    write('assets/index-abc123.js', 'console.log(1)');
    write('images/hero.svg', '<svg/>');
    write('images/social/default.png', 'png');
    write('sitemap.xml', '<urlset/>');
    try {
      const { count } = await generateServiceWorker(dist);
      const sw = fs.readFileSync(path.join(dist, 'sw.js'), 'utf8');
      expect(count).toBe(5);
      for (const url of ['/', '/about', '/404.html', '/assets/index-abc123.js', '/images/hero.svg']) expect(sw).toContain(`url:"${url}"`);
      expect(sw).not.toContain('about/index.html');
      expect(sw).not.toContain('images/social');
      expect(sw).toContain('skipWaiting');
      expect(sw).toContain('clients.claim');
      // One file, nothing the CSP would have to allow beyond 'self'.
      expect(fs.readdirSync(dist).filter((f) => f.endsWith('.js'))).toEqual(['sw.js']);
      expect(sw).not.toMatch(/\beval\(|new Function\(|importScripts\(/);
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
