/**
 * Encoded photos kept between builds (and between the dev server's requests): encoding a camera's
 * photo takes seconds of CPU, so a photo whose bytes and encoding settings are unchanged is never
 * encoded again. Each photo has a folder named for the hash of both, holding its variants and,
 * written last, `photo.json`: a folder without it is an encoding that did not finish, and is
 * done again. Files are written whole (write-whole.ts), so two builds sharing the cache never read
 * half a file.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { writeWhole } from '../write-whole.ts';
import { encodePhoto, type EncodedPhoto, type PhotoVariant } from './encode-photo.ts';

export const PHOTO_CACHE_DIR = 'node_modules/.cache/gb-photos';

/** Raised whenever the encoder's settings or the variants' names change, so the old encodings are not reused. */
const ENCODING_VERSION = 'photos v2: avif-50 4:2:0 webp-72 widths 320-1920';

type Manifest = Omit<EncodedPhoto, 'variants'> & { variants: Omit<PhotoVariant, 'bytes'>[] };

const variantFile = (variant: Pick<PhotoVariant, 'format' | 'width'>) => `${variant.width}.${variant.format}`;

export function photoKey(bytes: Buffer): string {
  return createHash('sha256').update(ENCODING_VERSION).update('\n').update(bytes).digest('hex').slice(0, 24);
}

/**
 * One variant of a photo whose key is known (the pages' list has it), for the dev server: read
 * alone from the cache when the photo has been encoded, without reading the original or its other
 * variants; otherwise the photo is encoded once (`read` gives its bytes) and the variant taken from
 * that. Null when the photo has no such variant, or its file no longer has that key (replaced).
 */
export async function cachedVariant(
  key: string,
  variant: Pick<PhotoVariant, 'format' | 'width'>,
  read: () => { bytes: Buffer; file: string },
  cacheDir: string,
): Promise<Buffer | null> {
  const dir = path.join(cacheDir, key);
  const manifestFile = path.join(dir, 'photo.json');
  if (fs.existsSync(manifestFile)) {
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
    const listed = manifest.variants.some((candidate) => candidate.format === variant.format && candidate.width === variant.width);
    return listed ? fs.readFileSync(path.join(dir, variantFile(variant))) : null;
  }
  const { bytes, file } = read();
  if (photoKey(bytes) !== key) return null;
  const { photo } = await cachedPhoto(bytes, file, cacheDir);
  return photo.variants.find((candidate) => candidate.format === variant.format && candidate.width === variant.width)?.bytes ?? null;
}

/** The photo encoded (from the cache when it is there), and whether it came from the cache. */
export async function cachedPhoto(bytes: Buffer, file: string, cacheDir: string): Promise<{ photo: EncodedPhoto; cached: boolean }> {
  const dir = path.join(cacheDir, photoKey(bytes));
  const manifestFile = path.join(dir, 'photo.json');
  if (fs.existsSync(manifestFile)) {
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
    const variants = manifest.variants.map((variant) => ({ ...variant, bytes: fs.readFileSync(path.join(dir, variantFile(variant))) }));
    return { photo: { ...manifest, variants }, cached: true };
  }
  const photo = await encodePhoto(bytes, file);
  fs.mkdirSync(dir, { recursive: true });
  for (const variant of photo.variants) writeWhole(path.join(dir, variantFile(variant)), variant.bytes);
  const manifest: Manifest = { ...photo, variants: photo.variants.map(({ bytes: _bytes, ...rest }) => rest) };
  writeWhole(manifestFile, JSON.stringify(manifest));
  return { photo, cached: false };
}
