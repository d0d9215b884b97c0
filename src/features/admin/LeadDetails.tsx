/**
 * One buyer's lead, opened from the desk's list in a modal dialog (the whole screen on a phone):
 * links to call, e-mail or WhatsApp the buyer, every field, the status, follow-up date and owner with Save and a result message that says what was
 * saved, the notes and calls (added, never edited, newest first), the lead's history (who changed
 * what, when), Mark as spam and Delete. A save from a version a colleague has changed since is
 * refused: the message names who and when, and what the admin chose stays in the controls to be
 * saved again after Reload. Focus goes to the heading when it opens; Escape or Close shuts it and
 * the desk puts focus back on the lead's line.
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type SyntheticEvent } from 'react';
import {
  sendServerLeadAgain,
  serverLead,
  serverLeadActivity,
  updateServerLead,
  type Colleague,
  type LeadActivityEntry,
  type ServerBuyerLead,
} from '@/api/admin-api';
import { StaleLeadError } from '@/api/lead-change';
import { BuyerLink } from './BuyerLink';
import { ConfirmAction } from '@/components/ConfirmAction';
import { BUYER_KIND_LABELS, FOLLOW_UP_MAX, FOLLOW_UP_MIN, isFollowUpDate, isOverdue, leadCompany } from '@/domain/pipeline';
import { BUYER_STATUS_LABELS, BUYER_STATUSES, type BuyerStatus } from '@/domain/records';
import { describeAttribution, formatDateTime, formatDay, recordTitle } from './format';
import { describeLeadChange, describeStale } from './lead-history';
import { LeadEntries } from './LeadEntries';
import { useNotifications } from './lead-source';
import { LeadDeliveries } from './LeadDeliveries';
import { LeadNotices } from './LeadNotices';
import { LeadReach } from './LeadReach';
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
  /** Moves the lead to the Spam list, from the version shown. */
  onSpam: (lead: ServerBuyerLead) => void;
  /** The accounts the lead can be given to (empty until the server has said). */
  colleagues: readonly Colleague[];
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

