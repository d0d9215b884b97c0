/**
 * Link-preview cards of their own: product pages and every built-in blog post get a 1200x630 PNG
 * that shows their title, rendered at build time (scripts/lib/social-cards/) to the path below.
 * Every other page shows its language's default card, and so does a post that exists only at run
 * time (added in the browser or through the server's API), which no build has drawn. The head
 * (og:image) and the build both ask here, so a page never points at a card that was not rendered.
 * No site config here: the build imports it too.
 */
import type { PageMeta } from '@/build/content/schema';

/** The default card of the site's default language, and the social image a page's frontmatter names by default. */
export const DEFAULT_CARD = '/images/social/default.png';

/**
 * The default card in a language: the default language's, or `default-<code>.png` beside it, drawn
 * from `default-<code>.svg` (scripts/render-social-cards.ts) with the words of the language's
 * content/ui/<code>.yaml `socialCard.tagline`.
 */
export function defaultCard(code: string, defaultCode: string): string {
  return code === defaultCode ? DEFAULT_CARD : `/images/social/default-${code}.png`;
}

/**
 * `/garlic-powder` → `/images/social/cards/garlic-powder.png`, `/blog/1` → `/images/social/cards/blog/1.png`;
 * a post with a cover photo has its photo as its card, a JPEG (`/images/social/cards/blog/1.jpg`).
 */
export function cardPath(pagePath: string, format: 'png' | 'jpg' = 'png'): string {
  return `/images/social/cards${pagePath}.${format}`;
}

/** A product page whose frontmatter names no social image of its own. */
export function pageHasOwnCard(meta: PageMeta): meta is PageMeta & { path: string } {
  return meta.path !== null && meta.product !== undefined && meta.image === DEFAULT_CARD;
}
