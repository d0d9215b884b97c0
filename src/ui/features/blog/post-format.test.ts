import { describe, expect, it } from 'vitest';
import { isIsoDate } from '@/shared/domain/dates';
import { categoryLabel, formatDate } from './post-format';

describe('formatDate', () => {
  it('writes a calendar date out in words, in UTC, the same on every call', () => {
    expect(formatDate('2025-01-14')).toBe('14 January 2025');
    expect(formatDate('2024-12-31')).toBe('31 December 2024');
    expect(formatDate('2025-01-14')).toBe('14 January 2025');
  });

  it.each(['2025-02-30', '14/01/2025', 'soon', ''])('shows anything that is not a real YYYY-MM-DD date as it was written: %j', (text) => {
    expect(isIsoDate(text)).toBe(false);
    expect(formatDate(text)).toBe(text);
  });
});

describe('categoryLabel', () => {
  it('turns a slug into a label', () => {
    expect(categoryLabel('market-insights')).toBe('Market insights');
  });
});
