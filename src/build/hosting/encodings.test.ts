/** Which compressed form a browser's Accept-Encoding allows, and which files have one. */
import { describe, expect, it } from 'vitest';
import { acceptedEncodings, isCompressible, isEncodedForm } from './encodings';

const names = (header: string | undefined) => acceptedEncodings(header).map((encoding) => encoding.name);

describe('acceptedEncodings', () => {
  it('prefers brotli, then gzip, as browsers send them', () => {
    expect(names('gzip, deflate, br, zstd')).toEqual(['br', 'gzip']);
    expect(names('gzip, deflate')).toEqual(['gzip']);
    expect(names('br')).toEqual(['br']);
  });

  it('allows none without the header or with identity alone', () => {
    expect(names(undefined)).toEqual([]);
    expect(names('')).toEqual([]);
    expect(names('identity')).toEqual([]);
  });

  it('reads q-values: q=0 refuses, a higher q comes first, * covers what is not listed', () => {
    expect(names('br;q=0, gzip')).toEqual(['gzip']);
    expect(names('gzip;q=1.0, br;q=0.5')).toEqual(['gzip', 'br']);
    expect(names('*')).toEqual(['br', 'gzip']);
    expect(names('*;q=0.1, gzip;q=0')).toEqual(['br']);
    expect(names('BR ; Q=0.9, GZIP')).toEqual(['gzip', 'br']);
    expect(names('x-gzip')).toEqual(['gzip']);
  });
});

describe('which files have compressed forms', () => {
  it('compresses text and not what is compressed already or never served', () => {
    for (const file of [
      'index.html',
      'blog/1/index.html',
      'assets/index-1a2b.js',
      'assets/site-1a2b.css',
      'images/hero.svg',
      'sitemap.xml',
      'robots.txt',
      'blog/search.json',
      'sw.js',
    ])
      expect(isCompressible(file), file).toBe(true);
    for (const file of ['_headers', 'images/social/default.png', 'assets/inter-1a2b.woff2', 'favicon.ico', 'index.html.gz', 'index.html.br', 'README'])
      expect(isCompressible(file), file).toBe(false);
  });

  it('tells the compressed forms from the files', () => {
    expect(isEncodedForm('index.html.br')).toBe(true);
    expect(isEncodedForm('assets/index-1a2b.js.gz')).toBe(true);
    expect(isEncodedForm('index.html')).toBe(false);
  });
});
