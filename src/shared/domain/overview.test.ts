/** The Overview's weeks (Monday to Sunday, UTC) and how its charts keep a few series. */
import { describe, expect, it } from 'vitest';
import { mondayOf, topSeries, weekStarts, weekWindow } from './overview';
import { eachReturns } from '../../../tests/support/each-returns';

describe('weeks', () => {
  eachReturns('start on Monday, a Sunday belonging to the week before and a Monday to its own: %s is in the week of %s', mondayOf, [
    ['2026-03-08', '2026-03-02'],
    ['2026-03-09', '2026-03-09'],
    ['2026-01-01', '2025-12-29'],
  ]);

  it('are the twelve up to today’s, oldest first, across a year’s end', () => {
    const weeks = weekStarts('2026-01-07', 12);
    expect(weeks).toHaveLength(12);
    expect(weeks[0]).toBe('2025-10-20');
    expect(weeks.at(-1)).toBe('2026-01-05');
    expect(weekWindow(weeks)).toEqual({ from: new Date('2025-10-20T00:00:00.000Z'), to: new Date('2026-01-12T00:00:00.000Z') });
    // No weeks: one empty week, the first Monday of 1970, rather than an invalid date.
    expect(weekWindow([])).toEqual({ from: new Date('1970-01-05T00:00:00.000Z'), to: new Date('1970-01-12T00:00:00.000Z') });
  });
});

describe('topSeries', () => {
  const series = (key: string, counts: number[]) => ({ key, label: key, counts, total: counts.reduce((a, b) => a + b, 0) });

  it('keeps up to the maximum as they are', () => {
    const few = [series('a', [1, 2]), series('b', [0, 1])];
    expect(topSeries(few, 5)).toEqual(few);
    const three = [series('a', [1]), series('b', [2]), series('c', [3])];
    expect(topSeries(three, 3)).toEqual(three);
  });

  it('adds up the rest as Other, counting the series it holds', () => {
    const many = [series('a', [5, 5]), series('b', [3, 0]), series('c', [1, 1]), series('d', [0, 2])];
    expect(topSeries(many, 3)).toEqual([series('a', [5, 5]), series('b', [3, 0]), { key: ' other', label: 'Other (2)', counts: [1, 3], total: 4 }]);
  });
});
