/** Whole numbers from the query string (?limit=, ?offset=): digits only, within bounds. */
import { describe, expect, it } from 'vitest';
import { HttpError } from './json';
import { wholeNumber } from './query';
import { refusalOf } from '../../../tests/support/http-refusal';

const limit = (raw: string | undefined) => wholeNumber(raw, 'limit', { fallback: 100, min: 1, max: 1000 });

const refusal = (raw: string) => refusalOf(() => limit(raw), raw).message;

describe('wholeNumber', () => {
  it('is the fallback when absent or empty', () => {
    expect(limit(undefined)).toBe(100);
    expect(limit('')).toBe(100);
  });

  it('reads digits from min to max', () => {
    expect(limit('1')).toBe(1);
    expect(limit('1000')).toBe(1000);
    expect(limit('0042')).toBe(42);
    expect(wholeNumber('0', 'offset', { fallback: 5, max: 10 })).toBe(0);
    expect(wholeNumber('9007199254740991', 'offset', { fallback: 0, max: Number.MAX_SAFE_INTEGER })).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuses anything else, saying the range', () => {
    for (const raw of ['0', '1001', '-1', '1.5', '1e3', '0x10', ' 5', '5 ', 'ten', '1'.repeat(17)]) {
      expect(refusal(raw)).toBe('"limit" must be a whole number from 1 to 1000');
    }
    // More than 16 digits is refused whatever the bound: such a number is past what a bigint holds.
    expect(() => wholeNumber('1'.repeat(17), 'offset', { fallback: 0, max: Number.POSITIVE_INFINITY })).toThrow(HttpError);
  });
});
