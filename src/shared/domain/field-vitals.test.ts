/** Field web vitals: buckets, thresholds, the percentile read from summed buckets, routes and the sample rate. */
import { describe, expect, it } from 'vitest';
import {
  BUCKET_COUNT,
  bucketOf,
  bucketRange,
  deviceOf,
  fieldRows,
  parseSampleRate,
  percentile,
  rate,
  routeOf,
  ROUTE_PATTERN,
  THRESHOLDS,
  VITAL_NAMES,
  worstRating,
  type BucketSum,
  type Device,
  type VitalName,
} from './field-vitals';
import { eachReturns } from '../../../tests/support/each-returns';

function histogramOf(name: VitalName, values: number[]): Map<number, number> {
  const histogram = new Map<number, number>();
  for (const value of values) histogram.set(bucketOf(name, value), (histogram.get(bucketOf(name, value)) ?? 0) + 1);
  return histogram;
}

/** The nearest-rank percentile of the raw values, what the histogram estimates. */
function exactPercentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(1, Math.ceil(fraction * sorted.length)) - 1] as number;
}

describe('buckets', () => {
  it('puts every threshold on a bucket edge, so no bucket straddles one', () => {
    for (const name of VITAL_NAMES) {
      for (const threshold of [THRESHOLDS[name].good, THRESHOLDS[name].poor]) {
        expect(bucketRange(name, bucketOf(name, threshold)).high).toBe(threshold);
        expect(bucketRange(name, bucketOf(name, threshold * 1.000001)).low).toBe(threshold);
      }
    }
  });

  it('keeps 0 apart, and counts values past the last edge in the last bucket', () => {
    expect(bucketOf('CLS', 0)).toBe(0);
    expect(bucketRange('CLS', 0)).toEqual({ low: 0, high: 0 });
    expect(bucketOf('CLS', 0.00001)).toBe(1);
    expect(bucketOf('LCP', 250_000)).toBe(BUCKET_COUNT - 1);
    expect(bucketOf('CLS', 12)).toBe(BUCKET_COUNT - 1);
    // Just under 100 s, and 100 s itself (the last edge), are in the last bucket.
    expect(bucketOf('LCP', 99_999)).toBe(BUCKET_COUNT - 1);
    expect(bucketOf('LCP', 100_000)).toBe(BUCKET_COUNT - 1);
    expect(bucketRange('LCP', BUCKET_COUNT - 1).high).toBe(100_000);
    expect(BUCKET_COUNT).toBeLessThan(200);
  });

  it('places a value inside its bucket', () => {
    for (const value of [0.4, 1, 17.5, 123, 999.9, 2501, 61_000]) {
      const { low, high } = bucketRange('LCP', bucketOf('LCP', value));
      expect(value).toBeGreaterThan(low);
      expect(value).toBeLessThanOrEqual(high);
    }
  });
});

describe('percentile from a histogram', () => {
  it('estimates p75 within 9 % of the exact value for LCP values in seconds', () => {
    // A spread of real-looking LCPs: 0.6 s to 9 s, skewed towards the fast end.
    const values = Array.from({ length: 400 }, (_, i) => 600 + (i * i * 8400) / (400 * 400));
    const exact = exactPercentile(values, 0.75);
    const estimate = percentile('LCP', histogramOf('LCP', values), 0.75)!;
    expect(Math.abs(estimate - exact) / exact).toBeLessThan(0.09);
  });

  it('rates the estimate exactly as the exact value, even next to a threshold', () => {
    // p75 is exactly 2500 ms (good) in one, 2501 ms (needs improvement) in the other.
    const good = [1000, 2000, 2500, 5000];
    const over = [1000, 2000, 2501, 5000];
    expect(rate('LCP', percentile('LCP', histogramOf('LCP', good), 0.75)!)).toBe('good');
    expect(rate('LCP', percentile('LCP', histogramOf('LCP', over), 0.75)!)).toBe('needs-improvement');
  });

  it('reads CLS of a page with no shift as 0, and sums histograms of several days', () => {
    expect(percentile('CLS', histogramOf('CLS', [0, 0, 0, 0.3]), 0.75)).toBe(0);
    const dayOne = histogramOf('INP', [40, 56, 80]);
    const dayTwo = histogramOf('INP', [600]);
    const summed = new Map(dayOne);
    for (const [bucket, count] of dayTwo) summed.set(bucket, (summed.get(bucket) ?? 0) + count);
    // Four values; the third (rank 3 of 4) is 80 ms.
    const p75 = percentile('INP', summed, 0.75)!;
    expect(p75).toBeGreaterThan(74);
    expect(p75).toBeLessThanOrEqual(80);
    expect(percentile('INP', new Map(), 0.75)).toBeNull();
    expect(percentile('INP', new Map([[bucketOf('INP', 80), 0]]), 0.75)).toBeNull();
  });

  it('reads buckets in order whatever order they were counted in, skipping empty ones', () => {
    const [fast, slow] = [bucketOf('LCP', 1000), bucketOf('LCP', 6000)];
    // Three slow views and one fast one, the slow bucket counted first: p25 is the fast one.
    const histogram = new Map([
      [slow, 3],
      [bucketOf('LCP', 3000), 0],
      [fast, 1],
    ]);
    expect(rate('LCP', percentile('LCP', histogram, 0.25)!)).toBe('good');
    expect(rate('LCP', percentile('LCP', histogram, 0.75)!)).toBe('poor');
  });
});

