/**
 * One partnership (distributor) application in its pipeline, in a modal dialog: ways to reach the
 * applicant, the link to all leads of this buyer, the stage and follow-up date with Save, the notes
 * and calls, every field, the history, and Delete (undoable). A save from a version a colleague has
 * changed since is refused: the message names who and when, and what the admin chose stays in the
 * controls to be saved again after Reload (the controls not touched show the application as it is now). Focus goes to the heading when it opens; Escape or
 * Close shuts it.
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type SyntheticEvent } from 'react';
import { serverLead, serverLeadActivity, updateServerLead, type LeadActivityEntry } from '@/api/admin-api';
import type { PartnerLead } from '@/api/buyer-api';
import { StaleLeadError } from '@/api/lead-change';
import { ConfirmAction } from '@/components/ConfirmAction';
import { FOLLOW_UP_MAX, FOLLOW_UP_MIN, isFollowUpDate, isPartnerOverdue, leadCompany } from '@/domain/pipeline';
import { PARTNER_STAGE_LABELS, PARTNER_STAGES, type PartnerStage } from '@/domain/records';
import { BuyerLink } from './BuyerLink';
import { formatDateTime, formatDay, recordTitle } from './format';
import { describeLeadChange, describeStale } from './lead-history';
import { LeadEntries } from './LeadEntries';
import { LeadReach } from './LeadReach';
import { RecordFields } from './RecordCard';

type Call = <A extends unknown[], R>(call: (...args: A) => Promise<R>) => (...args: A) => Promise<R>;

interface Props {
  lead: PartnerLead;
  today: string;
  call: Call;
  onClose: () => void;
  /** The application as the server stored it after a save or a reload. */
  onSaved: (lead: PartnerLead) => void;
  onDelete: (lead: PartnerLead) => void;
}

type Result =
  | { kind: 'saving' }
  | { kind: 'saved'; what: string }
  | { kind: 'unchanged' }
  | { kind: 'failed'; reason: string }
  | { kind: 'stale'; message: string }
  | { kind: 'reloading' }
  | { kind: 'reloaded' };
