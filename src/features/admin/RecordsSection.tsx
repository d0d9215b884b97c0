/**
 * One collection of submissions: its count, the newest first, a CSV export, and deleting one
 * record or all of them after an in-page confirmation. Results are announced in a status line
 * and focus returns to the section heading when a record disappears.
 */
import { useRef, useState } from 'react';
import { useCollection } from '@/data/providers';
import { clearRecords, deleteRecord, toCsv, type AnyRecord } from '@/data/records';
import { ConfirmAction } from './ConfirmAction';
import { downloadText } from './download';
import { csvFileName } from './format';
import { RecordCard } from './RecordCard';
import { countLabel, type SectionInfo } from './sections';

const PAGE = 10;
const STORAGE_FAILED = 'this browser’s storage is unavailable or full';

export function RecordsSection({ section }: { section: SectionInfo }) {
  const records: AnyRecord[] = useCollection(section.collection);
  const [shown, setShown] = useState(PAGE);
  const [message, setMessage] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = `${section.slug}-heading`;
  const count = records.length;

  const announce = (text: string) => {
    setMessage(text);
    heading.current?.focus();
  };

  const remove = (record: AnyRecord) => {
    const done = deleteRecord(section.collection, record.id);
    announce(done ? `Deleted ${section.one} ${record.id}.` : `Could not delete ${section.one} ${record.id}: ${STORAGE_FAILED}.`);
  };

  const clearAll = () => {
    const done = clearRecords(section.collection);
    announce(done ? `Deleted all ${section.many}.` : `Could not delete the ${section.many}: ${STORAGE_FAILED}.`);
  };

  const exportCsv = () => {
    downloadText(csvFileName(section.slug), toCsv(records));
    setMessage(`Exported ${countLabel(count, section)} as CSV.`);
  };

  return (
    <section id={section.slug} className="admin-section" aria-labelledby={headingId}>
      <div className="admin-section-head">
        <h2 id={headingId} ref={heading} tabIndex={-1}>
          {section.title}{' '}
          <span className="admin-count" data-count={count}>
            {count}
          </span>
        </h2>
        <div className="admin-section-actions">
          <button type="button" className="btn btn-secondary btn-small" onClick={exportCsv} disabled={count === 0}>
            Export CSV
          </button>
          <ConfirmAction
            label="Clear all"
            question={`Delete all ${countLabel(count, section)}? This cannot be undone; export a CSV first if you need a copy.`}
            confirmLabel={`Delete all ${section.many}`}
            onConfirm={clearAll}
            disabled={count === 0}
          />
        </div>
      </div>
      <p role="status" className="admin-status">
        {message}
      </p>
      {count === 0 ? (
        <p className="admin-empty">
          No {section.many} in this browser yet. They appear here when the <a href={section.source.href}>{section.source.label}</a> form is sent from this
          browser.
        </p>
      ) : (
        <>
          <p className="admin-sort-note">Newest first.</p>
          <ol className="record-list">
            {records.slice(0, shown).map((record) => (
              <li key={record.id}>
                <RecordCard collection={section.collection} section={section} record={record} onDelete={remove} />
              </li>
            ))}
          </ol>
          {count > shown && (
            <button type="button" className="btn btn-secondary btn-small" onClick={() => setShown((n) => n + PAGE)}>
              Show {Math.min(PAGE, count - shown)} more of {count}
            </button>
          )}
        </>
      )}
    </section>
  );
}