export function LeadDetails({ lead: opened, today, call, onClose, onSaved, onDelete, onSpam, colleagues }: Props) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  /** Escape inside the delete confirmation closes the confirmation, not the dialog. */
  const escapeInConfirm = useRef(false);
  const [lead, setLead] = useState(opened);
  const [status, setStatus] = useState<BuyerStatus>(opened.status);
  const [followUp, setFollowUp] = useState(opened.followUp ?? '');
  /** The account chosen as the lead's owner; '' for nobody. */
  const [owner, setOwner] = useState(opened.assignedTo ?? '');
  /** The controls the admin changed since the last save: a reload keeps their choice and shows the others as the lead is now. */
  const touched = useRef({ status: false, followUp: false, owner: false });
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
    const nextOwner = owner === '' ? null : owner;
    const update = {
      ...(status !== lead.status ? { status } : {}),
      ...(next !== lead.followUp ? { followUp: next } : {}),
      ...(nextOwner !== (lead.assignedTo ?? null) ? { assignedTo: nextOwner } : {}),
    };
    if (Object.keys(update).length === 0) {
      setResult({ kind: 'unchanged' });
      return;
    }
    setResult({ kind: 'saving' });
    // Made from the version shown: a colleague's change since is refused, not overwritten.
    call(updateServerLead)(lead.id, { ...update, version: lead.version }).then(
      (saved) => {
        const stored = saved as ServerBuyerLead;
        setLead(stored);
        setStatus(stored.status);
        setFollowUp(stored.followUp ?? '');
        setOwner(stored.assignedTo ?? '');
        touched.current = { status: false, followUp: false, owner: false };
        const what = [
          'status' in update ? `status ${BUYER_STATUS_LABELS[stored.status]}` : '',
          'followUp' in update ? (stored.followUp ? `follow-up on ${formatDay(stored.followUp)}` : 'no follow-up date') : '',
          'assignedTo' in update ? (stored.assignedTo ? `owner ${stored.assignedTo}` : 'no owner') : '',
        ].filter(Boolean);
        setResult({ kind: 'saved', what: what.join(', ') });
        loadHistory();
        onSaved(stored);
      },
      // What the admin chose stays in the controls, so nothing is lost.
      (error: unknown) =>
        setResult(
          error instanceof StaleLeadError
            ? { kind: 'stale', message: describeStale(error.changedBy, error.changedAt) }
            : { kind: 'failed', reason: reasonOf(error) },
        ),
    );
  }

  /** The lead as it is now, under what the admin chose: Save then applies the choices to the new version. */
  function reload() {
    setResult({ kind: 'reloading' });
    call(serverLead)(lead.id).then(
      (fresh) => {
        const stored = fresh as ServerBuyerLead;
        setLead(stored);
        // A control the admin never touched shows the lead as it is now, so a save after the
        // reload cannot undo a colleague's change to it.
        if (!touched.current.status) setStatus(stored.status);
        if (!touched.current.followUp) setFollowUp(stored.followUp ?? '');
        if (!touched.current.owner) setOwner(stored.assignedTo ?? '');
        setResult({ kind: 'reloaded' });
        loadHistory();
        onSaved(fresh as ServerBuyerLead);
      },
      (error: unknown) => setResult({ kind: 'failed', reason: reasonOf(error) }),
    );
  }

  // A refusal from a stale version stays with its Reload until the admin reloads.
  const edited = () => setResult((current) => (current?.kind === 'saving' || current?.kind === 'stale' ? current : null));
  const overdue = isOverdue(lead, today);

  return (
    <dialog ref={dialog} className="lead-details" aria-labelledby={`${id}-title`} onClose={onClose} onCancel={cancel} onKeyDown={keyDown}>
      <div className="lead-details-head">
        <div>
          <h2 id={`${id}-title`} ref={heading} tabIndex={-1} dir="auto">
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
      <LeadReach lead={lead} />
      <BuyerLink leadId={lead.id} call={call} />

      <p className="lead-details-facts">
        <span>
          Sent <time dateTime={lead.createdAt}>{formatDateTime(lead.createdAt)}</time>
        </span>
        <span>Status: {BUYER_STATUS_LABELS[lead.status]}</span>
        <span className="lead-details-owner">{lead.assignedTo ? `Owner: ${lead.assignedTo}` : 'No owner yet'}</span>
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
      <p className="lead-details-source">{describeAttribution(lead.attribution)}</p>

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
              touched.current.status = true;
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
              touched.current.followUp = true;
              edited();
            }}
          />
          <p className="field-hint" id={`${id}-follow-hint`}>
            Empty for none. A date before today on an open lead puts it first on the desk as overdue.
          </p>
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-owner`}>
            Owner
          </label>
          <select
            id={`${id}-owner`}
            className="select"
            value={owner}
            onChange={(event) => {
              setOwner(event.target.value);
              touched.current.owner = true;
              edited();
            }}
          >
            <option value="">Nobody yet</option>
            {/* An owner no longer in the team (removed since) stays shown until the lead is given to someone else. */}
            {owner && !colleagues.some((colleague) => colleague.name === owner) && <option value={owner}>{owner}</option>}
            {colleagues.map((colleague) => (
              <option key={colleague.name} value={colleague.name}>
                {colleague.you ? `${colleague.name} (you)` : colleague.name}
              </option>
            ))}
          </select>
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
            {result?.kind === 'reloaded' && 'Reloaded: the facts above are the lead as it is now; what you changed is still here. Save to apply it.'}
          </p>
        </div>
      </form>

      {/* Above the notes and the history, which arrive after the dialog opens: a button below them would move under the pointer as they do. */}
      <div className="record-actions">
        <button type="button" className="btn btn-secondary btn-small" onClick={() => onSpam(lead)} aria-label={`Mark lead ${lead.id} as spam`}>
          Mark as spam
        </button>
        <ConfirmAction
          label="Delete"
          triggerName={`Delete lead ${lead.id}`}
          question={`Delete ${BUYER_KIND_LABELS[lead.type].toLowerCase()} ${lead.id} from ${title}? You can undo it for 30 days.`}
          confirmLabel="Delete lead"
          onConfirm={() => onDelete(lead)}
        />
      </div>

      <LeadEntries leadId={lead.id} call={call} onAdded={loadHistory} />

      <h3 className="lead-details-sub">The buyer’s {BUYER_KIND_LABELS[lead.type].toLowerCase()}</h3>
      <RecordFields fields={lead.fields} />
      {lead.deliveries && <LeadDeliveries deliveries={lead.deliveries} notifications={notifications} onSendAgain={sendAgain} leadName={lead.id} />}
      {/* Read again whenever the lead's version changes: a save queues new notices. */}
      <LeadNotices key={`${lead.id}:${lead.version}`} leadId={lead.id} call={call} />

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
