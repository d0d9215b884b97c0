/**
 * The sender inside the server: claims the outbox's due rows (outbox.ts), sends each on its
 * channel (email.ts, webhook.ts), and records the result, or the next attempt's time from the
 * retry schedule. A lead stored by this process wakes it at once; a timer also polls for due
 * retries and for rows another process left (its claim lapsed). It never runs inside a request:
 * the visitor's answer waits for the lead's transaction only.
 */
import type { Kysely } from 'kysely';
import type { LeadForms } from '@/shared/domain/lead-forms';
import type { Store } from '../db/connect';
import type { StoredLead } from '../db/leads';
import type { Database, NotificationChannel } from '../db/schema';
import { createEmailSender } from './email';
import { claimDue, DEFAULT_LEASE_MS, markFailed, markSent, type Claimed } from './outbox';
import { releaseAllClaims } from './claims';
import { DEFAULT_SCHEDULE } from './retry-schedule';
import { ClaimLoop, type SenderTiming } from './claim-loop';
import type { NotifySettings } from './settings';
import { createWebhookSender } from './webhook';
import { NoticeWorker, noticeSenders, type NoticeSender } from './notice-worker';

/** GET /api/admin/notifications: what is configured, for the admin to see (never a password or secret). */
export interface NotifyStatus {
  email: { configured: boolean; to: string[] };
  webhook: { configured: boolean; host: string | null };
}

/** What the API needs of the notifications: what is configured, and a nudge after queuing. */
export interface Notifier {
  status: NotifyStatus;
  /** The configured channels: the ones sent, shown and sent again. */
  channels: readonly NotificationChannel[];
  /** Lead notifications were queued in this process: send them now rather than at the next poll. */
  wake(): void;
  /**
   * The desk's notices were queued (an assignment, a change a webhook reports): send them now. Apart
   * from wake(), so that a lead arriving, which queues no notice, costs no claim of notices.
   */
  wakeNotices(): void;
}

/** For an app built without notifications (tests of other things). */
export const NOTIFICATIONS_OFF: Notifier = {
  status: { email: { configured: false, to: [] }, webhook: { configured: false, host: null } },
  channels: [],
  wake() {},
  wakeNotices() {},
};

export interface Sender {
  /** Resolves once the receiver accepted the message; rejects with an Error saying why not. */
  send(lead: StoredLead, round: number, signal: AbortSignal): Promise<void>;
  close?(): void;
}

export interface WorkerOptions extends SenderTiming {
  db: Kysely<Database>;
  senders: Partial<Record<NotificationChannel, Sender>>;
  status: NotifyStatus;
  /** Sends in flight at once. */
  concurrency?: number;
  /** The desk's notices' sender (notice-worker.ts): woken and stopped with this one. */
  notices?: NoticeWorker;
}

const DEFAULT_POLL_MS = 5_000;
/** Sends in flight at once, per process: also the most a crash can repeat. */
export const DEFAULT_CONCURRENCY = 8;

export class OutboxWorker implements Notifier {
  readonly status: NotifyStatus;
  readonly channels: readonly NotificationChannel[];
  private readonly senders: Partial<Record<NotificationChannel, Sender>>;
  private readonly pollMs: number;
  private readonly loop: ClaimLoop<Claimed>;
  private timer: NodeJS.Timeout | null = null;
  /** The desk's notices (assignment e-mails, digests, lead.updated webhooks), or null. */
  readonly notices: NoticeWorker | null;

