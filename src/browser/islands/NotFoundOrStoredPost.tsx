/**
 * The not-found page, as pre-rendered, unless the URL is /blog/<id> of a post added in this
 * browser's admin: a static host answers that URL with 404.html, and this island then shows the
 * post in its place. The markdown renderer loads only for such a post.
 */
import { Suspense, lazy } from 'react';
import { BlogPostView } from '@/ui/features/blog/BlogPostView';
import { PostsProvider, usePosts } from '@/browser/data/providers';
import { useHydrated } from '@/ui/components/use-hydrated';
import { IslandSlot } from '@/browser/runtime/islands/slot';
import { KEYS } from '@/browser/storage/storage';
import type { IslandProps } from '@/browser/runtime/islands/island';

// Only a browser holding posts added in its admin can have one to show here.
export const hydrate = 'interaction';
export const wakeOn = KEYS.blogPosts;

const PostMarkdown = lazy(() => import('@/ui/features/blog/PostMarkdown'));

function StoredPostOr({ slot }: { slot?: string }) {
  const hydrated = useHydrated();
  const posts = usePosts().stored;
  // The canonical spelling only, as for built-in posts: /blog/01001 stays not found.
  const id = hydrated ? /^\/blog\/([1-9]\d*)\/?$/.exec(window.location.pathname)?.[1] : undefined;
  const post = id ? posts.find((p) => p.id === Number(id)) : undefined;
  if (!post) return <IslandSlot html={slot} />;
  return (
    <BlogPostView post={post} stored>
      <Suspense fallback={<p role="status">Loading the post…</p>}>
        <PostMarkdown content={post.content} />
      </Suspense>
    </BlogPostView>
  );
}

export default function NotFoundOrStoredPost({ slot }: IslandProps) {
  return (
    <PostsProvider>
      <StoredPostOr slot={slot} />
    </PostsProvider>
  );
}
