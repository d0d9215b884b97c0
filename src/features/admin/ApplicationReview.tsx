/**
 * Review controls for one job or partnership application: status and notes, saved together.
 * Saving stamps reviewedAt; the notes are sent only when they were edited here, so a status change
 * alone never overwrites notes written meanwhile in another tab. Until the admin edits a control
 * it shows the stored value, so changes made in another tab appear here too.
 */
import { useId, useState, type FormEvent } from 'react';
import { APPLICATION_STATUSES, updateApplication, type ApplicationCollection, type ApplicationRecord, type ApplicationStatus } from '@/data/records';

export const STATUS_LABELS: Record<ApplicationStatus, string> = {
  pending: 'Pending',
  reviewed: 'Reviewed',
  shortlisted: 'Shortlisted',
  accepted: 'Accepted',
  rejected: 'Rejected',
};

export function ApplicationReview({ collection, record }: { collection: ApplicationCollection; record: ApplicationRecord }) {
  const id = useId();
  // null: not edited here, so the control follows the stored record (which other tabs may change).
  const [statusDraft, setStatus] = useState<ApplicationStatus | null>(null);
  const [notesDraft, setNotes] = useState<string | null>(null);
  const [result, setResult] = useState<'saved' | 'failed' | null>(null);
  const status = statusDraft ?? record.status;
  const notes = notesDraft ?? record.notes;

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const newNotes = notesDraft !== null && notesDraft !== record.notes;
    const saved = updateApplication(collection, record.id, { status, ...(newNotes ? { notes: notesDraft } : {}) });
    if (saved) {
      // Back to following the stored record, which now holds what was saved.
      setStatus(null);
      setNotes(null);
    }
    setResult(saved ? 'saved' : 'failed');
  }

  return (
    <form className="review-form" onSubmit={save} aria-label={`Review of ${record.id}`}>
      <div className="field review-status">
        <label className="field-label" htmlFor={`${id}-status`}>
          Status
        </label>
        <select
          id={`${id}-status`}
          className="select"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as ApplicationStatus);
            setResult(null);
          }}
        >
          {APPLICATION_STATUSES.map((value) => (
            <option key={value} value={value}>
              {STATUS_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      <div className="field review-notes">
        <label className="field-label" htmlFor={`${id}-notes`}>
          Notes
        </label>
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
        <p className="field-hint" id={`${id}-notes-hint`}>
          For the team only; the applicant never sees these notes.
        </p>
      </div>
      <div className="review-actions">
        <button type="submit" className="btn btn-primary btn-small">
          Save
        </button>
        <p role="status" className={result === 'failed' ? 'review-result review-failed' : 'review-result'}>
          {result === 'saved' && 'Saved.'}
          {result === 'failed' && 'Not saved: this browser’s storage is unavailable or full. Export a CSV to keep a copy.'}
        </p>
      </div>
    </form>
  );
}
