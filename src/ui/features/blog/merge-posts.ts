import type { BlogPostMeta } from '@/build/content/schema';
import type { BlogPost } from '@/shared/domain/posts/post';

/**
 * Stored posts first, then the built-in ones. A stored post whose id a built-in post has since
 * taken (its MDX was published) is left out: the built-in page is the one /blog/{id} shows.
 */
export function mergePosts<T extends Pick<BlogPostMeta, 'id'>>(stored: readonly BlogPost[], builtIn: readonly T[]): (T | BlogPost)[] {
  const taken = new Set(builtIn.map((post) => post.id));
  const seen = new Set<number>();
  const own = stored.filter((post) => !taken.has(post.id) && !seen.has(post.id) && seen.add(post.id));
  return [...own, ...builtIn];
}
