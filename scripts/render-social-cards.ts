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
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from './lib/chromium';

const WIDTH = 1200;
const HEIGHT = 630;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, 'public', 'images', 'social');
const LOGO = { source: path.join(root, 'public', 'images', 'logo.svg'), out: path.join(root, 'public', 'images', 'logo-512.png'), size: 512 };

/** A zero-margin page whose only content is the card, drawn at exactly the viewport size. */
const htmlFor = (svg: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><style>` +
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

  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } });
    for (const name of cards) {
      const svg = await readFile(path.join(dir, name), 'utf8');
      await page.setContent(htmlFor(svg), { waitUntil: 'load' });
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
