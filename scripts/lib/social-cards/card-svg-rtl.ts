/**
 * The card of a page written right to left (the Arabic pages): the mirror image of card-svg.ts's,
 * with the logo, brand, label and title on the right and the illustration on the left.
 *
 * The rasteriser cannot be left to order such a title: it sets a whole text element in one font
 * (the Arabic words or the Latin figures go missing) and reverses a range ("80-120" became
 * "120-80"). So the title is laid out here, as a browser lays out an Arabic sentence: split into
 * runs of one script (src/shared/i18n/ltr-runs.ts), the runs placed from the right in reading
 * order, each in its own face and measured by the rasteriser itself (`Measure`), a Latin run
 * left to right inside, and brackets outside a Latin run mirrored.
 */
import { escapeMarkup } from '../../../src/shared/escape-markup';
import { hasRightToLeftLetter, ltrRuns } from '../../../src/shared/i18n/ltr-runs';
import {
  BODY_FONT,
  CARD_BACKGROUND,
  CARD_FOOT,
  CARD_HEIGHT,
  CARD_WIDTH,
  HEADING_FONT,
  ILLUSTRATION,
  LOGO,
  TITLE_SIZES,
  TITLE_WIDTH,
  TITLE_X,
  svgOpen,
  titleBlock,
  type CardText,
} from './card-svg';

/** The Arabic face of the site (scripts/lib/social-cards/fonts.ts supplies it). */
export const ARABIC_FONT = 'Noto Sans Arabic';
/** Right end of the title's lines, the label and the foot: the left margin of the other cards, mirrored. */
const RIGHT = CARD_WIDTH - TITLE_X;

/** The ink of `text` set in `family` at `size` from x = 0: its left edge and width. */
export type Measure = (text: string, family: string, size: number) => { x: number; width: number };

/** One run of a single face: Arabic letters, or anything else (Latin runs, kept left to right inside; spaces, hyphens, brackets). */
interface Run {
  text: string;
  arabic: boolean;
}

/** A word of the title: what wrapping never splits (a figure with its unit, "80-120 mesh", is one). */
type Word = Run[];

/** Arabic letters and marks: a run of them is set by the rasteriser as the word it is. */
const ARABIC_LETTERS = /([\u0620-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]+)/;
/**
 * Arabic punctuation (the comma, semicolon and question mark), each a run of its own: set with the
 * word before it, the rasteriser, reading every text element left to right, put it on the word's
 * right, before the word in reading order.
 */
const ARABIC_PUNCTUATION = /([\u0600-\u061F])/;

/** A bracket between Arabic words faces the other way in right-to-left text, as a browser draws it. */
const MIRRORED: Record<string, string> = { '(': ')', ')': '(', '[': ']', ']': '[', '«': '»', '»': '«' };

/** A text's words in reading order, each split into runs of one face. */
function words(text: string): Word[] {
  const result: Word[] = [];
  let word: Word = [];
  const end = () => {
    if (word.length) result.push(word);
    word = [];
  };
  // The isolates around the figures of a right-to-left title are for browsers; here they are the runs.
  for (const run of ltrRuns(text.replace(/[\u2066-\u2069]/g, ''))) {
    if (run.ltr) {
      word.push({ text: run.text, arabic: false });
      continue;
    }
    for (const piece of run.text.split(/( +)/)) {
      if (piece.trim() === '') {
        if (piece !== '') end();
        continue;
      }
      for (const part of piece.split(ARABIC_LETTERS).flatMap((span) => (ARABIC_LETTERS.test(span) ? [span] : span.split(ARABIC_PUNCTUATION)))) {
        if (part === '') continue;
        // The Arabic face draws Arabic letters and punctuation; anything else (Latin, digits, hyphens, brackets) is the Latin face's, as on the pages.
        const arabic = hasRightToLeftLetter(part);
        // Signs between Arabic words (a hyphen, brackets) take the sentence's direction: reversed and mirrored.
        word.push({
          text: arabic
            ? part
            : [...part]
                .reverse()
                .map((ch) => MIRRORED[ch] ?? ch)
                .join(''),
          arabic,
        });
      }
    }
  }
  end();
  return result;
}

const familyOf = (run: Run) => (run.arabic ? ARABIC_FONT : HEADING_FONT);

const ELLIPSIS: Word = [{ text: '…', arabic: false }];

/** A word space and the gap between two runs of one word, in em. */
const SPACE = 0.28;
const JOIN = 0.04;

interface PlacedRun extends Run {
  /** Where the run's text starts (its ink then begins at its measured x from here). */
  x: number;
}

