/**
 * Which URLs a post added in the browser may use. Its text is untrusted: links may only be http(s),
 * mailto, site-relative paths or in-page anchors; images only site-relative paths or https.
 * Anything else (javascript:, data:, protocol-relative //host, /\host tricks) is refused.
 */
import { PLACEHOLDER_IMAGE } from './post';

// Any origin works as the base: a site-relative URL resolves onto it, a host-changing one does not.
const BASE = 'https://site.invalid';

/** A path on this site, e.g. `/blog/3` (not `//evil.example`, `/\evil.example` or `/%09/...`). */
export function isSitePath(url: string): boolean {
  if (!url.startsWith('/')) return false;
  try {
    return new URL(url, BASE).origin === BASE;
  } catch {
    return false;
  }
}

function protocolOf(url: string): string | null {
  try {
    return new URL(url).protocol;
  } catch {
    return null;
  }
}

/** The link target, or undefined when it is not allowed (the text is then shown without a link). */
export function safeHref(raw: string | null | undefined): string | undefined {
  const url = (raw ?? '').trim();
  if (!url) return undefined;
  // In-page anchors, e.g. the footnote links GFM generates.
  if (url.startsWith('#')) return url;
  if (url.startsWith('/')) return isSitePath(url) ? url : undefined;
  const protocol = protocolOf(url);
  return protocol === 'http:' || protocol === 'https:' || protocol === 'mailto:' ? url : undefined;
}

/** The image source, or undefined when it is not a site path or an https URL. */
export function safeImageSrc(raw: string | null | undefined): string | undefined {
  const url = (raw ?? '').trim();
  if (!url) return undefined;
  if (url.startsWith('/')) return isSitePath(url) ? url : undefined;
  return protocolOf(url) === 'https:' ? url : undefined;
}

/**
 * What is wrong with a post's image address, one sentence for the admin; null when the pages show
 * it (or it is empty: the placeholder). The server refuses such a post with it; the admin's form
 * shows the server's words (a post kept in the browser is shown with the placeholder instead).
 */
export function imageProblem(raw: string): string | null {
  const url = raw.trim();
  if (!url || safeImageSrc(url)) return null;
  return `Image path "${url}" is neither a path on this site (such as /images/blog/post-1.svg) nor an https:// address; the pages would show the placeholder instead.`;
}

/** A post's cover image: its own when allowed, the placeholder otherwise. */
export function coverImage(raw: string): string {
  return safeImageSrc(raw) ?? PLACEHOLDER_IMAGE;
}
