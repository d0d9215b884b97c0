/**
 * Link-preview cards of their own: product pages and the newest built-in blog posts get a
 * 1200x630 PNG that shows their title, rendered at build time (scripts/lib/social-cards/) to the
 * path below. Every other page, and an older post, shows the default card. The head (og:image) and the build both ask here, so a page
 * never points at a card that was not rendered. No site config here: the build imports it too.
 */
import type { PageMeta } from '@/content/schema';

export const DEFAULT_CARD = '/images/social/default.png';

/** `/garlic-powder` → `/images/social/cards/garlic-powder.png`, `/blog/1` → `/images/social/cards/blog/1.png`. */
export function cardPath(pagePath: string): string {
  return `/images/social/cards${pagePath}.png`;
}

/**
 * How many of the newest posts get a card. A card costs tens of milliseconds of CPU to draw the
 * first time (then it comes from the cache), and a site with a thousand posts must still build in
 * seconds from a clean checkout: the newest posts are the ones being shared, and a new post is
 * always among them.
 */
export const POSTS_WITH_CARDS = 24;

/** `rank`: the post's place in the list, newest first (0 is the newest). */
export function postHasOwnCard(rank: number): boolean {
  return rank >= 0 && rank < POSTS_WITH_CARDS;
}

/** A product page whose frontmatter names no social image of its own. */
export function pageHasOwnCard(meta: PageMeta): meta is PageMeta & { path: string } {
  return meta.path !== null && meta.product !== undefined && meta.image === DEFAULT_CARD;
}
