/**
 * A post's cover as the post page and the blog list show it: the photo its frontmatter names
 * (`cover`, a photo of content/photos/, with `coverAlt`), else its illustration (`image`, or the
 * placeholder for an address we refuse).
 */
import type { BlogPostMeta } from '@/content/schema';
import { coverImage } from '@/domain/posts/safe-url';

export interface PostCover {
  src: string;
  alt: string;
}

export function postCover(post: Pick<BlogPostMeta, 'image' | 'cover' | 'coverAlt'>): PostCover {
  return post.cover ? { src: post.cover, alt: post.coverAlt ?? '' } : { src: coverImage(post.image), alt: '' };
}

/**
 * The width a card's image is shown at in the blog list (blog.css, cards.css): the grid fills the
 * container (76rem at most, 1rem of margin each side), a column is 19rem at least with 1.5rem
 * gaps, and the image fills its card but for 1.5rem of padding and a 1px border each side. One
 * column below 41.5rem, two below 62rem, three up to 78rem, where the container stops growing.
 */
export const CARD_SIZES = '(min-width: 78rem) 339px, (min-width: 62rem) calc(33.33vw - 77px), (min-width: 41.5rem) calc(50vw - 78px), calc(100vw - 82px)';
