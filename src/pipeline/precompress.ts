/**
 * Every text file of the build compressed once, at build time: gzip at level 9 and brotli (at
 * quality 11, the best, or 5 for the pages that come with the blog's posts: see brotliQualityFor), written beside the file as
 * `<file>.gz` and `<file>.br`. Hosts
 * then send these bytes as they are (src/hosting/static-server.ts, gzip_static and brotli_static
 * in the nginx block) instead of compressing each response at a level fast enough to do per
 * request, which is what put `/` and `/blog/1` past the first round trip behind nginx.
 *
 * Brotli at quality 11 is slow (about 0.5-1 MB/s per core), so the work runs on libuv's threads
 * beside the pre-render: `prefetch` starts a page as soon as it is written, and `writeAll` waits
 * for what is left. Results are kept in node_modules/.cache/gb-precompressed/ under a hash of the
 * content, so a file that has not changed since an earlier build (most assets, most pages) is
 * copied, not compressed again.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { ENCODINGS, isCompressible, isEncodedForm, type Encoding } from '../hosting/encodings';
import { FIRST_ROUND_TRIP_HTML_BYTES } from './first-paint';

export const PRECOMPRESS_CACHE_DIR = 'node_modules/.cache/gb-precompressed';

/** Part of every cache key (with the brotli quality): change it with any change to the settings below. */
const SETTINGS = 'gzip-9 brotli-text v3';

/** Brotli's best quality: the site's own pages and its assets. */
export const BEST_QUALITY = zlib.constants.BROTLI_MAX_QUALITY;
/** A page of the blog's that comes with its posts (a post's page, a further page of the list): their number grows with the blog. */
export const POST_PAGE_QUALITY = 5;

/** Pages whose number grows with the blog: one per post (/blog/7) and one per twelve posts (/blog/page/2, the list's further pages). */
const GROWS_WITH_THE_BLOG = /^blog\/(?:\d+|page\/\d+)\/index\.html$/;

/**
 * Brotli's quality for a file of the build (its path in the build, with / between folders).
 * Quality 11 costs about 0.1 s of CPU for a 40 kB page: fine for the site's own pages and assets,
 * whose number does not grow, but a minute and more for a blog of 1,000 posts, past the build's
 * time budget (and the list's 83 further pages at that size took 4.9 s of CPU more). Quality 5
 * takes 1-2 ms a page for files about 11% larger (13.1 against 11.6 kB on /blog/1); so the pages
 * that grow with the blog get 5, every other file 11, and such a page that at 5 would not fit the
 * first round trip whole gets 11 after all (compressBoth): a page that needs a second round trip
 * paints a round trip later (the longest posts' LCP went from 1.02x to 1.25x the peer's at
 * quality 5), and only long posts pay the cost. (Qualities 6-9 shrink such a page by under 1%,
 * too little to bring one in: only 10 and 11 do.)
 */
export function brotliQualityFor(file: string): number {
  return GROWS_WITH_THE_BLOG.test(file) ? POST_PAGE_QUALITY : BEST_QUALITY;
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Both forms of one content, as the build writes them. */
const brotliAt = (bytes: Buffer, quality: number) =>
  brotli(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });

/** Brotli at `quality`, or at the best one when that would bring the whole file into the first round trip and `quality` does not. */
async function brotliWithin(bytes: Buffer, quality: number): Promise<Buffer> {
  const fast = await brotliAt(bytes, quality);
  if (quality >= BEST_QUALITY || fast.length <= FIRST_ROUND_TRIP_HTML_BYTES) return fast;
  return brotliAt(bytes, BEST_QUALITY);
}

export async function compressBoth(bytes: Buffer, quality: number = BEST_QUALITY): Promise<Record<Encoding['name'], Buffer>> {
  const [br, gz] = await Promise.all([brotliWithin(bytes, quality), gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION })]);
  return { br, gzip: gz };
}

export interface PrecompressResult {
  /** Text files given both forms. */
  files: number;
  /** Of those, how many were compressed in this build (the rest came from the cache). */
  compressed: number;
  bytes: number;
  brBytes: number;
  gzipBytes: number;
}

