/**
 * The SVG of a page's own link-preview card, 1200x630: the brand and logo, a small label, the
 * page's title in the heading face, and the garlic illustration of the default card
 * (public/images/social/default.svg) on the right. Text is laid out here, not by a browser, so
 * the title is wrapped with an estimate of each character's width (on the wide side, so a line
 * never runs into the illustration).
 *
 * The card is drawn in two layers: the background (everything but the title), the same for every
 * card with the same label, brand and site, and the title with its rule, drawn last, on plain
 * background. The build draws a background once and then only the titles (card-png.ts).
 *
 * Change CARD_TEMPLATE_VERSION with any change to the drawing or to how it is encoded: cached
 * cards are keyed by it and by their text.
 */
import { escapeMarkup } from '../../../src/shared/escape-markup';

export const CARD_TEMPLATE_VERSION = 4;
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
/** The colour of the card's background, under the title. */
export const CARD_BACKGROUND = '#FAF6EE';

/** The font families the card names; scripts/lib/social-cards/fonts.ts supplies their files. */
export const HEADING_FONT = 'Fraunces';
export const BODY_FONT = 'Inter';

export interface CardText {
  /** The company's name, beside the logo. */
  brand: string;
  title: string;
  /** A few words above the title, e.g. 'Product specifications' or 'Blog'. */
  label: string;
  /** The site's address without the scheme, at the foot of the card. */
  site: string;
  /** 'rtl' for a page written right to left: the card is its mirror image, in the page's script (card-svg-rtl.ts). */
  dir?: 'ltr' | 'rtl';
}

/** What the background shows: every part of the card but the title. */
export type BackgroundText = Omit<CardText, 'title'>;

/** Left end of the title's lines. */
export const TITLE_X = 80;
/** From TITLE_X to just short of the illustration's backdrop circle. */
export const TITLE_WIDTH = 570;
const TITLE_TOP = 212;
const TITLE_BOTTOM = 520;
/** Font sizes tried in turn, with the most lines each may take. */
export const TITLE_SIZES = [
  { size: 64, lines: 3 },
  { size: 56, lines: 3 },
  { size: 50, lines: 4 },
  { size: 44, lines: 4 },
  { size: 40, lines: 5 },
];

