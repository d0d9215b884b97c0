/**
 * /blog/page/{n}: page n (2 and up) of the blog list, with the blog's own heading and copy and a
 * title and description of its own. Page 1 is /blog itself.
 */
import BlogIndexContent, { meta } from '@content/pages/blog/index.mdx';
import builtInPosts from 'virtual:content/blog';
import { DESCRIPTION_MAX, shortenAtWord } from '@/build/content/snippet-limits';
import { pageCount, pagePath, parsePage } from '@/ui/features/blog/blog-pages';
import { MdxPage } from '@/ui/router/MdxPage';
import { NotFound } from '@/ui/router/NotFound';
import { useRouteParams } from '@/ui/router/location';

export default function BlogPage() {
  const page = parsePage(useRouteParams().n, pageCount(builtInPosts.length));
  if (page === null) return <NotFound />;
  const pageMeta = {
    ...meta,
    title: `${meta.title}, page ${page}`,
    // The page number goes first, so shortening the blog's own description never cuts it off.
    description: shortenAtWord(`Page ${page} of the blog. ${meta.description}`, DESCRIPTION_MAX),
    path: pagePath(page),
    breadcrumb: `Page ${page}`,
  };
  return <MdxPage meta={pageMeta} Content={BlogIndexContent} />;
}