/** Lines of words at `size`, each run placed from the right in reading order. */
function placeLines(lines: Word[][], size: number, measure: Measure): PlacedRun[][] {
  return lines.map((line) => {
    const placed: PlacedRun[] = [];
    let right = RIGHT;
    line.forEach((word, w) => {
      if (w > 0) right -= SPACE * size;
      word.forEach((run, r) => {
        if (r > 0) right -= JOIN * size;
        const ink = measure(run.text, familyOf(run), size);
        placed.push({ ...run, x: right - ink.x - ink.width });
        right -= ink.width;
      });
    });
    return placed;
  });
}

function wordWidth(word: Word, size: number, measure: Measure): number {
  return word.reduce((sum, run, r) => sum + measure(run.text, familyOf(run), size).width + (r > 0 ? JOIN * size : 0), 0);
}

/** Greedy wrap to TITLE_WIDTH; a word wider than a line stands alone on it. */
function wrap(all: Word[], size: number, measure: Measure): Word[][] {
  const lines: Word[][] = [];
  let line: Word[] = [];
  let width = 0;
  for (const word of all) {
    const wide = wordWidth(word, size, measure);
    if (line.length && width + SPACE * size + wide > TITLE_WIDTH) {
      lines.push(line);
      line = [];
      width = 0;
    }
    width += (line.length ? SPACE * size : 0) + wide;
    line.push(word);
  }
  if (line.length) lines.push(line);
  return lines;
}

/** The title's size and lines: the largest size at which it fits; at the smallest, the last line ends in an ellipsis. */
export function rtlTitleLines(title: string, measure: Measure): { size: number; lines: PlacedRun[][] } {
  const all = words(title);
  for (const { size, lines: max } of TITLE_SIZES) {
    const lines = wrap(all, size, measure);
    if (lines.length <= max) return { size, lines: placeLines(lines, size, measure) };
  }
  const { size, lines: max } = TITLE_SIZES[TITLE_SIZES.length - 1];
  const lines = wrap(all, size, measure).slice(0, max);
  const last = lines[max - 1];
  const lineWidth = (line: Word[]) => line.reduce((sum, word, w) => sum + wordWidth(word, size, measure) + (w > 0 ? SPACE * size : 0), 0);
  while (last.length > 1 && lineWidth([...last, ELLIPSIS]) > TITLE_WIDTH) last.pop();
  last.push(ELLIPSIS);
  return { size, lines: placeLines(lines, size, measure) };
}

/** Placed runs on one baseline, each a text element of its own face. */
function runsMarkup(runs: PlacedRun[], y: number, size: number): string {
  return runs
    .map(
      (run) => `<text x="${run.x.toFixed(1)}" y="${y}" font-family="${familyOf(run)}" font-size="${size}" font-weight="600">${escapeMarkup(run.text)}</text>`,
    )
    .join('');
}

function titleMarkup(title: string, measure: Measure): string {
  const { size, lines } = rtlTitleLines(title, measure);
  const { baselines, ruleY } = titleBlock(size, lines.length);
  return (
    `<g fill="#1F4D3A">${lines.map((line, i) => runsMarkup(line, baselines[i], size)).join('')}</g>` +
    `<rect x="${RIGHT - 96 - 4}" y="${ruleY}" width="96" height="8" rx="4" fill="#C8963E"/>`
  );
}

/** The label's size: larger than the other cards' capitals, as Arabic letters are smaller at one size. */
const LABEL_SIZE = 26;

/**
 * Everything but the title. The label is set as written (Arabic has no capitals, and spacing its
 * letters apart would break their joins), run by run as the title; the brand and the address read
 * left to right, ending at the right margin.
 */
function backgroundMarkup({ brand, label, site }: Omit<CardText, 'title'>, measure: Measure): string {
  const [labelRuns] = placeLines([words(label)], LABEL_SIZE, measure);
  return (
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="${CARD_BACKGROUND}"/>` +
    `<g transform="translate(${CARD_WIDTH} 0) scale(-1 1)">${ILLUSTRATION}</g>` +
    `<g transform="translate(${RIGHT - 62} 56) scale(1.5)">${LOGO}</g>` +
    `<text x="${CARD_WIDTH - 166}" y="108" text-anchor="end" fill="#1F4D3A" font-family="${HEADING_FONT}" font-size="36" font-weight="600">${escapeMarkup(brand)}</text>` +
    `<g fill="#8A5A12">${runsMarkup(labelRuns, 180, LABEL_SIZE)}</g>` +
    `<text x="${RIGHT}" y="566" text-anchor="end" fill="#514D45" font-family="${BODY_FONT}" font-size="24" font-weight="500">${escapeMarkup(site)}</text>` +
    CARD_FOOT
  );
}

/** The whole right-to-left card; `measure` is the rasteriser's own measure of a run, with the card's fonts. */
export function rtlCardSvg(text: CardText, measure: Measure): string {
  return `${svgOpen}${backgroundMarkup(text, measure)}${titleMarkup(text.title, measure)}</svg>`;
}
