/**
 * One buyer's page (server mode only), at /admin?buyer=GB-… for any of the buyer's leads: who they
 * are (name, company, country), every way to reach them (call, e-mail, WhatsApp), all their quote
 * requests, sample requests and partnership applications with status and dates, each a link to
 * where it is worked, and the activity on all of them (notes and calls with their text, changes,
 * arrivals), newest first. The server computes it from the stored leads each time (db/buyers.ts).
 * Loaded on demand: its code is not part of the admin's start.
 */
import { useEffect, useRef, useState } from 'react';
import { serverBuyer, type BuyerLead, type ServerBuyer } from '@/browser/api/buyer-api';
import type { BuyerActivity } from '@/shared/domain/buyers';
import { adminLeadPath } from '@/shared/domain/admin-links';
import { PIPELINE_KIND_LABELS } from '@/shared/domain/sales-pipeline';
import { statusLabel } from '@/shared/domain/records';
import { buyerSummary, type BuyerContact } from './buyer-summary';
import { formatDateTime, formatDay } from './format';
import { describeLeadChange } from './lead-history';
import { useServerCall } from './lead-source';
import { reachOf } from './reach';
import { errorMessage } from '../../../shared/error-message';

const HEADING_ID = 'buyer-heading';

type State = { kind: 'loading' } | { kind: 'ready'; buyer: ServerBuyer } | { kind: 'failed'; reason: string };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A line of the activity: a change or an entry on one lead, or the lead's arrival. */
type Line = { at: string; lead: BuyerLead; activity?: BuyerActivity };

function Contact({ contact }: { contact: BuyerContact }) {
  const { call, mail, chat } = reachOf(contact.lead);
  const links = [call && { ...call, label: 'Call' }, mail && { ...mail, label: 'E-mail' }, chat && { ...chat, label: 'WhatsApp', external: true }].filter(
    (link) => link !== null,
  );
  return (
    <li className="buyer-contact">
      <p dir="auto">
        {[contact.name, contact.email, contact.phone].filter(Boolean).map((part, index) => (
          <span key={index}>
            {index > 0 && ' · '}
            <bdi>{part}</bdi>
          </span>
        ))}
      </p>
      {links.length > 0 && (
        <ul className="lead-reach" aria-label={`Reach ${contact.name || contact.email || contact.phone}`}>
          {links.map((link) => (
            <li key={link.label}>
              <a
                className="btn btn-secondary lead-reach-link"
                href={link.href}
                aria-label={link.name}
                {...('external' in link ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              >
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function what(line: Line): string[] {
  if (!line.activity) return [`Sent from ${line.lead.page}: New`];
  return describeLeadChange(line.activity.change);
}

export function BuyerPage({ leadId }: { leadId: string }) {
  const call = useServerCall();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let live = true;
    call(serverBuyer)(leadId).then(
      (buyer) => live && setState({ kind: 'ready', buyer }),
      (error: unknown) => live && setState({ kind: 'failed', reason: errorMessage(error) }),
    );
    return () => {
      live = false;
    };
  }, [call, leadId]);

  // The page was asked for: once it is there, reading starts at its heading.
  useEffect(() => {
    if (state.kind !== 'loading') heading.current?.focus();
  }, [state.kind]);

  const buyer = state.kind === 'ready' ? state.buyer : null;
  const summary = buyer ? buyerSummary(buyer.leads) : null;
  const byId = new Map((buyer?.leads ?? []).map((lead) => [lead.id, lead]));
  const lines: Line[] = buyer
    ? [
        ...buyer.leads.map((lead) => ({ at: lead.createdAt, lead })),
        ...buyer.activity.flatMap((activity) => {
          const lead = byId.get(activity.leadId);
          return lead ? [{ at: activity.at, lead, activity }] : [];
        }),
      ].sort((a, b) => Date.parse(b.at) - Date.parse(a.at))
    : [];

  return (
    <section id="buyer" className="admin-section buyer-page" aria-labelledby={HEADING_ID} aria-busy={state.kind === 'loading'}>
      <div className="admin-section-head">
        <h2 id={HEADING_ID} ref={heading} tabIndex={-1} dir="auto">
          {summary ? `Buyer: ${summary.company || summary.name || leadId}` : 'Buyer'}
        </h2>
        <div className="admin-section-actions">
          <a className="btn btn-secondary btn-small" href="/admin#buyers-leads">
            Back to the sales desk
          </a>
        </div>
      </div>
      {state.kind === 'loading' && <p className="admin-empty">Loading the buyer of lead {leadId}…</p>}
      {state.kind === 'failed' && (
        <p role="alert" className="admin-error">
          Could not load the buyer of lead {leadId}: {state.reason}.
        </p>
      )}
      {buyer && summary && (
        <>
          <p className="desk-intro">
            Every quote request, sample request and partnership application with the same e-mail address, or the same company in the same country.
          </p>
          <dl className="record-fields">
            <div>
              <dt>Name</dt>
              <dd dir="auto">{summary.name || 'Not given'}</dd>
            </div>
            <div>
              <dt>Company</dt>
              <dd dir="auto">{summary.company || 'Not given'}</dd>
            </div>
            <div>
              <dt>Country</dt>
              <dd dir="auto">{summary.country || 'Not given'}</dd>
            </div>
          </dl>

          <h3 className="lead-details-sub">Contacts</h3>
          <ul className="buyer-contacts">
            {summary.contacts.map((contact) => (
              <Contact key={`${contact.email}-${contact.phone}`} contact={contact} />
            ))}
          </ul>

          <h3 className="lead-details-sub" id="buyer-leads-heading">
            {plural(buyer.leads.length, 'lead', 'leads')}
          </h3>
          {buyer.truncated && <p className="admin-empty">The newest {buyer.leads.length} are shown; the buyer has more.</p>}
          <ol className="lead-history buyer-leads" aria-labelledby="buyer-leads-heading">
            {buyer.leads.map((lead) => (
              <li key={lead.id} data-buyer-lead={lead.id} data-status={lead.status}>
                <p className="lead-history-what">
                  <a href={adminLeadPath(lead)}>
                    {PIPELINE_KIND_LABELS[lead.type]} {lead.id}
                  </a>
                  : {statusLabel(lead.status)}
                </p>
                <p className="lead-history-when">
                  Sent <time dateTime={lead.createdAt}>{formatDateTime(lead.createdAt)}</time>
                  {lead.followUp && `; follow-up ${formatDay(lead.followUp)}`}
                  {lead.updatedBy && lead.updatedAt && (
                    <>
                      ; last changed by {lead.updatedBy}, <time dateTime={lead.updatedAt}>{formatDateTime(lead.updatedAt)}</time>
                    </>
                  )}
                </p>
              </li>
            ))}
          </ol>

          <h3 className="lead-details-sub">Activity, newest first</h3>
          <ol className="lead-history buyer-activity">
            {lines.map((line, index) => (
              <li key={`${line.at}-${index}`}>
                <p className="lead-history-when">
                  <time dateTime={line.at}>{formatDateTime(line.at)}</time>
                  {line.activity && `, by ${line.activity.account}`} · {PIPELINE_KIND_LABELS[line.lead.type]} {line.lead.id}
                </p>
                <p className="lead-history-what">{what(line).join('; ')}</p>
                {line.activity?.entry?.body.split('\n').map((text, at) => (
                  <p key={at} className="lead-history-what" dir="auto">
                    {text}
                  </p>
                ))}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
