/**
 * The structured data of a post's page. A post added in the browser carries an untrusted image
 * URL, so the JSON-LD uses the same checked cover as the page (safe-url.ts), never the raw value.
 */
import type { BlogPostMeta } from '@/build/content/schema';
import { breadcrumbTrail } from '@/ui/head/breadcrumbs';
import { blogPosting, breadcrumbList } from '@/ui/head/structured-data';
import { coverImage } from '@/shared/domain/posts/safe-url';

export function postStructuredData(post: BlogPostMeta): object[] {
  return [blogPosting({ ...post, image: coverImage(post.image) }), breadcrumbList(breadcrumbTrail(`/blog/${post.id}`, post.title))];
}
