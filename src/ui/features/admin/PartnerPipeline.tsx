/**
 * Partnership (distributor) applications in a pipeline of their own (server mode only): New,
 * Reviewing, Samples sent, Agreement, then Active or Declined, each with a follow-up date, notes
 * and calls, the history and the version check, as buyers' leads have on the desk. One line per
 * application, newest first, with a stage filter; an application opens in a dialog
 * (PartnerDetails), also from a notification's link (/admin?application=GB-…). A delete can be
 * undone. Loaded on demand: its code is not part of the admin's start.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { deleteServerLead, restoreServerLead, serverLeadsCsv } from '@/browser/api/admin-api';
import { listPartnerLeads, type PartnerLead } from '@/browser/api/buyer-api';
import { downloadFile } from '@/ui/components/download-file';
import { csvFileName } from '@/shared/domain/csv';
import { isPartnerOverdue, leadCompany, leadCountry, localDate } from '@/shared/domain/sales-pipeline';
import { PARTNER_STAGE_LABELS, PARTNER_STAGES, type PartnerStage } from '@/shared/domain/records';
import { formatDay, recordTitle } from './format';
import { useReloadList, useServerCall } from './lead-source';
import { PartnerDetails } from './PartnerDetails';
import { writeOpen } from './open-address';
import { countLabel, type SectionInfo } from './sections';
import { ShowFilter } from './ShowFilter';
import { errorMessage } from '../../../shared/error-message';
import { CountryCell, RowCell } from './RowCell';
import { ExportButton, SectionHeading, SectionStatus } from './SectionHeading';

const PAGE = 25;

type List = { kind: 'loading' } | { kind: 'ready'; leads: PartnerLead[]; today: string } | { kind: 'failed'; reason: string };

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

interface Props {
  section: SectionInfo;
  /** The application a link asks to open (/admin?application=GB-…), or null. */
  linked: string | null;
}

