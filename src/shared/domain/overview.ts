/**
 * The admin's Overview of buyers' leads (contact enquiries and sample requests, spam left out):
 * how many arrived each week, by kind, by the buyer's country, by product and by source, and how
 * many stand at each status of the pipeline. Shared by the server, which counts in SQL
 * (src/server/db/overview.ts), and the admin, which draws and tabulates the numbers.
 *
 * Weeks run Monday to Sunday in UTC; a lead counts in the week it was sent (its createdAt).
 */
import type { BuyerStatus } from './records';

export const OVERVIEW_WEEKS_DEFAULT = 12;
export const OVERVIEW_WEEKS_MAX = 52;

/** One line of a chart: its key, what the admin reads, and a count per week (in the order of `weeks`). */
export interface OverviewSeries {
  key: string;
  label: string;
  counts: number[];
  total: number;
}

export interface Overview {
  /** The Mondays (YYYY-MM-DD) of the weeks counted, oldest first; the last is the week of `today`. */
  weeks: string[];
  /** Leads sent from `from` (inclusive) to `to` (exclusive), ISO UTC times. */
  from: string;
  to: string;
  /** Buyers' leads per week, whatever their kind. */
  totals: number[];
  kind: OverviewSeries[];
  country: OverviewSeries[];
  /** A lead asking for two products counts once for each. */
  product: OverviewSeries[];
  source: OverviewSeries[];
  /** The leads of these weeks by where they stand now, in the pipeline's order. */
  pipeline: { status: BuyerStatus; count: number }[];
}

const DAY_MS = 86_400_000;

/** The Monday of the UTC week holding `day` (YYYY-MM-DD), as YYYY-MM-DD. */
export function mondayOf(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  // getUTCDay: Sunday 0 … Saturday 6; Monday is 0 days back, Sunday 6.
  const back = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - back * DAY_MS).toISOString().slice(0, 10);
}

/** The Mondays of the `count` weeks up to and including the week of `today`, oldest first. */
export function weekStarts(today: string, count: number): string[] {
  const last = Date.parse(`${mondayOf(today)}T00:00:00.000Z`);
  return Array.from({ length: count }, (_, i) => new Date(last - (count - 1 - i) * 7 * DAY_MS).toISOString().slice(0, 10));
}

/** Where the weeks start and end, as times: from the first Monday's midnight to the midnight after the last week's Sunday. */
export function weekWindow(weeks: readonly string[]): { from: Date; to: Date } {
  const first = weeks[0] ?? '1970-01-05';
  const last = weeks[weeks.length - 1] ?? first;
  return { from: new Date(`${first}T00:00:00.000Z`), to: new Date(Date.parse(`${last}T00:00:00.000Z`) + 7 * DAY_MS) };
}

/**
 * The `max` largest series as they are and, when there are more, the rest added up as one
 * `otherLabel` series, so a chart keeps a few colours a reader can tell apart.
 */
export function topSeries(series: readonly OverviewSeries[], max: number, otherLabel = 'Other'): OverviewSeries[] {
  if (series.length <= max) return [...series];
  const kept = series.slice(0, max - 1);
  const rest = series.slice(max - 1);
  const weeks = rest[0]?.counts.length ?? 0;
  const counts = Array.from({ length: weeks }, (_, i) => rest.reduce((sum, s) => sum + (s.counts[i] ?? 0), 0));
  // A key no series has: every other key is trimmed text.
  return [...kept, { key: ' other', label: `${otherLabel} (${rest.length})`, counts, total: counts.reduce((a, b) => a + b, 0) }];
}
