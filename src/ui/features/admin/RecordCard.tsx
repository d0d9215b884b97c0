/**
 * One stored submission: who sent it, when, every field as plain text (never as HTML), and for
 * applications the status, the review controls and when it was last reviewed.
 */
import { useId } from 'react';
import type { ServerLead } from '@/browser/api/admin-api';
import { APPLICATION_STATUS_LABELS, isApplication, isApplicationCollection, type AnyRecord, type Collection } from '@/shared/domain/records';
import { LANGUAGES } from '@/shared/i18n/languages';
import { ApplicationReview } from './ApplicationReview';
import { ConfirmAction } from '@/ui/components/ConfirmAction';
import { LeadDeliveries } from './LeadDeliveries';
import { useNotifications, type Review } from './lead-source';
import { fieldLabel, fieldText, formatDateTime, isWebUrl, recordSubtitle, recordTitle } from './format';
import type { SectionInfo } from './sections';
import { TypedText } from './TypedText';

function Value({ value }: { value: string | string[] | undefined }) {
  const text = fieldText(value);
  if (typeof value === 'string' && isWebUrl(value)) {
    return (
      <a href={value.trim()} target="_blank" rel="noopener noreferrer nofollow">
        {text}
      </a>
    );
  }
  return <TypedText text={text} />;
}

/** The language a lead was sent in, by the name its readers use and its code: 'Deutsch (de)'. */
function languageShown(code: string): string {
  const language = LANGUAGES.find((candidate) => candidate.code === code);
  return language ? `${language.name} (${code})` : code;
}

/** Every field of a submission, as plain text (a web address as a link). */
export function RecordFields({ fields }: { fields: AnyRecord['fields'] }) {
  return (
    <dl className="record-fields">
      {Object.entries(fields).map(([key, value]) => (
        <div key={key} className={typeof value === 'string' && value.length > 80 ? 'record-field-wide' : undefined}>
          <dt>{fieldLabel(key)}</dt>
          {/* The visitor's text in its own direction: an Arabic name or address starts at the right. */}
          <dd dir="auto">{key === 'language' && typeof value === 'string' ? languageShown(value) : <Value value={value} />}</dd>
        </div>
      ))}
    </dl>
  );
}

function Stamp({ label, iso }: { label: string; iso: string }) {
  return (
    <span>
      {label} <time dateTime={iso}>{formatDateTime(iso)}</time>
    </span>
  );
}

interface Props {
  collection: Collection;
  section: SectionInfo;
  record: AnyRecord;
  onDelete: (record: AnyRecord) => void;
  /** Saves an application's review; rejects with the reason it was not saved. */
  onReview: (record: AnyRecord, update: Review) => Promise<void>;
  /** Sends the lead's notifications again (the server's leads only). */
  onSendAgain?: (record: AnyRecord) => Promise<void>;
  /** The record a link opened the admin at: it takes focus and is marked. */
  linked?: boolean;
}

export function RecordCard({ collection, section, record, onDelete, onReview, onSendAgain, linked = false }: Props) {
  const titleId = useId();
  const notifications = useNotifications();
  // Only the server's leads have notifications.
  const deliveries = 'deliveries' in record ? (record as ServerLead).deliveries : undefined;
  const app = isApplication(record) ? record : null;
  const subtitle = recordSubtitle(record);
  const title = recordTitle(record);
  const from = title === record.id ? '' : ` from ${title}`;
  return (
    <article
      className={linked ? 'record-card record-linked' : 'record-card'}
      aria-labelledby={titleId}
      data-record-id={record.id}
      {...(linked ? { tabIndex: -1, 'aria-current': 'true' as const } : {})}
    >
      <header className="record-head">
        <div>
          <h3 id={titleId} className="record-title">
            {title}
          </h3>
          {subtitle && <p className="record-subtitle">{subtitle}</p>}
        </div>
        <div className="record-tags">
          <span className="record-ref">Ref. {record.id}</span>
          {app && <span className={`status-badge status-${app.status}`}>{APPLICATION_STATUS_LABELS[app.status]}</span>}
        </div>
      </header>
      <p className="record-meta">
        <Stamp label="Received" iso={app?.appliedAt || record.createdAt} />
        {app && (app.reviewedAt ? <Stamp label="Last reviewed" iso={app.reviewedAt} /> : <span>Not reviewed yet</span>)}
      </p>
      <RecordFields fields={record.fields} />
      {app && isApplicationCollection(collection) && <ApplicationReview record={app} save={(update) => onReview(app, update)} />}
      {deliveries && onSendAgain && (
        <LeadDeliveries deliveries={deliveries} notifications={notifications} onSendAgain={() => onSendAgain(record)} leadName={record.id} />
      )}
      <div className="record-actions">
        <ConfirmAction
          label="Delete"
          question={`Delete ${section.one} ${record.id}${from}? This cannot be undone.`}
          confirmLabel={`Delete ${section.one}`}
          onConfirm={() => onDelete(record)}
        />
      </div>
    </article>
  );
}
