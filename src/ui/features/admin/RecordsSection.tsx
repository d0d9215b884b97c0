/**
 * One collection of submissions: its count, the newest first, a CSV export, and deleting one
 * record or all of them after an in-page confirmation. The records are the server's or this
 * browser's (lead-source.tsx). Results are announced in a status line and focus returns to the
 * section heading when a record disappears.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import {
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUSES,
  isApplication,
  isApplicationCollection,
  isPartnerCollection,
  type AnyRecord,
  type ApplicationStatus,
} from '@/shared/domain/records';
import { downloadFile } from '@/ui/components/download-file';
import { ConfirmAction } from '@/ui/components/ConfirmAction';
import { csvFileName } from '@/shared/domain/csv';
import { useLeadSource, useMayAdminister, useSectionData, type Review } from './lead-source';
import { RecordCard } from './RecordCard';
import { countLabel, type SectionInfo } from './sections';
import { ShowFilter } from './ShowFilter';
import { errorMessage } from '../../../shared/error-message';
import { ExportButton, SectionHeading } from './SectionHeading';

const PAGE = 10;

/** Partnership applications' pipeline: its code loads only with the server, which keeps their stages. */
const PartnerPipeline = lazy(() => import('./PartnerPipeline').then((module) => ({ default: module.PartnerPipeline })));

/** The application a notification's link asks to open, read before the desk rewrites the address with its filters. */
const askedApplication = () => (typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('application'));

/** The record a notification's link shows in its own list (/admin?record=GB-…#job-applications), and whether the link names this section. */
const askedRecord = (slug: string) =>
  typeof window === 'undefined' ? null : { id: new URLSearchParams(window.location.search).get('record'), here: window.location.hash === `#${slug}` };

/**
 * With the server, partnership applications are worked in their pipeline (PartnerPipeline);
 * every other section, and every section without the server, is the list below.
 */
export function RecordsSection({ section }: { section: SectionInfo }) {
  const fromServer = useLeadSource().kind === 'server';
  const [linked] = useState(askedApplication);
  if (fromServer && isPartnerCollection(section.collection)) {
    return (
      <Suspense
        fallback={
          <section className="admin-section" aria-labelledby={`${section.slug}-loading`} aria-busy="true">
            <h2 id={`${section.slug}-loading`}>{section.title}</h2>
            <p className="admin-empty">Loading the {section.many}…</p>
          </section>
        }
      >
        <PartnerPipeline section={section} linked={linked} />
      </Suspense>
    );
  }
  return <SubmissionList section={section} />;
}

