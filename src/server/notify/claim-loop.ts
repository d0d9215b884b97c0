/**
 * The claim-and-send loop both senders run (worker.ts for the leads' notifications, notice-worker.ts
 * for the desk's notices): it claims as many due rows as there is room for, sends each, and records
 * the result, or the next attempt's time from the retry schedule, or that the row was not tried
 * within the schedule's window. A wake claims again, and so does a finished send once half the
 * room is free; a claim that filled the room claims again at once, as more may be due. Stopping
 * gives sends in flight a grace period, then aborts them (their claims lapse and another process,
 * or the next start, sends them).
 */
import { errorMessage } from '../../shared/error-message';
import { nextAttemptAt, type RetrySchedule } from './retry-schedule';

/** How a sender runs: its log, retry schedule and clock, how often it polls and how long a claim holds. */
export interface SenderTiming {
  log: (entry: Record<string, unknown>) => void;
  schedule?: RetrySchedule;
  now?: () => Date;
  /** How often to look for due retries and rows other processes left. */
  pollMs?: number;
  leaseMs?: number;
}

/** What the loop reads of a claimed row. */
export interface ClaimedRow {
  attempts: number;
  queued_at: Date;
}

export interface ClaimLoopOptions<Row extends ClaimedRow> {
  /** Log lines' prefix: 'notifications' or 'notices'. */
  name: string;
  /** The log line of a failed send: 'notification failed' or 'notice failed'. */
  failedMessage: string;
  /** Sends in flight at once. */
  concurrency: number;
  schedule: RetrySchedule;
  now: () => Date;
  log: (entry: Record<string, unknown>) => void;
  /** False when no channel is configured: the loop then claims nothing. */
  enabled: boolean;
  claim(limit: number): Promise<Row[]>;
  /** How to send the row; undefined when its channel has no sender (the row waits, claimed, until its claim lapses). */
  sender(row: Row): ((signal: AbortSignal) => Promise<void>) | undefined;
  markSent(row: Row, at: Date): Promise<unknown>;
  markFailed(row: Row, error: string, next: Date | null): Promise<unknown>;
  /** The failure recorded for a row not tried within the window, which is `hours` long. */
  notTriedInTime(hours: number): string;
  /** The row as the log lines name it. */
  about(row: Row): Record<string, unknown>;
}

const reason = (error: unknown): string => errorMessage(error) || 'failed without a reason';

export class ClaimLoop<Row extends ClaimedRow> {
  private readonly options: ClaimLoopOptions<Row>;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly aborts = new Set<AbortController>();
  private claiming: Promise<void> | null = null;
  /** A wake or a finished send arrived while a claim ran: claim again after it. */
  private wanted = false;
  private halted = false;

  constructor(options: ClaimLoopOptions<Row>) {
    this.options = options;
  }

  get stopped(): boolean {
    return this.halted;
  }

  /** Claims what there is room for now (or right after the claim running). */
  pump(): void {
    if (this.halted || !this.options.enabled) return;
    if (this.claiming) {
      this.wanted = true;
      return;
    }
    const room = this.options.concurrency - this.inFlight.size;
    // A send that finishes pumps again.
    if (room <= 0) return;
    this.wanted = false;
    this.claiming = (async () => {
      let full = false;
      try {
        const rows = await this.options.claim(room);
        for (const row of rows) this.track(this.deliver(row));
        full = rows.length === room;
      } catch (error) {
        this.options.log({ time: new Date().toISOString(), level: 'error', msg: `${this.options.name}: could not claim`, error: reason(error) });
      } finally {
        this.claiming = null;
      }
      // More may be due: claim again while there was work, or someone asked meanwhile.
      if (full || this.wanted) this.pump();
    })();
  }

  /** Counts the work as in flight (idle() and stop() wait for it); once it ends, claims again if half the room is free. */
  track(work: Promise<void>): void {
    this.inFlight.add(work);
    void work.finally(() => {
      this.inFlight.delete(work);
      // A claim of several rows costs hardly more than a claim of one (planning the statement is
      // most of it), so a backlog is claimed in batches, once half the sends have finished, rather
      // than a row after each. A wake still claims at once.
      if (this.inFlight.size <= this.options.concurrency / 2) this.pump();
    });
  }

  /** Stops claiming, gives sends in flight `graceMs` to finish, then cuts them off. */
  async stop(graceMs: number): Promise<void> {
    this.halted = true;
    const cutOff = setTimeout(() => {
      for (const abort of this.aborts) abort.abort(new Error('the server stopped during the send'));
    }, graceMs);
    await this.claiming;
    await Promise.allSettled([...this.inFlight]);
    clearTimeout(cutOff);
  }

  /** Resolves when nothing is being claimed or sent (tests wait on it). */
  async idle(): Promise<void> {
    while (this.claiming || this.inFlight.size > 0) {
      await this.claiming;
      await Promise.allSettled([...this.inFlight]);
    }
  }

  private async deliver(row: Row): Promise<void> {
    const { options } = this;
    const abort = new AbortController();
    this.aborts.add(abort);
    try {
      if (options.now().getTime() > row.queued_at.getTime() + options.schedule.windowMs) {
        // Never tried in time (the server was stopped, or the channel configured later): the admin can send it again.
        await options.markFailed(row, options.notTriedInTime(Math.round(options.schedule.windowMs / 3_600_000)), null);
        return;
      }
      const send = options.sender(row);
      if (!send) return;
      try {
        await send(abort.signal);
      } catch (error) {
        const next = nextAttemptAt(options.schedule, row.attempts, row.queued_at, options.now());
        await options.markFailed(row, reason(error), next);
        options.log({
          time: new Date().toISOString(),
          level: 'warn',
          msg: options.failedMessage,
          ...options.about(row),
          error: reason(error),
          next: next?.toISOString() ?? 'given up',
        });
        return;
      }
      await options.markSent(row, options.now());
    } catch (error) {
      // The result could not be written (the database went away): the claim lapses and the row is tried again.
      options.log({
        time: new Date().toISOString(),
        level: 'error',
        msg: `${options.name}: could not record a result`,
        ...options.about(row),
        error: reason(error),
      });
    } finally {
      this.aborts.delete(abort);
    }
  }
}
