import fs from 'node:fs';
import zlib from 'node:zlib';
import { Resvg } from '@resvg/resvg-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { BODY_FONT, CARD_HEIGHT, CARD_WIDTH, cardSvg, type BackgroundText, type CardText } from './card-svg';
import { drawCard, prepareBackground, type CardBackground, type CardFont } from './card-png';
import { CARD_CACHE_DIR } from './index';
import { cardFonts } from './fonts';
import { glyphBounds, type GlyphBounds } from './glyph-bounds';

/** The RGBA pixels of a PNG, whatever its colour type (RGB or RGBA) and row filters. */
function decodePng(png: Buffer): { width: number; height: number; rgba: Uint8Array } {
  const idat: Buffer[] = [];
  let width = 0;
  let height = 0;
  let channels = 0;
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    expect(png.readUInt32BE(at + 8 + length), `CRC of ${type}`).toBe(zlib.crc32(png.subarray(at + 4, at + 8 + length)) >>> 0);
    if (type === 'IHDR') {
      [width, height] = [data.readUInt32BE(0), data.readUInt32BE(4)];
      expect(data[8], 'bit depth').toBe(8);
      channels = { 2: 3, 6: 4 }[data[9]] ?? 0;
    }
    if (type === 'IDAT') idat.push(data);
    at += 12 + length;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  expect(raw.length).toBe(height * (stride + 1));
  const rgba = new Uint8Array(width * height * 4).fill(255);
  let previous = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const row = Uint8Array.from(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    for (let i = 0; i < stride; i++) {
      const left = i >= channels ? row[i - channels] : 0;
      const up = previous[i];
      const upLeft = i >= channels ? previous[i - channels] : 0;
      const p = left + up - upLeft;
      const paeth =
        Math.abs(p - left) <= Math.abs(p - up) && Math.abs(p - left) <= Math.abs(p - upLeft) ? left : Math.abs(p - up) <= Math.abs(p - upLeft) ? up : upLeft;
      row[i] = (row[i] + [0, left, up, (left + up) >> 1, paeth][filter]) & 255;
    }
    for (let x = 0; x < width; x++) for (let c = 0; c < channels; c++) rgba[(y * width + x) * 4 + c] = row[x * channels + c];
    previous = row;
  }
  return { width, height, rgba };
}

/** How many pixels of `png` differ from the card drawn whole by resvg. */
function pixelsUnlike(png: Buffer, text: CardText, font: CardFont): number {
  const ours = decodePng(png);
  expect([ours.width, ours.height]).toEqual([CARD_WIDTH, CARD_HEIGHT]);
  const whole = new Resvg(cardSvg(text), { font }).render().pixels;
  let unlike = 0;
  for (let i = 0; i < whole.length; i += 4) {
    if (whole[i] !== ours.rgba[i] || whole[i + 1] !== ours.rgba[i + 1] || whole[i + 2] !== ours.rgba[i + 2] || whole[i + 3] !== ours.rgba[i + 3]) unlike++;
  }
  return unlike;
}

const blog: BackgroundText = { brand: 'Garlic Brothers', label: 'Blog', site: 'garlicbrothers.example' };
const product: BackgroundText = { brand: 'Garlic Brothers', label: 'Product specifications', site: 'garlicbrothers.example' };
const TITLES = [
  'Garlic Powder',
  'Aged Garlic Extract',
  'Reducing the Footprint of Garlic Dehydration',
  'Pungent Importer for Buyers in Singapore: Note 238',
  'Precise Forwarder for Buyers in Busan: Note 389',
  'Salt & <Pepper>: “Quotes”, 80–120 mesh, €5 — é…',
  'a',
  '',
];
/** Wider than textWidth estimates: its last line runs into the illustration's leaf, so it is drawn whole. */
const TOO_WIDE = 'WWWWW MMMMM WWWWW MMMMM WWWWW MMMMM WWWWW MMMMM WWWWW MMMMM WWWWW';

let font: CardFont;
let glyphs: GlyphBounds;
let blogBackground: CardBackground;

beforeAll(async () => {
  const fonts = await cardFonts(process.cwd(), CARD_CACHE_DIR);
  font = { loadSystemFonts: false, fontFiles: fonts.files, defaultFontFamily: BODY_FONT };
  glyphs = glyphBounds(fs.readFileSync(fonts.heading));
  blogBackground = prepareBackground(blog, font);
});

describe('drawCard', () => {
  it('gives, pixel for pixel, the card drawn whole, for titles short, long, wide, empty and with markup', () => {
    for (const title of TITLES) {
      const { png, whole } = drawCard(blogBackground, { ...blog, title }, font, glyphs);
      expect(whole, title).toBe(false);
      expect(pixelsUnlike(png, { ...blog, title }, font), title).toBe(0);
    }
    const text = { ...product, title: 'Dehydrated Garlic Flakes' };
    const { png, whole } = drawCard(prepareBackground(product, font), text, font, glyphs);
    expect(whole).toBe(false);
    expect(pixelsUnlike(png, text, font)).toBe(0);
    const wide = drawCard(blogBackground, { ...blog, title: TOO_WIDE }, font, glyphs);
    expect(wide.whole).toBe(true);
    expect(pixelsUnlike(wide.png, { ...blog, title: TOO_WIDE }, font)).toBe(0);
  });

  it('is still exact when the first crop misses the title, and when the title leaves plain background', () => {
    const text = { ...blog, title: TITLES[3] };
    // A glyph box of nothing: the first crop misses the ink, and the title is drawn again around it.
    const recropped = drawCard(blogBackground, text, font, { xMin: 0, yMin: 0, xMax: 0, yMax: 0 });
    expect(recropped.whole).toBe(false);
    expect(pixelsUnlike(recropped.png, text, font)).toBe(0);
    // No plain background anywhere: the card is drawn whole.
    const cluttered = drawCard({ ...blogBackground, plain: blogBackground.plain.map(() => ({ start: 80, end: 80 })) }, text, font, glyphs);
    expect(cluttered.whole).toBe(true);
    expect(pixelsUnlike(cluttered.png, text, font)).toBe(0);
  });

  it('finds plain background from the title’s left edge to the leaf of the illustration, below the label and above the address', () => {
    const { plain } = blogBackground;
    for (let y = 186; y < 542; y++) expect(plain[y].start <= 40 && plain[y].end >= 664, `row ${y}: ${JSON.stringify(plain[y])}`).toBe(true);
    // The label above and the site's address below start at the title's left edge.
    expect(plain[175].end).toBeLessThan(100);
    expect(plain[560].end).toBeLessThan(100);
  });

  it('keeps cards about as small as resvg’s own PNGs', () => {
    let ours = 0;
    let theirs = 0;
    for (const title of TITLES.slice(0, 5)) {
      ours += drawCard(blogBackground, { ...blog, title }, font, glyphs).png.length;
      theirs += new Resvg(cardSvg({ ...blog, title }), { font }).render().asPng().length;
    }
    expect(ours / theirs).toBeLessThan(1.1);
  });
});
