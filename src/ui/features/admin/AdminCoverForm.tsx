/**
 * A post's cover photo, for a post published on the server: upload one (a JPEG, PNG, WebP or AVIF
 * straight from a camera or a phone, with what it shows), replace it, or remove it. The server
 * checks the file by its content and re-encodes it (nothing the file carried, such as a GPS
 * position, is kept); its refusal is shown as it gives it. On a static host there is no such
 * upload: a post keeps its image path.
 */
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '@/browser/api/portal-api';
import type { BlogPost } from '@/shared/domain/posts/post';
import { removeCover, uploadCover } from './admin-posts-api';
import { errorMessage } from '../../../shared/error-message';

type Status = { kind: 'idle' } | { kind: 'busy'; what: string } | { kind: 'done'; message: string } | { kind: 'error'; message: string };

const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';

export function AdminCoverForm({ post, onChanged }: { post: BlogPost; onChanged: () => void }) {
  const id = useId();
  const [alt, setAlt] = useState(post.coverAlt ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const busy = status.kind === 'busy';
  // The server's own words where it gave them ("The photo is not a JPEG…"), else what went wrong.
  const failure = (error: unknown) => (error instanceof ApiError && error.serverMessage) || errorMessage(error);

  async function upload(event: FormEvent) {
    event.preventDefault();
    if (!file) return setStatus({ kind: 'error', message: 'Choose a photo first.' });
    if (!alt.trim()) return setStatus({ kind: 'error', message: 'Describe what the photo shows, for readers who cannot see it.' });
    setStatus({ kind: 'busy', what: 'Uploading the photo…' });
    try {
      await uploadCover(post.id, file, alt.trim());
      setStatus({ kind: 'done', message: `The cover of “${post.title}” is on the website.` });
      onChanged();
    } catch (error) {
      setStatus({ kind: 'error', message: `The photo was not saved: ${failure(error)}` });
    }
  }

  async function remove() {
    setStatus({ kind: 'busy', what: 'Removing the cover…' });
    try {
      await removeCover(post.id);
      setStatus({ kind: 'done', message: `“${post.title}” shows its image again.` });
      onChanged();
    } catch (error) {
      setStatus({ kind: 'error', message: `The cover was not removed: ${failure(error)}` });
    }
  }

  return (
    <form className="cover-form" onSubmit={(event) => void upload(event)} aria-label={`Cover photo of “${post.title}”`}>
      <p className="cover-form-now">{post.cover ? `Cover photo: ${post.coverAlt ?? ''}` : 'No cover photo: the post shows its image.'}</p>
      <label htmlFor={`${id}-photo`} className="field-label">
        {post.cover ? 'Replace the cover photo' : 'Cover photo'}
      </label>
      <input id={`${id}-photo`} type="file" accept={ACCEPT} onChange={(event) => setFile(event.target.files?.[0] ?? null)} disabled={busy} />
      <label htmlFor={`${id}-alt`} className="field-label">
        What the photo shows
      </label>
      <input id={`${id}-alt`} className="input" type="text" maxLength={300} value={alt} onChange={(event) => setAlt(event.target.value)} disabled={busy} />
      <div className="row-actions">
        <button type="submit" className="btn btn-small" disabled={busy}>
          {post.cover ? 'Replace cover' : 'Upload cover'}
        </button>
        {post.cover && (
          <button type="button" className="btn btn-small btn-secondary" onClick={() => void remove()} disabled={busy}>
            Remove cover
          </button>
        )}
      </div>
      <p role="status" className="notice-slot">
        {status.kind === 'busy' ? status.what : status.kind === 'done' ? status.message : ''}
      </p>
      <p role="alert" className="notice-slot">
        {status.kind === 'error' ? status.message : ''}
      </p>
    </form>
  );
}
