/**
 * The right-to-left card's title as an Arabic reader reads it: from the right, a figure with its
 * unit left to right in one piece, brackets facing the way a browser draws them, the Arabic comma
 * after its word. First with a measure of fixed widths, to see the order and the wrapping; then
 * drawn by the rasteriser with the card's fonts, to see where the ink lands.
 */
import { Resvg } from '@resvg/resvg-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { BODY_FONT, CARD_WIDTH, TITLE_WIDTH, TITLE_X } from './card-svg';
import { ARABIC_FONT, rtlCardSvg, rtlTitleLines, type Measure } from './card-svg-rtl';
import { measureWith, type CardFont } from './card-png';
import { cardFonts } from './fonts';
import { CARD_CACHE_DIR } from './index';

/** Every character half an em wide, its ink from the origin. */
const fixed: Measure = (text, _family, size) => ({ x: 0, width: [...text].length * size * 0.5 });
const RIGHT = CARD_WIDTH - TITLE_X;

/** A line's runs in the order the eye meets them, from the right: each run's text and whether the Arabic face sets it. */
function fromTheRight(line: { text: string; x: number; arabic: boolean }[]): [string, boolean][] {
  return [...line].sort((a, b) => b.x - a.x).map((run) => [run.text, run.arabic]);
}

describe('rtlTitleLines', () => {
  it('places the runs from the right margin in reading order, a figure with its unit in one Latin run', () => {
    const { lines } = rtlTitleLines('مصدّر مسحوق الثوم \u206680-120 mesh\u2069 من الهند', fixed);
    const all = lines.flat();
    expect(fromTheRight(lines[0])[0]).toEqual(['مصدّر', true]);
    expect(all.map((run) => run.text)).toEqual(['مصدّر', 'مسحوق', 'الثوم', '80-120 mesh', 'من', 'الهند']);
    expect(all.find((run) => run.text === '80-120 mesh')!.arabic).toBe(false);
    // Within each line the runs go from right to left in reading order, the first ending at the margin.
    for (const line of lines) {
      expect(line.map((run) => run.x)).toEqual([...line.map((run) => run.x)].sort((a, b) => b - a));
      const first = line[0];
      expect(first.x + fixed(first.text, '', 64).width).toBeCloseTo(RIGHT, 0);
    }
  });

  it('mirrors brackets and hyphens between Arabic words, and sets the Arabic comma after its word', () => {
    const { lines } = rtlTitleLines('معايَر على إس-أليل (مركّز)، من الهند', fixed);
    const order = lines.flatMap(fromTheRight);
    const texts = order.map(([text]) => text);
    // Read from the right: إس, the hyphen, أليل, then "(مركّز)" (its opening bracket drawn as ")" on the right), then the comma.
    expect(texts.slice(texts.indexOf('إس'), texts.indexOf('إس') + 7)).toEqual(['إس', '-', 'أليل', ')', 'مركّز', '(', '،']);
    expect(order.find(([text]) => text === '،')![1]).toBe(true);
    expect(order.find(([text]) => text === ')')![1]).toBe(false);
  });

  it('sets brackets that hold only Latin with their words, left to right as written', () => {
    const texts = rtlTitleLines('معايَر على إس-أليل (SAC)، من الهند', fixed)
      .lines.flatMap(fromTheRight)
      .map(([text]) => text);
    expect(texts.slice(texts.indexOf('أليل'), texts.indexOf('أليل') + 3)).toEqual(['أليل', '(SAC)', '،']);
  });

  it('takes a smaller size for a longer title, and ends the last line that fits in an ellipsis', () => {
    expect(rtlTitleLines('مسحوق الثوم', fixed).size).toBe(64);
    const long = Array.from({ length: 60 }, (_, i) => (i % 7 === 3 ? '25 kg' : 'كلمة')).join(' ');
    const { size, lines } = rtlTitleLines(long, fixed);
    expect(size).toBe(40);
    expect(lines).toHaveLength(5);
    expect(lines[4].at(-1)!.text).toBe('…');
    for (const line of lines) expect(RIGHT - Math.min(...line.map((run) => run.x))).toBeLessThanOrEqual(TITLE_WIDTH + 1);
  });
});

describe('rtlCardSvg, drawn', () => {
  let font: CardFont;
  beforeAll(async () => {
    const fonts = await cardFonts(process.cwd(), CARD_CACHE_DIR);
    font = { loadSystemFonts: false, fontFiles: fonts.files, defaultFontFamily: BODY_FONT };
  });

  it('sets each run in its face and ends the title at the right margin, with the illustration on the left', () => {
    const text = {
      brand: 'Garlic Brothers',
      label: 'مواصفات المنتج',
      site: 'garlicbrothers.example',
      title: 'مصدّر مسحوق الثوم 80-120 mesh من الهند',
      dir: 'rtl' as const,
    };
    const svg = rtlCardSvg(text, measureWith(font));
    expect(svg).toContain(`font-family="${ARABIC_FONT}" font-size="64" font-weight="600">مصدّر</text>`);
    expect(svg).toMatch(/font-family="Fraunces" font-size="64" font-weight="600">80-120 mesh<\/text>/);
    const picture = new Resvg(svg, { font }).render();
    const { width, pixels } = picture;
    // The title's rows: ink (the title's dark green) ends within a few pixels of the right margin and never crosses the card's middle.
    const ink = (x: number, y: number) => {
      const i = (y * width + x) * 4;
      return pixels[i] < 0x40 && pixels[i + 1] > 0x40 && pixels[i + 1] < 0x60 && pixels[i + 2] < 0x40;
    };
    let rightmost = 0;
    let leftmost = width;
    for (let y = 230; y < 500; y++)
      for (let x = 500; x < width; x++)
        if (ink(x, y)) {
          rightmost = Math.max(rightmost, x);
          leftmost = Math.min(leftmost, x);
        }
    expect(rightmost).toBeGreaterThan(RIGHT - 6);
    expect(rightmost).toBeLessThanOrEqual(RIGHT + 1);
    expect(leftmost).toBeGreaterThan(RIGHT - TITLE_WIDTH - 10);
    // The illustration's backdrop circle, mirrored: on the left half, and plain background where it stood.
    const at = (x: number, y: number) => Array.from(pixels.subarray((y * width + x) * 4, (y * width + x) * 4 + 3));
    expect(at(270, 340)).not.toEqual(at(930, 340));
  });
});
