/** TEST_CLOCK_START: read strictly, and a clock that starts there and runs at the real pace. */
import { describe, expect, it } from 'vitest';
import { clockWarning, readClockStart, serverClock } from './clock';

describe('the server clock', () => {
  it('reads an instant with its zone, and nothing when unset', () => {
    expect(readClockStart(undefined)).toBeNull();
    expect(readClockStart('  ')).toBeNull();
    expect(readClockStart('2027-03-14T22:45:00Z')?.toISOString()).toBe('2027-03-14T22:45:00.000Z');
    expect(readClockStart('2027-03-15T04:15:00+05:30')?.toISOString()).toBe('2027-03-14T22:45:00.000Z');
  });

  it('refuses a day alone, a time without its zone and what is not a time, naming the variable', () => {
    for (const raw of ['2027-03-15', '2027-03-15T04:15:00', 'tomorrow', '2027-02-30T01:00:00Z'])
      expect(() => readClockStart(raw)).toThrow(/^TEST_CLOCK_START must be an instant with its zone/);
  });

  it('starts at the instant and runs on at the real pace', () => {
    let real = 1_000_000;
    const now = serverClock(new Date('2027-03-14T22:45:00.000Z'), () => real);
    expect(now().toISOString()).toBe('2027-03-14T22:45:00.000Z');
    real += 90_000;
    expect(now().toISOString()).toBe('2027-03-14T22:46:30.000Z');
    expect(serverClock(null, () => real)().getTime()).toBe(real);
    expect(clockWarning(null)).toBeNull();
    expect(clockWarning(new Date('2027-03-14T22:45:00.000Z'))).toContain('2027-03-14T22:45:00.000Z');
  });
});