export function PartnerPipeline({ section, linked }: Props) {
  const call = useServerCall();
  const [list, setList] = useState<List>({ kind: 'loading' });
  const [stageFilter, setStageFilter] = useState<PartnerStage | ''>('');
  const [shown, setShown] = useState(PAGE);
  const [open, setOpenApplication] = useState<PartnerLead | null>(null);
  const [message, setMessage] = useState('');
  const [undoable, setUndoable] = useState<PartnerLead | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const toOpen = useRef(linked);
  const headingId = `${section.slug}-heading`;

  /** Opens an application's details (or closes them, with null), named in the address so a reload opens them again. */
  const setOpen = useCallback((lead: PartnerLead | null) => {
    setOpenApplication(lead);
    writeOpen('application', lead?.id ?? null);
  }, []);

  const load = useCallback(() => {
    call(listPartnerLeads)().then(
      (leads) => {
        setList({ kind: 'ready', leads, today: localDate(new Date()) });
        const id = toOpen.current;
        if (!id) return;
        toOpen.current = null;
        const lead = leads.find((candidate) => candidate.id === id);
        setOpen(lead ?? null);
        if (!lead) setMessage(`No partnership application ${id}: it may have been deleted or moved to the Spam list.`);
      },
      (error: unknown) => setList({ kind: 'failed', reason: errorMessage(error) }),
    );
  }, [call, setOpen]);

  useEffect(load, [load]);

  /** The pipeline's list and the dashboard's counts, read again after a change. */
  const reloadCounts = useReloadList();
  const refresh = () => {
    load();
    void reloadCounts(section.collection);
  };

  const close = () => {
    const id = open?.id;
    setOpen(null);
    // Back on the application's line, or the heading when it is gone.
    window.requestAnimationFrame(() => (document.querySelector<HTMLButtonElement>(`[data-application-open="${id}"]`) ?? heading.current)?.focus());
  };

  const remove = (lead: PartnerLead) => {
    setOpen(null);
    setUndoable(null);
    heading.current?.focus();
    call(deleteServerLead)(lead.id, lead.version)
      .then(
        () => {
          setMessage(`Deleted partnership application ${lead.id}. You can undo it for 30 days.`);
          setUndoable(lead);
        },
        (error: unknown) => setMessage(`Could not delete partnership application ${lead.id}: ${errorMessage(error)}.`),
      )
      .finally(refresh);
  };

  const undo = (lead: PartnerLead) => {
    setUndoable(null);
    call(restoreServerLead)(lead.id)
      .then(
        () => setMessage(`Restored partnership application ${lead.id}.`),
        (error: unknown) => setMessage(`Could not restore partnership application ${lead.id}: ${errorMessage(error)}.`),
      )
      .finally(refresh);
  };

  const exportCsv = () =>
    call(serverLeadsCsv)(section.collection).then(
      (csv) => {
        downloadFile(csvFileName(section.slug), csv, { type: 'text/csv;charset=utf-8', byteOrderMark: true });
        setMessage(`Exported the ${section.many} as CSV.`);
      },
      (error: unknown) => setMessage(`Could not export the ${section.many}: ${errorMessage(error)}.`),
    );

  const ready = list.kind === 'ready' ? list : null;
  const count = ready?.leads.length ?? 0;
  const listed = ready ? ready.leads.filter((lead) => !stageFilter || lead.status === stageFilter) : [];

  return (
    <section id={section.slug} className="admin-section partner-pipeline" aria-labelledby={headingId} aria-busy={list.kind === 'loading'}>
      <div className="admin-section-head">
        <SectionHeading id={headingId} headingRef={heading} title={section.title} count={ready ? count : null} />
        <div className="admin-section-actions">
          <ExportButton onExport={() => void exportCsv()} disabled={count === 0} />
        </div>
      </div>
      <p className="desk-intro">Distributors and other partners: New, Reviewing, Samples sent, Agreement, then Active or Declined.</p>
      <SectionStatus message={message} undo={undoable && { label: `Undo: restore application ${undoable.id}`, run: () => undo(undoable) }} />
      {list.kind === 'loading' && <p className="admin-empty">Loading the {section.many}…</p>}
      {list.kind === 'failed' && (
        <p role="alert" className="admin-error">
          Could not load the {section.many} from the server: {list.reason}. Reload the page to try again.
        </p>
      )}
      {ready && count === 0 && (
        <p className="admin-empty">
          The server has received no {section.many} yet. They appear here when a visitor sends the <a href={section.source.href}>{section.source.label}</a>{' '}
          form.
        </p>
      )}
      {ready && count > 0 && (
        <>
          <ShowFilter
            id={`${section.slug}-filter`}
            allLabel="All stages"
            values={PARTNER_STAGES}
            labels={PARTNER_STAGE_LABELS}
            value={stageFilter}
            onChange={(stage) => {
              setStageFilter(stage);
              setShown(PAGE);
            }}
          />
          <p className="admin-sort-note">
            {stageFilter ? `${listed.length} of ${countLabel(count, section)} at ${PARTNER_STAGE_LABELS[stageFilter]}; newest first.` : 'Newest first.'}
          </p>
          <ol className="lead-list" aria-labelledby={headingId}>
            {listed.slice(0, shown).map((lead) => {
              const overdue = isPartnerOverdue(lead, ready.today);
              const country = leadCountry(lead.fields);
              return (
                <li key={lead.id} className="desk-row" data-application-id={lead.id} data-status={lead.status}>
                  <button type="button" className="lead-open" data-application-open={lead.id} aria-haspopup="dialog" onClick={() => setOpen(lead)}>
                    <span className="lead-company" dir="auto">
                      {leadCompany(lead.fields) || recordTitle(lead)}
                    </span>
                    <span className="lead-meta">
                      <RowCell className="lead-kind" spoken=", ">
                        {text(lead.fields.partnershipType) || 'Partnership'}
                      </RowCell>
                      <CountryCell country={country} />
                    </span>
                    <RowCell className={`lead-status lead-status-${lead.status}`} spoken=", stage: ">
                      {PARTNER_STAGE_LABELS[lead.status]}
                    </RowCell>
                    <span className="lead-when">
                      {lead.followUp && (
                        <span className={overdue ? 'lead-follow lead-overdue' : 'lead-follow'}>
                          <span className="visually-hidden">, </span>
                          {overdue ? `Overdue ${formatDay(lead.followUp)}` : `Due ${formatDay(lead.followUp)}`}
                        </span>
                      )}
                    </span>
                  </button>
                </li>
              );
            })}
          </ol>
          {listed.length > shown && (
            <button type="button" className="btn btn-secondary btn-small" onClick={() => setShown((n) => n + PAGE)}>
              Show {Math.min(PAGE, listed.length - shown)} more of {listed.length}
            </button>
          )}
        </>
      )}
      {open && ready && (
        <PartnerDetails
          key={open.id}
          lead={open}
          today={ready.today}
          call={call}
          onClose={close}
          onSaved={(stored) => {
            // The list shows the stored application at once; the dashboard's counts are read again.
            setList((current) =>
              current.kind === 'ready' ? { ...current, leads: current.leads.map((lead) => (lead.id === stored.id ? stored : lead)) } : current,
            );
            void reloadCounts(section.collection);
          }}
          onDelete={remove}
        />
      )}
    </section>
  );
}
