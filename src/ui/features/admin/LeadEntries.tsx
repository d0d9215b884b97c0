/**
 * A lead's notes and calls: a box to write one, "Add note" and "Log call", and every entry newest
 * first with who wrote it and when. Entries are only added, never edited, so two colleagues
 * writing at once both keep theirs. What was typed stays in the box until the server has it.
 */
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { addServerLeadEntry, serverLeadEntries } from '@/browser/api/admin-api';
import type { EntryKind, LeadEntry } from '@/shared/domain/lead-activity';
import { formatDateTime } from './format';
import { errorMessage } from '../../../shared/error-message';
import { AdminField } from './AdminField';
import { TypedText } from './TypedText';

type Call = <A extends unknown[], R>(call: (...args: A) => Promise<R>) => (...args: A) => Promise<R>;

interface Props {
  leadId: string;
  /** Wraps a server call so that an ended session switches the dashboard (lead-source.tsx). */
  call: Call;
  /** After an entry is added: its line in the history is new. */
  onAdded: () => void;
  /** Counts the details' reloads: each one reads the entries again (a colleague's may be new), keeping what is typed in the box. */
  reloads: number;
}

type List = { kind: 'loading' } | { kind: 'ready'; entries: LeadEntry[] } | { kind: 'failed'; reason: string };
type Result = { kind: 'adding' } | { kind: 'added'; what: EntryKind } | { kind: 'empty' } | { kind: 'failed'; reason: string };

const KIND_LABELS: Record<EntryKind, string> = { note: 'Note', call: 'Call' };

export function LeadEntries({ leadId, call, onAdded, reloads }: Props) {
  const id = useId();
  const [list, setList] = useState<List>({ kind: 'loading' });
  const [draft, setDraft] = useState('');
  const [result, setResult] = useState<Result | null>(null);

  const load = useCallback(() => {
    call(serverLeadEntries)(leadId).then(
      (entries) => setList({ kind: 'ready', entries }),
      (error: unknown) => setList({ kind: 'failed', reason: errorMessage(error) }),
    );
  }, [call, leadId]);

  useEffect(load, [load, reloads]);

  function add(kind: EntryKind) {
    if (result?.kind === 'adding') return;
    if (draft.trim() === '') {
      setResult({ kind: 'empty' });
      return;
    }
    setResult({ kind: 'adding' });
    call(addServerLeadEntry)(leadId, kind, draft).then(
      () => {
        setDraft('');
        setResult({ kind: 'added', what: kind });
        // The list from the server: it holds colleagues' entries added meanwhile too.
        load();
        onAdded();
      },
      // The text stays in the box, so nothing typed is lost.
      (error: unknown) => setResult({ kind: 'failed', reason: errorMessage(error) }),
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    add('note');
  }

  return (
    <section className="lead-entries" aria-labelledby={`${id}-title`}>
      <h3 className="lead-details-sub" id={`${id}-title`}>
        Notes and calls
      </h3>
      <form onSubmit={submit} aria-label={`Add a note or a call to lead ${leadId}`}>
        <AdminField
          id={`${id}-text`}
          label="Note or call"
          className="lead-work-notes"
          hint="For the team only; the buyer never sees these. An entry is kept as written: add another to correct it."
          hintId={`${id}-hint`}
        >
          <textarea
            id={`${id}-text`}
            className="textarea"
            rows={3}
            value={draft}
            aria-describedby={`${id}-hint`}
            onChange={(event) => {
              setDraft(event.target.value);
              setResult((current) => (current?.kind === 'adding' ? current : null));
            }}
          />
        </AdminField>
        <div className="review-actions">
          <button type="submit" className="btn btn-primary btn-small" disabled={result?.kind === 'adding'}>
            Add note
          </button>
          <button type="button" className="btn btn-secondary btn-small" disabled={result?.kind === 'adding'} onClick={() => add('call')}>
            Log call
          </button>
          <p role="status" className={result?.kind === 'failed' || result?.kind === 'empty' ? 'review-result review-failed' : 'review-result'}>
            {result?.kind === 'adding' && 'Adding…'}
            {result?.kind === 'added' && (result.what === 'call' ? 'Call logged.' : 'Note added.')}
            {result?.kind === 'empty' && 'Nothing to add: write the note or the call first.'}
            {result?.kind === 'failed' && `Not added: ${result.reason}. Your text is still here; try again.`}
          </p>
        </div>
      </form>
      {list.kind === 'loading' && <p className="admin-empty">Loading the notes and calls…</p>}
      {list.kind === 'failed' && (
        <p role="alert" className="admin-error">
          Could not load the notes and calls: {list.reason}.
        </p>
      )}
      {list.kind === 'ready' && list.entries.length === 0 && <p className="admin-empty">No notes or calls yet.</p>}
      {list.kind === 'ready' && list.entries.length > 0 && (
        <ol className="lead-entry-list">
          {list.entries.map((entry) => (
            <li key={entry.id} data-entry-author={entry.author}>
              <p className="lead-history-when">
                {KIND_LABELS[entry.kind]}, <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>, by {entry.author}
              </p>
              {entry.body.split('\n').map((line, index) => (
                // A colleague's note in Arabic reads right to left, its figures in their order.
                <p key={index} className="lead-history-what" dir="auto">
                  <TypedText text={line} />
                </p>
              ))}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
