/**
 * The compressed forms of the build's text files: the build writes `<file>.br` and `<file>.gz`
 * beside each (src/build/pipeline/precompress.ts), and every host we configure serves the one the
 * browser accepts (static-server.ts here, gzip_static and brotli_static in the nginx block).
 */

/** A form of a file: its Content-Encoding and the suffix of the file that holds it. */
export interface Encoding {
  name: 'br' | 'gzip';
  suffix: '.br' | '.gz';
}

/** In order of preference: brotli is about 15% smaller than gzip on these pages, and every current browser accepts it. */
export const ENCODINGS: readonly Encoding[] = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
];

/**
 * Files worth compressing: text. Images other than SVG, the fonts (woff2 is brotli inside) and
 * the icon are compressed formats already. `_headers` is the host's configuration, never served.
 */
const TEXT_EXTENSIONS = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.webmanifest', '.xml', '.txt']);

export function isCompressible(file: string): boolean {
  const name = file.slice(file.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 && TEXT_EXTENSIONS.has(name.slice(dot).toLowerCase());
}

/**
 * Pagefind's WebAssembly (`pagefind/wasm.<language>.pagefind`, 55-60 kB, the most of a first
 * search's bytes): Pagefind ships it gzip-compressed inside the file and decompresses it itself,
 * unless what it receives is decompressed already. Beside it the build writes `<file>.br`, brotli
 * of the decompressed bytes, 15% smaller (59.8 against 50.8 kB for English), which a host sends
 * with `Content-Encoding: br` to a browser that takes it; any other gets the file as it is. The
 * index's chunks are left as they are: they change with the copy, and brotli's best quality would
 * take 0.05-0.1 s of CPU each for 10% off.
 */
export function isPagefindWasm(file: string): boolean {
  return /^wasm\.[\w-]+\.pagefind$/.test(file.slice(file.lastIndexOf('/') + 1));
}

/** Whether a host looks beside the file for a compressed form of it. */
export function mayHaveEncodedForms(file: string): boolean {
  return isCompressible(file) || isPagefindWasm(file);
}

/** True for a compressed form the build wrote beside a file (never a page or an asset of its own). */
export function isEncodedForm(file: string): boolean {
  return ENCODINGS.some((encoding) => file.endsWith(encoding.suffix));
}

/**
 * The encodings an Accept-Encoding header allows, best first (RFC 9110, 12.5.3): a coding listed
 * with q=0, or not listed when no `*` allows it, is refused; among those allowed, a higher q wins
 * and then our order. An absent header allows none of them, since identity is always acceptable.
 */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  if (!header) return [];
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key === 'q') q = Number(value);
    }
    weights.set(token.trim(), Number.isFinite(q) ? q : 0);
  }
  const weight = (name: string) => weights.get(name) ?? (name === 'gzip' ? weights.get('x-gzip') : undefined) ?? weights.get('*') ?? 0;
  return ENCODINGS.filter((encoding) => weight(encoding.name) > 0).sort((a, b) => weight(b.name) - weight(a.name));
}
