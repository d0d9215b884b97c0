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
import { GATE_FILE } from '../src/build/credentials/gate-file';
import { removeBuild } from '../src/build/pipeline/ssr-dir';
import { BUILD_ARGV } from './lib/build-command';
import { copyProject } from './lib/project-copy';

const POST_FILE = 'content/blog/01-global-garlic-ingredient-market-2025.mdx';
const COVER_ALT = 'Garlic bulbs laid in rows to cure in the field after harvest';
/** The rebuild's folder, beside the first build's. */
const AGAIN = 'out-again';

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
  // The first post shows the photo as its cover.
  const post = path.join(dir, POST_FILE);
  fs.writeFileSync(post, fs.readFileSync(post, 'utf8').replace(/^image: .*$/m, `$&\ncover: /photos/harvest.jpg\ncoverAlt: ${COVER_ALT}`));
  build = spawnSync(process.execPath, BUILD_ARGV, { cwd: dir, encoding: 'utf8', env: { ...process.env, GB_OUT_DIR: out } });
});
afterAll(() => {
  for (const site of [out, path.join(dir, AGAIN)]) removeBuild(site);
  fs.rmSync(dir, { recursive: true, force: true });
});

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
    // The only JPEG is the post's link-preview card, made from the photo (the next test reads it).
    expect(published.filter((entry) => /\.jpe?g$/i.test(entry.name)).map((entry) => path.relative(out, path.join(entry.parentPath, entry.name)))).toEqual([
      'images/social/cards/blog/1.jpg',
    ]);
    // A copy has the original's size and bytes; another file may have its size by chance.
    const copies = published.filter((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return fs.statSync(file).size === original.length && fs.readFileSync(file).equals(original);
    });
    expect(copies).toEqual([]);
  });
});

describe("a post's cover photo", () => {
  const postHtml = () => fs.readFileSync(path.join(out, 'blog/1/index.html'), 'utf8');

  it("is the post page's first image: AVIF and WebP sources with the photo's width and height, high priority, not lazy, the text column's sizes", () => {
    const main = postHtml().slice(postHtml().indexOf('<main'));
    const picture = /<picture>[\s\S]*?<\/picture>/.exec(main)?.[0] ?? '';
    // No image comes before it in the page's main content.
    expect(main.indexOf('<img')).toBe(main.indexOf(picture) + picture.indexOf('<img'));
    expect(picture).toMatch(
      /<source type="image\/avif" srcSet="[^"]+ 320w, [^"]+ 480w, [^"]+ 640w" sizes="\(min-width: 54rem\) 52rem, calc\(100vw - 2rem\)"\/>/,
    );
    expect(picture).toMatch(/<source type="image\/webp" srcSet="[^"]+ 640w"/);
    const img = /<img [^>]*>/.exec(picture)?.[0] ?? '';
    expect(img).toContain(`alt="${COVER_ALT}"`);
    expect(img).toMatch(/width="800" height="1200"/);
    expect(img).toMatch(/fetchpriority="high"/i);
    expect(img).toContain('loading="eager"');
  });

  it('is the link-preview card (og:image), a 1200x630 JPEG without metadata, and the feed item’s picture', async () => {
    expect(postHtml()).toMatch(/<meta property="og:image" content="[^"]*\/images\/social\/cards\/blog\/1\.jpg">/);
    const card = fs.readFileSync(path.join(out, 'images/social/cards/blog/1.jpg'));
    const metadata = await sharp(card).metadata();
    expect({ format: metadata.format, width: metadata.width, height: metadata.height, exif: metadata.exif }).toEqual({
      format: 'jpeg',
      width: 1200,
      height: 630,
      exif: undefined,
    });
    const feed = fs.readFileSync(path.join(out, 'blog/feed.xml'), 'utf8');
    const item = [...feed.matchAll(/<item>[\s\S]*?<\/item>/g)].map(([text]) => text).find((text) => text.includes('/blog/1</link>')) ?? '';
    const enclosure = /<enclosure url="[^"]*(\/assets\/photos\/[^"]+\.webp)" length="(\d+)" type="image\/webp"\/>/.exec(item);
    expect(enclosure).not.toBeNull();
    expect(fs.statSync(path.join(out, enclosure![1])).size).toBe(Number(enclosure![2]));
    expect(item).toMatch(/<media:content url="[^"]+\.webp" type="image\/webp" medium="image" width="640" height="960"\/>/);
  });

  it("is a small variant on the blog list's card, and the search index carries its variants", () => {
    const list = fs.readFileSync(path.join(out, 'blog/index.html'), 'utf8');
    const pictures = [...list.matchAll(/<picture>[\s\S]*?<\/picture>/g)].map(([text]) => text);
    expect(pictures).toHaveLength(1);
    expect(pictures[0]).toContain('sizes="(min-width: 78rem) 339px');
    const index = JSON.parse(fs.readFileSync(path.join(out, 'blog/search.json'), 'utf8')) as { id: number; coverPhoto?: { srcset: { webp: string } } }[];
    expect(index.find((entry) => entry.id === 1)?.coverPhoto?.srcset.webp).toMatch(/ 640w$/);
  });

  it("is in no browser script: the scripts carry no photo's variant list (an island carries the photos it shows)", () => {
    const scripts = fs
      .readdirSync(path.join(out, 'assets'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    const key = variantFiles()[0].slice(0, 24);
    for (const script of scripts) expect(fs.readFileSync(path.join(script.parentPath, script.name), 'utf8'), script.name).not.toContain(key);
    const list = fs.readFileSync(path.join(out, 'blog/index.html'), 'utf8');
    expect(/<gb-island data-island="BlogList"[^>]* data-photos="([^"]*)"/.exec(list)?.[1]).toContain(key);
  });
});

describe('a rebuild with nothing changed', () => {
  it('encodes no photo again: its log says so, and the variants, the card and every other file are the same', () => {
    expect(String(build.stdout)).toMatch(/^Photos: [01] encoded, [01] from the cache$/m);
    const again = path.join(dir, AGAIN);
    const rebuild = spawnSync(process.execPath, BUILD_ARGV, { cwd: dir, encoding: 'utf8', env: { ...process.env, GB_OUT_DIR: again } });
    expect(rebuild.status, rebuild.stderr).toBe(0);
    expect(rebuild.stdout).toMatch(/^Photos: 0 encoded, 1 from the cache$/m);
    const files = (root: string) =>
      [...variantFiles().map((name) => `assets/photos/${name}`), 'images/social/cards/blog/1.jpg'].map((file) => [
        file,
        fs.readFileSync(path.join(root, file)).toString('base64'),
      ]);
    expect(files(again)).toEqual(files(out));
    // Nothing else differs either: the same sources build the same files, but for the gate's
    // pairs, salted anew in a file of their own (the pages and scripts keep their names).
    const listed = (root: string) =>
      fs
        .readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
        .sort();
    expect(listed(again)).toEqual(listed(out));
    const differing = listed(out).filter((file) => !fs.readFileSync(path.join(out, file)).equals(fs.readFileSync(path.join(again, file))));
    expect(differing).toEqual([GATE_FILE, `${GATE_FILE}.br`, `${GATE_FILE}.gz`]);
  }, 600_000);
});
