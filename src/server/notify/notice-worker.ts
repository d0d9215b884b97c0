/**
 * The sender of the desk's notices (notices.ts): claims due rows, sends each on its channel (an
 * e-mail to the account, or the signed lead.updated webhook), and records the result or the next
 * attempt from the leads' retry schedule. Each poll also queues the morning digests once the hour
 * DIGEST_HOUR of the team's day (TEAM_TIME_ZONE) has come; the database's unique key keeps it to
 * one per account and day, whichever process queues it. Its clock is injectable: tests move it.
 */
import type { Kysely } from 'kysely';
import type { Database, NotificationChannel } from '../db/schema';
import { createSmtpTransport, EMAIL_TIMEOUT_MS } from './email';
import { composeAssignedEmail, composeDigestEmail } from './notice-mail';
import { claimNotices, markNoticeFailed, markNoticeSent, queueDigests, type AssignedPayload, type ClaimedNotice, type DigestPayload } from './notices';
import { DEFAULT_SCHEDULE } from './retry-schedule';
import { ClaimLoop, type SenderTiming } from './claim-loop';
import type { NotifySettings, TeamSettings } from './settings';
import { teamClock } from './team-time';
import { postSigned } from './webhook';
import { errorMessage } from '../../shared/error-message';

export type NoticeSender = (notice: ClaimedNotice, signal: AbortSignal) => Promise<void>;

export interface NoticeWorkerOptions extends SenderTiming {
  db: Kysely<Database>;
  senders: Partial<Record<NotificationChannel, NoticeSender>>;
  team: TeamSettings;
  close?: () => void;
}

const CONCURRENCY = 4;

/** The senders the settings configure: SMTP to the account's address, the webhook signed as lead.received is. */
export function noticeSenders(settings: NotifySettings, adminBase: string): { senders: Partial<Record<NotificationChannel, NoticeSender>>; close: () => void } {
  const senders: Partial<Record<NotificationChannel, NoticeSender>> = {};
  const closers: (() => void)[] = [];
  const { email, webhook } = settings;
  if (email) {
    const transport = createSmtpTransport(email, 1);
    closers.push(() => transport.close());
    senders.email = async (notice, signal) => {
      if (!notice.recipient) throw new Error('the notice names no account to send it to');
      const message =
        notice.kind === 'digest'
          ? composeDigestEmail(notice.id, notice.payload as unknown as DigestPayload, email, adminBase)
          : composeAssignedEmail(notice.id, notice.payload as unknown as AssignedPayload, email, adminBase);
      await transport.sendMail({
        from: email.from,
        to: notice.recipient,
        subject: message.subject,
        messageId: message.messageId,
        text: message.text,
        html: message.html,
        signal: AbortSignal.any([signal, AbortSignal.timeout(EMAIL_TIMEOUT_MS)]),
      });
    };
  }
  if (webhook) {
    // The webhook-id is the notice's: the same across its retries, so receivers drop a repeat. The
    // timestamp is the real time of the attempt, which receivers check against their own clocks.
    senders.webhook = (notice, signal) => postSigned(webhook, `notice_${notice.id}`, JSON.stringify(notice.payload), Math.floor(Date.now() / 1000), signal);
  }
  return { senders, close: () => closers.forEach((close) => close()) };
}

export class NoticeWorker {
  readonly channels: readonly NotificationChannel[];
  private readonly options: NoticeWorkerOptions;
  private readonly now: () => Date;
  private readonly loop: ClaimLoop<ClaimedNotice>;
  private timer: NodeJS.Timeout | null = null;
  /** The team's day whose digests this process has queued: it asks the database once a day, not every poll. */
  private digestDay = '';

  constructor(options: NoticeWorkerOptions) {
    const { db, senders } = options;
    this.options = options;
    const channels = (Object.keys(senders) as NotificationChannel[]).filter((channel) => senders[channel]);
    this.channels = channels;
    const now = options.now ?? (() => new Date());
    this.now = now;
    this.loop = new ClaimLoop<ClaimedNotice>({
      name: 'notices',
      failedMessage: 'notice failed',
      concurrency: CONCURRENCY,
      schedule: options.schedule ?? DEFAULT_SCHEDULE,
      now,
      log: options.log,
      enabled: channels.length > 0,
      claim: (limit) => claimNotices(db, { channels, now: now(), leaseMs: options.leaseMs ?? 120_000, limit }),
      sender(row) {
        const send = senders[row.channel];
        return send && ((signal) => send(row, signal));
      },
      markSent: (row, at) => markNoticeSent(db, row, at),
      markFailed: (row, error, next) => markNoticeFailed(db, row, error, next),
      notTriedInTime: (hours) => `Not sent: it was not tried within ${hours} hours of being queued.`,
      about: (row) => ({ notice: row.id, kind: row.kind, channel: row.channel, attempt: row.attempts }),
    });
  }

  start(): void {
    if (this.channels.length === 0 || this.timer) return;
    this.timer = setInterval(() => this.loop.track(this.poll()), this.options.pollMs ?? 30_000);
    this.timer.unref();
    this.loop.track(this.poll());
  }

  wake(): void {
    this.loop.pump();
  }

  /** Queues the digests when their hour has come, then sends what is due. */
  async poll(): Promise<void> {
    try {
      await this.queueDigestsIfDue();
    } catch (error) {
      this.options.log({
        time: new Date().toISOString(),
        level: 'error',
        msg: 'notices: could not queue the digests',
        error: errorMessage(error) || 'failed without a reason',
      });
    }
    this.loop.pump();
  }

  /**
   * The digests of the team's day, once its DIGEST_HOUR has come (a server started later that day
   * still sends them); how many this call queued. Without e-mail there is nobody to send them to.
   */
  async queueDigestsIfDue(): Promise<number> {
    if (!this.channels.includes('email') || this.loop.stopped) return 0;
    const now = this.now();
    const { day, hour } = teamClock(now, this.options.team.timeZone);
    if (hour < this.options.team.digestHour || day === this.digestDay) return 0;
    const queued = await queueDigests(this.options.db, day, now);
    this.digestDay = day;
    return queued;
  }

  async stop(graceMs = 5_000): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.loop.stop(graceMs);
    this.options.close?.();
  }

  /** Resolves when nothing is being claimed or sent (tests wait on it). */
  async idle(): Promise<void> {
    await this.loop.idle();
  }
}
