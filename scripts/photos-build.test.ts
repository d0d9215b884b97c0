/**
 * A camera's photo put in content/photos/ and shown on a page, as an editor adds one: the build
 * writes the page with a <picture> of AVIF and WebP variants (intrinsic size, every width up to
 * the photo's, its box's colour) and the variants themselves, upright and without the camera's
 * metadata, and never the original file. Built from a temporary copy of the project, whose page
 * shows the photo the tests make (camera-photo.ts); the site itself has no photograph yet.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLUE, cameraPhoto, near, pixel, RED } from '../tests/support/camera-photo';
import { BUILD_ARGV } from './lib/build-command';
import { copyProject } from './lib/project-copy';

let dir = '';
let out = '';
let build: ReturnType<typeof spawnSync>;

beforeAll(async () => {
  dir = copyProject('gb-photos-');
  out = path.join(dir, 'out');
  fs.mkdirSync(path.join(dir, 'content/photos'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'content/photos/harvest.jpg'), await cameraPhoto());
  // The gallery's first figure, in every language, shows the photo instead of its illustration.
  for (const language of ['', 'de/', 'ar/']) {
    const page = path.join(dir, 'content', language, 'pages/gallery.mdx');
    const text = fs.readFileSync(page, 'utf8');
    const edited = text.replace(
      /src="\/images\/gallery\/farm-harvest\.svg"([^>]*?)width=\{800\} height=\{600\}/,
      'src="/photos/harvest.jpg"$1width={800} height={1200}',
    );
    expect(edited, page).not.toBe(text);
    fs.writeFileSync(page, edited);
  }
  build = spawnSync(process.execPath, BUILD_ARGV, { cwd: dir, encoding: 'utf8', env: { ...process.env, GB_OUT_DIR: out } });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const html = () => fs.readFileSync(path.join(out, 'gallery/index.html'), 'utf8');
const variantFiles = () => fs.readdirSync(path.join(out, 'assets/photos')).sort();

describe('a camera photo on a page', () => {
  it('builds', () => {
    expect(build.status, String(build.stderr)).toBe(0);
  });

  it('is a <picture> of AVIF and WebP variants at every width up to its own, with its size and box colour', () => {
    const picture = /<picture>[\s\S]*?<\/picture>/.exec(html())?.[0] ?? '';
    const avif = /<source type="image\/avif" srcSet="([^"]+)" sizes="[^"]+"\/>/.exec(picture)?.[1] ?? '';
    const webp = /<source type="image\/webp" srcSet="([^"]+)" sizes="[^"]+"\/>/.exec(picture)?.[1] ?? '';
    expect(avif.split(', ').map((entry) => entry.split(' ')[1])).toEqual(['320w', '480w', '640w']);
    expect(webp.split(', ').map((entry) => entry.split(' ')[1])).toEqual(['320w', '480w', '640w']);
    const img = /<img [^>]*>/.exec(picture)?.[0] ?? '';
    expect(img).toContain('alt="Farm workers lifting mature garlic bulbs from the soil and laying them in rows to cure in the field"');
    expect(img).toMatch(/width="800" height="1200"/);
    expect(img).toMatch(/style="background-color:#[0-9a-f]{6}"/);
    // Every address the page names is a file of the build.
    for (const address of [...avif.split(', '), ...webp.split(', ')].map((entry) => entry.split(' ')[0]).concat(/src="([^"]+)"/.exec(img)?.[1] ?? '')) {
      expect(fs.existsSync(path.join(out, address)), address).toBe(true);
    }
  });

  it('is served upright and without the camera’s metadata, and the original file is not published', async () => {
    expect(variantFiles()).toHaveLength(6);
    for (const name of variantFiles()) {
      const bytes = fs.readFileSync(path.join(out, 'assets/photos', name));
      const metadata = await sharp(bytes).metadata();
      expect(metadata.exif, name).toBeUndefined();
      expect(bytes.includes(Buffer.from('TestCam')), name).toBe(false);
    }
    const webp = fs.readFileSync(path.join(out, 'assets/photos', variantFiles().find((name) => name.endsWith('-640.webp')) as string));
    expect(near(await pixel(webp, 630, 10), BLUE)).toBe(true);
    expect(near(await pixel(webp, 10, 10), RED)).toBe(true);
    // Not under its name, nor anywhere as its bytes (a copy under a hashed name).
    const original = fs.readFileSync(path.join(dir, 'content/photos/harvest.jpg'));
    const published = fs.readdirSync(out, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(published.filter((entry) => /\.jpe?g$/i.test(entry.name))).toEqual([]);
    expect(published.filter((entry) => fs.statSync(path.join(entry.parentPath, entry.name)).size === original.length)).toEqual([]);
  });
});
