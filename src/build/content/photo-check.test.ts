/**
 * The content check's rules for photos, on copies of content/ with a camera-like photo made in the
 * test (tests/support/camera-photo.ts): a photo shown without a text alternative, a missing photo,
 * a file that is not an image, one over the byte limit and a decompression bomb each fail naming
 * the file, as `npm run check:content` prints it (exit code 1), with the message the build gives.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cameraPhoto } from '../../../tests/support/camera-photo';
import { cleanUpFixtures, contentFixture } from '../../../tests/support/content-fixture';
import { MAX_PHOTO_BYTES } from '../pipeline/photos/photo-rules';
import { loadContent } from './load';
import { mdxPhotoUses, photoProblems } from './photo-check';
import { pngHeaderClaiming } from '../../../tests/support/png-bomb';

const ROOT = process.cwd();
const GALLERY = 'content/pages/gallery.mdx';
const POST = 'content/blog/01-global-garlic-ingredient-market-2025.mdx';
const HARVEST_ALT = 'Farm workers lifting mature garlic bulbs from the soil and laying them in rows to cure in the field';

afterEach(cleanUpFixtures);

/** A copy of content/ whose gallery's first figure shows content/photos/harvest.jpg, with `alt` as given (or none). */
async function galleryWithPhoto(alt: string | undefined, photo?: Buffer): Promise<string> {
  const dir = contentFixture(GALLERY, (text) =>
    text.replace(
      /<Figure src="\/images\/gallery\/farm-harvest\.svg" alt="[^"]*"/,
      `<Figure src="/photos/harvest.jpg"${alt === undefined ? '' : ` alt="${alt}"`}`,
    ),
  );
  fs.mkdirSync(path.join(dir, 'content/photos'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'content/photos/harvest.jpg'), photo ?? (await cameraPhoto()));
  return dir;
}

const problemsIn = async (dir: string) => photoProblems(dir, loadContent(dir));
const galleryLine = (dir: string) =>
  fs
    .readFileSync(path.join(dir, GALLERY), 'utf8')
    .split('\n')
    .findIndex((line) => line.includes('/photos/harvest.jpg')) + 1;

describe('photos in the content check', () => {
  it('passes the real content, and a page showing a photo with its text alternative', async () => {
    expect(await problemsIn(ROOT)).toEqual([]);
    expect(await problemsIn(await galleryWithPhoto(HARVEST_ALT))).toEqual([]);
  });

  it('reads the elements of MDX text: attributes over several lines, literal expressions, and only photos of content/photos/', () => {
    const text = ['# Title', '', '<Figure', '  src="/photos/a.jpg"', "  alt={''}", '/>', '<Figure src="/images/b.svg" />', '<Image src={"/photos/c.png"} alt={label} />'].join('\n');
    expect(mdxPhotoUses('x.mdx', text)).toEqual([
      { where: 'x.mdx:3: <Figure src="/photos/a.jpg">', altField: 'alt', src: '/photos/a.jpg', alt: '' },
      { where: 'x.mdx:8: <Image src="/photos/c.png">', altField: 'alt', src: '/photos/c.png', alt: null },
    ]);
  });

  it('fails a photo shown without a text alternative, or with an empty one, naming the file, the line and the field', async () => {
    for (const [alt, got] of [
      [undefined, 'nothing'],
      ['  ', 'an empty text'],
    ] as const) {
      const dir = await galleryWithPhoto(alt);
      expect(await problemsIn(dir)).toEqual([
        `${GALLERY}:${galleryLine(dir)}: <Figure src="/photos/harvest.jpg">: alt: required for a photo; describe what the photo shows for a reader who cannot see it (a screen reader reads it aloud), got ${got}`,
      ]);
    }
  });

  it("fails a post's cover without its coverAlt, and a cover that is not in content/photos/", async () => {
    const dir = contentFixture(POST, (text) => text.replace(/^image: .*$/m, '$&\ncover: /photos/market.jpg'));
    expect(await problemsIn(dir)).toEqual([
      `${POST}: cover /photos/market.jpg: coverAlt: required for a photo; describe what the photo shows for a reader who cannot see it (a screen reader reads it aloud), got nothing`,
      `${POST}: cover /photos/market.jpg: cover: content/photos/market.jpg does not exist; add the photo there or correct the address`,
    ]);
  });

  it('fails a file that is not an image, one over the byte limit and a decompression bomb, with the message the build gives', async () => {
    const cases: [Buffer, string][] = [
      [Buffer.from('<!doctype html><title>Harvest</title>'), 'content/photos/harvest.jpg: is not a JPEG, PNG, WebP or AVIF image (its content is not an image, whatever its name says)'],
      [Buffer.alloc(MAX_PHOTO_BYTES + 1), 'content/photos/harvest.jpg: is 25.0 MB; a photo may be at most 25.0 MB (export it as a JPEG at the camera\'s size or smaller)'],
      [pngHeaderClaiming(10_000, 10_000), 'content/photos/harvest.jpg: is 10000 x 10000 pixels (100 megapixels); a photo may have at most 50 megapixels'],
    ];
    for (const [bytes, message] of cases) {
      expect(await problemsIn(await galleryWithPhoto(HARVEST_ALT, bytes))).toEqual([message]);
    }
  });

  it('is what npm run check:content prints, failing with exit code 1', async () => {
    const dir = await galleryWithPhoto(undefined, pngHeaderClaiming(10_000, 10_000));
    const check = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), path.join(ROOT, 'scripts/check-content.ts')], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(check.status).toBe(1);
    expect(check.stderr).toContain('Content check failed (2 problems):');
    expect(check.stderr).toContain(`${GALLERY}:${galleryLine(dir)}: <Figure src="/photos/harvest.jpg">: alt: required for a photo`);
    expect(check.stderr).toContain('content/photos/harvest.jpg: is 10000 x 10000 pixels (100 megapixels)');
  });
});