function SubmissionList({ section }: { section: SectionInfo }) {
  const data = useSectionData(section.collection);
  const source = useLeadSource().kind;
  const fromServer = source === 'server';
  const mayClear = useMayAdminister();
  const { records } = data;
  const [shown, setShown] = useState(PAGE);
  // '' shows every record; a status shows only the applications that have it.
  const [statusFilter, setStatusFilter] = useState<ApplicationStatus | ''>('');
  const listed = statusFilter ? records.filter((record) => isApplication(record) && record.status === statusFilter) : records;
  const [message, setMessage] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = `${section.slug}-heading`;
  const count = records.length;
  const [asked] = useState(() => askedRecord(section.slug));
  /** The record the link named, when this list has it: shown (past the page's end too), marked and given focus once. */
  const linked = asked?.id && records.some((record) => record.id === asked.id) ? asked.id : null;
  const linkedAt = linked ? listed.findIndex((record) => record.id === linked) : -1;
  const visible = Math.max(shown, linkedAt + 1);
  // The link's own section says when no list has the record.
  const missing = asked?.here && asked.id && !linked && !data.loading && !data.loadError ? `No ${section.one} ${asked.id}: it may have been deleted.` : '';
  const focused = useRef(false);

  useEffect(() => {
    if (!linked || focused.current) return;
    focused.current = true;
    const card = document.querySelector<HTMLElement>(`#${section.slug} [data-record-id="${CSS.escape(linked)}"]`);
    card?.scrollIntoView({ block: 'start' });
    card?.focus();
  }, [linked, section.slug]);

  const announce = (text: string) => {
    setMessage(text);
    heading.current?.focus();
  };

  const remove = (record: AnyRecord) =>
    data.remove(record.id).then(
      () => announce(`Deleted ${section.one} ${record.id}.`),
      (error: unknown) => announce(`Could not delete ${section.one} ${record.id}: ${errorMessage(error)}.`),
    );

  const clearAll = () =>
    data.clear().then(
      () => announce(`Deleted all ${section.many}.`),
      (error: unknown) => announce(`Could not delete the ${section.many}: ${errorMessage(error)}.`),
    );

  const exportCsv = () =>
    data.csv().then(
      (text) => {
        downloadFile(csvFileName(section.slug), text, { type: 'text/csv;charset=utf-8', byteOrderMark: true });
        setMessage(`Exported ${countLabel(count, section)} as CSV.`);
      },
      (error: unknown) => setMessage(`Could not export the ${section.many}: ${errorMessage(error)}.`),
    );

  const review = (record: AnyRecord, update: Review) => data.review(record.id, update);
  const sendAgain = data.sendAgain ? (record: AnyRecord) => (data.sendAgain as (id: string) => Promise<void>)(record.id) : undefined;

  return (
    <section id={section.slug} className="admin-section" aria-labelledby={headingId} aria-busy={data.loading}>
      <div className="admin-section-head">
        <SectionHeading id={headingId} headingRef={heading} title={section.title} count={data.loading ? null : count} />
        <div className="admin-section-actions">
          <ExportButton onExport={() => void exportCsv()} disabled={data.loading || count === 0} />
          {/* Clearing a whole list is an admin's: a sales account is not offered it (the server refuses it). */}
          {mayClear && (
            <ConfirmAction
              label="Clear all"
              question={`Delete all ${countLabel(count, section)}? This cannot be undone; export a CSV first if you need a copy.`}
              confirmLabel={`Delete all ${section.many}`}
              onConfirm={() => void clearAll()}
              disabled={count === 0}
            />
          )}
        </div>
      </div>
      <p role="status" className="admin-status">
        {message || missing}
      </p>
      {data.loadError && (
        <p role="alert" className="admin-error">
          Could not load the {section.many} from the server: {data.loadError}. Reload the page to try again.
        </p>
      )}
      {/* While the list is on its way, no "nothing here yet": the answer may be the server's list. */}
      {data.loading ? null : count === 0 && !data.loadError ? (
        fromServer ? (
          <p className="admin-empty">
            The server has received no {section.many} yet. They appear here when a visitor sends the <a href={section.source.href}>{section.source.label}</a>{' '}
            form.
          </p>
        ) : (
          <p className="admin-empty">
            No {section.many} in this browser yet. They appear here when the <a href={section.source.href}>{section.source.label}</a> form is sent from this
            browser.
          </p>
        )
      ) : count === 0 ? null : (
        <>
          {isApplicationCollection(section.collection) && (
            <ShowFilter
              id={`${section.slug}-filter`}
              allLabel="All statuses"
              values={APPLICATION_STATUSES}
              labels={APPLICATION_STATUS_LABELS}
              value={statusFilter}
              onChange={(status) => {
                setStatusFilter(status);
                setShown(PAGE);
              }}
            />
          )}
          <p className="admin-sort-note">
            {statusFilter
              ? `${listed.length} of ${countLabel(count, section)}, ${APPLICATION_STATUS_LABELS[statusFilter].toLowerCase()}; newest first.`
              : 'Newest first.'}
          </p>
          <ol className="record-list">
            {listed.slice(0, visible).map((record) => (
              <li key={record.id}>
                <RecordCard
                  collection={section.collection}
                  section={section}
                  record={record}
                  onDelete={(r) => void remove(r)}
                  onReview={review}
                  onSendAgain={sendAgain}
                  linked={record.id === linked}
                />
              </li>
            ))}
          </ol>
          {listed.length > visible && (
            <button type="button" className="btn btn-secondary btn-small" onClick={() => setShown(visible + PAGE)}>
              Show {Math.min(PAGE, listed.length - visible)} more of {listed.length}
            </button>
          )}
        </>
      )}
    </section>
  );
}
