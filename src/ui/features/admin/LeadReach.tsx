/**
 * A lead's ways to reach the buyer, at the top of its details: Call, E-mail and WhatsApp, each a
 * target a thumb can hit (44 × 44 px at least), shown only when the lead has the number or address
 * for it (reach.ts).
 */
import { reachOf } from './reach';

export function LeadReach({ lead }: { lead: Parameters<typeof reachOf>[0] }) {
  const { call, mail, chat } = reachOf(lead);
  if (!call && !mail && !chat) return null;
  return (
    <ul className="lead-reach" aria-label="Reach the buyer">
      {call && (
        <li>
          <a className="btn btn-secondary lead-reach-link" href={call.href} aria-label={call.name}>
            Call
          </a>
        </li>
      )}
      {mail && (
        <li>
          <a className="btn btn-secondary lead-reach-link" href={mail.href} aria-label={mail.name}>
            E-mail
          </a>
        </li>
      )}
      {chat && (
        <li>
          <a className="btn btn-secondary lead-reach-link" href={chat.href} aria-label={chat.name} target="_blank" rel="noopener noreferrer">
            WhatsApp
          </a>
        </li>
      )}
    </ul>
  );
}
