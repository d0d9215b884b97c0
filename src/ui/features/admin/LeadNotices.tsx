/**
 * The desk's own messages about one lead, as the server's notice outbox has them: the e-mail to
 * each account the lead was given to, and the lead.updated webhooks of its changes, each sent,
 * being sent (with the last failed attempt and the next try) or given up. Nothing is shown for a
 * lead that has none. Its parent keys it by the lead's version, so a save (which queues new ones) reads them again.
 */
import { useEffect, useState } from 'react';
import { leadNotices, type LeadNotice } from '@/browser/api/admin-api';
import { formatDateTime } from './format';

type Call = <A extends unknown[], R>(call: (...args: A) => Promise<R>) => (...args: A) => Promise<R>;

function what(notice: LeadNotice): string {
  if (notice.kind === 'assigned') return `E-mail to ${notice.recipient ?? 'an account'} (new owner)`;
  return notice.channel === 'webhook' ? 'Webhook lead.updated' : 'E-mail';
}

function state(notice: LeadNotice): string {
  const tries = notice.attempts === 1 ? '1 attempt' : `${notice.attempts} attempts`;
  if (notice.state === 'sent') return `sent ${notice.sentAt ? formatDateTime(notice.sentAt) : ''}`.trim();
  if (notice.state === 'failed') return `not sent, given up after ${tries}${notice.lastError ? `: ${notice.lastError}` : ''}`;
  if (!notice.lastError) return 'sending…';
  return `attempt ${notice.attempts} failed: ${notice.lastError}${notice.nextAttemptAt ? `. Next try ${formatDateTime(notice.nextAttemptAt)}` : ''}`;
}

export function LeadNotices({ leadId, call }: { leadId: string; call: Call }) {
  const [notices, setNotices] = useState<LeadNotice[]>([]);
  useEffect(() => {
    let live = true;
    // Only information: a server that cannot say leaves it out, as the notifications' notice does.
    call(leadNotices)(leadId).then(
      (list) => live && setNotices(list),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [call, leadId]);
  if (notices.length === 0) return null;
  return (
    <div className="lead-notices">
      <p className="lead-deliveries-title">Messages from the desk</p>
      <ul>
        {notices.map((notice) => (
          <li key={notice.id} data-kind={notice.kind} data-state={notice.state}>
            {what(notice)}: {state(notice)}.
          </li>
        ))}
      </ul>
    </div>
  );
}
