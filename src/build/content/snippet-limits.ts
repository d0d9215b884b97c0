/**
 * Lengths search engines show in full: a title of about 60 characters before the site's
 * " | Garlic Brothers" suffix, and a description of about 160 (shorter ones say too little to
 * be used as the snippet). The content check holds every page and post to them; the runtime
 * uses the same numbers for posts added in the browser.
 */
export const TITLE_MAX = 60;
export const DESCRIPTION_MIN = 50;
export const DESCRIPTION_MAX = 160;

/** `text` cut to at most `max` characters at a word boundary, ending in "…" when cut. */
export function shortenAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.search(/\s\S*$/);
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The meta description of a post: its own `description` when it has one, else its excerpt. */
export function postDescription(post: { description?: string; excerpt: string }): string {
  return post.description ?? post.excerpt;
}
