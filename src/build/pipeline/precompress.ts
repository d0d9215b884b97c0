/**
 * Every text file of the build compressed once, at build time: gzip at level 9 (or, for a page
 * that would not fit the first round trip at level 9, a zopfli encoder's smaller gzip: see
 * gzipWithin) and brotli (at quality 11, the best, or 5 for the pages that come with the blog's
 * posts: see brotliQualityFor), written beside the file as `<file>.gz` and `<file>.br`; beside
 * Pagefind's WebAssembly, which is gzip inside, a `.br` of what is inside (isPagefindWasm). Hosts
 * then send these bytes as they are (src/build/hosting/static-server.ts, gzip_static and
 * brotli_static in the nginx block) instead of compressing each response at a level fast enough
 * to do per request, which is what put `/` and `/blog/1` past the first round trip behind nginx.
 *
 * Brotli at quality 11 is slow (about 0.5-1 MB/s per core), so the work runs on libuv's threads
 * beside the pre-render: `prefetch` starts a page as soon as it is written, and `writeAll` waits
 * for what is left. Results at quality 11 are kept in node_modules/.cache/gb-precompressed/ under
 * a hash of the content, so a file that has not changed since an earlier build (the images, most
 * assets) is copied, not compressed again.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { ENCODINGS, isCompressible, isEncodedForm, isPagefindWasm, mayHaveEncodedForms, type Encoding } from '../hosting/encodings';
import { FileWriter } from './file-writer';
import { writeWhole } from './write-whole';
import { zopfliGzip, type ZopfliEffort } from './zopfli';
import { FIRST_ROUND_TRIP_HTML_BYTES } from './first-paint';

export const PRECOMPRESS_CACHE_DIR = 'node_modules/.cache/gb-precompressed';

/**
 * Part of every cache key (with the brotli quality asked for): change it with any change to the
 * settings below or to what the cache holds (since v4, only forms at brotli's best quality).
 */
const SETTINGS = 'gzip-9 zopfli-html brotli-text v6';

/** Brotli's best quality: the site's own pages and its assets. */
export const BEST_QUALITY = zlib.constants.BROTLI_MAX_QUALITY;
/** A page of the blog's that comes with its posts (a post's page, a further page of the list): their number grows with the blog. */
export const POST_PAGE_QUALITY = 5;

/** Pages whose number grows with the blog: one per post (/blog/7) and one per twelve posts (/blog/page/2, the list's further pages). */
const GROWS_WITH_THE_BLOG = /^blog\/(?:\d+|page\/\d+)\/index\.html$/;

/**
 * Brotli's quality for a file of the build (its path in the build, with / between folders).
 * Quality 11 costs 0.05-0.1 s of CPU for a 40 kB page: fine for the site's own pages and assets,
 * whose number does not grow, but at 1,000 posts 44 s of CPU for the posts' pages and 4.9 s for
 * the list's 83 further pages, past the build's time budget. Quality 5 takes 1-2 ms a page for
 * files about 11% larger (13.1 against 11.6 kB on /blog/1); so the pages that grow with the blog
 * get 5, every other file 11, and such a page that at 5 would not fit the first round trip whole
 * gets 11 after all (brotliWithin): a page that needs a second round trip paints a round trip
 * later (the longest posts' LCP went from 1.02x to 1.25x the peer's at quality 5), and only long
 * posts pay the cost (four of 1,000 at the build benchmark's size).
 */
export function brotliQualityFor(file: string): number {
  return GROWS_WITH_THE_BLOG.test(file) ? POST_PAGE_QUALITY : BEST_QUALITY;
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
const gunzip = promisify(zlib.gunzip);

/** Brotli at `quality`, tuned for text, as the build writes it. */
const brotliAt = (bytes: Buffer, quality: number) =>
  brotli(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });

/**
 * Brotli at `quality`, or at the best one when at `quality` the whole file would not fit the first
 * round trip; with the quality it got. No step between: at 1,000 posts, qualities 6-9 shrank the
 * four pages that did not fit at 5 by under 1% (three still did not fit), and 10, which brought
 * all four in, would have saved 0.1 s of CPU in all against 11.
 */
