/** The first paint's two rewrites: structured data after the content, and a render block that fits one round trip. */
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { FIRST_PAINT_HTML_BYTES, blockRenderUntilFirstScreen, moveStructuredDataToBody } from './first-paint';

const BLOCK = '<link rel="expect" href="#main" blocking="render">';
/** Text that compresses poorly, as a long article's does not quite, so a few kB make a long page. */
const words = (n: number, seed: number) => Array.from({ length: n }, (_, i) => ((i * 7919 + seed * 104729) % 99991).toString(36)).join(' ');
const page = (main: string, head = '') =>
  `<!doctype html><html><head>${BLOCK}${head}</head><body><header>Brand</header><main id="main">${main}</main><footer>f</footer></body></html>`;

describe('moveStructuredDataToBody', () => {
  it('moves every JSON-LD script from the head to the end of the body, in order', () => {
    const html = page('<p>x</p>', '<script type="application/ld+json">{"a":1}</script><title>t</title><script type="application/ld+json">{"b":2}</script>');
    const moved = moveStructuredDataToBody(html);
    expect(moved.slice(0, moved.indexOf('</head>'))).not.toContain('ld+json');
    expect(moved).toMatch(
      /<footer>f<\/footer><script type="application\/ld\+json">\{"a":1\}<\/script><script type="application\/ld\+json">\{"b":2\}<\/script><\/body>/,
    );
  });

  it('leaves a page without structured data as it is', () => {
    expect(moveStructuredDataToBody(page('<p>x</p>'))).toBe(page('<p>x</p>'));
  });
});

describe('blockRenderUntilFirstScreen', () => {
  it('keeps the template block on a page that fits the budget', () => {
    const html = page('<h1>Short</h1><p>One paragraph.</p>');
    expect(blockRenderUntilFirstScreen(html)).toBe(html);
  });

  it('on a long page waits for a marker after the last block that fits, never inside an island', () => {
    const paragraphs = Array.from({ length: 60 }, (_, i) => `<p>${words(120, i)}</p>`).join('');
    const island = `<gb-island data-island="FaqBrowser"><p>${words(400, 99)}</p><p>${words(400, 98)}</p></gb-island>`;
    const html = page(`<h1>Long</h1>${paragraphs.slice(0, paragraphs.length / 3)}${island}${paragraphs}`);
    const out = blockRenderUntilFirstScreen(html);
    expect(out).toContain('<link rel="expect" href="#first-screen" blocking="render">');
    expect(out).not.toContain(BLOCK);
    const at = out.indexOf('<span id="first-screen" hidden></span>');
    expect(out.slice(at - 4, at)).toBe('</p>');
    const islandStart = out.indexOf('<gb-island');
    const islandEnd = out.indexOf('</gb-island>');
    expect(at < islandStart || at > islandEnd).toBe(true);
    // Within the budget, and the next block would not have been.
    expect(zlib.gzipSync(out.slice(0, at), { level: 9 }).length).toBeLessThanOrEqual(FIRST_PAINT_HTML_BYTES);
    const next = html.indexOf('</p>', at) + 4;
    expect(zlib.gzipSync(html.slice(0, next), { level: 9 }).length).toBeGreaterThan(FIRST_PAINT_HTML_BYTES);
  });
});
