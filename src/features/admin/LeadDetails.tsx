/**
 * One buyer's lead, opened from the desk's list in a modal dialog (the whole screen on a phone):
 * every field, the status, notes and follow-up date with Save and a result message that says what
 * was saved, the lead's history (who changed what, when), and Delete. Focus goes to the heading
 * when it opens; Escape or Close shuts it and the desk puts focus back on the lead's line.
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type SyntheticEvent } from 'react';
import { sendServerLeadAgain, serverLeadActivity, updateServerLead, type LeadActivityEntry, type ServerBuyerLead } from '@/api/admin-api';
import { ConfirmAction } from '@/components/ConfirmAction';
import { BUYER_KIND_LABELS, FOLLOW_UP_MAX, FOLLOW_UP_MIN, isFollowUpDate, isOverdue, leadCompany } from '@/domain/pipeline';
import { BUYER_STATUS_LABELS, BUYER_STATUSES, type BuyerStatus } from '@/domain/records';
import { describeChange, formatDateTime, formatDay, recordTitle } from './format';
import { useNotifications } from './lead-source';
import { LeadDeliveries } from './LeadDeliveries';
import { RecordFields } from './RecordCard';

type Call = <A extends unknown[], R>(call: (...args: A) => Promise<R>) => (...args: A) => Promise<R>;

interface Props {
  lead: ServerBuyerLead;
  today: string;
  /** Wraps a server call so that an ended session switches the dashboard (lead-source.tsx). */
  call: Call;
  onClose: () => void;
  /** The lead as the server stored it after a save. */
  onSaved: (lead: ServerBuyerLead) => void;
  onDelete: (lead: ServerBuyerLead) => void;
}

