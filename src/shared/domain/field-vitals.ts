/**
 * Field web vitals: the five metrics real visits report, their good/poor thresholds, what a beacon
 * may carry, and the fixed histogram the server keeps instead of raw values.
 *
 * Histogram: one edge list for every metric, in integer "units" (1 ms for the four times, 0.0001
 * for CLS). Bucket 0 holds exactly 0; bucket k ≥ 1 holds values v with EDGES[k−1] < v ≤ EDGES[k].
 * The edges grow by 8 % each (rounded to whole units, so every unit up to 13 is an edge of its
 * own) and the ten thresholds below are edges too. So:
 *   - a percentile read from summed buckets lies in the same bucket as the true value (the
 *     estimate interpolates inside it), so it is off by less than that bucket's width: under 9 %
 *     from 50 units up (50 ms, a CLS of 0.005), under 12 % from 13 units, under 1 unit below;
 *   - whether a percentile is good, needs improvement or poor is exact, because no bucket
 *     straddles a threshold.
 * Values above the last edge (100 s, or a CLS of 10) are counted in the last bucket.
 * The edges are part of the stored data: bucket numbers in the database mean these edges, so
 * changing them needs a migration that re-buckets or drops the stored rows.
 */

export const VITAL_NAMES = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

export const DEVICES = ['phone', 'desktop'] as const;
export type Device = (typeof DEVICES)[number];

/** A viewport narrower than this (CSS pixels) is a phone; tablets and wider count as desktop. */
export const PHONE_MAX_WIDTH = 767;

export function deviceOf(viewportWidth: number): Device {
  return viewportWidth <= PHONE_MAX_WIDTH ? 'phone' : 'desktop';
}

/** The web's usual thresholds: at or under `good` is good, over `poor` is poor, between needs improvement. */
export const THRESHOLDS: Record<VitalName, { good: number; poor: number; unit: 'ms' | '' }> = {
  LCP: { good: 2500, poor: 4000, unit: 'ms' },
  INP: { good: 200, poor: 500, unit: 'ms' },
  CLS: { good: 0.1, poor: 0.25, unit: '' },
  FCP: { good: 1800, poor: 3000, unit: 'ms' },
  TTFB: { good: 800, poor: 1800, unit: 'ms' },
};

export type Rating = 'good' | 'needs-improvement' | 'poor';

export function rate(name: VitalName, value: number): Rating {
  const { good, poor } = THRESHOLDS[name];
  if (value <= good) return 'good';
  return value <= poor ? 'needs-improvement' : 'poor';
}

/** Units of a metric's value in the histogram: CLS is unitless, counted in ten-thousandths. */
const SCALE: Record<VitalName, number> = { LCP: 1, INP: 1, CLS: 10_000, FCP: 1, TTFB: 1 };

/**
 * The largest value a page plausibly reports per metric; a beacon with a larger one is refused
 * whole, as a broken measurement or a made-up one. Two minutes for the loading times (a visitor
 * who waits longer for a first paint has left), one for an interaction's delay (a page frozen
 * longer has been given up on), and a CLS of 10, the histogram's top (a page that shifts
 * that much is unusable).
 */
export const MAX_VALUE: Record<VitalName, number> = { LCP: 120_000, INP: 60_000, CLS: 10, FCP: 120_000, TTFB: 120_000 };

const LAST_EDGE_UNITS = 100_000;
const GROWTH = 1.08;

function edgeUnits(): number[] {
  const edges = new Set<number>([0]);
  for (let value = 1; value < LAST_EDGE_UNITS; value *= GROWTH) edges.add(Math.round(value));
  edges.add(LAST_EDGE_UNITS);
  for (const name of VITAL_NAMES) {
    edges.add(Math.round(THRESHOLDS[name].good * SCALE[name]));
    edges.add(Math.round(THRESHOLDS[name].poor * SCALE[name]));
  }
  return [...edges].filter((edge) => edge <= LAST_EDGE_UNITS).sort((a, b) => a - b);
}

/** The bucket edges, in units (see the module comment). */
export const EDGES: readonly number[] = /* @__PURE__ */ edgeUnits();
export const BUCKET_COUNT = EDGES.length;

