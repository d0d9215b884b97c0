/** Calendar dates written YYYY-MM-DD, as posts and leads write them. */
import { describe, expect, it } from 'vitest';
import { isIsoDate } from './dates';

describe('isIsoDate', () => {
  it('takes real calendar days written YYYY-MM-DD', () => {
    for (const day of ['2026-03-09', '2028-02-29', '0001-01-01', '9999-12-31']) expect(isIsoDate(day)).toBe(true);
  });

  it('refuses days that do not exist and every other spelling', () => {
    for (const day of ['2026-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-3-9', '20260309', '2026-03-09T00:00:00Z', ' 2026-03-09', '']) {
      expect(isIsoDate(day)).toBe(false);
    }
    // JavaScript reads this one as a time in the year 10000 and writes it back the same: not a day.
    expect(isIsoDate('+010000-01')).toBe(false);
  });
});