async function brotliWithin(bytes: Buffer, quality: number): Promise<{ br: Buffer; quality: number }> {
  const fast = await brotliAt(bytes, quality);
  if (quality >= BEST_QUALITY || fast.length <= FIRST_ROUND_TRIP_HTML_BYTES) return { br: fast, quality };
  return { br: await brotliAt(bytes, BEST_QUALITY), quality: BEST_QUALITY };
}

/**
 * How hard zopfli works on a page: 5 passes and at most 5 deflate blocks (0.24 s of CPU a page,
 * against zopfli's default 15 blocks; a page left near its room gets more, ZOPFLI_HARDER_EFFORT
 * below). A page whose number grows with
 * the blog (a post's) gets one pass in one block: 27 ms of CPU a page against 183, about 2.8%
 * smaller than level 9 rather than 3.6-4.2% (/blog/1 13,730 -> 13,352 bytes), which at 1,000
 * posts keeps the build within its time.
 */
const ZOPFLI_EFFORT: ZopfliEffort = { iterations: 5, blocks: 5 };
/**
 * A second try for a page that ZOPFLI_EFFORT leaves within ZOPFLI_FROM's margin of its room, where a
 * host's longer headers could push it over: up to 10 blocks, about 0.5 s of CPU more (the Arabic
 * home page 13,530 -> 13,471 bytes, whose headers from nginx take 1.1 kB). The smaller result is kept.
 */
const ZOPFLI_HARDER_EFFORT: ZopfliEffort = { iterations: 5, blocks: 10 };
const ZOPFLI_POST_EFFORT: ZopfliEffort = { iterations: 1, blocks: 0 };
/**
 * The size at level 9 from which a page gets zopfli: the first round trip's room for a page
 * (FIRST_ROUND_TRIP_HTML_BYTES) less a margin for a host whose headers are longer than the 1.1 kB
 * counted there (nginx's with the site's policy took 1.16 kB; /de/garlic-oil was 14 bytes over).
 */
const ZOPFLI_FROM = FIRST_ROUND_TRIP_HTML_BYTES - 300;
/** The most zopfli took off level 9's size on the site's pages: 6.6% (/ar/faq), most 3.5-5%. */
const ZOPFLI_BEST_RATIO = 0.93;

/**
 * Gzip at level 9, or where that would not bring the whole page in the first round trip, a zopfli
 * encoder's gzip of it: valid gzip that every client and nginx's gzip_static take as it is, about
 * 4-5% smaller on these pages (13.2 against 13.7 kB on the home page), which brings the pages a
 * client that accepts gzip only (or an nginx without brotli) gets within the first round trip.
 * It costs 0.03-0.25 s of CPU a page (ZOPFLI_EFFORT; on a worker thread, zopfli.ts) where level
 * 9 takes 2 ms, so only the pages that need it pay it.
 */
async function gzipWithin(bytes: Buffer, zopfli: ZopfliEffort | null): Promise<{ gz: Buffer; zopfli: boolean }> {
  const fast = await gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION });
  // Zopfli saves 4-6% on these pages: a page that level 9 puts further over would not fit either
  // (the FAQ's pages, 29-35 kB), and is left at level 9 rather than pay a second of CPU for nothing.
  if (!zopfli || fast.length <= ZOPFLI_FROM || fast.length * ZOPFLI_BEST_RATIO > FIRST_ROUND_TRIP_HTML_BYTES) return { gz: fast, zopfli: false };
  const first = await zopfliGzip(bytes, zopfli);
  const harder = first.length > ZOPFLI_FROM && zopfli === ZOPFLI_EFFORT ? await zopfliGzip(bytes, ZOPFLI_HARDER_EFFORT) : first;
  const small = harder.length < first.length ? harder : first;
  return small.length < fast.length ? { gz: small, zopfli: true } : { gz: fast, zopfli: false };
}

/** Both forms of `bytes`, brotli's quality (`quality`, or the best one: see brotliWithin), and whether zopfli made the gzip. */
async function compressForms(
  bytes: Buffer,
  quality: number,
  zopfli: ZopfliEffort | null,
): Promise<{ forms: Record<Encoding['name'], Buffer>; quality: number; zopfli: boolean }> {
  const [br, gz] = await Promise.all([brotliWithin(bytes, quality), gzipWithin(bytes, zopfli)]);
  return { forms: { br: br.br, gzip: gz.gz }, quality: br.quality, zopfli: gz.zopfli };
}

