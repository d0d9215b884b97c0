// @vitest-environment happy-dom
/**
 * The admin's A/B results and field data stay sane whatever the stored numbers say: counts written
 * before the server checked its beacons, or by hand, may claim more conversions than impressions,
 * negative counts, buckets outside the histogram or counts that are not numbers. No figure on
 * the page is NaN, no rate is over 100 % or below 0, and a variant with impossible counts says so.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ExperimentResult } from '@/browser/api/insight-api';
import { boundedArm, compareRates, conversionRate, wilsonInterval } from '@/shared/domain/ab-stats';
import { BUCKET_COUNT, bucketOf, fieldRows, type BucketSum } from '@/shared/domain/field-vitals';
import { ExperimentResults } from './ExperimentResults';
import { FieldTable, formatVital } from './FieldDataSection';

const percentages = (text: string) => [...text.matchAll(/(-?[\d.]+|NaN|Infinity) %/g)].map((match) => Number(match[1]));

describe('the A/B arithmetic on impossible counts', () => {
  it('bounds each arm: whole counts, none negative, at most one conversion per impression', () => {
    expect(boundedArm({ impressions: 2, conversions: 5092 })).toEqual({ impressions: 2, conversions: 2 });
    expect(boundedArm({ impressions: -3, conversions: 4 })).toEqual({ impressions: 0, conversions: 0 });
    expect(boundedArm({ impressions: Number.NaN, conversions: Number.POSITIVE_INFINITY })).toEqual({ impressions: 0, conversions: 0 });
    expect(boundedArm({ impressions: 10.7, conversions: -1 })).toEqual({ impressions: 10, conversions: 0 });
  });

  it('gives rates and intervals inside 0..1 and a p-value, never NaN', () => {
    expect(conversionRate({ impressions: 2, conversions: 5092 })).toBe(1);
    expect(wilsonInterval(5092, 2)).toEqual({ low: expect.any(Number), high: 1 });
    expect(Number.isNaN(wilsonInterval(5092, 2)?.low)).toBe(false);
    expect(wilsonInterval(3, -1)).toBeNull();
    const comparison = compareRates({ impressions: 2, conversions: 5092 }, { impressions: 40, conversions: 3 });
    for (const value of [comparison.difference, comparison.z, comparison.p]) expect(Number.isFinite(value)).toBe(true);
  });
});

describe('ExperimentResults on hostile stored counts', () => {
  const result: ExperimentResult = {
    id: 'homepage-cta-v1',
    coverage: 1,
    since: '2026-03-01',
    variants: [
      { variant: 'control', impressions: 2, conversions: 5092 },
      { variant: 'punchy', impressions: -4, conversions: Number.NaN },
    ],
  };
  const markup = renderToStaticMarkup(<ExperimentResults result={result} headingId="h" />);
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${markup}</body>`, 'text/html');
  const text = doc.body.textContent ?? '';

  it('shows no NaN and no rate over 100 % or below 0', () => {
    expect(text).not.toMatch(/NaN|Infinity/);
    // The rates' cells and the verdicts, each read alone (the document's text runs the cells together).
    const shown = [...doc.querySelectorAll('tbody td:nth-child(4), .experiment-verdicts li')].flatMap((cell) => percentages(cell.textContent ?? ''));
    expect(shown.length).toBeGreaterThan(0);
    for (const value of shown) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(100);
    }
    // The 254600.0 % the raw counts would give.
    expect(text).not.toContain('254600');
  });

  it('says which variant has impossible counts', () => {
    const rows = [...doc.querySelectorAll('tbody tr')];
    expect(rows.map((row) => row.querySelector('[data-impossible]') !== null)).toEqual([true, true]);
    expect(rows[0]?.textContent).toMatch(/100\.0 % \(95 % interval \d+\.\d % to 100\.0 %\)/);
  });
});

describe('the field data on hostile stored sums', () => {
  const good: BucketSum = { route: '/', device: 'phone', metric: 'LCP', bucket: bucketOf('LCP', 1200), count: 3 };
  const hostile: BucketSum[] = [
    good,
    { ...good, bucket: BUCKET_COUNT + 50 },
    { ...good, bucket: -1 },
    { ...good, bucket: 1.5 },
    { ...good, metric: 'INP', count: -900 },
    { ...good, metric: 'CLS', count: Number.NaN },
    { ...good, metric: 'FID' as never, count: 900 },
    { ...good, route: '/admin', device: 'tablet' as never, count: 900 },
  ];

  it('reads only the sums it can, so a p75 is never NaN', () => {
    const rows = fieldRows(hostile);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ route: '/', device: 'phone', views: 3 });
    expect(Object.keys(rows[0]?.metrics ?? {})).toEqual(['LCP']);
    expect(rows[0]?.metrics.LCP?.rating).toBe('good');
  });

  it('shows no NaN in the table, even for values that are not numbers', () => {
    const markup = renderToStaticMarkup(<FieldTable data={{ from: '2026-02-03', to: '2026-03-02', days: 28, rows: fieldRows(hostile) }} />);
    expect(markup).not.toMatch(/NaN|Infinity/);
    expect(formatVital('LCP', Number.NaN)).toBe('–');
    expect(formatVital('CLS', Number.POSITIVE_INFINITY)).toBe('–');
    expect(formatVital('INP', -5)).toBe('–');
  });
});
