/**
 * A post's link-preview card when the post has a cover photo: the photo itself, upright, cut to
 * the card's 1200 x 630 around its most detailed part (sharp's `attention` crop keeps faces and
 * products rather than the sky), as a JPEG, which every social network and feed reader takes
 * (not all take WebP or AVIF), with no metadata (no GPS position, no camera serial).
 */
import sharp from 'sharp';
import { inspectPhoto } from './inspect-photo.ts';
import { MAX_PHOTO_PIXELS } from './photo-rules.ts';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** Raised whenever the card's crop or encoding changes, so the cached cards are drawn again. */
export const COVER_CARD_VERSION = 'cover card v1: 1200x630 attention jpeg-80';

/** Checks the photo (inspectPhoto's rules, naming `file`), then cuts and encodes its card. */
export async function coverCard(bytes: Buffer, file: string): Promise<Buffer> {
  await inspectPhoto(bytes, file);
  return sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS })
    .rotate()
    .resize(CARD_WIDTH, CARD_HEIGHT, { fit: 'cover', position: 'attention' })
    .toColourspace('srgb')
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
}