/**
 * Both forms of one content, as the server of `npm start` makes them for a page it renders on
 * request: gzip at level 9 only, since zopfli's second of CPU would hold up its other requests.
 */
export async function compressBoth(bytes: Buffer, quality: number = BEST_QUALITY): Promise<Record<Encoding['name'], Buffer>> {
  return (await compressForms(bytes, quality, null)).forms;
}

/** How hard zopfli may work on a file of the build (see gzipWithin): only pages get it. */
const zopfliEffortFor = (file: string): ZopfliEffort | null =>
  !file.endsWith('.html') ? null : GROWS_WITH_THE_BLOG.test(file) ? ZOPFLI_POST_EFFORT : ZOPFLI_EFFORT;

export interface PrecompressResult {
  /** Text files given both forms. */
  files: number;
  /** Of those, how many were compressed in this build (the rest came from the cache). */
  compressed: number;
  /** Pages given a faster brotli quality (brotliQualityFor) that got the best one after all, to fit the first round trip. */
  raised: number;
  /** Pages whose gzip form zopfli made, to fit the first round trip (gzipWithin). */
  zopfli: number;
  bytes: number;
  brBytes: number;
  gzipBytes: number;
}

/** The name in the cache of `bytes` compressed with `how` (under the cache's SETTINGS). */
const cacheKey = (how: string, bytes: Buffer) => createHash('sha256').update(`${SETTINGS} ${how}`).update('\n').update(bytes).digest('hex').slice(0, 32);

/** Every file under `dir`, relative, in a stable order. */
function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** One content's forms: brotli's quality, and whether they were compressed in this build or came from the cache. */
interface Compressed {
  forms: Record<Encoding['name'], Buffer>;
  quality: number;
  /** Whether zopfli made the gzip form. */
  zopfli: boolean;
  fresh: boolean;
}

export class Precompressor {
  private readonly jobs = new Map<string, Promise<Compressed>>();
  private readonly cacheDir: string | null;

  /** `cacheDir` null keeps nothing between builds (the tests' throw-away folders). */
  constructor(cacheDir: string | null = path.resolve(PRECOMPRESS_CACHE_DIR)) {
    this.cacheDir = cacheDir;
  }

