/**
 * The blog list in pages, so /blog stays the same size however many posts there are: page 1 is
 * /blog, page N is /blog/page/N, newest first. Filter and search work over every post through
 * a compact index (SEARCH_INDEX_PATH) that the page fetches the first time a visitor uses them.
 */
import type { BlogPostMeta } from '@/build/content/schema';
import type { PagePhoto } from '@/ui/components/ui/page-photos';

export const POSTS_PER_PAGE = 12;
export const SEARCH_INDEX_PATH = '/blog/search.json';

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / POSTS_PER_PAGE));
}

export function pagePath(page: number): string {
  return page <= 1 ? '/blog' : `/blog/page/${page}`;
}

export function postsOnPage<T>(posts: readonly T[], page: number): T[] {
  return posts.slice((page - 1) * POSTS_PER_PAGE, page * POSTS_PER_PAGE);
}

/** A page number from its URL segment: only the canonical spelling of 2..pages. */
export function parsePage(segment: string | undefined, pages: number): number | null {
  if (!/^[1-9]\d*$/.test(segment ?? '')) return null;
  const page = Number(segment);
  return page >= 2 && page <= pages ? page : null;
}

/**
 * What the list shows and the search reads of a post: all the search index holds. In the index, a
 * post with a cover photo carries the photo's variants too (`coverPhoto`), which the browser's
 * scripts do not (components/ui/page-photos.ts).
 */
export type ListedPost = Pick<
  BlogPostMeta,
  'id' | 'title' | 'excerpt' | 'category' | 'date' | 'readTime' | 'image' | 'cover' | 'coverAlt' | 'tags' | 'featured'
> & {
  coverPhoto?: PagePhoto;
};

export function listed({ id, title, excerpt, category, date, readTime, image, cover, coverAlt, tags, featured }: ListedPost): ListedPost {
  // A cover only where there is one: the search index stays as small as before for the others.
  return { id, title, excerpt, category, date, readTime, image, ...(cover ? { cover, coverAlt } : {}), tags, featured };
}
