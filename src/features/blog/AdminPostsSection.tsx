/**
 * The blog section of the admin dashboard: add a post (with its normalisation rules), and list, view, delete or
 * download as MDX the posts added in this browser. Mounted by the dashboard.
 */
import { useId, useMemo } from 'react';
import { AdminPostForm } from './AdminPostForm';
import { AdminPostList } from './AdminPostList';
import { useAllPosts, useStoredPosts } from './post-store';

export function AdminPostsSection() {
  const stored = useStoredPosts();
  const all = useAllPosts();
  const categories = useMemo(() => [...new Set(all.map((post) => post.category))].sort(), [all]);
  const headingId = useId();
  const listHeadingId = useId();

  return (
    <section className="blog-admin" aria-labelledby={headingId}>
      <h2 id={headingId}>Blog posts</h2>
      <p>
        Posts added here are kept in this browser only and appear first on the blog here. To publish one for every visitor, download it as MDX and add the file
        to <code>content/blog/</code>.
      </p>
      <AdminPostForm categories={categories} />
      <AdminPostList posts={stored} headingId={listHeadingId} />
    </section>
  );
}
