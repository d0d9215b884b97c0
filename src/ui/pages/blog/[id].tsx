/**
 * /blog/{id}: a built-in post, pre-rendered from its MDX file. Any other id is answered by the
 * host with 404.html, whose not-found page shows a post added in this browser when it has that id
 * (src/browser/islands/NotFoundOrStoredPost.tsx).
 */
import type { ComponentType } from 'react';
import blogPosts from 'virtual:content/blog';
import { mdxComponents } from '@/ui/components/mdx/components';
import { BlogPostView } from '@/ui/features/blog/BlogPostView';
import { NotFound } from '@/ui/router/NotFound';
import { useRouteParams, type Params } from '@/ui/router/location';
import type { RouteModuleExports } from '@/ui/router/route-module';

const modules = import.meta.glob<RouteModuleExports>('/content/blog/*.mdx');
const bodies = new Map<number, ComponentType<{ components?: Record<string, unknown> }>>();

/** Only the canonical spelling of an id finds its post: /blog/0010 is not pre-rendered. */
function findPost(id: string | undefined) {
  return /^[1-9]\d*$/.test(id ?? '') ? blogPosts.find((post) => post.id === Number(id)) : undefined;
}

export async function preload(params: Params): Promise<void> {
  const post = findPost(params.id);
  if (post && !bodies.has(post.id)) bodies.set(post.id, (await modules[`/content/blog/${post.file}`]()).default);
}

export default function BlogPostPage() {
  const post = findPost(useRouteParams().id);
  const Body = post && bodies.get(post.id);
  if (!post || !Body) return <NotFound />;
  return <BlogPostView post={post} Body={Body} components={mdxComponents} ownCard />;
}