/** The bucket a value falls in (values were validated: finite, 0 or more). */
export function bucketOf(name: VitalName, value: number): number {
  const units = value * SCALE[name];
  if (units >= LAST_EDGE_UNITS) return BUCKET_COUNT - 1;
  // The first edge at or above the value: binary search.
  let low = 0;
  let high = BUCKET_COUNT - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((EDGES[middle] as number) >= units) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** A bucket's range in the metric's own unit: (low, high], or [0, 0] for bucket 0. */
export function bucketRange(name: VitalName, bucket: number): { low: number; high: number } {
  const high = (EDGES[bucket] as number) / SCALE[name];
  return { low: bucket === 0 ? 0 : (EDGES[bucket - 1] as number) / SCALE[name], high };
}

/** Counts per bucket, sparse: bucket number → count. */
export type Histogram = ReadonlyMap<number, number>;

/**
 * The `fraction` percentile (0.75 for p75) of the values a histogram counted: the nearest-rank
 * value's bucket, and inside it a linear estimate by rank (the bucket's values taken as spread
 * evenly, each at the middle of its share), so the result lies inside that bucket's range and so
 * on the same side of every threshold as the true value. Null for an empty histogram.
 */
export function percentile(name: VitalName, histogram: Histogram, fraction: number): number | null {
  let total = 0;
  for (const count of histogram.values()) total += count;
  if (total <= 0) return null;
  const rank = Math.max(1, Math.ceil(fraction * total));
  let before = 0;
  for (const bucket of [...histogram.keys()].sort((a, b) => a - b)) {
    const count = histogram.get(bucket) as number;
    if (count <= 0) continue;
    if (before + count >= rank) {
      const { low, high } = bucketRange(name, bucket);
      return low + ((rank - before - 0.5) / count) * (high - low);
    }
    before += count;
  }
  return null;
}

/** At most this many metrics in one beacon: one of each. */
export const MAX_METRICS_PER_BEACON = VITAL_NAMES.length;

/**
 * A page's path as beacons report it: the path without query or fragment, no trailing slash but
 * on `/`. A shape check only; the server also maps it onto the pages it knows.
 */
export const ROUTE_PATTERN = /^\/(?:[a-z0-9][a-z0-9._-]{0,80}(?:\/[a-z0-9][a-z0-9._-]{0,80}){0,5})?$/;

export function routeOf(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return trimmed === '' ? '/' : trimmed.toLowerCase();
}

/**
 * The sample rate from the build's environment (VITALS_SAMPLE_RATE): the share of page views that
 * report their vitals, 0 to 1, default 1 (every visit). Anything else fails the build.
 */
export function parseSampleRate(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 1;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 1)
    throw new Error(`VITALS_SAMPLE_RATE must be a number from 0 to 1 (the share of page views that report web vitals); it is "${raw}"`);
  return value;
}

/** A metric of one route and device over the period the admin looks at. */
export interface FieldMetric {
  p75: number;
  samples: number;
  rating: Rating;
}

export interface FieldRow {
  route: string;
  device: Device;
  /** Page views measured: the most samples any one metric has (not every view reports all five). */
  views: number;
  metrics: Partial<Record<VitalName, FieldMetric>>;
}

/** One summed histogram bucket, as the server reads them. */
export interface BucketSum {
  route: string;
  device: Device;
  metric: VitalName;
  bucket: number;
  count: number;
}

const RATING_ORDER: Record<Rating, number> = { poor: 0, 'needs-improvement': 1, good: 2 };

/** How badly a row fails: its poor metrics, then those needing improvement. */
function failures(row: FieldRow): [number, number] {
  const ratings = Object.values(row.metrics).map((metric) => metric.rating);
  return [ratings.filter((r) => r === 'poor').length, ratings.filter((r) => r === 'needs-improvement').length];
}

/**
 * Whether a stored sum can be read at all: a bucket of the edges, a known metric and device, a
 * whole count not below 0. The beacons write nothing else, but a row written otherwise (by hand, or
 * by an older build) must not turn the table's figures into NaN.
 */
function readable(sum: BucketSum): boolean {
  return (
    (VITAL_NAMES as readonly string[]).includes(sum.metric) &&
    (DEVICES as readonly string[]).includes(sum.device) &&
    Number.isInteger(sum.bucket) &&
    sum.bucket >= 0 &&
    sum.bucket < BUCKET_COUNT &&
    Number.isSafeInteger(sum.count) &&
    sum.count >= 0
  );
}

/**
 * Summed buckets → one row per route and device with each metric's p75 and rating; the routes that
 * fail first (most poor metrics, then most needing improvement), then the most viewed. Sums that
 * cannot be read (see readable) are left out.
 */
export function fieldRows(sums: readonly BucketSum[]): FieldRow[] {
  const histograms = new Map<string, { route: string; device: Device; byMetric: Map<VitalName, Map<number, number>> }>();
  for (const sum of sums.filter(readable)) {
    const key = `${sum.route}\u0000${sum.device}`;
    const entry = histograms.get(key) ?? { route: sum.route, device: sum.device, byMetric: new Map() };
    const histogram = entry.byMetric.get(sum.metric) ?? new Map<number, number>();
    histogram.set(sum.bucket, (histogram.get(sum.bucket) ?? 0) + sum.count);
    entry.byMetric.set(sum.metric, histogram);
    histograms.set(key, entry);
  }
  const rows: FieldRow[] = [];
  for (const { route, device, byMetric } of histograms.values()) {
    const metrics: FieldRow['metrics'] = {};
    let views = 0;
    for (const name of VITAL_NAMES) {
      const histogram = byMetric.get(name);
      const p75 = histogram ? percentile(name, histogram, 0.75) : null;
      if (!histogram || p75 === null) continue;
      let samples = 0;
      for (const count of histogram.values()) samples += count;
      views = Math.max(views, samples);
      metrics[name] = { p75, samples, rating: rate(name, p75) };
    }
    rows.push({ route, device, views, metrics });
  }
  return rows.sort((a, b) => {
    const [poorA, fairA] = failures(a);
    const [poorB, fairB] = failures(b);
    return poorB - poorA || fairB - fairA || b.views - a.views || a.route.localeCompare(b.route) || a.device.localeCompare(b.device);
  });
}

/** The worst rating among a row's metrics ("good" when it has none). */
export function worstRating(row: FieldRow): Rating {
  return Object.values(row.metrics).reduce<Rating>((worst, metric) => (RATING_ORDER[metric.rating] < RATING_ORDER[worst] ? metric.rating : worst), 'good');
}