/** Approximate advance widths of the heading face at weight 600, in em, rounded up. */
function charWidth(ch: string): number {
  if (ch === ' ') return 0.26;
  if (/[iljI.,:;'!|()[\]’‘]/.test(ch)) return 0.32;
  if (/[ftr\-–]/.test(ch)) return 0.42;
  if (/[mwMW—]/.test(ch)) return 0.92;
  if (/[A-Z&]/.test(ch)) return 0.72;
  if (/[0-9]/.test(ch)) return 0.6;
  return 0.56;
}

export function textWidth(text: string, size: number): number {
  let em = 0;
  for (const ch of text) em += charWidth(ch);
  return em * size;
}

/** Greedy word wrap to `width`; a word wider than a line is cut with an ellipsis. */
function wrap(text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(candidate, size) <= width || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines.map((l) => (textWidth(l, size) <= width ? l : ellipsis(l, size, width)));
}

function ellipsis(line: string, size: number, width: number): string {
  let cut = line;
  while (cut.length > 1 && textWidth(`${cut}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/** The title's size and lines: the largest size at which it fits; at the smallest, the last line ends in an ellipsis. */
export function layoutTitle(title: string): { size: number; lines: string[] } {
  for (const { size, lines: max } of TITLE_SIZES) {
    const lines = wrap(title, size, TITLE_WIDTH);
    if (lines.length <= max) return { size, lines };
  }
  const { size, lines: max } = TITLE_SIZES[TITLE_SIZES.length - 1];
  const lines = wrap(title, size, TITLE_WIDTH);
  return { size, lines: [...lines.slice(0, max - 1), ellipsis(`${lines[max - 1]} ${lines[max]}`, size, TITLE_WIDTH)] };
}

export const LOGO =
  '<path d="M21 13C17 19 7 22 7 31c0 8 7 12 17 12s17-4 17-12c0-9-10-12-14-18z" fill="#1F4D3A"/>' +
  '<path d="M21 13.5l1-7.5q2-3 4 0l1 7.5z" fill="#1F4D3A"/>' +
  '<path d="M25.5 7C28 3 32 1 37 .5c-2.5 3.5-6.5 6-11.5 6.5z" fill="#C8963E"/>' +
  '<path d="M24 15.5c-1.5 8-1.5 18 0 26.5M23 16c-8 4-11 15-7 25.5M25 16c8 4 11 15 7 25.5" fill="none" stroke="#C8963E" stroke-width="2.2" stroke-linecap="round"/>' +
  '<path d="M19.5 44.5l-1.5 2.5M24 45v2.5M28.5 44.5l1.5 2.5" stroke="#1F4D3A" stroke-width="1.6" stroke-linecap="round"/>';

/** The default card's garlic illustration (right half), as drawn there. */
export const ILLUSTRATION =
  '<defs>' +
  '<g id="sb"><path d="M-4-78q4-8 8 0l3 30h-14z" fill="#F1E8D6" stroke="#C9B3C6" stroke-width="3" stroke-linejoin="round"/>' +
  '<path d="M-7-50C-20-30-58-22-58 10c0 30 26 46 58 46s58-16 58-46C58-22 20-30 7-50z" fill="#FFFDF8" stroke="#C9B3C6" stroke-width="3"/>' +
  '<path d="M0-48c-6 26-8 70 0 102M-5-47C-30-22-44 22-24 54M5-47C30-22 44 22 24 54" fill="none" stroke="#C9B3C6" stroke-width="2.5" stroke-linecap="round"/>' +
  '<path d="M-50 28c6 12 16 20 28 24M50 28c-6 12-16 20-28 24" fill="none" stroke="#7A4B6E" stroke-width="3" stroke-linecap="round" opacity=".5"/>' +
  '<path d="M-9 57l-5 10M-3 58l-1 11M3 58l1 11M9 57l5 10" stroke="#C8963E" stroke-width="2.5" stroke-linecap="round"/></g>' +
  '<g id="sc"><path d="M2-30C10-18 21-4 20 12c-1 13-10 18-21 18S-20 24-19 10C-18-6-6-16 2-30z" fill="#FFFDF8" stroke="#C9B3C6" stroke-width="2.5" stroke-linejoin="round"/>' +
  '<path d="M2-26C7-10 10 8 5 27" fill="none" stroke="#C9B3C6" stroke-width="2" stroke-linecap="round"/>' +
  '<path d="M-7 28h11" stroke="#C8963E" stroke-width="3" stroke-linecap="round"/></g>' +
  '<pattern id="sd" width="20" height="20" patternUnits="userSpaceOnUse"><circle cx="2" cy="2" r="2" fill="#C8963E" opacity=".3"/></pattern>' +
  '<path id="sl" d="M0 0C14-22 36-34 62-34C50-12 28 0 0 0z"/>' +
  '</defs>' +
  '<rect x="930" y="40" width="220" height="120" fill="url(#sd)"/>' +
  '<circle cx="930" cy="340" r="236" fill="#3E7C59" opacity=".1"/>' +
  '<circle cx="930" cy="340" r="176" fill="#F1E8D6"/>' +
  '<circle cx="1110" cy="190" r="22" fill="none" stroke="#C8963E" stroke-width="5" opacity=".7"/>' +
  '<ellipse cx="930" cy="520" rx="230" ry="16" fill="#1F4D3A" opacity=".1"/>' +
  '<use href="#sl" transform="translate(770 500) scale(-2 2) rotate(-16)" fill="#3E7C59"/><use href="#sl" transform="translate(1090 500) scale(2) rotate(-16)" fill="#1F4D3A"/>' +
  '<use href="#sb" transform="translate(812 434) rotate(-10) scale(1.1)"/><use href="#sb" transform="translate(1048 434) rotate(10) scale(1.1)"/><use href="#sb" transform="translate(930 390) scale(1.6)"/>' +
  '<use href="#sc" transform="translate(760 506) rotate(-40) scale(1.1)"/><use href="#sc" transform="translate(1100 506) rotate(40) scale(1.1)"/><use href="#sc" transform="translate(1140 490) rotate(76) scale(0.9)"/>';

export const svgOpen = `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">`;

/** The two bands along the card's foot, the same on every card. */
export const CARD_FOOT = `<rect y="606" width="${CARD_WIDTH}" height="24" fill="#1F4D3A"/><rect y="600" width="${CARD_WIDTH}" height="6" fill="#C8963E"/>`;

/** Where the title's lines and the rule under it go. */
interface TitleLayout {
  size: number;
  lines: string[];
  /** Left end of every line's baseline. */
  x: number;
  /** Baseline of each line, top to bottom. */
  baselines: number[];
  /** The estimated width of the widest line (textWidth: on the wide side). */
  width: number;
  rule: { x: number; y: number; width: number; height: number };
}

/** The baselines of a title of `count` lines at `size`, in the middle of the space between the label and the foot, and the top of the rule under them. */
export function titleBlock(size: number, count: number): { baselines: number[]; ruleY: number } {
  const lineHeight = Math.round(size * 1.12);
  const block = lineHeight * (count - 1) + size;
  const first = Math.round(TITLE_TOP + (TITLE_BOTTOM - TITLE_TOP - block) / 2 + size * 0.8);
  return { baselines: Array.from({ length: count }, (_, i) => first + i * lineHeight), ruleY: first + (count - 1) * lineHeight + 30 };
}

export function titleLayout(title: string): TitleLayout {
  const { size, lines } = layoutTitle(title);
  const { baselines, ruleY } = titleBlock(size, lines.length);
  return {
    size,
    lines,
    x: TITLE_X,
    baselines,
    width: Math.max(0, ...lines.map((line) => textWidth(line, size))),
    rule: { x: 84, y: ruleY, width: 96, height: 8 },
  };
}

/** The title and the short rule under it, in the card's coordinates. */
function titleMarkup(title: string): string {
  const { size, lines, x, baselines, rule } = titleLayout(title);
  const tspans = lines.map((line, i) => `<tspan x="${x}" y="${baselines[i]}">${escapeMarkup(line)}</tspan>`).join('');
  return (
    `<text fill="#1F4D3A" font-family="${HEADING_FONT}" font-size="${size}" font-weight="600">${tspans}</text>` +
    `<rect x="${rule.x}" y="${rule.y}" width="${rule.width}" height="${rule.height}" rx="4" fill="#C8963E"/>`
  );
}

function backgroundMarkup({ brand, label, site }: BackgroundText): string {
  return (
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="${CARD_BACKGROUND}"/>` +
    ILLUSTRATION +
    `<g transform="translate(80 56) scale(1.5)">${LOGO}</g>` +
    `<text x="166" y="108" fill="#1F4D3A" font-family="${HEADING_FONT}" font-size="36" font-weight="600">${escapeMarkup(brand)}</text>` +
    `<text x="${TITLE_X}" y="180" fill="#8A5A12" font-family="${BODY_FONT}" font-size="22" font-weight="500" letter-spacing="3">${escapeMarkup(label.toUpperCase())}</text>` +
    `<text x="${TITLE_X}" y="566" fill="#514D45" font-family="${BODY_FONT}" font-size="24" font-weight="500">${escapeMarkup(site)}</text>` +
    CARD_FOOT
  );
}

/** The whole card. */
export function cardSvg(text: CardText): string {
  return `${svgOpen}${backgroundMarkup(text)}${titleMarkup(text.title)}</svg>`;
}

/** The card without its title: what every card with this label, brand and site shares. */
export function backgroundSvg(text: BackgroundText): string {
  return `${svgOpen}${backgroundMarkup(text)}</svg>`;
}

/**
 * Only the title and its rule, on nothing, in the card's coordinates: the picture is the card's
 * top left `width` x `height` pixels.
 */
export function titleSvg(title: string, width = CARD_WIDTH, height = CARD_HEIGHT): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${titleMarkup(title)}</svg>`;
}
