import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cameraPhoto } from '../../../tests/support/camera-photo';
import { loadContent } from '../../../src/build/content/load';
import { cardSvg, layoutTitle, textWidth } from './card-svg';
import { cardJobs, publishCards, renderCards } from './index';

const root = process.cwd();

describe('layoutTitle', () => {
  it('keeps a short title large, on few lines', () => {
    expect(layoutTitle('Garlic Powder')).toEqual({ size: 64, lines: ['Garlic Powder'] });
  });

  it('wraps a long title within the text column, smaller, and never loses more than the end', () => {
    const title = 'Reducing the Footprint of Garlic Dehydration: Energy, Heat Recovery, Packaging and Carbon per Container';
    const { size, lines } = layoutTitle(title);
    expect(size).toBeLessThan(64);
    for (const line of lines) expect(textWidth(line, size)).toBeLessThanOrEqual(570);
    expect(title.startsWith(lines.join(' ').replace(/…$/, ''))).toBe(true);
  });

  it('escapes markup in titles', () => {
    expect(cardSvg({ brand: 'B', title: 'Salt & <Pepper>', label: 'Blog', site: 'x.example' })).toContain('Salt &amp; &lt;Pepper&gt;');
  });
});

describe('cardJobs', () => {
  it('names every product page and every post, however many', () => {
    const content = loadContent(root);
    const paths = cardJobs(content, 'https://garlicbrothers.example').map((job) => job.pagePath);
    expect(paths).toEqual(expect.arrayContaining(['/garlic-powder', '/garlic-granules', '/garlic-flakes', '/garlic-oil', '/aged-garlic-extract', '/blog/1']));
    expect(paths).not.toContain('/about');
    // A translated product page's card is in its language, mirrored for a language written right to left.
    const jobs = cardJobs(content, 'https://garlicbrothers.example');
    const titleOf = (pagePath: string) => content.translations.flatMap((t) => t.pages).find((p) => p.path === pagePath)!.meta.title;
    expect(jobs.find((job) => job.pagePath === '/de/garlic-powder')).toMatchObject({
      label: 'Produktspezifikationen',
      title: titleOf('/de/garlic-powder'),
      dir: 'ltr',
    });
    expect(jobs.find((job) => job.pagePath === '/ar/garlic-powder')).toMatchObject({
      label: 'مواصفات المنتج',
      title: titleOf('/ar/garlic-powder'),
      dir: 'rtl',
    });
    expect(titleOf('/de/garlic-powder')).toMatch(/Knoblauchpulver/);
    expect(paths.filter((p) => p.startsWith('/blog/'))).toEqual(content.blog.map((post) => `/blog/${post.meta.id}`));
    const many = { ...content, blog: Array.from({ length: 1000 }, (_, i) => ({ ...content.blog[0], meta: { ...content.blog[0].meta, id: 1000 - i } })) };
    const posts = cardJobs(many, 'https://garlicbrothers.example').filter((job) => job.pagePath.startsWith('/blog/'));
    expect(posts.map((job) => job.pagePath)).toEqual(Array.from({ length: 1000 }, (_, i) => `/blog/${1000 - i}`));
    expect(posts.every((job) => job.label === 'Blog' && job.title === content.blog[0].meta.title)).toBe(true);
  });
});

