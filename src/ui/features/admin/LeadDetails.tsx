/**
 * One buyer's lead, opened from the desk's list in the pipeline's details dialog (PipelineDetails):
 * its status among the buyers' statuses, its owner among the colleagues, where the visit came
 * from, Mark as spam, and the lead's deliveries and notices. The desk puts focus back on the
 * lead's line when it closes.
 */
import { sendServerLeadAgain, type Colleague, type ServerBuyerLead } from '@/browser/api/admin-api';
import { BUYER_KIND_LABELS, isOverdue } from '@/shared/domain/sales-pipeline';
import { BUYER_STATUS_LABELS, BUYER_STATUSES } from '@/shared/domain/records';
import { describeAttribution } from './format';
import { useNotifications } from './lead-source';
import { LeadDeliveries } from './LeadDeliveries';
import { LeadNotices } from './LeadNotices';
import { PipelineDetails, type DetailsOf } from './PipelineDetails';

interface Props extends DetailsOf<ServerBuyerLead> {
  /** Moves the lead to the Spam list, from the version shown. */
  onSpam: (lead: ServerBuyerLead) => void;
  /** The accounts the lead can be given to (empty until the server has said). */
  colleagues: readonly Colleague[];
}

export function LeadDetails({ lead, onSpam, ...rest }: Props) {
  const notifications = useNotifications();
  const kind = BUYER_KIND_LABELS[lead.type];
  return (
    <PipelineDetails
      {...rest}
      lead={lead}
      statuses={BUYER_STATUSES}
      statusLabels={BUYER_STATUS_LABELS}
      isOverdue={isOverdue}
      words={{
        noun: 'lead',
        kind,
        status: 'Status',
        followUpHint: 'Empty for none. A date before today on an open lead puts it first on the desk as overdue.',
        reloaded: 'Reloaded: the facts above are the lead as it is now; what you changed is still here. Save to apply it.',
        fieldsHeading: `The buyer’s ${kind.toLowerCase()}`,
        deleteQuestion: (title) => `Delete ${kind.toLowerCase()} ${lead.id} from ${title}? You can undo it for 30 days.`,
        deleteConfirm: 'Delete lead',
      }}
      renderAbout={(shown) => <p className="lead-details-source">{describeAttribution(shown.attribution)}</p>}
      renderActions={(shown) => (
        <button type="button" className="btn btn-secondary btn-small" onClick={() => onSpam(shown)} aria-label={`Mark lead ${shown.id} as spam`}>
          Mark as spam
        </button>
      )}
      renderMore={(shown, setLead) => (
        <>
          {shown.deliveries && (
            <LeadDeliveries
              deliveries={shown.deliveries}
              notifications={notifications}
              // The new messages' states come back with the lead; the server sends them at once.
              onSendAgain={() =>
                rest
                  .call(sendServerLeadAgain)(shown.id)
                  .then((stored) => setLead((current) => ({ ...current, deliveries: stored.deliveries })))
              }
              leadName={shown.id}
            />
          )}
          {/* Read again whenever the lead's version changes: a save queues new notices. */}
          <LeadNotices key={`${shown.id}:${shown.version}`} leadId={shown.id} call={rest.call} />
        </>
      )}
    />
  );
}
