/**
 * Photos in the build and the dev server. `virtual:photos` tells the pages each photo of
 * content/photos/ by the address they use (`/photos/harvest.jpg`): its size as shown, its box's
 * colour and its variants' `srcset` (photo-manifest.ts); the Image component draws a <picture>
 * from it. The build writes the variants into assets/photos/ (from the cache when a photo has not
 * changed: photo-cache.ts); the dev server encodes a photo when one of its variants is first asked
 * for and then reads only the variant asked for, so an editor sees the photo exactly as the site
 * will serve it; a photo replaced under the same name gets new addresses, which the page names at
 * once. The original file is never published.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isRunnableDevEnvironment, type DevEnvironment, type Plugin } from 'vite';
import type { EvaluatedModuleNode } from 'vite/module-runner';
import { cachedPhoto, cachedVariant, PHOTO_CACHE_DIR } from './photo-cache.ts';
import { photoManifest, PHOTOS_DIR, VARIANT_URL_PREFIX, variantName, type PhotoEntry } from './photo-manifest.ts';
import type { PhotoFormat } from './encode-photo.ts';
import { invalidateWithImporters } from '../invalidate-importers.ts';

const VIRTUAL = 'virtual:photos';
const RESOLVED = `\0${VIRTUAL}`;

/** What a page needs of a photo (not its file or key). */
export type PagePhoto = Pick<PhotoEntry, 'width' | 'height' | 'placeholder' | 'srcset' | 'fallback'>;

export const pagePhoto = ({ width, height, placeholder, srcset, fallback }: PhotoEntry): PagePhoto => ({ width, height, placeholder, srcset, fallback });

const VARIANT = /^([0-9a-f]{24})-(\d+)\.(avif|webp)$/;

/**
 * The dev server's render runs the modules it has evaluated until they are invalidated: the
 * pages' list of photos, and every module that imports it (the Image component, the pages), run
 * again on the next request, so a page names a replaced photo's new variants without a restart.
 */
function rerunPhotoList(environment: DevEnvironment): void {
  if (!isRunnableDevEnvironment(environment)) return;
  const evaluated = environment.runner.evaluatedModules;
  const stale = [evaluated.getModuleById(RESOLVED)].filter((node): node is EvaluatedModuleNode => node !== undefined);
  invalidateWithImporters(evaluated, stale);
}

/**
 * Photos the build encodes at once. A photo's variants are encoded side by side, but its widest
 * AVIF takes longest and runs alone at the end, leaving the other core idle; a second photo fills
 * that time. More at once only holds more decoded photos in memory (about 7 MB each at 1,920 px).
 */
const PHOTOS_AT_ONCE = 2;

/** `work` on every item, at most `limit` at a time; the results in the items' order. */
async function mapAtMost<T, R>(limit: number, items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export function photosPlugin(): Plugin {
  let root = process.cwd();
  let manifest: Promise<Record<string, PhotoEntry>> | null = null;
  const photos = () => (manifest ??= photoManifest(root));
  const encoded = (entry: PhotoEntry) => cachedPhoto(fs.readFileSync(path.join(root, entry.file)), entry.file, path.join(root, PHOTO_CACHE_DIR));
  /** The dev server's variants being encoded, by photo key: requests for a photo's variants at once encode it once. */
  const encoding = new Map<string, Promise<Buffer | null>>();
  const variantOf = (entry: PhotoEntry, format: PhotoFormat, width: number): Promise<Buffer | null> => {
    const read = () => ({ bytes: fs.readFileSync(path.join(root, entry.file)), file: entry.file });
    const cacheDir = path.join(root, PHOTO_CACHE_DIR);
    const pending = encoding.get(entry.key);
    // Once the photo's first encoding is done, every variant comes from the cache.
    const after = pending ? pending.catch(() => null) : Promise.resolve(null);
    const result = after.then(() => cachedVariant(entry.key, { format, width }, read, cacheDir));
    encoding.set(entry.key, result);
    void result.finally(() => {
      if (encoding.get(entry.key) === result) encoding.delete(entry.key);
    });
    return result;
  };

  return {
    name: 'garlic-photos',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      if (id === VIRTUAL) return RESOLVED;
    },
    async load(id) {
      if (id !== RESOLVED) return;
      // The browser's scripts carry no list: each island carries the photos it shows (components/ui/page-photos.ts).
      if (this.environment.config.consumer === 'client') return 'export default {};';
      const all = await photos();
      const pages: Record<string, PagePhoto> = {};
      for (const [url, entry] of Object.entries(all)) pages[url] = pagePhoto(entry);
      return `export default ${JSON.stringify(pages)};`;
    },
    async generateBundle() {
      if (this.environment.name !== 'client') return;
      const count = { encoded: 0, cached: 0 };
      const entries = Object.values(await photos());
      const results = await mapAtMost(PHOTOS_AT_ONCE, entries, encoded);
      for (const [i, entry] of entries.entries()) {
        const { photo, cached } = results[i];
        count[cached ? 'cached' : 'encoded'] += 1;
        for (const variant of photo.variants) {
          this.emitFile({
            type: 'asset',
            fileName: `${VARIANT_URL_PREFIX.slice(1)}${variantName(entry.key, variant.width, variant.format)}`,
            source: variant.bytes,
          });
        }
      }
      // The build's log says what the photos cost: an unchanged photo is never encoded again.
      if (count.encoded + count.cached > 0) console.log(`Photos: ${count.encoded} encoded, ${count.cached} from the cache`);
    },
    // A photo added, changed or removed: the pages' list is made again.
    hotUpdate({ file }) {
      if (path.relative(path.join(root, PHOTOS_DIR), file).startsWith('..')) return;
      manifest = null;
      const mod = this.environment.moduleGraph.getModuleById(RESOLVED);
      if (mod) this.environment.moduleGraph.invalidateModule(mod);
      rerunPhotoList(this.environment);
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = req.url?.split('?')[0] ?? '';
        if (!url.startsWith(VARIANT_URL_PREFIX)) return next();
        const match = VARIANT.exec(url.slice(VARIANT_URL_PREFIX.length));
        void (async () => {
          const entry = match && Object.values(await photos()).find((candidate) => candidate.key === match[1]);
          const format = match?.[3] as PhotoFormat;
          const bytes = entry && (await variantOf(entry, format, Number(match[2])));
          if (!bytes) {
            res.statusCode = 404;
            res.setHeader('Content-Type', 'text/plain; charset=utf-8');
            res.end('Not found');
            return;
          }
          res.setHeader('Content-Type', `image/${format}`);
          res.setHeader('Cache-Control', 'no-cache');
          res.end(bytes);
        })().catch(next);
      });
    },
  };
}
