/**
 * /blog/{id} for a post added in the browser. A static host answers that URL with 404.html, so
 * the first render (pre-render and hydration alike) is the not-found page; once hydrated, the id
 * is looked up in storage and the post replaces it when there is one. The markdown renderer is
 * loaded only then, so built-in post pages never download it.
 */
import { Suspense, lazy } from 'react';
import { Loading } from '@/components/Loading';
import { NotFound } from '@/router/NotFound';
import { BlogPostView } from './BlogPostView';
import { useStoredPosts } from './post-store';

const PostMarkdown = lazy(() => import('./PostMarkdown'));

export function StoredPostPage({ id }: { id: string | undefined }) {
  const posts = useStoredPosts();
  // The canonical spelling only, as for built-in posts: /blog/01001 stays not found.
  const post = /^[1-9]\d*$/.test(id ?? '') ? posts.find((p) => p.id === Number(id)) : undefined;
  if (!post) return <NotFound />;
  return (
    <BlogPostView post={post} stored>
      <Suspense fallback={<Loading />}>
        <PostMarkdown content={post.content} />
      </Suspense>
    </BlogPostView>
  );
}
