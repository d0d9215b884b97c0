import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { assetsPattern, isPublicNavigation, offlineFallback, pageCacheKey } from '../../src/browser/service-worker/routes';
import { type ClientManifest, generateServiceWorker, portalOnlyFiles, everyPageFiles, urlOfFile } from './service-worker';

/** The shape of the real client manifest: an entry, public islands, the portals and the sign-in chunk, and the stylesheets, each an entry of its own. */
const MANIFEST: ClientManifest = {
  'index.html': {
    file: 'assets/index-abc.js',
    isEntry: true,
    imports: ['_runtime-r1.js'],
    dynamicImports: [
      'src/browser/runtime/menu-panels.ts',
      'src/browser/islands/ContactForm.tsx',
      'src/browser/islands/AdminLogin.tsx',
      'src/browser/islands/AdminDashboard.tsx',
      'src/browser/runtime/admin-logout.ts',
    ],
  },
  '_runtime-r1.js': { file: 'assets/runtime-r1.js' },
  '_react-x1.js': { file: 'assets/react-x1.js', imports: ['_runtime-r1.js'] },
  'src/browser/islands/ContactForm.tsx': { file: 'assets/ContactForm-c1.js', imports: ['_react-x1.js', 'index.html'] },
  'src/browser/islands/AdminLogin.tsx': { file: 'assets/AdminLogin-a1.js', imports: ['_next-path-n1.js', 'index.html'] },
  'src/browser/islands/AdminDashboard.tsx': {
    file: 'assets/AdminDashboard-d1.js',
    imports: ['_react-x1.js'],
    dynamicImports: ['src/ui/features/blog/post-to-mdx.ts'],
  },
  'src/ui/features/blog/post-to-mdx.ts': { file: 'assets/post-to-mdx-p1.js' },
  '_next-path-n1.js': { file: 'assets/next-path-n1.js', imports: ['_react-x1.js'] },
  'src/browser/runtime/admin-logout.ts': { file: 'assets/admin-logout-l1.js' },
  'src/browser/runtime/menu-panels.ts': { file: 'assets/menu-panels-m1.js', imports: ['_runtime-r1.js'] },
  'src/ui/styles/base/site.css': { file: 'assets/site-s1.css', isEntry: true, assets: ['assets/inter-i1.woff2', 'assets/fraunces-f1.woff2'] },
  'src/ui/styles/base/footer.css': { file: 'assets/footer-f1.css', isEntry: true },
  'src/ui/styles/pages/12-arabic.css': { file: 'assets/12-arabic-a1.css', isEntry: true, assets: ['assets/noto-sans-arabic-n1.woff2'] },
};

describe('urlOfFile', () => {
  it('maps pre-rendered pages to the URLs they are served at', () => {
    expect(urlOfFile('index.html')).toBe('/');
    expect(urlOfFile('about/index.html')).toBe('/about');
    expect(urlOfFile('region/eu/index.html')).toBe('/region/eu');
    expect(urlOfFile('404.html')).toBe('/404.html');
    expect(urlOfFile('assets/index-abc.js')).toBe('/assets/index-abc.js');
  });
});

describe('what is cached', () => {
  it('precaches what every page loads: the entry, its imports, the base sheet’s fonts, the footer’s sheet and the menus (the base sheet itself is inlined)', () => {
    expect(everyPageFiles(MANIFEST).sort()).toEqual([
      'assets/footer-f1.css',
      'assets/fraunces-f1.woff2',
      'assets/index-abc.js',
      'assets/inter-i1.woff2',
      'assets/menu-panels-m1.js',
      'assets/runtime-r1.js',
    ]);
  });

  it('refuses a build whose manifest lost the menus, so they cannot silently stop opening offline', () => {
    const { 'src/browser/runtime/menu-panels.ts': _, ...withoutMenus } = MANIFEST;
    expect(() => everyPageFiles(withoutMenus)).toThrow(/menu-panels\.ts is not in the client manifest/);
  });

  it('refuses a build whose manifest lost the footer’s sheet, so the footer cannot silently lose its style offline', () => {
    const { 'src/ui/styles/base/footer.css': _, ...withoutFooter } = MANIFEST;
    expect(() => everyPageFiles(withoutFooter)).toThrow(/footer\.css is not in the client manifest/);
  });

  it('refuses a build whose manifest lost the base sheet, so its web fonts cannot silently stop loading offline', () => {
    const { 'src/ui/styles/base/site.css': _, ...withoutBase } = MANIFEST;
    expect(() => everyPageFiles(withoutBase)).toThrow(/site\.css is not in the client manifest/);
  });

  it('finds the chunks only the portals load, the sign-in chunk among them, and keeps shared ones', () => {
    expect(portalOnlyFiles(MANIFEST)).toEqual(['assets/AdminDashboard-d1.js', 'assets/AdminLogin-a1.js', 'assets/next-path-n1.js', 'assets/post-to-mdx-p1.js']);
  });

  it('caches same-origin /assets/ at run time, except the portal-only chunks', () => {
    const pattern = assetsPattern(portalOnlyFiles(MANIFEST));
    expect(pattern.test('https://site.example/assets/ContactForm-c1.js')).toBe(true);
    expect(pattern.test('https://site.example/assets/react-x1.js')).toBe(true);
    expect(pattern.test('https://site.example/assets/next-path-n1.js')).toBe(false);
    expect(pattern.test('https://site.example/assets/AdminLogin-a1.js')).toBe(false);
    // workbox only takes a cross-origin match that starts at the URL's start, which this never does.
    expect('https://cdn.example/assets/x.js'.search(pattern)).toBeGreaterThan(0);
  });

  it('caches navigations to public pages only, one entry per page', async () => {
    const nav = (href: string) => ({ request: { mode: 'navigate', headers: new Headers() } as unknown as Request, url: new URL(href), sameOrigin: true });
    expect(isPublicNavigation(nav('https://site.example/about'))).toBe(true);
    for (const href of ['https://site.example/admin', 'https://site.example/admin/login', 'https://site.example/investors/login'])
      expect(isPublicNavigation(nav(href)), href).toBe(false);
    // A page's request to cache itself (after a first visit), and not any same-origin fetch.
    const html = (href: string, accept: string) => ({ request: new Request(href, { headers: { accept } }), url: new URL(href), sameOrigin: true });
    expect(isPublicNavigation(html('https://site.example/about', 'text/html'))).toBe(true);
    expect(isPublicNavigation(html('https://site.example/blog/search.json', '*/*'))).toBe(false);
    expect(await pageCacheKey({ request: new Request('https://site.example/about/?utm=x') })).toBe('https://site.example/about');
    expect(await pageCacheKey({ request: new Request('https://site.example/') })).toBe('https://site.example/');
  });
});

