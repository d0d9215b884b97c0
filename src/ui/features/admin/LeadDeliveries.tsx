/**
 * The lead notifications in the admin: for one lead, how each of its messages (e-mail, webhook)
 * went, with the last error of a failed attempt and a "Send again" button; and the dashboard's
 * notice of where new leads are sent, or that nothing is. Standalone components, so the
 * dashboard can place them where its layout wants them.
 */
import { useState } from 'react';
import type { NotificationsStatus, ServerDelivery } from '@/browser/api/admin-api';
import { formatDateTime } from './format';
import { errorMessage } from '../../../shared/error-message';

const CHANNEL_LABELS: Record<ServerDelivery['channel'], string> = { email: 'E-mail', webhook: 'Webhook' };

const isConfigured = (status: NotificationsStatus) => status.email.configured || status.webhook.configured;

function When({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDateTime(iso)}</time>;
}

const attemptsText = (n: number) => (n === 1 ? '1 attempt' : `${n} attempts`);

function DeliveryLine({ delivery }: { delivery: ServerDelivery }) {
  const label = CHANNEL_LABELS[delivery.channel];
  if (delivery.state === 'sent') {
    return (
      <li data-state="sent">
        {label}: sent
        {delivery.sentAt && (
          <>
            {' '}
            <When iso={delivery.sentAt} />
          </>
        )}
        {delivery.attempts > 1 && ` (after ${attemptsText(delivery.attempts)})`}.
      </li>
    );
  }
  if (delivery.state === 'failed') {
    return (
      <li data-state="failed">
        {label}: <strong>not sent</strong>, given up after {attemptsText(delivery.attempts)}
        {delivery.lastError && <>: {delivery.lastError}</>}
      </li>
    );
  }
  if (!delivery.lastError) return <li data-state="pending">{label}: sending…</li>;
  return (
    <li data-state="pending">
      {label}: <strong>attempt {delivery.attempts} failed</strong>: {delivery.lastError}.{' '}
      {delivery.nextAttemptAt && (
        <>
          Next try <When iso={delivery.nextAttemptAt} />.
        </>
      )}
    </li>
  );
}

interface Props {
  deliveries: readonly ServerDelivery[];
  /** Where the server sends leads; null while unknown. */
  notifications: NotificationsStatus | null;
  /** Queues the lead's notifications again; rejects with the reason it could not. */
  onSendAgain: () => Promise<void>;
  /** Names the lead in the button's accessible name, e.g. 'GB-7K3Q9X2M'. */
  leadName: string;
}

/** How one lead's notifications went, and "Send again". */
export function LeadDeliveries({ deliveries, notifications, onSendAgain, leadName }: Props) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  if (notifications && !isConfigured(notifications)) {
    return <p className="lead-deliveries lead-deliveries-off">Notifications: none sent (not configured on the server).</p>;
  }
  const sendAgain = () => {
    setBusy(true);
    setMessage(null);
    onSendAgain()
      .then(
        () => setMessage({ text: 'Queued: the notifications are being sent again.', failed: false }),
        (error: unknown) => setMessage({ text: `Could not send again: ${errorMessage(error)}.`, failed: true }),
      )
      .finally(() => setBusy(false));
  };
  return (
    <div className="lead-deliveries">
      <p className="lead-deliveries-title">Notifications</p>
      {deliveries.length === 0 ? (
        <p>None queued for this lead (it arrived before notifications were set up).</p>
      ) : (
        <ul>
          {deliveries.map((delivery) => (
            <DeliveryLine key={delivery.channel} delivery={delivery} />
          ))}
        </ul>
      )}
      <button type="button" className="btn btn-secondary btn-small" onClick={sendAgain} disabled={busy} aria-label={`Send again: ${leadName}`}>
        {busy ? 'Sending…' : 'Send again'}
      </button>
      <p role={message?.failed ? 'alert' : 'status'} className="lead-deliveries-message">
        {message?.text ?? ''}
      </p>
    </div>
  );
}

/** The dashboard's line on where new leads go, or that the server sends them nowhere. */
export function NotificationsNotice({ status }: { status: NotificationsStatus | null }) {
  if (!status) return null;
  if (!isConfigured(status)) {
    // One line above the desk, the how-to inside it: on a phone the leads stay on the first screen.
    return (
      <details className="admin-notice admin-notice-off">
        <summary>Lead notifications are off</summary>
        <p>
          The server sends no e-mail or webhook when a lead arrives. To be told of every lead at once, set SMTP_URL, LEAD_NOTIFY_TO and LEAD_NOTIFY_FROM
          (e-mail), or LEAD_WEBHOOK_URL and LEAD_WEBHOOK_SECRET (webhook), and restart the server.
        </p>
      </details>
    );
  }
  const where = [
    ...(status.email.configured ? [`e-mailed to ${status.email.to.join(', ')}`] : []),
    ...(status.webhook.configured ? [`posted to the webhook at ${status.webhook.host ?? ''}`] : []),
  ];
  return <p className="admin-notice">Each new lead is {where.join(' and ')}.</p>;
}