type History = { kind: 'loading' } | { kind: 'ready'; entries: LeadActivityEntry[] } | { kind: 'failed'; reason: string };

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function PartnerDetails({ lead: opened, today, call, onClose, onSaved, onDelete }: Props) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const escapeInConfirm = useRef(false);
  const [lead, setLead] = useState(opened);
  const [stage, setStage] = useState<PartnerStage>(opened.status);
  const [followUp, setFollowUp] = useState(opened.followUp ?? '');
  /** The controls the admin changed since the last save: a reload keeps their choice and shows the others as they are now. */
  const touched = useRef({ stage: false, followUp: false });
  const [result, setResult] = useState<Result | null>(null);
  const [history, setHistory] = useState<History>({ kind: 'loading' });
  const title = leadCompany(lead.fields) || recordTitle(lead);

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

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (result?.kind === 'saving') return;
    const next = followUp === '' ? null : followUp;
    if (next !== null && !isFollowUpDate(next)) {
      setResult({ kind: 'failed', reason: `the follow-up date must be a day from ${formatDay(FOLLOW_UP_MIN)} to ${formatDay(FOLLOW_UP_MAX)}` });
      return;
    }
    const update = { ...(stage !== lead.status ? { status: stage } : {}), ...(next !== lead.followUp ? { followUp: next } : {}) };
    if (Object.keys(update).length === 0) {
      setResult({ kind: 'unchanged' });
      return;
    }
    setResult({ kind: 'saving' });
    // Made from the version shown: a colleague's change since is refused, not overwritten.
    call(updateServerLead)(lead.id, { ...update, version: lead.version }).then(
      (saved) => {
        const stored = saved as PartnerLead;
        setLead(stored);
        setStage(stored.status);
        setFollowUp(stored.followUp ?? '');
        touched.current = { stage: false, followUp: false };
        const what = [
          'status' in update ? `stage ${PARTNER_STAGE_LABELS[stored.status]}` : '',
          'followUp' in update ? (stored.followUp ? `follow-up on ${formatDay(stored.followUp)}` : 'no follow-up date') : '',
        ].filter(Boolean);
        setResult({ kind: 'saved', what: what.join(', ') });
        loadHistory();
        onSaved(stored);
      },
      (error: unknown) =>
        setResult(
          error instanceof StaleLeadError
            ? { kind: 'stale', message: describeStale(error.changedBy, error.changedAt) }
            : { kind: 'failed', reason: reasonOf(error) },
        ),
    );
  }

  function reload() {
    setResult({ kind: 'reloading' });
    call(serverLead)(lead.id).then(
      (fresh) => {
        const stored = fresh as PartnerLead;
        setLead(stored);
        // A colleague's follow-up date is not undone by a control the admin never touched.
        if (!touched.current.stage) setStage(stored.status);
        if (!touched.current.followUp) setFollowUp(stored.followUp ?? '');
        setResult({ kind: 'reloaded' });
        loadHistory();
        onSaved(stored);
      },
      (error: unknown) => setResult({ kind: 'failed', reason: reasonOf(error) }),
    );
  }

  const edited = () => setResult((current) => (current?.kind === 'saving' || current?.kind === 'stale' ? current : null));
  const overdue = isPartnerOverdue(lead, today);

  return (
    <dialog
      ref={dialog}
      className="lead-details"
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      onCancel={(event: SyntheticEvent) => {
        if (escapeInConfirm.current) event.preventDefault();
        escapeInConfirm.current = false;
      }}
      onKeyDown={(event: KeyboardEvent) => {
        escapeInConfirm.current = event.key === 'Escape' && event.target instanceof Element && event.target.closest('.confirm-action') !== null;
      }}
    >
      <div className="lead-details-head">
        <div>
          <h2 id={`${id}-title`} ref={heading} tabIndex={-1} dir="auto">
            {title}
          </h2>
          <p className="lead-details-kind">
            Partnership application · <span className="record-ref">Ref. {lead.id}</span>
          </p>
        </div>
        <button type="button" className="btn btn-secondary btn-small" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </div>
      <LeadReach lead={lead} />
      <BuyerLink leadId={lead.id} call={call} />

      <p className="lead-details-facts">
        <span>
          Sent <time dateTime={lead.createdAt}>{formatDateTime(lead.createdAt)}</time>
        </span>
        <span>Stage: {PARTNER_STAGE_LABELS[lead.status]}</span>
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

      <form className="lead-work" onSubmit={submit} aria-label={`Work on application ${lead.id}`}>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-stage`}>
            Stage
          </label>
          <select
            id={`${id}-stage`}
            className="select"
            value={stage}
            onChange={(event) => {
              setStage(event.target.value as PartnerStage);
              touched.current.stage = true;
              edited();
            }}
          >
            {PARTNER_STAGES.map((value) => (
              <option key={value} value={value}>
                {PARTNER_STAGE_LABELS[value]}
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
              touched.current.followUp = true;
              edited();
            }}
          />
          <p className="field-hint" id={`${id}-follow-hint`}>
            Empty for none. A date before today on an application not yet Active or Declined marks it overdue.
          </p>
        </div>
        <div className="review-actions lead-work-actions">
          <button type="submit" className="btn btn-primary btn-small" disabled={result?.kind === 'saving' || result?.kind === 'reloading'}>
            Save
          </button>
          {result?.kind === 'stale' && (
            <button type="button" className="btn btn-secondary btn-small" onClick={reload}>
              Reload
            </button>
          )}
          <p role="status" className={result?.kind === 'failed' || result?.kind === 'stale' ? 'review-result review-failed' : 'review-result'}>
            {result?.kind === 'saving' && 'Saving…'}
            {result?.kind === 'saved' && `Saved: ${result.what}.`}
            {result?.kind === 'unchanged' && 'Nothing to save: nothing was changed.'}
            {result?.kind === 'failed' && `Not saved: ${result.reason}. Your changes are still here; try Save again.`}
            {result?.kind === 'stale' && `Not saved: ${result.message}. Your choices are still here to save again.`}
            {result?.kind === 'reloading' && 'Reloading…'}
            {result?.kind === 'reloaded' &&
              'Reloaded: the facts above are the application as it is now; the choices you made are still here. Save to apply them.'}
          </p>
        </div>
      </form>

      <div className="record-actions">
        <ConfirmAction
          label="Delete"
          triggerName={`Delete application ${lead.id}`}
          question={`Delete partnership application ${lead.id} from ${title}? You can undo it for 30 days.`}
          confirmLabel="Delete application"
          onConfirm={() => onDelete(lead)}
        />
      </div>

      <LeadEntries leadId={lead.id} call={call} onAdded={loadHistory} />

      <h3 className="lead-details-sub">The partnership application</h3>
      <RecordFields fields={lead.fields} />

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
              <p className="lead-history-what">{describeLeadChange(entry.change).join('; ')}</p>
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
    </dialog>
  );
}
