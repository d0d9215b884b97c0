/**
 * A page paints from its first round trip. A new connection delivers about 14.6 kB (ten TCP
 * segments, headers included) before it waits a round trip for more; whatever the first paint
 * waits for must arrive within it. Two rewrites see to that:
 *
 * - The structured data (JSON-LD) moves from <head> to the end of <body>. Search engines read it
 *   anywhere in the document, and in <head> it stood before everything a visitor sees (on /faq,
 *   the 35 answers' JSON-LD alone took 10 kB compressed).
 * - The first paint waits (`<link rel="expect" blocking="render">`) for the main content, as the
 *   template asks, only where the whole page fits the budget. On a longer page it waits for a
 *   marker placed after the last paragraph, heading, list or figure of the main content that
 *   still fits: that is far more than a phone's first screen, and what follows is added below it,
 *   so nothing painted moves.
 */
import zlib from 'node:zlib';

/** Compressed bytes of a whole page that arrive in the first round trip: 14,600 less the status line and headers (about 1.1 kB). */
export const FIRST_ROUND_TRIP_HTML_BYTES = 13_500;

/**
 * Compressed bytes of HTML that may come before the first paint's target: the first round trip
 * (14,600 bytes) less the status line and headers (about 1.1 kB with the security headers) and a
 * margin for how a server's compressor cuts its stream.
 */
export const FIRST_PAINT_HTML_BYTES = 13_000;

/** The element the first paint waits for on a page too long for one round trip. */
export const FIRST_SCREEN_MARKER = 'first-screen';

const RENDER_BLOCK = '<link rel="expect" href="#main" blocking="render">';
const STRUCTURED_DATA = /<script type="application\/ld\+json">[\s\S]*?<\/script>/g;
/** Ends of elements after which a marker may stand (flow content, outside any island). */
const BLOCK_END = /<\/(?:p|h2|h3|h4|figure|ul|ol|table|section|gb-island)>/g;

export function moveStructuredDataToBody(html: string): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd === -1) return html;
  const scripts = html.slice(0, headEnd).match(STRUCTURED_DATA);
  if (!scripts) return html;
  const head = html.slice(0, headEnd).replace(STRUCTURED_DATA, '');
  return head + html.slice(headEnd).replace('</body>', () => `${scripts.join('')}</body>`);
}

const compressedSize = (text: string) => zlib.gzipSync(text, { level: 9 }).length;

/** Where islands stand in the page: React hydrates their markup, so nothing may be added inside. */
function islandRanges(html: string): [number, number][] {
  const ranges: [number, number][] = [];
  for (const open of html.matchAll(/<gb-island\b/g)) {
    const end = html.indexOf('</gb-island>', open.index);
    if (end !== -1) ranges.push([open.index, end]);
  }
  return ranges;
}

/** Points inside <main> where a marker may stand, in document order. */
function markerPositions(html: string): number[] {
  const start = html.indexOf('<main');
  const end = html.indexOf('</main>');
  if (start === -1 || end === -1) return [];
  const islands = islandRanges(html);
  const inIsland = (at: number) => islands.some(([from, to]) => at > from && at <= to);
  const positions: number[] = [];
  for (const match of html.slice(start, end).matchAll(BLOCK_END)) {
    const at = start + match.index + match[0].length;
    if (!inIsland(at)) positions.push(at);
  }
  return positions;
}

/**
 * Makes the first paint wait for no more than fits the first round trip (see above). A page
 * whose render block is not the template's is left as it is.
 */
export function blockRenderUntilFirstScreen(html: string, budget = FIRST_PAINT_HTML_BYTES): string {
  if (!html.includes(RENDER_BLOCK)) return html;
  const mainEnd = html.indexOf('</main>');
  if (mainEnd === -1 || compressedSize(html.slice(0, mainEnd + '</main>'.length)) <= budget) return html;
  const positions = markerPositions(html);
  // The prefix only grows, so the last position that fits is found by halving.
  let low = 0;
  let high = positions.length - 1;
  let best = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (compressedSize(html.slice(0, positions[middle])) <= budget) {
      best = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  // Nothing fits (the head alone is over budget): wait for the first block, and let the test of
  // the first round trip report the page.
  const at = positions[Math.max(best, 0)];
  if (at === undefined) return html;
  const marked = `${html.slice(0, at)}<span id="${FIRST_SCREEN_MARKER}" hidden></span>${html.slice(at)}`;
  return marked.replace(RENDER_BLOCK, `<link rel="expect" href="#${FIRST_SCREEN_MARKER}" blocking="render">`);
}
