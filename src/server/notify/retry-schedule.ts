/**
 * When a notification that failed is tried again: about a minute after the first failure, twice as
 * long after each next one, at most six hours apart, and not past two days after it was queued
 * (then it is given up and the admin shows it as failed, with "Send again"). Tests pass their own
 * schedule to run the same logic in milliseconds.
 */

export interface RetrySchedule {
  /** The wait after the `attempt`-th attempt failed (attempt counts from 1). */
  delayMs(attempt: number): number;
  /** How long after queueing a notification is still tried. */
  windowMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** 1, 2, 4, … 256 minutes, then every 6 hours: about 16 attempts in the two days. */
export const DEFAULT_SCHEDULE: RetrySchedule = {
  delayMs: (attempt) => Math.min(MINUTE * 2 ** Math.max(0, attempt - 1), 6 * HOUR),
  windowMs: 48 * HOUR,
};

/** The next attempt's time after a failure at `now`, or null when the window is over (give up). */
export function nextAttemptAt(schedule: RetrySchedule, attempt: number, queuedAt: Date, now: Date): Date | null {
  const next = now.getTime() + schedule.delayMs(attempt);
  return next > queuedAt.getTime() + schedule.windowMs ? null : new Date(next);
}
