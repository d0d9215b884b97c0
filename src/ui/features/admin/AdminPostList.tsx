/**
 * The posts added in the admin, for the admin: those published on the server or those kept in
 * this browser (one list each); view, delete (confirmed in the page) and "Download as MDX", a
 * file ready to publish in content/blog/; a post on the server also takes a cover photo.
 */
import { useRef, useState, type ReactNode } from 'react';
import { ConfirmAction } from '@/ui/components/ConfirmAction';
import { downloadFile } from '@/ui/components/download-file';
import { categoryLabel, formatDate } from '../blog/post-format';
import type { BlogPost } from '@/shared/domain/posts/post';
import { unpublishPost } from './admin-posts-api';
import { AdminCoverForm } from './AdminCoverForm';
import { deletePost } from '../blog/post-store';
import { errorMessage } from '../../../shared/error-message';
import { PostLink } from './PostLink';

type Notice = { kind: 'success' | 'error'; content: ReactNode };

const TEXT = {
  browser: {
    heading: 'Posts added in this browser',
    empty: 'No posts have been added in this browser yet. Posts you add with the form appear here, first on the blog.',
    from: 'from this browser',
  },
  server: {
    heading: 'Posts published on the website',
    empty: 'No posts have been published on the website yet. Posts you add with the form appear here, first on the blog for every visitor.',
    from: 'from the website, for every visitor',
  },
} as const;

interface AdminPostListProps {
  /** Null while the server's list is being read: no "nothing here yet" line its answer may contradict. */
  posts: BlogPost[] | null;
  headingId: string;
  /** Where these posts are kept: deleting one deletes it there. */
  where: 'browser' | 'server';
  /** Called after a post was deleted on the server, to read the list again. */
  onChanged?: () => void;
  /** Why the server's list could not be read, if it could not. */
  loadError?: string | null;
}

export function AdminPostList({ posts, headingId, where, onChanged, loadError = null }: AdminPostListProps) {
  const text = TEXT[where];
  const [notice, setNotice] = useState<Notice | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const deleteButtons = useRef(new Map<number, HTMLButtonElement>());
  // After a failed delete the post is still listed: its Delete button is where to try again.
  const focusDelete = (post: BlogPost) => deleteButtons.current.get(post.id)?.focus();

  async function removeFromServer(post: BlogPost) {
    try {
      await unpublishPost(post.id);
      setNotice({ kind: 'success', content: <>“{post.title}” was deleted from the website.</> });
      headingRef.current?.focus();
      onChanged?.();
    } catch (error) {
      setNotice({
        kind: 'error',
        content: (
          <>
            “{post.title}” could not be deleted: {errorMessage(error)}. Try again; if it keeps failing, sign out and sign in again.
          </>
        ),
      });
      focusDelete(post);
    }
  }

  function remove(post: BlogPost) {
    if (where === 'server') {
      void removeFromServer(post);
      return;
    }
    if (deletePost(post.id)) {
      setNotice({ kind: 'success', content: <>“{post.title}” was deleted.</> });
      // Its row is gone; the list heading is the nearest place to continue from.
      headingRef.current?.focus();
    } else {
      setNotice({
        kind: 'error',
        content: (
          <>
            “{post.title}” could not be deleted: this browser&apos;s storage is switched off or cannot be written. Allow site data for this site and try again.
          </>
        ),
      });
      focusDelete(post);
    }
  }

  async function download(post: BlogPost) {
    try {
      // The markdown-to-MDX converter is only needed here, so it loads on first use.
      const { postToMdx } = await import('../blog/post-to-mdx');
      const file = postToMdx(post);
      downloadFile(file.fileName, file.text, { type: 'text/markdown;charset=utf-8' });
      setNotice({
        kind: 'success',
        content: (
          <>
            <p>
              Downloaded <code>{file.fileName}</code>. Add it to <code>content/blog/</code> and rebuild the site to publish the post for everyone.
            </p>
            {file.notes.length > 0 && (
              <>
                <p>To pass the content check, the file differs from the post here:</p>
                <ul>
                  {file.notes.map((note) => (
                    <li key={note}>{note}</li>
                  ))}
                </ul>
              </>
            )}
          </>
        ),
      });
    } catch (error) {
      console.error('[blog] could not prepare the MDX download:', error);
      setNotice({ kind: 'error', content: <>The download could not be prepared. Check the connection, reload the page and try again.</> });
    }
  }

  return (
    <div className="post-admin-list">
      <h3 id={headingId} ref={headingRef} tabIndex={-1}>
        {text.heading}
      </h3>
      {loadError && (
        <p role="alert" className="notice notice-error">
          The posts on the website could not be listed: {loadError} Reload the page to try again.
        </p>
      )}
      <div role="status" className="notice-slot">
        {notice?.kind === 'success' && <div className="notice notice-success">{notice.content}</div>}
      </div>
      <div role="alert" className="notice-slot">
        {notice?.kind === 'error' && <div className="notice notice-error">{notice.content}</div>}
      </div>
      {posts === null ? (
        !loadError && <p>Reading the posts on the website…</p>
      ) : posts.length === 0 ? (
        <p>{text.empty}</p>
      ) : (
        <ul className="post-admin-items">
          {posts.map((post) => (
            <li key={post.id} className="card post-admin-item">
              <div>
                <p className="post-admin-title">{post.title}</p>
                <p className="byline">
                  #{post.id} · {formatDate(post.date)} · {categoryLabel(post.category)}
                  {post.featured && ' · Featured'}
                </p>
              </div>
              <div className="row-actions">
                <PostLink postId={post.id} className="btn btn-small btn-secondary" aria-label={`View “${post.title}”`}>
                  View
                </PostLink>
                <button
                  type="button"
                  className="btn btn-small btn-secondary"
                  onClick={() => void download(post)}
                  aria-label={`Download “${post.title}” as MDX`}
                >
                  Download as MDX
                </button>
                <ConfirmAction
                  label="Delete"
                  triggerName={`Delete “${post.title}”`}
                  triggerClassName="btn btn-small btn-secondary"
                  triggerRef={(element) => {
                    if (element) deleteButtons.current.set(post.id, element);
                    else deleteButtons.current.delete(post.id);
                  }}
                  question={`Delete “${post.title}” ${text.from}? This cannot be undone.`}
                  groupName={`Confirm deleting “${post.title}”`}
                  confirmLabel="Delete post"
                  cancelLabel="Keep it"
                  onConfirm={() => remove(post)}
                />
              </div>
              {where === 'server' && onChanged && <AdminCoverForm post={post} onChanged={onChanged} />}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
