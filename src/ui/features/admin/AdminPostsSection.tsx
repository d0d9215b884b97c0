/**
 * The blog section of the admin dashboard: add a post (with its normalisation rules), and list,
 * view, delete or download as MDX the posts added. With the server of `npm start` and its admin
 * session, posts are published there for every visitor; otherwise they are kept in this browser.
 * The section says which, because the two look alike from the admin's side. Mounted by the dashboard.
 */
import { useId, useMemo } from 'react';
import { AdminPostForm } from './AdminPostForm';
import { AdminPostList } from './AdminPostList';
import { usePostsServer, type Destination } from './admin-posts-api';
import { useAllPosts, useStoredPosts } from '../blog/post-store';

function DestinationNotice({ destination }: { destination: Destination }) {
  switch (destination) {
    case 'checking':
      return <p>Checking whether the website&apos;s server answers…</p>;
    case 'server':
      return (
        <p>
          <strong>Published to the website for every visitor:</strong> posts added here are stored on the server and appear first on the blog for everyone.
        </p>
      );
    case 'no-session':
      return (
        <p>
          <strong>The server did not accept this admin session: this post is kept in this browser only.</strong> Sign out and sign in again to publish for every
          visitor. Meanwhile, posts added here appear first on the blog in this browser; to publish one, download it as MDX and add the file to{' '}
          <code>content/blog/</code>.
        </p>
      );
    case 'no-server':
      return (
        <p>
          <strong>No server answered: this post is kept in this browser only.</strong> Posts added here appear first on the blog in this browser. To publish one
          for every visitor, download it as MDX and add the file to <code>content/blog/</code>.
        </p>
      );
  }
}

export function AdminPostsSection() {
  const stored = useStoredPosts();
  const all = useAllPosts();
  const server = usePostsServer();
  const categories = useMemo(() => [...new Set([...(server.posts ?? []), ...all].map((post) => post.category))].sort(), [all, server.posts]);
  const headingId = useId();
  const listHeadingId = useId();
  const storedHeadingId = useId();
  const published = server.destination === 'server';

  return (
    <section className="blog-admin" aria-labelledby={headingId}>
      <h2 id={headingId}>Blog posts</h2>
      <div role="status" className="post-destination">
        <DestinationNotice destination={server.destination} />
      </div>
      <AdminPostForm categories={categories} destination={server.ready} onPublished={server.reload} />
      {published ? (
        <>
          <AdminPostList posts={server.posts} headingId={listHeadingId} where="server" onChanged={server.reload} loadError={server.listError} />
          {/* Posts kept here before the server was in use stay reachable, to download or delete. */}
          {stored.length > 0 && <AdminPostList posts={stored} headingId={storedHeadingId} where="browser" />}
        </>
      ) : (
        <AdminPostList posts={stored} headingId={listHeadingId} where="browser" />
      )}
    </section>
  );
}
