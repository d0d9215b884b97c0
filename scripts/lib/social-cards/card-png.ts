/**
 * Draws cards as PNG files cheaply. Most of a card is its background (card-svg.ts), the same for
 * every card with the same label, so that is rasterised, filtered and compressed once
 * (prepareBackground). Each card then rasterises only the rectangle around its title, writes
 * those pixels over the background's rows and compresses only the rows the title touches
 * (drawCard): a few milliseconds instead of tens.
 *
 * The result is pixel for pixel the card drawn whole: the title is rasterised in the card's own
 * coordinates (a shifted origin rounds some edges differently), onto the background colour, and
 * only where the background is plain: a title whose ink would cover anything else is drawn whole.
 */
import { Resvg, type ResvgRenderOptions } from '@resvg/resvg-js';
import { escapeMarkup } from '../../../src/shared/escape-markup';
import {
  CARD_BACKGROUND,
  CARD_HEIGHT,
  CARD_WIDTH,
  TITLE_X,
  backgroundSvg,
  cardSvg,
  titleLayout,
  titleSvg,
  type BackgroundText,
  type CardText,
} from './card-svg';
import { rtlCardSvg, type Measure } from './card-svg-rtl';
import type { GlyphBounds } from './glyph-bounds';
import { adler32, adler32Combine, deflateRun, filterRows, pngFile, rowBytes, type DeflatedRun } from './png-rows';

export type CardFont = ResvgRenderOptions['font'];

/**
 * Rows compressed together. A card recompresses the runs its title touches; shorter runs mean
 * fewer rows recompressed but more, and less well compressed, runs in every file.
 */
const RUN_ROWS = 16;
/** Once per background, so as small as zlib makes it. */
const BACKGROUND_LEVEL = 9;
/** Per card: the fastest level. */
const TITLE_LEVEL = 1;
/** Pixels of plain background kept around the title's ink, so that the rows either side of it stay as they were. */
const MARGIN = 2;
/** How much wider than textWidth's estimate a line may really be, so that the first guess at the title's rectangle holds. */
const WIDTH_SLACK = 1.1;

const STRIDE = rowBytes(CARD_WIDTH);

interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface CardBackground {
  rgba: Uint8Array;
  /** Every row, Sub-filtered RGB, as in the PNG. */
  filtered: Buffer;
  /** Adler-32 of each filtered row. */
  rowAdler: number[];
  /** The rows in runs of RUN_ROWS, each compressed on its own. */
  runs: DeflatedRun[];
  /** First row of each run, and the card's height last. */
  runStarts: number[];
  /** Per row, the columns [start, end) of plain background around the title's left edge. */
  plain: { start: number; end: number }[];
}

export function prepareBackground(text: BackgroundText, font: CardFont): CardBackground {
  const rgba = new Resvg(backgroundSvg(text), { font }).render().pixels;
  const filtered = Buffer.allocUnsafe(STRIDE * CARD_HEIGHT);
  filterRows(rgba, CARD_WIDTH, CARD_HEIGHT, filtered);
  const rowAdler = Array.from({ length: CARD_HEIGHT }, (_, y) => adler32(filtered.subarray(y * STRIDE, (y + 1) * STRIDE)));
  const runStarts = Array.from({ length: Math.ceil(CARD_HEIGHT / RUN_ROWS) }, (_, i) => i * RUN_ROWS).concat(CARD_HEIGHT);
  const runs = runStarts.slice(0, -1).map((start, i) => deflateRun(filtered.subarray(start * STRIDE, runStarts[i + 1] * STRIDE), BACKGROUND_LEVEL));
  return { rgba, filtered, rowAdler, runs, runStarts, plain: plainRuns(rgba) };
}

function plainRuns(rgba: Uint8Array): CardBackground['plain'] {
  const colour = Buffer.from(CARD_BACKGROUND.slice(1), 'hex');
  const x0 = TITLE_X;
  const plain = (x: number, y: number) => {
    const i = (y * CARD_WIDTH + x) * 4;
    return rgba[i] === colour[0] && rgba[i + 1] === colour[1] && rgba[i + 2] === colour[2];
  };
  return Array.from({ length: CARD_HEIGHT }, (_, y) => {
    if (!plain(x0, y)) return { start: x0, end: x0 };
    let start = x0;
    let end = x0;
    while (start > 0 && plain(start - 1, y)) start--;
    while (end < CARD_WIDTH && plain(end, y)) end++;
    return { start, end };
  });
}

