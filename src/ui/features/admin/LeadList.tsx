/**
 * The sales desk's list: one line per buyer's lead on a desktop (company, kind, country, products,
 * status, owner, follow-up, age), two short lines on a phone, each a button that opens the lead's
 * details. An overdue follow-up says so in words, not by colour alone; what the columns' headings
 * say on a desktop, each value also carries for a screen reader.
 */
import type { ServerBuyerLead } from '@/browser/api/admin-api';
import { BUYER_KIND_LABELS, isClosed, isOverdue, leadCompany, leadCountry, leadProducts } from '@/shared/domain/sales-pipeline';
import { BUYER_STATUS_LABELS } from '@/shared/domain/records';
import { ageText, formatDay, recordTitle } from './format';
import { CountryCell, RowCell } from './RowCell';

/** The follow-up as the list shows it: nothing on a closed lead or without a date. */
function FollowUp({ lead, today }: { lead: ServerBuyerLead; today: string }) {
  if (!lead.followUp || isClosed(lead.status)) return <span className="lead-follow" />;
  if (isOverdue(lead, today)) {
    return (
      <span className="lead-follow lead-overdue">
        <span className="visually-hidden">, </span>
        <span aria-hidden="true">! </span>Overdue {formatDay(lead.followUp, { short: true })}
        <span className="visually-hidden">: follow-up was due {formatDay(lead.followUp)}</span>
      </span>
    );
  }
  return (
    <span className="lead-follow">
      <span className="visually-hidden">, </span>
      {lead.followUp === today ? 'Due today' : `Due ${formatDay(lead.followUp, { short: true })}`}
      <span className="visually-hidden">: follow-up {formatDay(lead.followUp)}</span>
    </span>
  );
}

/** Who has the lead, as the list shows it: the account's name before its domain ("anna" for anna@…), or Unassigned. */
function Owner({ account }: { account: string | null | undefined }) {
  return (
    <span className="lead-owner" data-owner={account ?? ''}>
      <span className="visually-hidden">, owner: </span>
      {account ? (
        <>
          <bdi aria-hidden="true">{account.split('@')[0]}</bdi>
          <span className="visually-hidden">{account}</span>
        </>
      ) : (
        'Unassigned'
      )}
    </span>
  );
}

interface Props {
  leads: ServerBuyerLead[];
  today: string;
  now: Date;
  labelledBy: string;
  onOpen: (lead: ServerBuyerLead) => void;
}

export function LeadList({ leads, today, now, labelledBy, onOpen }: Props) {
  return (
    <div className="lead-table">
      <div className="lead-columns" aria-hidden="true">
        <span>Company</span>
        <span>Kind</span>
        <span>Country</span>
        <span>Products</span>
        <span>Status</span>
        <span>Owner</span>
        <span>Follow-up</span>
        <span>Age</span>
      </div>
      <ol className="lead-list" aria-labelledby={labelledBy}>
        {leads.map((lead) => {
          const country = leadCountry(lead.fields);
          const products = leadProducts(lead.fields).join(', ');
          const age = ageText(lead.createdAt, now);
          return (
            <li key={lead.id} className="desk-row" data-lead-id={lead.id} data-status={lead.status}>
              <button type="button" className="lead-open" data-lead-open={lead.id} aria-haspopup="dialog" onClick={() => onOpen(lead)}>
                {/* The buyer's words in their own direction: a name in Arabic starts at the right and, too long, loses its end. */}
                <span className="lead-company" dir="auto">
                  {leadCompany(lead.fields) || recordTitle(lead)}
                </span>
                <span className="lead-meta">
                  <RowCell className="lead-kind" spoken=", ">
                    {BUYER_KIND_LABELS[lead.type]}
                  </RowCell>
                  <CountryCell country={country} />
                  <RowCell className="lead-products" spoken=", products: ">
                    <bdi>{products}</bdi>
                  </RowCell>
                </span>
                <RowCell className={`lead-status lead-status-${lead.status}`} spoken=", status: ">
                  {BUYER_STATUS_LABELS[lead.status]}
                </RowCell>
                <span className="lead-when">
                  <Owner account={lead.assignedTo} />
                  <FollowUp lead={lead} today={today} />
                  <span className="lead-age">
                    <time dateTime={lead.createdAt} aria-hidden="true">
                      {age.short}
                    </time>
                    <span className="visually-hidden">, {age.long}</span>
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
