/**
 * The blog list of one page (page 1 on /blog, page N on /blog/page/N), rendered at build time
 * from the built-in posts and handed to the BlogList island as props: the browser never carries
 * more than one page of posts, however many there are.
 */
import builtInPosts from 'virtual:content/blog';
import { useStructuredData } from '@/ui/head/page-head';
import { blog } from '@/ui/head/structured-data';
import { useRouteParams } from '@/ui/router/location';
import { Island } from '@/browser/runtime/islands/island';
import { listed, pageCount, parsePage, postsOnPage } from './blog-pages';

export function BlogIndex() {
  const pages = pageCount(builtInPosts.length);
  const page = parsePage(useRouteParams().n, pages) ?? 1;
  // The list's structured data names the newest posts (at most 10), on the first page.
  useStructuredData(page === 1 ? [blog(builtInPosts)] : []);
  const categories = [...new Set(builtInPosts.map((post) => post.category))].sort();
  return <Island name="BlogList" posts={postsOnPage(builtInPosts, page).map(listed)} page={page} pages={pages} categories={categories} />;
}
