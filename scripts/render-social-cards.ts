/**
 * Renders every link-preview card in public/images/social/*.svg to a 1200x630 PNG beside it
 * (default.svg -> default.png), because most social networks do not accept SVG previews, and the
 * logo (public/images/logo.svg) to a 512x512 PNG (public/images/logo-512.png) for the
 * Organization's structured data: search engines want a raster logo of at least 112x112.
 * (The per-page cards of products and posts are drawn by the build: scripts/lib/social-cards/.)
 *
 * Run from the repository root:  npx tsx scripts/render-social-cards.ts
 * Uses headless Chromium through playwright-core (CHROME_PATH, else the
 * one in the @sparticuz/chromium npm package). Re-run it whenever a card's SVG changes and commit the PNGs.
 * The cards name the site's own faces (Fraunces, Inter, Noto Sans Arabic), which are given to the
 * browser from src/ui/assets/fonts/, so a card looks the same whatever fonts the machine has.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from './lib/chromium';
import { FONT_DIR } from './subset-fonts';

const WIDTH = 1200;
const HEIGHT = 630;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, 'public', 'images', 'social');
const LOGO = { source: path.join(root, 'public', 'images', 'logo.svg'), out: path.join(root, 'public', 'images', 'logo-512.png'), size: 512 };

/** The site's faces under the names the cards use; Fraunces is one instance, at weight 600. */
const FACES = [
  { family: 'Fraunces', file: 'fraunces-subset.woff2', weight: '600' },
  { family: 'Inter', file: 'inter-subset.woff2', weight: '100 900' },
  { family: 'Noto Sans Arabic', file: 'noto-sans-arabic-subset.woff2', weight: '100 900' },
];

async function fontFaces(): Promise<string> {
  const faces = await Promise.all(
    FACES.map(async ({ family, file, weight }) => {
      const data = (await readFile(path.join(root, FONT_DIR, file))).toString('base64');
      return `@font-face{font-family:'${family}';font-weight:${weight};src:url(data:font/woff2;base64,${data}) format('woff2')}`;
    }),
  );
  return faces.join('');
}

/** A zero-margin page whose only content is the card, drawn at exactly the viewport size. */
const htmlFor = (svg: string, faces: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><style>${faces}` +
  `html,body{margin:0;padding:0;overflow:hidden;background:#fff}svg{display:block;width:${WIDTH}px;height:${HEIGHT}px}` +
  `</style></head><body>${svg}</body></html>`;

/** The logo centred on a white square with a margin, so no part of it touches the edge when cropped to a circle. */
const logoHtml = (svg: string, size: number) =>
  `<!doctype html><html><head><meta charset="utf-8"><style>` +
  `html,body{margin:0;padding:0;overflow:hidden;background:#fff}body{width:${size}px;height:${size}px;display:grid;place-items:center}` +
  `svg{display:block;width:${Math.round(size * 0.8)}px;height:${Math.round(size * 0.8)}px}` +
  `</style></head><body>${svg}</body></html>`;

async function main() {
  const cards = (await readdir(dir)).filter((name) => name.endsWith('.svg')).sort();
  const faces = await fontFaces();

  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } });
    for (const name of cards) {
      const svg = await readFile(path.join(dir, name), 'utf8');
      await page.setContent(htmlFor(svg, faces), { waitUntil: 'load' });
      await page.evaluate(() => document.fonts.ready);
      const out = path.join(dir, `${path.basename(name, '.svg')}.png`);
      await page.screenshot({ path: out, clip: { x: 0, y: 0, width: WIDTH, height: HEIGHT } });
      console.log(`${path.relative(root, path.join(dir, name))} -> ${path.relative(root, out)}`);
    }
    const logo = await browser.newPage({ viewport: { width: LOGO.size, height: LOGO.size } });
    await logo.setContent(logoHtml(await readFile(LOGO.source, 'utf8'), LOGO.size), { waitUntil: 'load' });
    await logo.screenshot({ path: LOGO.out, clip: { x: 0, y: 0, width: LOGO.size, height: LOGO.size } });
    console.log(`${path.relative(root, LOGO.source)} -> ${path.relative(root, LOGO.out)}`);
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
