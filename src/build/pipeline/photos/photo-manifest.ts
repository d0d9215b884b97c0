/**
 * The photos editors put in content/photos/, as pages refer to them (`/photos/harvest.jpg`) and as
 * the pages show them: the size as shown, the box's colour, and the addresses of the encoded
 * variants, named for the photo's key (photo-cache.ts) so a changed photo gets new addresses and
 * every variant can be cached for a year. Made without encoding any variant, so pages can be
 * rendered while the variants are made.
 */
import fs from 'node:fs';
import path from 'node:path';
import { placeholderColour, type PhotoFormat } from './encode-photo.ts';
import { inspectPhoto } from './inspect-photo.ts';
import { photoKey } from './photo-cache.ts';
import { phoneWidth, widthsFor } from './photo-rules.ts';

export const PHOTOS_DIR = 'content/photos';
/** Where pages refer to a photo of PHOTOS_DIR. */
export const PHOTO_URL_PREFIX = '/photos/';
/** Where the variants are served. */
export const VARIANT_URL_PREFIX = '/assets/photos/';

const PHOTO_FILE = /\.(jpe?g|png|webp|avif)$/i;

export interface PhotoEntry {
  /** The file, from the project's root (content/photos/harvest.jpg). */
  file: string;
  key: string;
  width: number;
  height: number;
  /** `#rrggbb`, the box's colour until the photo arrives. */
  placeholder: string;
  /** Each variant's address and width, per format: what a `srcset` lists. */
  srcset: Record<PhotoFormat, string>;
  /** The variant an <img> names for browsers that read no `srcset`: the WebP a phone takes (phoneWidth). */
  fallback: string;
}

export const variantName = (key: string, width: number, format: PhotoFormat) => `${key}-${width}.${format}`;

export async function photoEntry(root: string, file: string): Promise<PhotoEntry> {
  const bytes = fs.readFileSync(path.join(root, file));
  const info = await inspectPhoto(bytes, file);
  const key = photoKey(bytes);
  const widths = widthsFor(info.width);
  const list = (format: PhotoFormat) => widths.map((width) => `${VARIANT_URL_PREFIX}${variantName(key, width, format)} ${width}w`).join(', ');
  return {
    file,
    key,
    width: info.width,
    height: info.height,
    placeholder: await placeholderColour(bytes),
    srcset: { avif: list('avif'), webp: list('webp') },
    fallback: `${VARIANT_URL_PREFIX}${variantName(key, phoneWidth(info.width), 'webp')}`,
  };
}

/** The files of content/photos/, from the project's root (content/photos/harvest.jpg), sorted. */
export function photoFiles(root: string): string[] {
  const dir = path.join(root, PHOTOS_DIR);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && PHOTO_FILE.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** Every photo of content/photos/ by the address pages use; a file that breaks the rules fails naming itself. */
export async function photoManifest(root: string): Promise<Record<string, PhotoEntry>> {
  const entries = await Promise.all(photoFiles(root).map((file) => photoEntry(root, file)));
  return Object.fromEntries(entries.map((entry) => [`${PHOTO_URL_PREFIX}${entry.file.slice(PHOTOS_DIR.length + 1)}`, entry]));
}