/** Every file under `dir`, relative, in a stable order. */
function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

export class Precompressor {
  private readonly jobs = new Map<string, Promise<{ forms: Record<Encoding['name'], Buffer>; fresh: boolean }>>();
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
    void this.forms(Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes), brotliQualityFor(file)).catch(() => {
      // writeAll asks again and reports the failure.
    });
  }

  /** Prefetches every text file under `dir`, the folder `inBuild` of the build (the bundler's assets, final before the pre-render starts). */
  prefetchFolder(dir: string, inBuild: string): void {
    if (!fs.existsSync(dir)) return;
    for (const file of filesUnder(dir))
      if (isCompressible(file) && !isEncodedForm(file)) this.prefetch(fs.readFileSync(path.join(dir, file)), `${inBuild}/${file.split(path.sep).join('/')}`);
  }

  private forms(bytes: Buffer, quality: number) {
    const key = createHash('sha256').update(`${SETTINGS} q${quality}`).update('\n').update(bytes).digest('hex').slice(0, 32);
    let job = this.jobs.get(key);
    if (!job) {
      job = this.load(key, bytes, quality);
      this.jobs.set(key, job);
    }
    return job;
  }

  private async load(key: string, bytes: Buffer, quality: number): Promise<{ forms: Record<Encoding['name'], Buffer>; fresh: boolean }> {
    const cached = this.cacheDir ? ENCODINGS.map((encoding) => path.join(this.cacheDir as string, `${key}${encoding.suffix}`)) : [];
    if (cached.length && cached.every((file) => fs.existsSync(file))) {
      try {
        const [br, gz] = cached.map((file) => fs.readFileSync(file));
        return { forms: { br: br as Buffer, gzip: gz as Buffer }, fresh: false };
      } catch {
        // Removed meanwhile (another build's clean-up): compress it again.
      }
    }
    const forms = await compressBoth(bytes, quality);
    if (this.cacheDir) {
      fs.mkdirSync(this.cacheDir, { recursive: true });
      for (const encoding of ENCODINGS) {
        // Written whole, then renamed: a build running beside this one never reads half a file.
        const target = path.join(this.cacheDir, `${key}${encoding.suffix}`);
        const partial = `${target}.${process.pid}.partial`;
        fs.writeFileSync(partial, forms[encoding.name]);
        fs.renameSync(partial, target);
      }
    }
    return { forms, fresh: true };
  }

  /**
   * Writes both forms beside every text file under `dir`, as the files are now (content
   * prefetched earlier and changed since is compressed again), and removes forms whose file is
   * gone, so a rebuild into the same folder leaves none that no longer match.
   */
  async writeAll(dir: string): Promise<PrecompressResult> {
    const files = filesUnder(dir);
    const present = new Set(files);
    for (const file of files) {
      const original = file.slice(0, file.lastIndexOf('.'));
      if (isEncodedForm(file) && isCompressible(original) && !present.has(original)) fs.rmSync(path.join(dir, file));
    }
    const text = files.filter((file) => !isEncodedForm(file) && isCompressible(file));
    const results = await Promise.all(
      text.map(async (file) => {
        const bytes = fs.readFileSync(path.join(dir, file));
        const { forms, fresh } = await this.forms(bytes, brotliQualityFor(file.split(path.sep).join('/')));
        for (const encoding of ENCODINGS) fs.writeFileSync(path.join(dir, `${file}${encoding.suffix}`), forms[encoding.name]);
        return { fresh, bytes: bytes.length, br: forms.br.length, gzip: forms.gzip.length };
      }),
    );
    return {
      files: results.length,
      compressed: results.filter((r) => r.fresh).length,
      bytes: results.reduce((sum, r) => sum + r.bytes, 0),
      brBytes: results.reduce((sum, r) => sum + r.br, 0),
      gzipBytes: results.reduce((sum, r) => sum + r.gzip, 0),
    };
  }
}
