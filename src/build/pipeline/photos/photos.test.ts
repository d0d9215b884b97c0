/** Photos checked and encoded for the site, from camera-like files made in the test (tests/support/camera-photo.ts). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { BLUE, cameraPhoto, hasGps, near, pixel, RED } from '../../../../tests/support/camera-photo';
import { coverCard } from './cover-card';
import { encodePhoto, placeholderColour } from './encode-photo';
import { inspectPhoto } from './inspect-photo';
import { cachedPhoto, cachedVariant, photoKey } from './photo-cache';
import { MAX_PHOTO_BYTES, PhotoError, widthsFor } from './photo-rules';
import { pngHeaderClaiming } from '../../../../tests/support/png-bomb';

describe('a camera photo', () => {
  it('is as the test means it: on its side, with a camera model and a GPS position', async () => {
    const metadata = await sharp(await cameraPhoto()).metadata();
    expect(metadata).toMatchObject({ width: 1200, height: 800, orientation: 6 });
    expect(metadata.exif?.toString('latin1')).toContain('TestCam 1');
    expect(hasGps(metadata.exif as Buffer)).toBe(true);
  });

  it('becomes AVIF and WebP at each width up to its own, upright, without any metadata', async () => {
    const photo = await encodePhoto(await cameraPhoto(), 'content/images/harvest.jpg');
    expect({ width: photo.width, height: photo.height }).toEqual({ width: 800, height: 1200 });
    expect(photo.variants.map((v) => `${v.format} ${v.width}x${v.height}`)).toEqual(
      widthsFor(800).flatMap((width) => [`avif ${width}x${width * 1.5}`, `webp ${width}x${width * 1.5}`]),
    );
    for (const variant of photo.variants) {
      const metadata = await sharp(variant.bytes).metadata();
      expect(metadata.format).toBe(variant.format === 'avif' ? 'heif' : 'webp');
      expect({ width: metadata.width, height: metadata.height }).toEqual({ width: variant.width, height: variant.height });
      expect(metadata.exif, `${variant.format} ${variant.width}`).toBeUndefined();
      expect(metadata.orientation ?? 1).toBe(1);
      expect(variant.bytes.includes(Buffer.from('TestCam'))).toBe(false);
    }
    // Upright: the blue corner is top right, the top left is red.
    const webp = photo.variants.find((v) => v.format === 'webp' && v.width === 640)!;
    expect(near(await pixel(webp.bytes, 630, 10), BLUE)).toBe(true);
    expect(near(await pixel(webp.bytes, 10, 10), RED)).toBe(true);
    // The box's colour until the photo arrives: the photo's main colour.
    const placeholder = await placeholderColour(await cameraPhoto());
    expect(near(Buffer.from(placeholder.slice(1), 'hex').toJSON().data as [number, number, number], RED)).toBe(true);
  });

  it('narrower than every width is encoded at its own width only', async () => {
    const small = await sharp({ create: { width: 200, height: 100, channels: 3, background: RED } })
      .png()
      .toBuffer();
    const photo = await encodePhoto(small, 'content/images/small.png');
    expect(photo.variants.map((v) => `${v.format} ${v.width}x${v.height}`)).toEqual(['avif 200x100', 'webp 200x100']);
  });
});

describe("a cover photo's link-preview card", () => {
  it('is the photo upright, cut to 1200 x 630, as a JPEG without any metadata', async () => {
    const card = await coverCard(await cameraPhoto(), 'content/photos/harvest.jpg');
    const metadata = await sharp(card).metadata();
    expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({ format: 'jpeg', width: 1200, height: 630 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation ?? 1).toBe(1);
    expect(card.includes(Buffer.from('TestCam'))).toBe(false);
  });

  it('is refused, naming the file, for a file that is not a photo', async () => {
    await expect(coverCard(Buffer.from('<!doctype html>'), 'content/photos/x.jpg')).rejects.toThrow(
      'content/photos/x.jpg: is not a JPEG, PNG, WebP or AVIF image',
    );
  });
});

describe('a file that is not a photo the site takes', () => {
  it('is refused by its content, whatever its name says, naming the file', async () => {
    const html = Buffer.from('<!doctype html><title>Not a photo</title><p>Hello');
    await expect(inspectPhoto(html, 'content/images/plant.jpg')).rejects.toThrow(
      'content/images/plant.jpg: is not a JPEG, PNG, WebP or AVIF image (its content is not an image, whatever its name says)',
    );
  });

  it('is refused when it is larger than the limit, before anything is decoded', async () => {
    const huge = Buffer.alloc(MAX_PHOTO_BYTES + 1);
    await expect(inspectPhoto(huge, 'content/images/huge.jpg')).rejects.toThrow(/content\/images\/huge\.jpg: is 25\.0 MB; a photo may be at most 25\.0 MB/);
  });

  it('is refused when its header claims more pixels than the limit (a decompression bomb: a small file, an enormous picture)', async () => {
    const bomb = pngHeaderClaiming(10_000, 10_000);
    expect(bomb.length).toBeLessThan(100);
    const refused = await inspectPhoto(bomb, 'uploads/cover.png').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PhotoError);
    expect((refused as PhotoError).message).toBe('uploads/cover.png: is 10000 x 10000 pixels (100 megapixels); a photo may have at most 50 megapixels');
    await expect(encodePhoto(bomb, 'uploads/cover.png')).rejects.toThrow('100 megapixels');
  });

  it('is refused when it is an image of another kind (a GIF)', async () => {
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: RED } })
      .gif()
      .toBuffer();
    await expect(inspectPhoto(gif, 'content/images/anim.gif')).rejects.toThrow('content/images/anim.gif: is a gif image; use a JPEG, PNG, WebP or AVIF');
  });
});

describe('the photo cache', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-photos-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('encodes a photo once: the same bytes again come from the cache, the same variants', async () => {
    const bytes = await cameraPhoto();
    const first = await cachedPhoto(bytes, 'content/images/harvest.jpg', dir);
    const again = await cachedPhoto(bytes, 'content/images/harvest.jpg', dir);
    expect([first.cached, again.cached]).toEqual([false, true]);
    expect({ width: again.photo.width, height: again.photo.height }).toEqual({ width: first.photo.width, height: first.photo.height });
    expect(again.photo.variants.map((v) => [v.format, v.width, v.height, v.bytes.length])).toEqual(
      first.photo.variants.map((v) => [v.format, v.width, v.height, v.bytes.length]),
    );
  });

  it('encodes again a photo whose encoding did not finish (no photo.json in its folder)', async () => {
    const bytes = await sharp({ create: { width: 400, height: 300, channels: 3, background: BLUE } })
      .jpeg()
      .toBuffer();
    await cachedPhoto(bytes, 'a.jpg', dir);
    fs.rmSync(path.join(dir, photoKey(bytes), 'photo.json'));
    expect((await cachedPhoto(bytes, 'a.jpg', dir)).cached).toBe(false);
  });

  it('gives the dev server one variant: encoded once when the photo is new, then read alone from the cache (not the original, not the other variants)', async () => {
    const bytes = await sharp({ create: { width: 700, height: 500, channels: 3, background: RED } })
      .jpeg()
      .toBuffer();
    const key = photoKey(bytes);
    const read = vi.fn(() => ({ bytes, file: 'content/photos/plant.jpg' }));
    const first = await cachedVariant(key, { format: 'avif', width: 480 }, read, dir);
    expect(read).toHaveBeenCalledTimes(1);
    expect((await sharp(first as Buffer).metadata()).width).toBe(480);

    const reads = vi.spyOn(fs, 'readFileSync');
    try {
      const again = await cachedVariant(key, { format: 'webp', width: 640 }, read, dir);
      expect((await sharp(again as Buffer).metadata()).format).toBe('webp');
      expect(read).toHaveBeenCalledTimes(1);
      expect(reads.mock.calls.map(([file]) => path.basename(String(file)))).toEqual(['photo.json', '640.webp']);
    } finally {
      reads.mockRestore();
    }
    // A width the photo has no variant at, and a key its file no longer has (the photo replaced): nothing.
    expect(await cachedVariant(key, { format: 'webp', width: 1920 }, read, dir)).toBeNull();
    const replaced = vi.fn(() => ({ bytes: Buffer.concat([bytes, Buffer.from([0])]), file: 'content/photos/plant.jpg' }));
    expect(await cachedVariant('0'.repeat(24), { format: 'webp', width: 320 }, replaced, dir)).toBeNull();
  });
});
