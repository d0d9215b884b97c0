/**
 * Reads what a photo is from its header, without decoding it: its format, its size as it is shown
 * (a camera's EXIF orientation turns a 6,000 x 4,000 file upright into 4,000 x 6,000), and whether it
 * is within the rules (photo-rules.ts). Anything else is refused with a message that names the file
 * and says what to do.
 */
import sharp, { type Metadata } from 'sharp';
import { MAX_PHOTO_BYTES, MAX_PHOTO_PIXELS, PHOTO_FORMATS, PhotoError } from './photo-rules.ts';

export interface PhotoInfo {
  format: (typeof PHOTO_FORMATS)[number];
  /** As shown, after the EXIF orientation. */
  width: number;
  height: number;
  /** Transparency (a PNG, WebP or AVIF may have it). */
  hasAlpha: boolean;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export async function inspectPhoto(bytes: Buffer, file: string): Promise<PhotoInfo> {
  if (bytes.length > MAX_PHOTO_BYTES) {
    throw new PhotoError(
      file,
      `is ${megabytes(bytes.length)}; a photo may be at most ${megabytes(MAX_PHOTO_BYTES)} (export it as a JPEG at the camera's size or smaller)`,
    );
  }
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new PhotoError(file, 'is not a JPEG, PNG, WebP or AVIF image (its content is not an image, whatever its name says)');
  }
  const format = PHOTO_FORMATS.find((known) => known === metadata.format);
  if (!format || (format === 'heif' && metadata.compression !== 'av1')) {
    throw new PhotoError(file, `is a ${metadata.format ?? 'unknown'} image; use a JPEG, PNG, WebP or AVIF`);
  }
  const { width, height } = metadata;
  if (!width || !height) throw new PhotoError(file, 'has no width or height in its header; save it again from an image editor');
  if (width * height > MAX_PHOTO_PIXELS) {
    throw new PhotoError(
      file,
      `is ${width} x ${height} pixels (${Math.round((width * height) / 1e6)} megapixels); a photo may have at most ${MAX_PHOTO_PIXELS / 1e6} megapixels`,
    );
  }
  // Orientations 5-8 turn the picture a quarter: the shown width is the stored height.
  const turned = (metadata.orientation ?? 1) >= 5;
  return { format, width: turned ? height : width, height: turned ? width : height, hasAlpha: metadata.hasAlpha ?? false };
}
