import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEDULE, nextAttemptAt } from './retry-schedule';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('the retry schedule', () => {
  it('waits about a minute after the first failure, doubles, and never more than six hours', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((attempt) => DEFAULT_SCHEDULE.delayMs(attempt) / MINUTE)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256]);
    expect(DEFAULT_SCHEDULE.delayMs(10)).toBe(6 * HOUR);
    expect(DEFAULT_SCHEDULE.delayMs(40)).toBe(6 * HOUR);
  });

  it('tries for two days after the notification was queued, then gives up', () => {
    const queued = new Date('2026-03-02T09:00:00.000Z');
    const times = [queued];
    for (let attempt = 1; ; attempt += 1) {
      const next = nextAttemptAt(DEFAULT_SCHEDULE, attempt, queued, times.at(-1) as Date);
      if (!next) break;
      times.push(next);
    }
    // 10 attempts in the first 8.5 hours, then one every 6 hours up to 48 hours.
    expect(times).toHaveLength(16);
    expect((times.at(-1) as Date).getTime() - queued.getTime()).toBeLessThanOrEqual(48 * HOUR);
    expect((times.at(-1) as Date).getTime() - queued.getTime()).toBeGreaterThan(42 * HOUR);
  });
});
