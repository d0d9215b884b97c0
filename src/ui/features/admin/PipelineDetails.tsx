/**
 * One record of a pipeline in a modal dialog (the whole screen on a phone): a buyer's lead on the
 * sales desk (LeadDetails) or a partnership application in its pipeline (PartnerDetails). Both
 * have the same work: ways to reach the sender, the link to all leads of this buyer, the facts,
 * the status (or stage), follow-up date and, where colleagues are given, the owner with Save and a
 * result message that says what was saved, the notes and calls, every field, the history and an
 * undoable Delete. Each kind gives only what differs: its words, its stages, its overdue rule and
 * what only it shows (the source of the visit, Mark as spam, the deliveries and notices).
 *
 * A save from a version a colleague has changed since is refused: the message names who and when,
 * and what the admin chose stays in the controls to be saved again after Reload (a control not
 * touched shows the record as it is now, so a save cannot undo a colleague's change to it). Focus
 * goes to the heading when the dialog opens; Escape or Close shuts it (Escape inside the delete
 * confirmation closes only the confirmation).
 */
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type Dispatch,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  type SetStateAction,
  type SyntheticEvent,
} from 'react';
import { serverLead, serverLeadActivity, updateServerLead, type Colleague, type LeadActivityEntry } from '@/browser/api/admin-api';
import { StaleLeadError } from '@/browser/api/lead-change';
import { ConfirmAction } from '@/ui/components/ConfirmAction';
import { FOLLOW_UP_MAX, FOLLOW_UP_MIN, isFollowUpDate, leadCompany } from '@/shared/domain/sales-pipeline';
import type { BuyerPageType } from '@/shared/domain/buyers';
import type { Fields, LeadStatus } from '@/shared/domain/records';
import { BuyerLink } from './BuyerLink';
import { formatDateTime, formatDay, recordTitle } from './format';
import { describeLeadChange, describeStale } from './lead-history';
import { LeadEntries } from './LeadEntries';
import { LeadReach } from './LeadReach';
import { RecordFields } from './RecordCard';
import { errorMessage } from '../../../shared/error-message';
import { AdminField, LabelledOptions } from './AdminField';

export type Call = <A extends unknown[], R>(call: (...args: A) => Promise<R>) => (...args: A) => Promise<R>;

/** What the details need of a record: a buyer's lead and a partnership application both have it. */
export interface WorkedRecord<S extends LeadStatus> {
  id: string;
  type: BuyerPageType;
  createdAt: string;
  page: string;
  fields: Fields;
  status: S;
  followUp: string | null;
  updatedBy: string | null;
  updatedAt: string | null;
  version: number;
  assignedTo?: string | null;
}

/** The words that name one kind of record in its details. */
export interface DetailsWords {
  /** How the form and the Delete button name it: "lead", "application". */
  noun: string;
  /** The line under the title: "Quote request", "Partnership application". */
  kind: string;
  /** The control's and the facts' name for the status: "Status", "Stage". */
  status: string;
  followUpHint: string;
  reloaded: string;
  fieldsHeading: string;
  /** Asked before a delete, with the record's title. */
  deleteQuestion: (title: string) => string;
  deleteConfirm: string;
}

/** What every record's details take from its list: the record, today, the server calls and what to do after. */
export interface DetailsOf<R> {
  lead: R;
  today: string;
  /** Wraps a server call so that an ended session switches the dashboard (lead-source.tsx). */
  call: Call;
  onClose: () => void;
  /** The record as the server stored it after a save or a reload. */
  onSaved: (lead: R) => void;
  onDelete: (lead: R) => void;
}

