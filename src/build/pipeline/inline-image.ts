/**
 * The images of a page's first screen (those <Image priority> marks with fetchpriority="high": the
 * home page's hero, a post's cover, a product's figure, the gallery's first pair) go into the HTML
 * itself when they are the site's SVG illustrations. A separate request would cost a phone on a
 * slow network a round trip after the HTML before the first screen is complete; inline, each
 * arrives with the page (about 1-1.5 kB gzip).
 *
 * The inline <svg> keeps what the <img> said: its box (width and height, so nothing moves), its
 * classes (plus `inline-image`, for the rules written for images) and its text alternative (the
 * alt as the accessible name, or hidden from assistive technology when the alt is empty). The
 * drawing's ids get a prefix of the file's name, so they cannot clash with the page's own.
 */
import path from 'node:path';

/** The attributes of one tag, as written (values still HTML-escaped). */
function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const m of tag.matchAll(/\s([\w:-]+)(?:="([^"]*)")?/g)) found.set(m[1].toLowerCase(), m[2] ?? '');
  return found;
}

/** Only the site's own illustrations: a local path under /images/ ending in .svg. */
const LOCAL_SVG = /^\/images\/[\w/-]+\.svg$/;

/** The attributes a drawing's root keeps: how it draws, not what the <img> already says. */
const DRAWING_ATTRIBUTES = new Set(['viewbox', 'fill', 'preserveaspectratio']);

/**
 * The drawing as inline markup for an <img> with these attributes: comments, line breaks and its
 * own <title> dropped (the alt names it), ids prefixed, and `href` on <use> written as
 * `xlink:href`, which every HTML checker accepts.
 */
function inlineSvg(source: string, img: Map<string, string>, idPrefix: string): string {
  const body = source
    .replace(/<\?xml[\s\S]*?\?>|<!--[\s\S]*?-->/g, '')
    .replace(/>\s+</g, '><')
    .trim();
  const root = /^<svg\b[^>]*>/.exec(body);
  if (!root || !body.endsWith('</svg>')) throw new Error('not an <svg> document');
  const drawing = [...attributes(root[0])]
    .filter(([name]) => DRAWING_ATTRIBUTES.has(name))
    .map(([name, value]) => ` ${name === 'viewbox' ? 'viewBox' : name}="${value}"`);
  const alt = img.get('alt') ?? '';
  const name = alt ? ` role="img" aria-label="${alt}"` : ' aria-hidden="true"';
  const className = [img.get('class'), 'inline-image'].filter(Boolean).join(' ');
  const open = `<svg width="${img.get('width')}" height="${img.get('height')}"${drawing.join('')} class="${className}"${name}>`;
  const inner = body
    .slice(root[0].length, -'</svg>'.length)
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/\sid="([^"]+)"/g, ` id="${idPrefix}$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${idPrefix}$1)`)
    .replace(/\s(?:xlink:)?href="#([^"]+)"/g, ` xlink:href="#${idPrefix}$1"`);
  return open + inner + '</svg>';
}

/**
 * Puts each first-screen image that is a local SVG in the page, and drops the preload hint React
 * wrote for it. Anything else (a photo, another host, a missing file) stays as it was.
 */
export function inlineFirstScreenImages(html: string, readAsset: (sitePath: string) => string): string {
  const inlined: string[] = [];
  const withDrawings = html.replace(/<img\b[^>]*\bfetchPriority="high"[^>]*>/gi, (tag) => {
    const img = attributes(tag);
    const src = img.get('src') ?? '';
    if (!LOCAL_SVG.test(src) || !img.get('width') || !img.get('height')) return tag;
    let source: string;
    try {
      source = readAsset(src);
    } catch {
      return tag;
    }
    // A drawing shown twice on a page gets a second prefix, so its ids stay unique.
    const repeat = inlined.filter((done) => done === src).length;
    inlined.push(src);
    try {
      return inlineSvg(source, img, `${path.basename(src, '.svg')}-${repeat ? `${repeat + 1}-` : ''}`);
    } catch (error) {
      throw new Error(`public${src}, an image marked priority: ${(error as Error).message}`, { cause: error });
    }
  });
  return withDrawings.replace(/<link rel="preload" as="image" href="([^"]*)"[^>]*>/g, (link, href: string) => (inlined.includes(href) ? '' : link));
}