  constructor(options: WorkerOptions) {
    const { db, senders } = options;
    const now = options.now ?? (() => new Date());
    const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.notices = options.notices ?? null;
    this.senders = senders;
    this.status = options.status;
    this.channels = (Object.keys(senders) as NotificationChannel[]).filter((channel) => senders[channel]);
    this.pollMs = options.pollMs ?? DEFAULT_POLL_MS;
    const channels = this.channels;
    this.loop = new ClaimLoop<Claimed>({
      name: 'notifications',
      failedMessage: 'notification failed',
      concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
      schedule: options.schedule ?? DEFAULT_SCHEDULE,
      now,
      log: options.log,
      enabled: channels.length > 0,
      claim: (limit) => claimDue(db, { channels, now: now(), leaseMs, limit }),
      sender(row) {
        const sender = senders[row.channel];
        return sender && ((signal) => sender.send(row.lead, row.round, signal));
      },
      markSent: (row, at) => markSent(db, row, at),
      markFailed: (row, error, next) => markFailed(db, row, error, next),
      notTriedInTime: (hours) => `Not sent: it was not tried within ${hours} hours of being queued. Use Send again to send it now.`,
      about: (row) => ({ lead: row.lead_id, channel: row.channel, attempt: row.attempts }),
    });
  }

  start(): void {
    this.notices?.start();
    if (this.channels.length === 0 || this.timer) return;
    this.timer = setInterval(() => this.loop.pump(), this.pollMs);
    this.timer.unref();
    this.loop.pump();
  }

  wake(): void {
    this.loop.pump();
  }

  wakeNotices(): void {
    this.notices?.wake();
  }

  /** Stops claiming, gives sends in flight `graceMs` to finish, then cuts them off (they are retried later). */
  async stop(graceMs = 5_000): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.loop.stop(graceMs);
    for (const sender of Object.values(this.senders)) sender?.close?.();
    await this.notices?.stop(graceMs);
  }

  /** Resolves when nothing is being claimed or sent (tests wait on it). */
  async idle(): Promise<void> {
    await this.loop.idle();
    await this.notices?.idle();
  }
}

export interface NotificationOptions extends SenderTiming {
  store: Store;
  settings: NotifySettings;
  /** The site's origin, for the admin links in the messages. */
  adminBase: string;
  /** The forms the server checks leads with: the messages name a lead's kind and fields in their words. */
  leadForms: LeadForms;
  /** The senders to use instead of the ones the settings describe (tests). */
  senders?: Partial<Record<NotificationChannel, Sender>>;
  /** The notices' senders to use instead of the ones the settings describe (tests). */
  noticeSenders?: Partial<Record<NotificationChannel, NoticeSender>>;
}

/** Builds the senders the settings configure and starts the worker on the store. */
export async function startNotifications(options: NotificationOptions): Promise<OutboxWorker> {
  const { settings, store, adminBase, leadForms } = options;
  const senders: Partial<Record<NotificationChannel, Sender>> = options.senders ?? {
    ...(settings.email ? { email: createEmailSender(settings.email, adminBase, leadForms) } : {}),
    ...(settings.webhook ? { webhook: createWebhookSender(settings.webhook, adminBase, leadForms) } : {}),
  };
  // PGlite's folder lock lets no other process open this database: a claim left in it is a dead process's.
  if (store.kind === 'pglite') await releaseAllClaims(store.db);
  const now = options.now ?? (() => new Date());
  const made = options.noticeSenders ? { senders: options.noticeSenders, close: () => {} } : noticeSenders(settings, adminBase);
  const notices = new NoticeWorker({
    db: store.db,
    senders: made.senders,
    close: made.close,
    team: settings.team,
    log: options.log,
    schedule: options.schedule,
    now,
    pollMs: options.pollMs,
    leaseMs: options.leaseMs,
  });
  const worker = new OutboxWorker({
    notices,
    db: store.db,
    senders,
    status: {
      email: { configured: Boolean(settings.email), to: settings.email?.to ?? [] },
      webhook: { configured: Boolean(settings.webhook), host: settings.webhook ? new URL(settings.webhook.url).host : null },
    },
    log: options.log,
    schedule: options.schedule,
    now: options.now,
    pollMs: options.pollMs,
    leaseMs: options.leaseMs,
  });
  worker.start();
  return worker;
}
