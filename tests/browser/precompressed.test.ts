/**
 * The build's compressed forms (src/build/pipeline/precompress.ts): a brotli and a gzip file beside
 * every text file (and a brotli file beside Pagefind's WebAssembly), each the file itself once
 * decompressed (so the tests that search every file of the build for secrets read what the
 * compressed forms hold too), and none of them where the build lists its pages and files: the
 * service worker's precache, the sitemap, the feed and the blog's search index.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, it } from 'vitest';
import { DIST_DIR } from '../../src/build/pipeline/build-paths';
import { isCompressible, isEncodedForm, isPagefindWasm } from '../../src/build/hosting/encodings';

const files = fs
  .readdirSync(DIST_DIR, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) => path.relative(DIST_DIR, path.join(entry.parentPath, entry.name)));

it('gives every text file a brotli and a gzip form that decompress to it, and nothing else one', () => {
  const text = files.filter((file) => !isEncodedForm(file) && isCompressible(file));
  expect(text.length).toBeGreaterThan(100);
  for (const file of text) {
    const bytes = fs.readFileSync(path.join(DIST_DIR, file));
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(DIST_DIR, `${file}.br`))).equals(bytes), `${file}.br`).toBe(true);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(DIST_DIR, `${file}.gz`))).equals(bytes), `${file}.gz`).toBe(true);
  }
  // Pagefind's WebAssembly, gzip inside, gets a brotli form of what is inside it, and no gzip form.
  const wasm = files.filter(isPagefindWasm);
  expect(wasm.sort()).toEqual(['en', 'de', 'ar', 'unknown'].map((code) => path.join('pagefind', `wasm.${code}.pagefind`)).sort());
  for (const file of wasm) {
    const inside = zlib.gunzipSync(fs.readFileSync(path.join(DIST_DIR, file)));
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(DIST_DIR, `${file}.br`))).equals(inside), `${file}.br`).toBe(true);
  }
  // Every compressed form belongs to a file beside it: none is left from an earlier build.
  const forms = files.filter(isEncodedForm);
  expect(forms).toHaveLength(text.length * 2 + wasm.length);
  for (const form of forms) expect([...text, ...wasm], form).toContain(form.slice(0, form.lastIndexOf('.')));
});

it('lists no compressed form in the service worker, the sitemap, the feed or the search index', () => {
  const sw = fs.readFileSync(path.join(DIST_DIR, 'sw.js'), 'utf8');
  const precached = [...sw.matchAll(/\{url:"([^"]+)",revision:/g)].map((m) => m[1]);
  expect(precached.length).toBeGreaterThan(5);
  for (const url of precached) expect(url).not.toMatch(/\.(br|gz)$/);
  for (const list of ['sw.js', 'sitemap.xml', 'blog/feed.xml', 'blog/search.json']) {
    expect(fs.readFileSync(path.join(DIST_DIR, list), 'utf8'), list).not.toMatch(/\.(html|js|css|svg|xml|json|txt)\.(br|gz)\b/);
  }
});