type Result = { kind: 'saving' } | { kind: 'saved'; what: string } | { kind: 'unchanged' } | { kind: 'failed'; reason: string };
type History = { kind: 'loading' } | { kind: 'ready'; entries: LeadActivityEntry[] } | { kind: 'failed'; reason: string };

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function LeadDetails({ lead: opened, today, call, onClose, onSaved, onDelete }: Props) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  /** Escape inside the delete confirmation closes the confirmation, not the dialog. */
  const escapeInConfirm = useRef(false);
  const [lead, setLead] = useState(opened);
  const [status, setStatus] = useState<BuyerStatus>(opened.status);
  const [notes, setNotes] = useState(opened.notes);
  const [followUp, setFollowUp] = useState(opened.followUp ?? '');
  const [result, setResult] = useState<Result | null>(null);
  const [history, setHistory] = useState<History>({ kind: 'loading' });
  const title = leadCompany(lead.fields) || recordTitle(lead);
  const notifications = useNotifications();
  // The new messages' states come back with the lead; the server sends them at once.
  const sendAgain = () => call(sendServerLeadAgain)(lead.id).then((stored) => setLead((shown) => ({ ...shown, deliveries: stored.deliveries })));

  const loadHistory = useCallback(() => {
    call(serverLeadActivity)(opened.id).then(
      (entries) => setHistory({ kind: 'ready', entries }),
      (error: unknown) => setHistory({ kind: 'failed', reason: reasonOf(error) }),
    );
  }, [call, opened.id]);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    heading.current?.focus();
    return () => element?.close();
  }, []);

  useEffect(loadHistory, [loadHistory]);

  function keyDown(event: KeyboardEvent) {
    escapeInConfirm.current = event.key === 'Escape' && event.target instanceof Element && event.target.closest('.confirm-action') !== null;
  }

  function cancel(event: SyntheticEvent) {
    if (escapeInConfirm.current) event.preventDefault();
    escapeInConfirm.current = false;
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (result?.kind === 'saving') return;
    const next = followUp === '' ? null : followUp;
    if (next !== null && !isFollowUpDate(next)) {
      setResult({ kind: 'failed', reason: `the follow-up date must be a day from ${formatDay(FOLLOW_UP_MIN)} to ${formatDay(FOLLOW_UP_MAX)}` });
      return;
    }
    const update = {
      ...(status !== lead.status ? { status } : {}),
      ...(notes !== lead.notes ? { notes } : {}),
      ...(next !== lead.followUp ? { followUp: next } : {}),
    };
    if (Object.keys(update).length === 0) {
      setResult({ kind: 'unchanged' });
      return;
    }
    setResult({ kind: 'saving' });
    call(updateServerLead)(lead.id, update).then(
      (saved) => {
        const stored = saved as ServerBuyerLead;
        setLead(stored);
        setStatus(stored.status);
        setNotes(stored.notes);
        setFollowUp(stored.followUp ?? '');
        const what = [
          'status' in update ? `status ${BUYER_STATUS_LABELS[stored.status]}` : '',
          'followUp' in update ? (stored.followUp ? `follow-up on ${formatDay(stored.followUp)}` : 'no follow-up date') : '',
          'notes' in update ? 'notes' : '',
        ].filter(Boolean);
        setResult({ kind: 'saved', what: what.join(', ') });
        loadHistory();
        onSaved(stored);
      },
      // What the admin chose stays in the controls, so nothing is lost.
      (error: unknown) => setResult({ kind: 'failed', reason: reasonOf(error) }),
    );
  }

  const edited = () => setResult((current) => (current?.kind === 'saving' ? current : null));
  const overdue = isOverdue(lead, today);

  return (
    <dialog ref={dialog} className="lead-details" aria-labelledby={`${id}-title`} onClose={onClose} onCancel={cancel} onKeyDown={keyDown}>
      <div className="lead-details-head">
        <div>
          <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
            {title}
          </h2>
          <p className="lead-details-kind">
            {BUYER_KIND_LABELS[lead.type]} · <span className="record-ref">Ref. {lead.id}</span>
          </p>
        </div>
        <button type="button" className="btn btn-secondary btn-small" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </div>

      <p className="lead-details-facts">
        <span>
          Sent <time dateTime={lead.createdAt}>{formatDateTime(lead.createdAt)}</time>
        </span>
        <span>Status: {BUYER_STATUS_LABELS[lead.status]}</span>
        {lead.followUp && (
          <span className={overdue ? 'lead-overdue' : undefined}>
            {overdue ? 'Follow-up overdue: was due ' : 'Follow-up: '}
            {formatDay(lead.followUp)}
          </span>
        )}
        {lead.updatedBy && lead.updatedAt ? (
          <span className="lead-details-changed">
            Last changed by {lead.updatedBy}, <time dateTime={lead.updatedAt}>{formatDateTime(lead.updatedAt)}</time>
          </span>
        ) : (
          <span>Not changed since it arrived</span>
        )}
      </p>

      <form className="lead-work" onSubmit={submit} aria-label={`Work on lead ${lead.id}`}>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-status`}>
            Status
          </label>
          <select
            id={`${id}-status`}
            className="select"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as BuyerStatus);
              edited();
            }}
          >
            {BUYER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {BUYER_STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-follow`}>
            Follow-up date
          </label>
          <input
            id={`${id}-follow`}
            className="input"
            type="date"
            min={FOLLOW_UP_MIN}
            max={FOLLOW_UP_MAX}
            value={followUp}
            aria-describedby={`${id}-follow-hint`}
            onChange={(event) => {
              setFollowUp(event.target.value);
              edited();
            }}
          />
          <p className="field-hint" id={`${id}-follow-hint`}>
            Empty for none. A date before today on an open lead puts it first on the desk as overdue.
          </p>
        </div>
        <div className="field lead-work-notes">
          <label className="field-label" htmlFor={`${id}-notes`}>
            Notes
          </label>
          <textarea
            id={`${id}-notes`}
            className="textarea"
            rows={4}
            value={notes}
            aria-describedby={`${id}-notes-hint`}
            onChange={(event) => {
              setNotes(event.target.value);
              edited();
            }}
          />
          <p className="field-hint" id={`${id}-notes-hint`}>
            For the team only; the buyer never sees these notes.
          </p>
        </div>
        <div className="review-actions lead-work-actions">
          <button type="submit" className="btn btn-primary btn-small" disabled={result?.kind === 'saving'}>
            Save
          </button>
          <p role="status" className={result?.kind === 'failed' ? 'review-result review-failed' : 'review-result'}>
            {result?.kind === 'saving' && 'Saving…'}
            {result?.kind === 'saved' && `Saved: ${result.what}.`}
            {result?.kind === 'unchanged' && 'Nothing to save: nothing was changed.'}
            {result?.kind === 'failed' && `Not saved: ${result.reason}. Your changes are still here; try Save again.`}
          </p>
        </div>
      </form>

      <h3 className="lead-details-sub">The buyer’s {lead.type === 'sampleRequests' ? 'request' : 'enquiry'}</h3>
      <RecordFields fields={lead.fields} />
      {lead.deliveries && <LeadDeliveries deliveries={lead.deliveries} notifications={notifications} onSendAgain={sendAgain} leadName={lead.id} />}

      <h3 className="lead-details-sub">History</h3>
      {history.kind === 'loading' && <p className="admin-empty">Loading the history…</p>}
      {history.kind === 'failed' && (
        <p role="alert" className="admin-error">
          Could not load the history: {history.reason}.
        </p>
      )}
      {history.kind === 'ready' && (
        <ol className="lead-history">
          {[...history.entries].reverse().map((entry, index) => (
            <li key={`${entry.at}-${index}`}>
              <p className="lead-history-when">
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>, by {entry.account}
              </p>
              <p className="lead-history-what">{describeChange(entry.change).join('; ')}</p>
            </li>
          ))}
          <li>
            <p className="lead-history-when">
              <time dateTime={lead.createdAt}>{formatDateTime(lead.createdAt)}</time>
            </p>
            <p className="lead-history-what">Sent from {lead.page}: New</p>
          </li>
        </ol>
      )}

      <div className="record-actions">
        <ConfirmAction
          label="Delete"
          triggerName={`Delete lead ${lead.id}`}
          question={`Delete ${BUYER_KIND_LABELS[lead.type].toLowerCase()} ${lead.id} from ${title}? This cannot be undone.`}
          confirmLabel="Delete lead"
          onConfirm={() => onDelete(lead)}
        />
      </div>
    </dialog>
  );
}