/** Where the title's ink will be, from its layout and the heading face's glyph box: a guess, which the rasteriser checks. */
function expectedRect(title: string, glyphs: GlyphBounds): Rect {
  const { size, x, baselines, width, rule } = titleLayout(title);
  return {
    left: Math.max(0, Math.floor(Math.min(rule.x, x + glyphs.xMin * size)) - MARGIN),
    // A title of no lines is its rule alone.
    top: Math.max(0, Math.floor(baselines.length ? baselines[0] - glyphs.yMax * size : rule.y) - MARGIN),
    right: Math.min(CARD_WIDTH, Math.ceil(x + width * WIDTH_SLACK) + MARGIN),
    bottom: Math.min(CARD_HEIGHT, Math.ceil(Math.max(rule.y + rule.height, ...baselines.map((y) => y - glyphs.yMin * size))) + MARGIN),
  };
}

/** The title alone, on the background colour, cropped to `rect` (drawn from the card's own origin). */
function titleResvg(title: string, rect: Rect, font: CardFont): Resvg {
  return new Resvg(titleSvg(title, rect.right, rect.bottom), { font, background: CARD_BACKGROUND, crop: rect });
}

/** The rasteriser's box around the title's ink, out to whole pixels and MARGIN. */
function inkRect(resvg: Resvg): Rect | null {
  const box = resvg.getBBox();
  if (!box) return null;
  return {
    left: Math.floor(box.x) - MARGIN,
    top: Math.floor(box.y) - MARGIN,
    right: Math.ceil(box.x + box.width) + MARGIN,
    bottom: Math.ceil(box.y + box.height) + MARGIN,
  };
}

const inside = (inner: Rect, outer: Rect) => inner.left >= outer.left && inner.top >= outer.top && inner.right <= outer.right && inner.bottom <= outer.bottom;

/** Whether `rect` has plain background all over, and a pixel left of it (the first Sub value is taken from it). */
function onPlainBackground(rect: Rect, background: CardBackground): boolean {
  if (rect.left < 1 || rect.top < 0 || rect.bottom > CARD_HEIGHT) return false;
  for (let y = rect.top; y < rect.bottom; y++) {
    const { start, end } = background.plain[y];
    if (rect.left < start || rect.right > end) return false;
  }
  return true;
}

/** Reused for every card: the filtered rows of the runs a title touches. */
let scratch = Buffer.alloc(0);

interface DrawnCard {
  png: Buffer;
  /** Drawn in one piece, the slow way, because the title would cover more than plain background. */
  whole: boolean;
}

/**
 * The PNG of one card written left to right. `background` must be prepared from the same brand,
 * label and site as `text`; `glyphs` is the heading face's glyph box.
 */
export function drawCard(background: CardBackground, text: CardText, font: CardFont, glyphs: GlyphBounds): DrawnCard {
  let crop = expectedRect(text.title, glyphs);
  let resvg = titleResvg(text.title, crop, font);
  const ink = inkRect(resvg);
  if (!ink || !onPlainBackground(ink, background)) return { png: wholeCard(text, font), whole: true };
  if (!inside(ink, crop)) {
    crop = ink;
    resvg = titleResvg(text.title, crop, font);
  }
  const title = resvg.render().pixels;

  // The runs the title touches, recompressed as one.
  const { runs, runStarts } = background;
  const first = Math.floor(ink.top / RUN_ROWS);
  const end = Math.ceil(ink.bottom / RUN_ROWS);
  const y0 = runStarts[first];
  const y1 = runStarts[end];
  const length = (y1 - y0) * STRIDE;
  if (scratch.length < length) scratch = Buffer.alloc(length);
  const rows = scratch.subarray(0, length);
  background.filtered.copy(rows, 0, y0 * STRIDE, y1 * STRIDE);
  let adler = 1;
  for (let y = y0; y < y1; y++) adler = adler32Combine(adler, background.rowAdler[y], STRIDE);
  adler = patchRows(rows, y0, adler, background.rgba, title, crop, ink);
  return { png: pngFile(CARD_WIDTH, CARD_HEIGHT, [...runs.slice(0, first), deflateRun(rows, TITLE_LEVEL, adler), ...runs.slice(end)]), whole: false };
}