  /**
   * Starts compressing content that is about to be the file `file` of the build (its path in the
   * build), so the work overlaps what the build does next.
   */
  prefetch(bytes: Buffer | string, file: string): void {
    void this.forms(Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes), brotliQualityFor(file), zopfliEffortFor(file)).catch(() => {
      // writeAll asks again and reports the failure.
    });
  }

  /** Prefetches every text file under `dir`, the folder `inBuild` of the build (the bundler's assets, final before the pre-render starts). */
  prefetchFolder(dir: string, inBuild: string): void {
    if (!fs.existsSync(dir)) return;
    for (const file of filesUnder(dir))
      if (isCompressible(file) && !isEncodedForm(file)) this.prefetch(fs.readFileSync(path.join(dir, file)), `${inBuild}/${file.split(path.sep).join('/')}`);
  }

  private forms(bytes: Buffer, quality: number, zopfli: ZopfliEffort | null) {
    const key = cacheKey(`q${quality}${zopfli ? ` zopfli ${zopfli.iterations}-${zopfli.blocks}` : ''}`, bytes);
    let job = this.jobs.get(key);
    if (!job) {
      job = this.load(key, bytes, quality, zopfli);
      this.jobs.set(key, job);
    }
    return job;
  }

  private async load(key: string, bytes: Buffer, quality: number, zopfli: ZopfliEffort | null): Promise<Compressed> {
    const cached = this.cacheDir ? ENCODINGS.map((encoding) => path.join(this.cacheDir as string, `${key}${encoding.suffix}`)) : [];
    if (cached.length && cached.every((file) => fs.existsSync(file))) {
      try {
        const [br, gz] = cached.map((file) => fs.readFileSync(file));
        // The cache holds only forms at the best quality (below). A gzip form larger than level 9
        // would make of a page that does not fit is zopfli's (gzipWithin).
        const byZopfli = zopfli !== null && (await gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION })).length > (gz as Buffer).length;
        return { forms: { br: br as Buffer, gzip: gz as Buffer }, quality: BEST_QUALITY, zopfli: byZopfli, fresh: false };
      } catch {
        // Removed meanwhile (another build's clean-up): compress it again.
      }
    }
    const { forms, quality: got, zopfli: byZopfli } = await compressForms(bytes, quality, zopfli);
    // Only forms that took brotli's best quality are kept. A faster one (a post's page) is made
    // again in 1-2 ms, about what reading it back costs, while writing its two files costs more:
    // at 1,000 posts 1-2 s of the build's CPU and 23 MB more in the cache.
    if (this.cacheDir && got === BEST_QUALITY) {
      fs.mkdirSync(this.cacheDir, { recursive: true });
      // Written whole (write-whole.ts): a build running beside this one never reads half a file.
      for (const encoding of ENCODINGS) writeWhole(path.join(this.cacheDir, `${key}${encoding.suffix}`), forms[encoding.name]);
    }
    return { forms, quality: got, zopfli: byZopfli, fresh: true };
  }

  /**
   * The brotli form of a file shipped gzip-compressed inside (isPagefindWasm): brotli of its
   * decompressed bytes, at the best quality, kept in the cache (the file changes only with
   * Pagefind's version). A file found not gzip-compressed is taken as it is.
   */
  private async brotliInside(bytes: Buffer): Promise<Buffer> {
    const key = cacheKey('inside', bytes);
    const cached = this.cacheDir && path.join(this.cacheDir, `${key}.br`);
    if (cached && fs.existsSync(cached)) {
      try {
        return fs.readFileSync(cached);
      } catch {
        // Removed meanwhile (another build's clean-up): compress it again.
      }
    }
    const inside = bytes[0] === 0x1f && bytes[1] === 0x8b ? await gunzip(bytes) : bytes;
    const br = await brotli(inside, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BEST_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: inside.length },
    });
    if (cached) {
      fs.mkdirSync(path.dirname(cached), { recursive: true });
      writeWhole(cached, br);
    }
    return br;
  }

  /**
   * Writes both forms beside every text file under `dir` (and the brotli form beside Pagefind's
   * WebAssembly), as the files are now (content prefetched earlier and changed since is compressed
   * again), and removes forms whose file is gone, so a rebuild into the same folder leaves none
   * that no longer match.
   */
  async writeAll(dir: string): Promise<PrecompressResult> {
    const files = filesUnder(dir);
    const present = new Set(files);
    for (const file of files) {
      const original = file.slice(0, file.lastIndexOf('.'));
      if (isEncodedForm(file) && mayHaveEncodedForms(original) && !present.has(original)) fs.rmSync(path.join(dir, file));
    }
    const text = files.filter((file) => !isEncodedForm(file) && isCompressible(file));
    const written = new FileWriter();
    const insides = Promise.all(
      files
        .filter(isPagefindWasm)
        .map(async (file) => written.write(path.join(dir, `${file}.br`), await this.brotliInside(fs.readFileSync(path.join(dir, file))))),
    );
    const results = await Promise.all(
      text.map(async (file) => {
        const bytes = fs.readFileSync(path.join(dir, file));
        const asked = brotliQualityFor(file.split(path.sep).join('/'));
        const { forms, quality, zopfli, fresh } = await this.forms(bytes, asked, zopfliEffortFor(file.split(path.sep).join('/')));
        for (const encoding of ENCODINGS) written.write(path.join(dir, `${file}${encoding.suffix}`), forms[encoding.name]);
        return { fresh, raised: quality > asked, zopfli, bytes: bytes.length, br: forms.br.length, gzip: forms.gzip.length };
      }),
    );
    await insides;
    await written.done();
    return {
      files: results.length,
      compressed: results.filter((r) => r.fresh).length,
      raised: results.filter((r) => r.raised).length,
      zopfli: results.filter((r) => r.zopfli).length,
      bytes: results.reduce((sum, r) => sum + r.bytes, 0),
      brBytes: results.reduce((sum, r) => sum + r.br, 0),
      gzipBytes: results.reduce((sum, r) => sum + r.gzip, 0),
    };
  }
}