describe('ratings', () => {
  it.each([
    ['LCP', 2500, 'good'],
    ['LCP', 4000, 'needs-improvement'],
    ['LCP', 4001, 'poor'],
    ['CLS', 0.1, 'good'],
    ['CLS', 0.26, 'poor'],
    ['TTFB', 801, 'needs-improvement'],
  ] as const)('follows the thresholds, at the good one good, over the poor one poor: %s %s is %s', (name, value, rating) => {
    expect(rate(name, value)).toBe(rating);
  });
});

describe('routes, devices and the sample rate', () => {
  eachReturns('reports a page path without its trailing slash, in lower case: %j as %j', routeOf, [
    ['/', '/'],
    ['/About/', '/about'],
    ['/de/garlic-powder', '/de/garlic-powder'],
    ['/Blog//', '/blog'],
    ['//', '/'],
    ['', '/'],
  ]);

  eachReturns('takes only a reported route of that form: %j is %s', (route) => ROUTE_PATTERN.test(route), [
    ...['/', '/blog/7', '/de/garlic-powder', '/region/eu'].map((route) => [route, true] as const),
    ...['', 'about', '/about/', '/a//b', '/%2e%2e', '/x?y=1', `/${'a'.repeat(90)}`, '/a/b/c/d/e/f/g'].map((route) => [route, false] as const),
  ]);

  eachReturns('calls a viewport under 768 px a phone: %i px is a %s', deviceOf, [
    [390, 'phone'],
    [767, 'phone'],
    [768, 'desktop'],
  ]);

  eachReturns('takes a share from 0 to 1, every visit by default: %j is %s', parseSampleRate, [
    [undefined, 1],
    ['', 1],
    ['0.25', 0.25],
    ['0', 0],
    ['1', 1],
    [' 0.5 ', 0.5],
    ['   ', 1],
  ]);

  it.each(['2', '-0.1', 'half', 'NaN'])('refuses a sample rate outside 0 to 1: %j', (text) => {
    expect(() => parseSampleRate(text)).toThrow(/VITALS_SAMPLE_RATE must be a number from 0 to 1/);
  });
});

describe('the field data table', () => {
  const sum = (route: string, device: Device, metric: VitalName, value: number, count: number): BucketSum => ({
    route,
    device,
    metric,
    bucket: bucketOf(metric, value),
    count,
  });

  it('sums the buckets of each route and device, with each metric’s p75, samples and rating', () => {
    const rows = fieldRows([
      sum('/', 'phone', 'LCP', 1200, 3),
      sum('/', 'phone', 'LCP', 1200, 2),
      sum('/', 'phone', 'CLS', 0, 4),
      sum('/', 'desktop', 'LCP', 900, 1),
    ]);
    expect(rows.map((row) => [row.route, row.device, row.views, Object.keys(row.metrics)])).toEqual([
      ['/', 'phone', 5, ['LCP', 'CLS']],
      ['/', 'desktop', 1, ['LCP']],
    ]);
    const lcp = rows[0]?.metrics.LCP;
    expect(lcp).toMatchObject({ samples: 5, rating: 'good' });
    expect(lcp!.p75).toBeGreaterThan(bucketRange('LCP', bucketOf('LCP', 1200)).low);
    expect(lcp!.p75).toBeLessThanOrEqual(1200 * 1.09);
    expect(rows[0]?.metrics.CLS).toEqual({ p75: 0, samples: 4, rating: 'good' });
    // A route whose buckets hold no views has no metric to show.
    expect(fieldRows([sum('/faq', 'phone', 'INP', 80, 0)])).toEqual([{ route: '/faq', device: 'phone', views: 0, metrics: {} }]);
  });

  it('lists the routes that fail first: most poor metrics, then most needing improvement, then the most viewed, then by name', () => {
    const rows = fieldRows([
      sum('/a', 'phone', 'LCP', 1000, 50),
      sum('/b', 'phone', 'LCP', 3000, 2),
      sum('/c', 'phone', 'LCP', 5000, 1),
      sum('/d', 'phone', 'LCP', 1000, 80),
      sum('/e', 'phone', 'LCP', 3000, 1),
      sum('/e', 'phone', 'INP', 300, 1),
      sum('/f', 'desktop', 'LCP', 1000, 80),
      sum('/f', 'phone', 'LCP', 1000, 80),
    ]);
    expect(rows.map((row) => `${row.route} ${row.device} ${worstRating(row)}`)).toEqual([
      '/c phone poor',
      '/e phone needs-improvement',
      '/b phone needs-improvement',
      '/d phone good',
      '/f desktop good',
      '/f phone good',
      '/a phone good',
    ]);
  });

  it('rates a row by its worst metric, good when it has none', () => {
    const row = (ratings: Record<string, 'good' | 'needs-improvement' | 'poor'>) => ({
      route: '/',
      device: 'phone' as const,
      views: 1,
      metrics: Object.fromEntries(Object.entries(ratings).map(([name, rating]) => [name, { p75: 1, samples: 1, rating }])),
    });
    expect(worstRating(row({}))).toBe('good');
    expect(worstRating(row({ LCP: 'good', INP: 'needs-improvement', CLS: 'good' }))).toBe('needs-improvement');
    expect(worstRating(row({ LCP: 'poor', INP: 'needs-improvement' }))).toBe('poor');
    expect(worstRating(row({ LCP: 'needs-improvement', INP: 'poor', CLS: 'good' }))).toBe('poor');
  });
});
