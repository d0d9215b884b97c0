/**
 * One partnership (distributor) application in its pipeline, in the pipeline's details dialog
 * (PipelineDetails): its stage among the partner stages, with the follow-up date, the notes and
 * calls, every field, the history and Delete (undoable), as a buyer's lead has on the desk.
 */
import type { PartnerLead } from '@/browser/api/buyer-api';
import { isPartnerOverdue } from '@/shared/domain/sales-pipeline';
import { PARTNER_STAGE_LABELS, PARTNER_STAGES } from '@/shared/domain/records';
import { PipelineDetails, type DetailsOf } from './PipelineDetails';

export function PartnerDetails(props: DetailsOf<PartnerLead>) {
  return (
    <PipelineDetails
      {...props}
      statuses={PARTNER_STAGES}
      statusLabels={PARTNER_STAGE_LABELS}
      isOverdue={isPartnerOverdue}
      words={{
        noun: 'application',
        kind: 'Partnership application',
        status: 'Stage',
        followUpHint: 'Empty for none. A date before today on an application not yet Active or Declined marks it overdue.',
        reloaded: 'Reloaded: the facts above are the application as it is now; the choices you made are still here. Save to apply them.',
        fieldsHeading: 'The partnership application',
        deleteQuestion: (title) => `Delete partnership application ${props.lead.id} from ${title}? You can undo it for 30 days.`,
        deleteConfirm: 'Delete application',
      }}
    />
  );
}
