/**
 * The Spam list: what the server kept instead of dropping (a filled trap field, a form sent
 * within 3 s of its page showing it, or a lead posted without the form's screening), with a button that moves a lead back to its section, which
 * notifies the team as if it had just arrived. Shown only with the server's leads: this browser
 * keeps no spam.
 */
import { useId, useRef, useState } from 'react';
import type { ServerLead, SpamReason } from '@/browser/api/admin-api';
import { useSpam } from './lead-source';
import { formatDateTime, recordTitle } from './format';
import { SECTIONS } from './sections';
import { errorMessage } from '../../../shared/error-message';
import { SectionHeading } from './SectionHeading';

const REASONS: Record<SpamReason, string> = {
  honeypot: 'filled in the hidden field only programs see',
  'too-fast': 'sent within 3 seconds of the page showing the form',
  unscreened: 'posted without the form’s checks, so not from the site’s form',
  marked: 'marked as spam by a colleague (its history says who and when)',
};

export function SpamList() {
  const spam = useSpam();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [message, setMessage] = useState('');
  const [moving, setMoving] = useState<string | null>(null);
  if (!spam) return null;

  const moveBack = (lead: ServerLead) => {
    const section = SECTIONS.find((s) => s.collection === lead.type);
    setMoving(lead.id);
    spam
      .moveBack(lead)
      .then(
        () => setMessage(`Moved ${lead.id} to ${section?.title ?? 'its section'}; the team is being notified.`),
        (error: unknown) => setMessage(`Could not move ${lead.id}: ${errorMessage(error)}.`),
      )
      .finally(() => {
        setMoving(null);
        heading.current?.focus();
      });
  };

  return (
    <section id="spam" className="admin-section" aria-labelledby={headingId} aria-busy={spam.loading}>
      <div className="admin-section-head">
        <SectionHeading id={headingId} headingRef={heading} title="Spam" count={!spam.loading ? spam.leads.length : null} />
      </div>
      <p className="admin-sort-note">Submissions that looked automated: kept here, not notified. Move one back if a person sent it.</p>
      <p role="status" className="admin-status">
        {message}
      </p>
      {spam.loadError && (
        <p role="alert" className="admin-error">
          Could not load the Spam list from the server: {spam.loadError}. Reload the page to try again.
        </p>
      )}
      {!spam.loading && !spam.loadError && spam.leads.length === 0 && <p className="admin-empty">Nothing in Spam.</p>}
      {spam.leads.length > 0 && (
        <ol className="record-list spam-list">
          {spam.leads.map((lead) => {
            const section = SECTIONS.find((s) => s.collection === lead.type);
            return (
              <li key={lead.id} data-record-id={lead.id}>
                <p>
                  <strong>
                    <bdi>{recordTitle(lead)}</bdi>
                  </strong>{' '}
                  · {section?.one ?? lead.type} · Ref. {lead.id} · received <time dateTime={lead.receivedAt}>{formatDateTime(lead.receivedAt)}</time>
                </p>
                <p>Why: {lead.spam ? REASONS[lead.spam] : 'marked as spam'}.</p>
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  onClick={() => moveBack(lead)}
                  disabled={moving !== null}
                  aria-label={`Not spam: move ${lead.id} to ${section?.title ?? 'its section'}`}
                >
                  Not spam: move to {section?.title ?? 'its section'}
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
