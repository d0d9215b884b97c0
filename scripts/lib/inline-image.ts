/**
 * The page's largest image (the one <Image priority> marks with fetchpriority="high": the home
 * page's hero, a post's cover, a product's figure) goes into the HTML itself when it is one of the
 * site's SVG illustrations. A separate request would cost a phone on a slow network a round trip
 * after the HTML before the first screen is complete; inline, it arrives with the page (about
 * 1-1.5 kB gzip).
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
export function inlineSvg(source: string, img: Map<string, string>, idPrefix: string): string {
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
    .replace(/\bid="([^"]+)"/g, `id="${idPrefix}$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${idPrefix}$1)`)
    .replace(/\s(?:xlink:)?href="#([^"]+)"/g, ` xlink:href="#${idPrefix}$1"`);
  return open + inner + '</svg>';
}

/**
 * Puts the page's largest image in the page when it is a local SVG, and drops the preload hint
 * React wrote for it. Anything else (no such image, a photo, a missing file) stays as it was.
 */
export function inlineLargestImage(html: string, readAsset: (sitePath: string) => string): string {
  const tag = /<img\b[^>]*\bfetchPriority="high"[^>]*>/i.exec(html)?.[0];
  if (!tag) return html;
  const img = attributes(tag);
  const src = img.get('src') ?? '';
  if (!LOCAL_SVG.test(src) || !img.get('width') || !img.get('height')) return html;
  let source: string;
  try {
    source = readAsset(src);
  } catch {
    return html;
  }
  const inline = inlineSvg(source, img, `${path.basename(src, '.svg')}-`);
  const preload = new RegExp(`<link rel="preload" as="image" href="${src.replace(/[.]/g, '\\.')}"[^>]*>`);
  return html.replace(tag, () => inline).replace(preload, '');
}
