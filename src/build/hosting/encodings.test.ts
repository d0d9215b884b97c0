/** Which compressed form a browser's Accept-Encoding allows, and which files have one. */
import { describe, expect, it } from 'vitest';
import { acceptedEncodings, isCompressible, isEncodedForm } from './encodings';

const names = (header: string | undefined) => acceptedEncodings(header).map((encoding) => encoding.name);

describe('acceptedEncodings', () => {
  it.each([
    ['gzip, deflate, br, zstd', ['br', 'gzip']],
    ['gzip, deflate', ['gzip']],
    ['br', ['br']],
  ])('prefers brotli, then gzip, as browsers send them: %j', (header, accepted) => {
    expect(names(header)).toEqual(accepted);
  });

  it.each([undefined, '', 'identity'])('allows none without the header or with identity alone: %j', (header) => {
    expect(names(header)).toEqual([]);
  });

  it.each([
    ['br;q=0, gzip', ['gzip']],
    ['gzip;q=1.0, br;q=0.5', ['gzip', 'br']],
    ['*', ['br', 'gzip']],
    ['*;q=0.1, gzip;q=0', ['br']],
    ['BR ; Q=0.9, GZIP', ['gzip', 'br']],
    ['x-gzip', ['gzip']],
  ])('reads q-values, q=0 refusing, a higher q first, * covering what is not listed: %j', (header, accepted) => {
    expect(names(header)).toEqual(accepted);
  });
});

describe('which files have compressed forms', () => {
  it.each([
    'index.html',
    'blog/1/index.html',
    'assets/index-1a2b.js',
    'assets/site-1a2b.css',
    'images/hero.svg',
    'sitemap.xml',
    'robots.txt',
    'blog/search.json',
    'sw.js',
  ])('compresses text: %s', (file) => {
    expect(isCompressible(file)).toBe(true);
  });

  it.each(['_headers', 'images/social/default.png', 'assets/inter-1a2b.woff2', 'favicon.ico', 'index.html.gz', 'index.html.br', 'README'])(
    'does not compress what is compressed already or never served: %s',
    (file) => {
      expect(isCompressible(file)).toBe(false);
    },
  );

  it.each([
    ['index.html.br', true],
    ['assets/index-1a2b.js.gz', true],
    ['index.html', false],
  ])('tells the compressed forms from the files: %s', (file, encoded) => {
    expect(isEncodedForm(file)).toBe(encoded);
  });
});
