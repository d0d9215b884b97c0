/**
 * A cover photo as a feed item's picture: the WebP variant nearest 1,280 px wide (a reader's
 * column, sharp on a high-density screen), from the build's variants (assets/photos/), with its
 * length in bytes, which RSS's enclosure requires.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FeedImage } from '../discovery-files.ts';
import { inspectPhoto } from './inspect-photo.ts';
import { photoKey } from './photo-cache.ts';
import { PHOTO_URL_PREFIX, PHOTOS_DIR, VARIANT_URL_PREFIX, variantName } from './photo-manifest.ts';
import { feedWidth, heightAt } from './photo-rules.ts';

/** `cover` is the post's `/photos/…` address; `distDir` the build, whose client bundle has written the variants. */
export async function coverFeedImage(root: string, distDir: string, cover: string): Promise<FeedImage> {
  const file = `${PHOTOS_DIR}/${cover.slice(PHOTO_URL_PREFIX.length)}`;
  const bytes = fs.readFileSync(path.join(root, file));
  const info = await inspectPhoto(bytes, file);
  const width = feedWidth(info.width);
  const address = `${VARIANT_URL_PREFIX}${variantName(photoKey(bytes), width, 'webp')}`;
  return {
    url: address,
    type: 'image/webp',
    length: fs.statSync(path.join(distDir, address.slice(1))).size,
    width,
    height: heightAt(info, width),
  };
}