describe('renderCards', () => {
  /** `count` blog cards with titles no earlier run has drawn. */
  const freshCards = (name: string, count: number) => {
    const stamp = `${process.pid} ${Date.now()}`;
    return Array.from({ length: count }, (_, i) => ({
      brand: 'Garlic Brothers',
      title: `${name} ${i} ${stamp}`,
      label: 'Blog',
      site: 'garlicbrothers.example',
      pagePath: `/blog/${i + 1}`,
    }));
  };
  const isPng = (file: string) => fs.readFileSync(file).subarray(12, 16).toString('latin1') === 'IHDR';

  it('draws a 1200x630 PNG per card once, then serves it from the cache', async () => {
    const title = `Cache test ${process.pid} ${Date.now()}`;
    const jobs = [
      { brand: 'Garlic Brothers', title, label: 'Blog', site: 'garlicbrothers.example', pagePath: '/blog/999' },
      {
        brand: 'Garlic Brothers',
        title: `مسحوق الثوم ${title}`,
        label: 'مواصفات المنتج',
        site: 'garlicbrothers.example',
        pagePath: '/ar/999',
        dir: 'rtl' as const,
      },
    ];
    const first = await renderCards(root, jobs, 1).finish();
    expect(first).toMatchObject({ drawn: 2, cached: 0 });
    const second = await renderCards(root, jobs, 1).finish();
    expect(second).toMatchObject({ drawn: 0, cached: 2 });

    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-cards-'));
    try {
      publishCards(second, dist);
      // Published twice into the same folder (a card linked, not copied, must not be emptied by the second).
      publishCards(second, dist);
      const png = fs.readFileSync(path.join(dist, 'images/social/cards/blog/999.png'));
      expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
      expect(png.equals(fs.readFileSync(second.files.get('/blog/999')!))).toBe(true);
      expect(png.length).toBeGreaterThan(10_000);
      const mirrored = fs.readFileSync(path.join(dist, 'images/social/cards/ar/999.png'));
      expect([mirrored.readUInt32BE(16), mirrored.readUInt32BE(20)]).toEqual([1200, 630]);
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
      for (const file of second.files.values()) fs.rmSync(file, { force: true });
    }
  });

  it('draws each card once, the ones left when the caller waits at normal priority beside the background threads', async () => {
    const jobs = freshCards('Queue test', 24);
    // Two pages with the same title share one card.
    jobs.push({ ...jobs[0], pagePath: '/blog/25' });
    // Waited for at once: one background thread, at the lowest priority, has not started drawing.
    const result = await renderCards(root, jobs, 1).finish();
    try {
      expect(result).toMatchObject({ drawn: 24, cached: 0 });
      expect(result.drawnWhileWaited).toBeGreaterThan(0);
      expect(result.files.get('/blog/25')).toBe(result.files.get('/blog/1'));
      expect([...result.files.values()].every(isPng)).toBe(true);
    } finally {
      for (const file of result.files.values()) fs.rmSync(file, { force: true });
    }
  });

  it('finishes two builds drawing the same cards at once, each with every card in the cache', async () => {
    const jobs = freshCards('Twin test', 12);
    const [first, second] = await Promise.all([renderCards(root, jobs, 1).finish(), renderCards(root, jobs, 1).finish()]);
    try {
      for (const result of [first, second]) {
        expect(result).toMatchObject({ drawn: 12, cached: 0 });
        expect([...result.files.values()].every(isPng)).toBe(true);
      }
      expect(fs.readdirSync(path.dirname(first.files.get('/blog/1')!)).filter((name) => name.endsWith('.partial'))).toEqual([]);
    } finally {
      for (const file of first.files.values()) fs.rmSync(file, { force: true });
    }
  });

  it("makes a post's card from its cover photo: a 1200x630 JPEG without metadata, published as the post's .jpg card, cached by the photo's bytes", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-cover-card-'));
    const photo = path.join(dir, `cover-${process.pid}.jpg`);
    // A photo no earlier run has cut: the camera's with one pixel of this run's own colour.
    const now = Date.now();
    fs.writeFileSync(
      photo,
      await sharp(await cameraPhoto())
        .composite([
          {
            input: { create: { width: 1, height: 1, channels: 3, background: { r: process.pid % 256, g: Math.floor(now / 256) % 256, b: now % 256 } } },
            left: 600,
            top: 400,
          },
        ])
        .withMetadata({ orientation: 6 })
        .jpeg()
        .toBuffer(),
    );
    const jobs = [{ brand: 'Garlic Brothers', title: 'Harvest notes', label: 'Blog', site: 'garlicbrothers.example', pagePath: '/blog/998', cover: photo }];
    const first = await renderCards(root, jobs, 1).finish();
    const second = await renderCards(root, jobs, 1).finish();
    try {
      expect(first).toMatchObject({ drawn: 1, cached: 0 });
      expect(second).toMatchObject({ drawn: 0, cached: 1 });
      publishCards(second, dir);
      const card = fs.readFileSync(path.join(dir, 'images/social/cards/blog/998.jpg'));
      const metadata = await sharp(card).metadata();
      expect({ format: metadata.format, width: metadata.width, height: metadata.height, exif: metadata.exif }).toEqual({
        format: 'jpeg',
        width: 1200,
        height: 630,
        exif: undefined,
      });
      expect(fs.existsSync(path.join(dir, 'images/social/cards/blog/998.png'))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(second.files.get('/blog/998')!, { force: true });
    }
  });
});
