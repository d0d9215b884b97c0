/**
 * A photo as the site serves it: upright (the EXIF orientation applied to the pixels), with every
 * metadata block removed (no GPS position, camera serial or editing history leaves the building),
 * in sRGB, as AVIF and WebP at each width the layout may ask for (photo-rules.ts); and the colour
 * that fills its box until it arrives (its average colour, so the page never shows an empty box),
 * which the pages' list of photos reads (photo-manifest.ts) without encoding anything.
 */
import sharp, { type Sharp } from 'sharp';
import { inspectPhoto, type PhotoInfo } from './inspect-photo.ts';
import { heightAt, MAX_PHOTO_PIXELS, widthsFor } from './photo-rules.ts';

export type PhotoFormat = 'avif' | 'webp';

export interface PhotoVariant {
  format: PhotoFormat;
  width: number;
  height: number;
  bytes: Buffer;
}

export interface EncodedPhoto extends PhotoInfo {
  variants: PhotoVariant[];
}

/**
 * Quality per format, chosen where photos of food and factories show no artefacts at a phone's
 * pixel density: AVIF 50 and WebP 72 are each about the size of a JPEG at 60 and look better.
 * AVIF keeps its colour at half the resolution (4:2:0, as a camera's own JPEG and WebP do): a
 * camera photo's 960 px AVIF encodes in about half the time of full-resolution colour (sharp's
 * default) and is 15 % smaller, and a photo shows no difference.
 */
const ENCODERS: Record<PhotoFormat, (image: Sharp, effort: number) => Sharp> = {
  avif: (image, effort) => image.avif({ quality: 50, effort, chromaSubsampling: '4:2:0' }),
  webp: (image, effort) => image.webp({ quality: 72, effort }),
};

/** How hard the encoders search for a smaller file (sharp's default for both). */
const EFFORT = 4;

/**
 * `image` (already resized) in `format` at the site's quality, as the build encodes it; `effort`
 * trades time for bytes where a visitor is waiting for the file.
 */
export function encodeAs(image: Sharp, format: PhotoFormat, effort = EFFORT): Promise<Buffer> {
  return ENCODERS[format](image, effort).toBuffer();
}

const hex = (value: number) => Math.round(value).toString(16).padStart(2, '0');

/**
 * The photo's average colour as `#rrggbb`, for its box until it arrives: from a 16 x 16 reduction,
 * which a JPEG decoder makes while decoding at an eighth of the size, so it is cheap even for a
 * camera's photo (the page's renderer asks for it without encoding anything).
 */
export function placeholderColour(bytes: Buffer): Promise<string> {
  return averageColour(sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS }).resize(16, 16, { fit: 'fill' }).toColourspace('srgb'));
}

/** An sRGB image's average colour as `#rrggbb`. */
export async function averageColour(image: Sharp): Promise<string> {
  const { channels } = await image.stats();
  return `#${channels
    .slice(0, 3)
    .map((channel) => hex(channel.mean))
    .join('')}`;
}

/** Checks the photo (inspectPhoto's rules, naming `file`), then encodes every variant. */
export async function encodePhoto(bytes: Buffer, file: string, formats: readonly PhotoFormat[] = ['avif', 'webp']): Promise<EncodedPhoto> {
  const info = await inspectPhoto(bytes, file);
  // Decoded once, upright; each variant is resized from it.
  const upright = sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS }).rotate().toColourspace('srgb');
  const variants: PhotoVariant[] = [];
  for (const width of widthsFor(info.width)) {
    const height = heightAt(info, width);
    for (const format of formats) {
      const resized = upright.clone().resize({ width, height, fit: 'fill' });
      variants.push({ format, width, height, bytes: await encodeAs(resized, format) });
    }
  }
  return { ...info, variants };
}
