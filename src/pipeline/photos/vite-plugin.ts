/**
 * Photos in the build and the dev server. `virtual:photos` tells the pages each photo of
 * content/photos/ by the address they use (`/photos/harvest.jpg`): its size as shown, its box's
 * colour and its variants' `srcset` (photo-manifest.ts); the Image component draws a <picture>
 * from it. The build writes the variants into assets/photos/ (from the cache when a photo has not
 * changed: photo-cache.ts); the dev server encodes a variant when it is first asked for, so an
 * editor sees the photo exactly as the site will serve it. The original file is never published.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { cachedPhoto, PHOTO_CACHE_DIR } from './photo-cache.ts';
import { photoManifest, PHOTOS_DIR, VARIANT_URL_PREFIX, variantName, type PhotoEntry } from './photo-manifest.ts';
import type { PhotoFormat } from './encode-photo.ts';

const VIRTUAL = 'virtual:photos';
const RESOLVED = `\0${VIRTUAL}`;

/** What a page needs of a photo (not its file or key). */
export type PagePhoto = Pick<PhotoEntry, 'width' | 'height' | 'placeholder' | 'srcset' | 'fallback'>;

const VARIANT = /^([0-9a-f]{24})-(\d+)\.(avif|webp)$/;

export function photosPlugin(): Plugin {
  let root = process.cwd();
  let manifest: Promise<Record<string, PhotoEntry>> | null = null;
  const photos = () => (manifest ??= photoManifest(root));
  const encoded = (entry: PhotoEntry) => cachedPhoto(fs.readFileSync(path.join(root, entry.file)), entry.file, path.join(root, PHOTO_CACHE_DIR));

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
      const all = await photos();
      const pages: Record<string, PagePhoto> = {};
      for (const [url, { width, height, placeholder, srcset, fallback }] of Object.entries(all)) pages[url] = { width, height, placeholder, srcset, fallback };
      return `export default ${JSON.stringify(pages)};`;
    },
    async generateBundle() {
      if (this.environment.name !== 'client') return;
      for (const entry of Object.values(await photos())) {
        const { photo } = await encoded(entry);
        for (const variant of photo.variants) {
          this.emitFile({
            type: 'asset',
            fileName: `${VARIANT_URL_PREFIX.slice(1)}${variantName(entry.key, variant.width, variant.format)}`,
            source: variant.bytes,
          });
        }
      }
    },
    // A photo added, changed or removed: the pages' list is made again.
    hotUpdate({ file }) {
      if (path.relative(path.join(root, PHOTOS_DIR), file).startsWith('..')) return;
      manifest = null;
      const mod = this.environment.moduleGraph.getModuleById(RESOLVED);
      if (mod) this.environment.moduleGraph.invalidateModule(mod);
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = req.url?.split('?')[0] ?? '';
        if (!url.startsWith(VARIANT_URL_PREFIX)) return next();
        const match = VARIANT.exec(url.slice(VARIANT_URL_PREFIX.length));
        void (async () => {
          const entry = match && Object.values(await photos()).find((candidate) => candidate.key === match[1]);
          const variant = entry && (await encoded(entry)).photo.variants.find((v) => v.width === Number(match[2]) && v.format === (match[3] as PhotoFormat));
          if (!variant) {
            res.statusCode = 404;
            res.setHeader('Content-Type', 'text/plain; charset=utf-8');
            res.end('Not found');
            return;
          }
          res.setHeader('Content-Type', `image/${variant.format}`);
          res.setHeader('Cache-Control', 'no-cache');
          res.end(variant.bytes);
        })().catch(next);
      });
    },
  };
}
