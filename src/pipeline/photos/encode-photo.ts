/**
 * A photo as the site serves it: upright (the EXIF orientation applied to the pixels), with every
 * metadata block removed (no GPS position, camera serial or editing history leaves the building),
 * in sRGB, as AVIF and WebP at each width the layout may ask for (photo-rules.ts), and a colour to
 * fill its box until it arrives (the photo's dominant colour, so the page never shows an empty box).
 */
import sharp, { type Sharp } from 'sharp';
import { inspectPhoto, type PhotoInfo } from './inspect-photo';
import { MAX_PHOTO_PIXELS, widthsFor } from './photo-rules';

export type PhotoFormat = 'avif' | 'webp';

export interface PhotoVariant {
  format: PhotoFormat;
  width: number;
  height: number;
  bytes: Buffer;
}

export interface EncodedPhoto extends PhotoInfo {
  /** `#rrggbb`, the colour of the box before the photo arrives. */
  placeholder: string;
  variants: PhotoVariant[];
}

/**
 * Quality per format, chosen where photos of food and factories show no artefacts at a phone's
 * pixel density: AVIF 50 and WebP 72 are each about the size of a JPEG at 60 and look better.
 */
const ENCODERS: Record<PhotoFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 4 }),
  webp: (image) => image.webp({ quality: 72, effort: 4 }),
};

const hex = (value: number) => Math.round(value).toString(16).padStart(2, '0');

/** Checks the photo (inspectPhoto's rules, naming `file`), then encodes every variant. */
export async function encodePhoto(bytes: Buffer, file: string, formats: readonly PhotoFormat[] = ['avif', 'webp']): Promise<EncodedPhoto> {
  const info = await inspectPhoto(bytes, file);
  // Decoded once, upright; each variant is resized from it.
  const upright = sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS }).rotate().toColourspace('srgb');
  const { dominant } = await upright.clone().stats();
  const variants: PhotoVariant[] = [];
  for (const width of widthsFor(info.width)) {
    const height = Math.round((info.height * width) / info.width);
    for (const format of formats) {
      const resized = upright.clone().resize({ width, height, fit: 'fill' });
      variants.push({ format, width, height, bytes: await ENCODERS[format](resized).toBuffer() });
    }
  }
  return { ...info, placeholder: `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}`, variants };
}
