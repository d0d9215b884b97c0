/**
 * /blog/{id}: a built-in post, pre-rendered from its MDX file. Any other id renders the not-found
 * page first, as the server does (a static host serves 404.html for it), and after hydration a
 * post added in this browser with that id replaces it; unknown ids keep the not-found page.
 */
import { Suspense, use } from 'react';
import { useParams, type Params } from 'react-router';
import blogPosts from 'virtual:content/blog';
import { Loading } from '@/components/Loading';
import { BlogPostView } from '@/features/blog/BlogPostView';
import { StoredPostPage } from '@/features/blog/StoredPost';
import type { RouteModuleExports } from '@/router/route-module';

const modules = import.meta.glob<RouteModuleExports>('/content/blog/*.mdx');

// React's `use()` reads a promise synchronously once it carries status 'fulfilled' and its value.
type Settled<T> = Promise<T> & { status?: 'fulfilled'; value?: T };
const loads = new Map<number, Settled<RouteModuleExports>>();

/**
 * Only the canonical spelling of an id finds its post: /blog/0010 is not pre-rendered, so the
 * host answers it with 404.html, and the client must render the same not-found page over it.
 */
function findPost(id: string | undefined) {
  return /^[1-9]\d*$/.test(id ?? '') ? blogPosts.find((post) => post.id === Number(id)) : undefined;
}

/** One promise per post, marked settled so `use()` reads it synchronously once loaded. */
function loadPost(post: (typeof blogPosts)[number]): Settled<RouteModuleExports> {
  let promise = loads.get(post.id);
  if (!promise) {
    const settled: Settled<RouteModuleExports> = modules[`/content/blog/${post.file}`]().then((module) => {
      settled.status = 'fulfilled';
      settled.value = module;
      return module;
    });
    promise = settled;
    loads.set(post.id, promise);
  }
  return promise;
}

export async function preload(params: Params): Promise<void> {
  const post = findPost(params.id);
  if (post) await loadPost(post);
}

function PostBody({ post }: { post: (typeof blogPosts)[number] }) {
  const { default: Body } = use(loadPost(post) as Promise<RouteModuleExports>);
  return <BlogPostView post={post} Body={Body} />;
}

export default function BlogPostPage() {
  const { id } = useParams();
  const post = findPost(id);
  if (!post) return <StoredPostPage id={id} />;
  // Pre-rendered and hydrated posts are already loaded; moving between posts shows 'Loading…'.
  return (
    <Suspense fallback={<Loading />}>
      <PostBody post={post} />
    </Suspense>
  );
}