describe('offlineFallback', () => {
  const g = globalThis as unknown as { caches?: unknown };
  afterEach(() => {
    delete g.caches;
  });

  it('answers /blog/<id> with the cached not-found page (it shows posts stored in this browser), nothing else', async () => {
    g.caches = { match: async (url: string) => (url === '/404.html' ? new Response('not found page') : undefined) };
    expect(await (await offlineFallback({ request: new Request('https://site.example/blog/42') }))!.text()).toBe('not found page');
    expect(await offlineFallback({ request: new Request('https://site.example/about') })).toBeUndefined();
  });
});

describe('generateServiceWorker', () => {
  it('precaches only what every page loads and the not-found page, never a portal chunk; no inline code or eval', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-sw-'));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
      fs.writeFileSync(path.join(dist, file), text);
    };
    write('index.html', '<h1>Home</h1>');
    write('about/index.html', '<h1>About</h1>');
    write('404.html', '<h1>Page not found</h1>');
    for (const chunk of Object.values(MANIFEST)) write(chunk.file, `/* ${chunk.file} */`);
    write('assets/inter-i1.woff2', 'font');
    write('assets/fraunces-f1.woff2', 'font');
    write('images/hero.svg', '<svg/>');
    try {
      const { count, size } = await generateServiceWorker(dist, MANIFEST);
      const sw = fs.readFileSync(path.join(dist, 'sw.js'), 'utf8');
      const entries = [...sw.matchAll(/\{url:"([^"]+)",revision:(null|"[0-9a-f]{32}")\}/g)].map((m) => [m[1], JSON.parse(m[2])] as const);
      expect(entries.map(([url]) => url).sort()).toEqual([
        '/404.html',
        '/assets/footer-f1.css',
        '/assets/fraunces-f1.woff2',
        '/assets/index-abc.js',
        '/assets/inter-i1.woff2',
        '/assets/menu-panels-m1.js',
        '/assets/runtime-r1.js',
      ]);
      // Hashed asset names are their own version; the not-found page is versioned by its content.
      const md5 = crypto.createHash('md5').update('<h1>Page not found</h1>').digest('hex');
      expect(Object.fromEntries(entries)).toMatchObject({ '/404.html': md5, '/assets/index-abc.js': null });
      expect(count).toBe(7);
      expect(size).toBe(entries.reduce((sum, [url]) => sum + fs.statSync(path.join(dist, url)).size, 0));
      // The portal-only chunks go in whole, for the assets route to leave out (routes.ts, assetsPattern).
      expect(sw).toContain(JSON.stringify(portalOnlyFiles(MANIFEST)));
      for (const name of ['"gb-pages"', '"gb-assets"', '"gb-images"', 'networkTimeoutSeconds:4']) expect(sw, name).toContain(name);
      expect(sw).toContain('skipWaiting');
      expect(sw).toContain('clients.claim');
      // Nothing of Node's is left for the worker to trip on.
      expect(sw).not.toContain('process.env');
      expect(fs.readdirSync(dist).filter((f) => f.endsWith('.js'))).toEqual(['sw.js']);
      expect(sw).not.toMatch(/\beval\(|new Function\(|importScripts\(/);
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
