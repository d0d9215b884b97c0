/**
 * A photo as the site serves it: upright (the EXIF orientation applied to the pixels), with every
 * metadata block removed (no GPS position, camera serial or editing history leaves the building),
 * in sRGB, as AVIF and WebP at each width the layout may ask for (photo-rules.ts); and the colour
 * that fills its box until it arrives (its average colour, so the page never shows an empty box),
 * which the pages' list of photos reads (photo-manifest.ts) without encoding anything.
 */
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { inspectPhoto, type PhotoInfo } from './inspect-photo.ts';
import { heightAt, MAX_PHOTO_PIXELS, PhotoError, widthsFor } from './photo-rules.ts';

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

/**
 * How hard each encoder searches for a smaller file. WebP at sharp's default (4). AVIF at 2, not
 * the default 4: on a 4,000 x 3,000 camera-like photo, the six AVIF widths took 19.0 s of CPU at
 * 4 and 1.6 s at 2 (WebP's six: 1.2 s), for files of the same order (the 1,920 px one smaller at
 * 2, the 960 px one larger, both well under WebP's), so new photos cost a build about what a
 * build making WebP alone pays for them.
 */
const EFFORT: Record<PhotoFormat, number> = { avif: 2, webp: 4 };

/** `image` (already resized) in `format` at the site's quality and effort. */
export function encodeAs(image: Sharp, format: PhotoFormat): Promise<Buffer> {
  return ENCODERS[format](image, EFFORT[format]).toBuffer();
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

/**
 * The photo decoded once, upright, in sRGB, at `size` (a JPEG's decoder shrinks it while reading):
 * a maker of images from those pixels, for each output to start from. `kernel` is the last
 * resize's (sharp's default Lanczos; a linear one where the decoder's shrink has left a small step).
 * A photo whose header reads but whose pixels do not (a file cut short, a damaged copy) is refused
 * with a PhotoError naming `file`: inspectPhoto reads only the header, so this is where it shows.
 */
export async function decodedAt(
  bytes: Buffer,
  size: { width: number; height: number },
  file: string,
  kernel: 'lanczos3' | 'linear' = 'lanczos3',
): Promise<() => Sharp> {
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS })
      .rotate()
      .resize({ ...size, fit: 'fill', kernel })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new PhotoError(file, 'is damaged or cut short (its pixels cannot all be read); save it again from the camera or an image editor');
  }
  const { data, info } = decoded;
  return () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
}

/**
 * Checks the photo (inspectPhoto's rules, naming `file`), then encodes every variant. The photo is
 * decoded once, upright, at its widest variant's size (a JPEG's decoder shrinks it while reading),
 * and each variant is resized from those pixels; decoding it again for each (a camera's JPEG
 * takes about half a second to read) and encoding one variant after another took a 6,000 x 4,000
 * photo 24 s on one core. The variants are encoded at once, on libvips' threads.
 */
export async function encodePhoto(bytes: Buffer, file: string, formats: readonly PhotoFormat[] = ['avif', 'webp']): Promise<EncodedPhoto> {
  const info = await inspectPhoto(bytes, file);
  const widths = widthsFor(info.width);
  const widest = Math.max(...widths);
  const pixels = await decodedAt(bytes, { width: widest, height: heightAt(info, widest) }, file);
  const variants = widths.flatMap((width) =>
    formats.map(async (format): Promise<PhotoVariant> => {
      const height = heightAt(info, width);
      return { format, width, height, bytes: await encodeAs(pixels().resize({ width, height, fit: 'fill' }), format) };
    }),
  );
  return { ...info, variants: await Promise.all(variants) };
}
