/** Which compressed form a browser's Accept-Encoding allows, and which files have one. */
import { describe } from 'vitest';
import { acceptedEncodings, isCompressible, isEncodedForm, isPagefindWasm } from './encodings';
import { eachReturns, eachReturnsSame } from '../../../tests/support/each-returns';

const names = (header: string | undefined) => acceptedEncodings(header).map((encoding) => encoding.name);

describe('acceptedEncodings', () => {
  eachReturns('prefers brotli, then gzip, as browsers send them: %j', names, [
    ['gzip, deflate, br, zstd', ['br', 'gzip']],
    ['gzip, deflate', ['gzip']],
    ['br', ['br']],
  ]);

  eachReturnsSame('allows none without the header or with identity alone: %j', names, [undefined, '', 'identity'], []);

  eachReturns('reads q-values, q=0 refusing, a higher q first, * covering what is not listed: %j', names, [
    ['br;q=0, gzip', ['gzip']],
    ['gzip;q=1.0, br;q=0.5', ['gzip', 'br']],
    ['*', ['br', 'gzip']],
    ['*;q=0.1, gzip;q=0', ['br']],
    ['BR ; Q=0.9, GZIP', ['gzip', 'br']],
    ['x-gzip', ['gzip']],
  ]);
});

describe('which files have compressed forms', () => {
  eachReturnsSame(
    'compresses text: %s',
    isCompressible,
    [
      'index.html',
      'blog/1/index.html',
      'assets/index-1a2b.js',
      'assets/site-1a2b.css',
      'images/hero.svg',
      'sitemap.xml',
      'robots.txt',
      'blog/search.json',
      'sw.js',
    ],
    true,
  );

  eachReturnsSame(
    'does not compress what is compressed already or never served: %s',
    isCompressible,
    ['_headers', 'images/social/default.png', 'assets/inter-1a2b.woff2', 'favicon.ico', 'index.html.gz', 'index.html.br', 'README'],
    false,
  );

  eachReturns("tells Pagefind's WebAssembly (gzip inside, given a brotli form) from its other files: %s", isPagefindWasm, [
    ['pagefind/wasm.en.pagefind', true],
    ['pagefind/wasm.unknown.pagefind', true],
    ['pagefind/pagefind.en_1a2b.pf_meta', false],
    ['pagefind/index/en_1a2b.pf_index', false],
    ['pagefind/wasm.en.pagefind.br', false],
    ['assets/wasm.en.js', false],
  ]);

  eachReturns('tells the compressed forms from the files: %s', isEncodedForm, [
    ['index.html.br', true],
    ['assets/index-1a2b.js.gz', true],
    ['index.html', false],
  ]);
});
