/**
 * A photo under `npm run dev` as an editor meets it: a page showing a camera's photo (on its side,
 * camera model, GPS position; tests/support/camera-photo.ts) gets it from the dev server as the
 * build serves it (AVIF and WebP, upright, no metadata), and a photo replaced under the same name is
 * on the open page, newly encoded, without a restart. The dev server runs on a copy of the project
 * (support/dev-server.ts) whose gallery shows the photo; the site itself has no photograph yet.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLUE, cameraPhoto, near, pixel, RED } from '../support/camera-photo';
import { openPage, useBrowser } from './support/browser';
import { startDevServer, type DevServer } from './support/dev-server';
import { saveAndFollow, viteClientLines } from './support/dev-saves';
import { TEST_CREDENTIALS } from './support/env';

const GREEN = '#2f8f4e';
/** How long the open page may take to follow the saved photo: a safety net, never waited out on a working run. */
const FOLLOW_MS = 60_000;

let dev: DevServer;
beforeAll(async () => {
  const gallery = fs
    .readFileSync(path.join(process.cwd(), 'content/pages/gallery.mdx'), 'utf8')
    .replace(/src="\/images\/gallery\/farm-harvest\.svg"([^>]*?)width=\{800\} height=\{600\}/, 'src="/photos/harvest.jpg"$1width={800} height={1200}');
  dev = await startDevServer(TEST_CREDENTIALS, { 'content/pages/gallery.mdx': gallery, 'content/photos/harvest.jpg': await cameraPhoto() });
});
afterAll(async () => {
  await dev?.stop();
});

const browser = useBrowser();

/** The bytes the dev server sends for an address, with their type. */
async function served(address: string): Promise<{ type: string; bytes: Buffer }> {
  const response = await fetch(new URL(address, dev.url));
  expect(response.status, address).toBe(200);
  return { type: response.headers.get('content-type') ?? '', bytes: Buffer.from(await response.arrayBuffer()) };
}

/** The first picture's sources on the open page, and the address the browser chose and loaded. */
const firstPicture = (page: import('playwright-core').Page) =>
  page.evaluate(() => {
    const picture = document.querySelector('main picture');
    const img = picture?.querySelector('img');
    return {
      avif: picture?.querySelector('source[type="image/avif"]')?.getAttribute('srcset') ?? '',
      webp: picture?.querySelector('source[type="image/webp"]')?.getAttribute('srcset') ?? '',
      current: img?.currentSrc ?? '',
      loaded: Boolean(img?.complete && img.naturalWidth > 0),
      size: [img?.getAttribute('width'), img?.getAttribute('height')],
    };
  });

const entries = (srcset: string) => srcset.split(', ').map((entry) => entry.split(' ')[0]);

describe('a photo on a page of the dev server', () => {
  it('is served as AVIF and WebP variants, upright and without the camera’s metadata; the original is not served', async () => {
    const { page, problems } = await openPage(browser());
    await page.goto(`${dev.url}/gallery`);
    await page.waitForFunction(
      () => document.querySelector('main picture img') instanceof HTMLImageElement && (document.querySelector('main picture img') as HTMLImageElement).complete,
    );
    const picture = await firstPicture(page);
    expect(picture.loaded).toBe(true);
    expect(picture.size).toEqual(['800', '1200']);
    expect(entries(picture.avif)).toHaveLength(3);
    expect(entries(picture.webp)).toHaveLength(3);
    // Chromium takes AVIF.
    expect(picture.current).toMatch(/\.avif$/);
    for (const address of [...entries(picture.avif), ...entries(picture.webp)]) {
      const { type, bytes } = await served(address);
      expect(type).toBe(address.endsWith('.avif') ? 'image/avif' : 'image/webp');
      const metadata = await sharp(bytes).metadata();
      expect(metadata.exif, address).toBeUndefined();
      expect(metadata.orientation ?? 1).toBe(1);
      expect(bytes.includes(Buffer.from('TestCam')), address).toBe(false);
    }
    const webp = (await served(entries(picture.webp).find((address) => address.endsWith('-640.webp')) as string)).bytes;
    expect(near(await pixel(webp, 630, 10), BLUE)).toBe(true);
    expect(near(await pixel(webp, 10, 10), RED)).toBe(true);
    // Neither the original's address nor the folder it is in answers with it.
    const original = await fetch(`${dev.url}/photos/harvest.jpg`);
    expect(Buffer.from(await original.arrayBuffer()).includes(Buffer.from('TestCam'))).toBe(false);
    expect(problems).toEqual([]);
  });

  it('is the new photo on the open page, newly encoded, once the file is replaced under the same name, without a restart', async () => {
    const { page, problems } = await openPage(browser());
    const client = viteClientLines(page);
    await page.goto(`${dev.url}/gallery`);
    const before = await firstPicture(page);
    const replacement = await sharp({ create: { width: 1000, height: 600, channels: 3, background: GREEN } })
      .jpeg()
      .toBuffer();
    // The page reloads by itself and names the new photo's variants.
    await saveAndFollow(dev, client, path.join(dev.root, 'content/photos/harvest.jpg'), replacement, () =>
      page.waitForFunction((old) => document.querySelector('main picture source[type="image/webp"]')?.getAttribute('srcset') !== old, before.webp, {
        timeout: FOLLOW_MS,
      }),
    );
    await page.waitForFunction(() => {
      const img = document.querySelector('main picture img') as HTMLImageElement | null;
      return Boolean(img?.complete && img.naturalWidth > 0);
    });
    const after = await firstPicture(page);
    expect(after.size).toEqual(['1000', '600']);
    expect(entries(after.webp).map((address) => address.replace(/^.*-(\d+)\.webp$/, '$1'))).toEqual(['320', '480', '640', '960']);
    const webp = (await served(entries(after.webp)[2])).bytes;
    expect(await sharp(webp).metadata()).toMatchObject({ width: 640, height: 384 });
    expect(near(await pixel(webp, 320, 192), GREEN)).toBe(true);
    expect(problems).toEqual([]);
  });
});
