/** Both compressed forms beside every text file, equal to the file once decompressed, from the cache on a second build. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIRST_ROUND_TRIP_HTML_BYTES } from './first-paint';
import { brotliQualityFor, Precompressor } from './precompress';

let dir: string;
let site: string;
let cache: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-precompress-'));
  site = path.join(dir, 'dist');
  cache = path.join(dir, 'cache');
  fs.mkdirSync(path.join(site, 'assets'), { recursive: true });
  fs.mkdirSync(path.join(site, 'about'));
  fs.writeFileSync(path.join(site, 'index.html'), `<!doctype html><h1>Home</h1>${'<p>Garlic powder, granules and flakes.</p>'.repeat(200)}`);
  fs.writeFileSync(path.join(site, 'about', 'index.html'), '<h1>About</h1>');
  fs.writeFileSync(path.join(site, 'assets', 'index-1a2b.js'), 'console.log("start");'.repeat(50));
  fs.writeFileSync(path.join(site, 'assets', 'hero.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  fs.writeFileSync(path.join(site, '_headers'), '/*\n  X-Frame-Options: DENY\n');
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const read = (file: string) => fs.readFileSync(path.join(site, file));

describe('Precompressor', () => {
  it('writes a .br and a .gz beside every text file, each decompressing to the file', async () => {
    const result = await new Precompressor(cache).writeAll(site);
    expect(result.files).toBe(3);
    expect(result.compressed).toBe(3);
    for (const file of ['index.html', 'about/index.html', 'assets/index-1a2b.js']) {
      expect(zlib.brotliDecompressSync(read(`${file}.br`)).equals(read(file)), file).toBe(true);
      expect(zlib.gunzipSync(read(`${file}.gz`)).equals(read(file)), file).toBe(true);
    }
    // Binary formats and the host's configuration get none.
    for (const file of ['assets/hero.png', '_headers']) {
      expect(fs.existsSync(path.join(site, `${file}.br`)), file).toBe(false);
      expect(fs.existsSync(path.join(site, `${file}.gz`)), file).toBe(false);
    }
    // The best settings: brotli 11 beats gzip 9, which beats gzip's default level.
    expect(read('index.html.br').length).toBeLessThan(read('index.html.gz').length);
    expect(read('index.html.gz').length).toBeLessThanOrEqual(zlib.gzipSync(read('index.html')).length);
  });

  it('takes unchanged content from the cache on the next build, and compresses what changed', async () => {
    await new Precompressor(cache).writeAll(site);
    fs.writeFileSync(path.join(site, 'about', 'index.html'), '<h1>About us</h1>');
    const again = await new Precompressor(cache).writeAll(site);
    expect(again.files).toBe(3);
    expect(again.compressed).toBe(1);
    expect(zlib.gunzipSync(read('about/index.html.gz')).toString()).toBe('<h1>About us</h1>');
    expect(zlib.brotliDecompressSync(read('about/index.html.br')).toString()).toBe('<h1>About us</h1>');
  });

  it('compresses a file as it is when written, whatever was prefetched before it changed', async () => {
    const precompressor = new Precompressor(null);
    precompressor.prefetch('<h1>About, first draft</h1>', 'about/index.html');
    precompressor.prefetchFolder(path.join(site, 'assets'), 'assets');
    await precompressor.writeAll(site);
    expect(zlib.gunzipSync(read('about/index.html.gz')).toString()).toBe('<h1>About</h1>');
  });

  it('removes forms whose file is gone', async () => {
    await new Precompressor(null).writeAll(site);
    fs.rmSync(path.join(site, 'about', 'index.html'));
    fs.writeFileSync(path.join(site, 'data.csv.gz'), 'not ours');
    await new Precompressor(null).writeAll(site);
    expect(fs.existsSync(path.join(site, 'about', 'index.html.br'))).toBe(false);
    expect(fs.existsSync(path.join(site, 'about', 'index.html.gz'))).toBe(false);
    // A compressed file of the site's own (its original is no text file of ours) is left alone.
    expect(fs.existsSync(path.join(site, 'data.csv.gz'))).toBe(true);
  });

  it("gives Pagefind's WebAssembly, gzip inside, a brotli form of what is inside it and no gzip form, and removes it with the file", async () => {
    const wasm = Buffer.concat([Buffer.from('pagefind_dcd'), Buffer.alloc(20_000, 'wasm module bytes ')]);
    fs.mkdirSync(path.join(site, 'pagefind'));
    fs.writeFileSync(path.join(site, 'pagefind', 'wasm.en.pagefind'), zlib.gzipSync(wasm));
    const result = await new Precompressor(cache).writeAll(site);
    expect(result.files).toBe(3);
    expect(zlib.brotliDecompressSync(read('pagefind/wasm.en.pagefind.br')).equals(wasm)).toBe(true);
    expect(read('pagefind/wasm.en.pagefind.br').length).toBeLessThan(read('pagefind/wasm.en.pagefind').length);
    expect(fs.existsSync(path.join(site, 'pagefind', 'wasm.en.pagefind.gz'))).toBe(false);
    // From the cache on the next build, the same bytes.
    const first = read('pagefind/wasm.en.pagefind.br');
    await new Precompressor(cache).writeAll(site);
    expect(read('pagefind/wasm.en.pagefind.br').equals(first)).toBe(true);
    fs.rmSync(path.join(site, 'pagefind', 'wasm.en.pagefind'));
    await new Precompressor(cache).writeAll(site);
    expect(fs.existsSync(path.join(site, 'pagefind', 'wasm.en.pagefind.br'))).toBe(false);
  });

  it("compresses the pages that grow with the blog (a post's, the list's further pages) at a faster brotli quality than the site's own pages", async () => {
    expect([
      brotliQualityFor('blog/7/index.html'),
      brotliQualityFor('blog/page/2/index.html'),
      brotliQualityFor('blog/index.html'),
      brotliQualityFor('blog/search.json'),
      brotliQualityFor('de/index.html'),
      brotliQualityFor('assets/index-1a2b.js'),
    ]).toEqual([5, 5, 11, 11, 11, 11]);
    const page = `<!doctype html><h1>Garlic</h1>${Array.from({ length: 400 }, (_, i) => `<p>Lot ${i * 7919} of garlic powder, ${i % 13} mesh grades.</p>`).join('')}`;
    for (const folder of ['blog/7', 'blog/page/2']) {
      fs.mkdirSync(path.join(site, folder), { recursive: true });
      fs.writeFileSync(path.join(site, folder, 'index.html'), page);
    }
    fs.writeFileSync(path.join(site, 'index.html'), page);
    await new Precompressor(null).writeAll(site);
    for (const file of ['index.html', 'blog/7/index.html', 'blog/page/2/index.html'])
      expect(zlib.brotliDecompressSync(read(`${file}.br`)).toString()).toBe(page);
    // Larger than the home page's form of the same content, and still well within the first round trip.
    for (const file of ['blog/7/index.html', 'blog/page/2/index.html']) {
      expect(read(`${file}.br`).length, file).toBeGreaterThan(read('index.html.br').length);
      expect(read(`${file}.br`).length, file).toBeLessThanOrEqual(FIRST_ROUND_TRIP_HTML_BYTES);
    }
  });

  it("compresses a post's page at the best quality after all when the faster one would not bring it whole in the first round trip", async () => {
    // A long post: seeded words and figures, about 80 kB of HTML.
    let seed = 1;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const words =
      'garlic powder mesh granules flakes oleoresin moisture allicin export Bengaluru container Hamburg pallet analysis microbiology sterilised dehydrated harvest supplier quality'.split(
        ' ',
      );
    const paragraph = () => `<p>${Array.from({ length: 12 }, () => words[Math.floor(next() * words.length)]).join(' ')} ${Math.floor(next() * 100_000)}.</p>`;
    const page = Buffer.from(`<!doctype html><h1>Harvest report</h1>${Array.from({ length: 700 }, paragraph).join('')}`);
    const atQuality = (quality: number) =>
      zlib.brotliCompressSync(page, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
      }).length;
    // The premise: at the post's quality it would spill past the first round trip, at the best it fits.
    expect(atQuality(brotliQualityFor('blog/9/index.html'))).toBeGreaterThan(FIRST_ROUND_TRIP_HTML_BYTES);
    expect(atQuality(11)).toBeLessThanOrEqual(FIRST_ROUND_TRIP_HTML_BYTES);
    fs.mkdirSync(path.join(site, 'blog', '9'), { recursive: true });
    fs.writeFileSync(path.join(site, 'blog', '9', 'index.html'), page);
    const result = await new Precompressor(cache).writeAll(site);
    expect(result.raised).toBe(1);
    expect(read('blog/9/index.html.br').length).toBeLessThanOrEqual(FIRST_ROUND_TRIP_HTML_BYTES);
    expect(zlib.brotliDecompressSync(read('blog/9/index.html.br')).equals(page)).toBe(true);
    // At the best quality it is worth keeping: the next build takes it from the cache, still raised.
    const again = await new Precompressor(cache).writeAll(site);
    expect([again.compressed, again.raised]).toEqual([0, 1]);
    expect(read('blog/9/index.html.br').length).toBeLessThanOrEqual(FIRST_ROUND_TRIP_HTML_BYTES);
  });

  it("keeps only the forms at the best quality between builds: a post's page at the faster one is compressed again", async () => {
    const post = `<!doctype html><h1>Harvest</h1>${'<p>Garlic flakes, dried in the sun.</p>'.repeat(100)}`;
    for (const folder of ['blog/3', 'blog/page/2']) {
      fs.mkdirSync(path.join(site, folder), { recursive: true });
      fs.writeFileSync(path.join(site, folder, 'index.html'), post);
    }
    const first = await new Precompressor(cache).writeAll(site);
    expect([first.files, first.compressed, first.raised]).toEqual([5, 5, 0]);
    // Two files (.br, .gz) for each of the three at the best quality: the home page, /about, the script.
    expect(fs.readdirSync(cache)).toHaveLength(6);
    const again = await new Precompressor(cache).writeAll(site);
    expect([again.files, again.compressed, again.raised]).toEqual([5, 2, 0]);
    for (const file of ['blog/3/index.html', 'blog/page/2/index.html']) {
      expect(zlib.brotliDecompressSync(read(`${file}.br`)).toString(), file).toBe(post);
      expect(zlib.gunzipSync(read(`${file}.gz`)).toString(), file).toBe(post);
    }
  });

  it("gives a page that at gzip's level 9 would not fit the first round trip a zopfli encoder's smaller gzip, and leaves every other file at level 9", async () => {
    // A long page (seeded words and figures), as a script too: only the page is a page.
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const words = 'garlic powder mesh granules flakes oleoresin moisture allicin export container pallet analysis sterilised dehydrated harvest'.split(' ');
    const paragraph = () => `<p>${Array.from({ length: 10 }, () => words[Math.floor(next() * words.length)]).join(' ')} ${Math.floor(next() * 100_000)}.</p>`;
    const page = Buffer.from(`<!doctype html><h1>Harvest report</h1>${Array.from({ length: 1_000 }, paragraph).join('')}`);
    const level9 = zlib.gzipSync(page, { level: 9 }).length;
    // The premise: at level 9 the page does not fit.
    expect(level9).toBeGreaterThan(FIRST_ROUND_TRIP_HTML_BYTES);
    fs.mkdirSync(path.join(site, 'harvest'));
    fs.writeFileSync(path.join(site, 'harvest', 'index.html'), page);
    // A post's page too, with zopfli's fastest setting: their number grows with the blog.
    fs.mkdirSync(path.join(site, 'blog', '9'), { recursive: true });
    fs.writeFileSync(path.join(site, 'blog', '9', 'index.html'), page);
    // A page twice as long, which zopfli could not bring within either, keeps level 9.
    const longer = Buffer.concat([page, page.subarray(15)]);
    fs.mkdirSync(path.join(site, 'archive'));
    fs.writeFileSync(path.join(site, 'archive', 'index.html'), longer);
    fs.writeFileSync(path.join(site, 'assets', 'harvest.js'), page);
    const result = await new Precompressor(cache).writeAll(site);
    expect(result.zopfli).toBe(2);
    const gz = read('harvest/index.html.gz');
    const post = read('blog/9/index.html.gz');
    expect(zlib.gunzipSync(post).equals(page)).toBe(true);
    expect(post.length).toBeLessThan(level9 * 0.99);
    expect(post.length).toBeGreaterThan(gz.length);
    expect(zlib.gunzipSync(gz).equals(page)).toBe(true);
    expect(gz.length).toBeLessThan(level9 * 0.97);
    // The script, and the pages that fit at level 9, keep level 9's form.
    expect(read('assets/harvest.js.gz').equals(zlib.gzipSync(page, { level: 9 }))).toBe(true);
    expect(read('index.html.gz').equals(zlib.gzipSync(read('index.html'), { level: 9 }))).toBe(true);
    expect(read('archive/index.html.gz').equals(zlib.gzipSync(longer, { level: 9 }))).toBe(true);
    // From the cache on the next build, zopfli's form still.
    const again = await new Precompressor(cache).writeAll(site);
    expect(again.zopfli).toBe(2);
    expect(read('harvest/index.html.gz').equals(gz)).toBe(true);
  });
});
