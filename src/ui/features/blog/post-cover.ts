/**
 * A post's cover as the post page and the blog list show it: the photo its frontmatter names
 * (`cover`, a photo of content/photos/, with `coverAlt`) or the one uploaded in the admin (server
 * mode), else its illustration (`image`, or the placeholder for an address we refuse).
 */
import type { CoverPhoto } from '@/shared/domain/posts/post';
import { coverImage } from '@/shared/domain/posts/safe-url';

export interface PostCover {
  src: string;
  alt: string;
  /** The photo's variants where the post carries them (a post of the server, the blog's search index); else Image finds them by `src`. */
  photo?: CoverPhoto;
}

export function postCover(post: { image: string; cover?: string; coverAlt?: string; coverPhoto?: CoverPhoto }): PostCover {
  if (!post.cover) return { src: coverImage(post.image), alt: '' };
  return { src: post.cover, alt: post.coverAlt ?? '', ...(post.coverPhoto ? { photo: post.coverPhoto } : {}) };
}

/**
 * The width a card's image is shown at in the blog list (06-blog.css, 02-cards.css): the grid fills the
 * container (76rem at most, 1rem of margin each side), a column is 19rem at least with 1.5rem
 * gaps, and the image fills its card but for 1.5rem of padding and a 1px border each side. One
 * column below 41.5rem, two below 62rem, three up to 78rem, where the container stops growing.
 */
export const CARD_SIZES = '(min-width: 78rem) 339px, (min-width: 62rem) calc(33.33vw - 77px), (min-width: 41.5rem) calc(50vw - 78px), calc(100vw - 82px)';