/** `bytes` as 32-bit pixels, copied first if they do not start on a multiple of 4. */
function pixels32(bytes: Uint8Array): Uint32Array {
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : Uint8Array.from(bytes);
  return new Uint32Array(aligned.buffer, aligned.byteOffset, aligned.length >> 2);
}

/**
 * Writes the pixels of `title` (the picture of `crop`) inside `patch` over `rows` (filtered rows
 * from `y0`), Sub-filtered, and returns their Adler-32 from `adler`, the one before: each
 * changed byte moves the sum by its change, and the sum of sums by its change times the number
 * of bytes from it to the end. The pixels either side of `patch` are plain background before
 * and after, so the Sub values right of it stand.
 */
function patchRows(rows: Uint8Array, y0: number, adler: number, background: Uint8Array, title: Uint8Array, crop: Rect, patch: Rect): number {
  const BASE = 65521;
  let a = adler & 0xffff;
  let b = adler >>> 16;
  const cropWidth = crop.right - crop.left;
  const background32 = pixels32(background);
  const title32 = pixels32(title);
  for (let y = patch.top; y < patch.bottom; y++) {
    // The pixel left of the patch, from which the first Sub value is taken.
    let previous = background32[y * CARD_WIDTH + patch.left - 1];
    const start = (y - y0) * STRIDE + 1 + patch.left * 3;
    let o = start;
    let s = (y - crop.top) * cropWidth + patch.left - crop.left;
    let sum = 0;
    let weighted = 0;
    for (let x = patch.left; x < patch.right; x++, s++, o += 3) {
      const pixel = title32[s];
      // Inside the patch the background is plain, so its Sub values are zeros (but perhaps in the
      // first column); a title pixel like the one before it filters to zeros too: nothing changes.
      if (pixel === previous && x > patch.left) continue;
      previous = pixel;
      // The pixel before it: the background's left of the patch, else the title's.
      const first = x === patch.left;
      const before = first ? background : title;
      const at = first ? (y * CARD_WIDTH + x - 1) * 4 : (s - 1) * 4;
      const vr = (title[s * 4] - before[at]) & 255;
      const vg = (title[s * 4 + 1] - before[at + 1]) & 255;
      const vb = (title[s * 4 + 2] - before[at + 2]) & 255;
      const cr = vr - rows[o];
      const cg = vg - rows[o + 1];
      const cb = vb - rows[o + 2];
      const k = o - start;
      sum += cr + cg + cb;
      weighted += cr * k + cg * (k + 1) + cb * (k + 2);
      rows[o] = vr;
      rows[o + 1] = vg;
      rows[o + 2] = vb;
    }
    a = (((a + sum) % BASE) + BASE) % BASE;
    b = (((b + (((rows.length - start) * sum - weighted) % BASE)) % BASE) + BASE) % BASE;
  }
  return b * 65536 + a;
}

/**
 * A card drawn in one piece: the fallback for a title that leaves the plain background, what the
 * tests compare with, and every right-to-left card (laid out run by run with `measure`; few pages
 * have one).
 */
export function wholeCard(text: CardText, font: CardFont, measure = measureWith(font)): Buffer {
  const svg = text.dir === 'rtl' ? rtlCardSvg(text, measure) : cardSvg(text);
  return new Resvg(svg, { font }).render().asPng();
}

/** The rasteriser's measure of a run of text in the card's fonts: where its ink starts and how wide it is. */
export function measureWith(font: CardFont): Measure {
  const known = new Map<string, ReturnType<Measure>>();
  return (text, family, size) => {
    const key = `${family}\n${size}\n${text}`;
    let ink = known.get(key);
    if (!ink) {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH * 2}" height="${size * 2}"><text y="${size * 1.5}" font-family="${family}" font-size="${size}" font-weight="600">${escapeMarkup(text)}</text></svg>`;
      const box = new Resvg(svg, { font }).getBBox();
      ink = box ? { x: box.x, width: box.width } : { x: 0, width: 0 };
      known.set(key, ink);
    }
    return ink;
  };
}
