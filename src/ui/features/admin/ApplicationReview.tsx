/**
 * Review controls for one job or partnership application: status and notes, saved together.
 * Saving stamps reviewedAt; the notes are sent only when they were edited here, so a status change
 * alone never overwrites notes written meanwhile in another tab. Until the admin edits a control
 * it shows the stored value, so changes made in another tab appear here too.
 */
import { useId, useState, type FormEvent } from 'react';
import { APPLICATION_STATUS_LABELS, APPLICATION_STATUSES, type ApplicationRecord, type ApplicationStatus } from '@/shared/domain/records';
import type { Review } from './lead-source';
import { errorMessage } from '../../../shared/error-message';
import { AdminField, LabelledOptions } from './AdminField';

interface Props {
  record: ApplicationRecord;
  /** Stores the review (in this browser or on the server); rejects with the reason it was not saved. */
  save: (update: Review) => Promise<void>;
}

type Result = { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; reason: string };

export function ApplicationReview({ record, save }: Props) {
  const id = useId();
  // null: not edited here, so the control follows the stored record (which other tabs may change).
  const [statusDraft, setStatus] = useState<ApplicationStatus | null>(null);
  const [notesDraft, setNotes] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const status = statusDraft ?? record.status;
  const notes = notesDraft ?? record.notes;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (result?.kind === 'saving') return;
    const newNotes = notesDraft !== null && notesDraft !== record.notes;
    setResult({ kind: 'saving' });
    save({ status, ...(newNotes ? { notes: notesDraft } : {}) }).then(
      () => {
        // Back to following the stored record, which now holds what was saved.
        setStatus(null);
        setNotes(null);
        setResult({ kind: 'saved' });
      },
      // The drafts stay in the controls, so nothing the admin typed is lost.
      (error: unknown) => setResult({ kind: 'failed', reason: errorMessage(error) }),
    );
  }

  return (
    <form className="review-form" onSubmit={submit} aria-label={`Review of ${record.id}`}>
      <AdminField id={`${id}-status`} label="Status" className="review-status">
        <select
          id={`${id}-status`}
          className="select"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as ApplicationStatus);
            setResult(null);
          }}
        >
          <LabelledOptions values={APPLICATION_STATUSES} labels={APPLICATION_STATUS_LABELS} />
        </select>
      </AdminField>
      <AdminField id={`${id}-notes`} label="Notes" className="review-notes" hint="For the team only; the applicant never sees these notes.">
        <textarea
          id={`${id}-notes`}
          className="textarea"
          rows={3}
          value={notes}
          aria-describedby={`${id}-notes-hint`}
          onChange={(event) => {
            setNotes(event.target.value);
            setResult(null);
          }}
        />
      </AdminField>
      <div className="review-actions">
        <button type="submit" className="btn btn-primary btn-small" disabled={result?.kind === 'saving'}>
          Save
        </button>
        <p role="status" className={result?.kind === 'failed' ? 'review-result review-failed' : 'review-result'}>
          {result?.kind === 'saving' && 'Saving…'}
          {result?.kind === 'saved' && 'Saved.'}
          {result?.kind === 'failed' && `Not saved: ${result.reason}. Your changes are still here; try Save again.`}
        </p>
      </div>
    </form>
  );
}