interface Props<S extends LeadStatus, R extends WorkedRecord<S>> extends DetailsOf<R> {
  words: DetailsWords;
  statuses: readonly S[];
  statusLabels: Readonly<Record<S, string>>;
  isOverdue: (lead: R, today: string) => boolean;
  /** The accounts the record can be given to: with them, the details show and change its owner. */
  colleagues?: readonly Colleague[];
  /** Under the facts. */
  renderAbout?: (lead: R) => ReactNode;
  /** Beside Delete. */
  renderActions?: (lead: R) => ReactNode;
  /** After the fields; setLead shows a record the server answered with. */
  renderMore?: (lead: R, setLead: Dispatch<SetStateAction<R>>) => ReactNode;
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

const UNTOUCHED = { status: false, followUp: false, owner: false };

export function PipelineDetails<S extends LeadStatus, R extends WorkedRecord<S>>(props: Props<S, R>) {
  const { lead: opened, today, call, words, statuses, statusLabels, colleagues, onClose, onSaved, onDelete } = props;
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  /** Escape inside the delete confirmation closes the confirmation, not the dialog. */
  const escapeInConfirm = useRef(false);
  const [lead, setLead] = useState(opened);
  const [status, setStatus] = useState<S>(opened.status);
  const [followUp, setFollowUp] = useState(opened.followUp ?? '');
  /** The account chosen as the owner; '' for nobody. */
  const [owner, setOwner] = useState(opened.assignedTo ?? '');
  /** The controls the admin changed since the last save: a reload keeps their choice and shows the others as the record is now. */
  const touched = useRef({ ...UNTOUCHED });
  const [result, setResult] = useState<Result | null>(null);
  const [history, setHistory] = useState<History>({ kind: 'loading' });
  /** How many times the admin has reloaded the record: the notes and calls are read again with it. */
  const [reloads, setReloads] = useState(0);
  const title = leadCompany(lead.fields) || recordTitle(lead);
  const statusWord = words.status.toLowerCase();

  const loadHistory = useCallback(() => {
    call(serverLeadActivity)(opened.id).then(
      (entries) => setHistory({ kind: 'ready', entries }),
      (error: unknown) => setHistory({ kind: 'failed', reason: errorMessage(error) }),
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
      ...(colleagues && nextOwner !== (lead.assignedTo ?? null) ? { assignedTo: nextOwner } : {}),
    };
    if (Object.keys(update).length === 0) {
      setResult({ kind: 'unchanged' });
      return;
    }
    setResult({ kind: 'saving' });
    // Made from the version shown: a colleague's change since is refused, not overwritten.
    call(updateServerLead)(lead.id, { ...update, version: lead.version }).then(
      (saved) => {
        const stored = saved as unknown as R;
        setLead(stored);
        setStatus(stored.status);
        setFollowUp(stored.followUp ?? '');
        setOwner(stored.assignedTo ?? '');
        touched.current = { ...UNTOUCHED };
        const what = [
          'status' in update ? `${statusWord} ${statusLabels[stored.status]}` : '',
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
            : { kind: 'failed', reason: errorMessage(error) },
        ),
    );
  }

  /** The record as it is now, under what the admin chose: Save then applies the choices to the new version. */
  function reload() {
    setResult({ kind: 'reloading' });
    call(serverLead)(lead.id).then(
      (fresh) => {
        const stored = fresh as unknown as R;
        setLead(stored);
        // A control the admin never touched shows the record as it is now, so a save after the
        // reload cannot undo a colleague's change to it.
        if (!touched.current.status) setStatus(stored.status);
        if (!touched.current.followUp) setFollowUp(stored.followUp ?? '');
        if (!touched.current.owner) setOwner(stored.assignedTo ?? '');
        setResult({ kind: 'reloaded' });
        setReloads((count) => count + 1);
        loadHistory();
        onSaved(stored);
      },
      (error: unknown) => setResult({ kind: 'failed', reason: errorMessage(error) }),
    );
  }

  // A refusal from a stale version stays with its Reload until the admin reloads.
  const edited = () => setResult((current) => (current?.kind === 'saving' || current?.kind === 'stale' ? current : null));
  const overdue = props.isOverdue(lead, today);

  return (
    <dialog ref={dialog} className="lead-details" aria-labelledby={`${id}-title`} onClose={onClose} onCancel={cancel} onKeyDown={keyDown}>
      <div className="lead-details-head">
        <div>
          <h2 id={`${id}-title`} ref={heading} tabIndex={-1} dir="auto">
            {title}
          </h2>
          <p className="lead-details-kind">
            {words.kind} · <span className="record-ref">Ref. {lead.id}</span>
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
        <span>
          {words.status}: {statusLabels[lead.status]}
        </span>
        {colleagues && <span className="lead-details-owner">{lead.assignedTo ? `Owner: ${lead.assignedTo}` : 'No owner yet'}</span>}
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
      {props.renderAbout?.(lead)}

      <form className="lead-work" onSubmit={submit} aria-label={`Work on ${words.noun} ${lead.id}`}>
        <AdminField id={`${id}-${statusWord}`} label={words.status}>
          <select
            id={`${id}-${statusWord}`}
            className="select"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as S);
              touched.current.status = true;
              edited();
            }}
          >
            <LabelledOptions values={statuses} labels={statusLabels} />
          </select>
        </AdminField>
        <AdminField id={`${id}-follow`} label="Follow-up date" hint={words.followUpHint}>
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
        </AdminField>
        {colleagues && (
          <AdminField id={`${id}-owner`} label="Owner">
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
              {/* An owner no longer in the team (removed since) stays shown until the record is given to someone else. */}
              {owner && !colleagues.some((colleague) => colleague.name === owner) && <option value={owner}>{owner}</option>}
              {colleagues.map((colleague) => (
                <option key={colleague.name} value={colleague.name}>
                  {colleague.you ? `${colleague.name} (you)` : colleague.name}
                </option>
              ))}
            </select>
          </AdminField>
        )}
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
            {result?.kind === 'reloaded' && words.reloaded}
          </p>
        </div>
      </form>

      {/* Above the notes and the history, which arrive after the dialog opens: a button below them would move under the pointer as they do. */}
      <div className="record-actions">
        {props.renderActions?.(lead)}
        <ConfirmAction
          label="Delete"
          triggerName={`Delete ${words.noun} ${lead.id}`}
          question={words.deleteQuestion(title)}
          confirmLabel={words.deleteConfirm}
          onConfirm={() => onDelete(lead)}
        />
      </div>

      <LeadEntries leadId={lead.id} call={call} onAdded={loadHistory} reloads={reloads} />

      <h3 className="lead-details-sub">{words.fieldsHeading}</h3>
      <RecordFields fields={lead.fields} />
      {props.renderMore?.(lead, setLead)}

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
