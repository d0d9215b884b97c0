/**
 * The beacons' aggregates in the database: counts added to per-day rows (an upsert that adds, so
 * every server on one PostgreSQL adds to the same rows), the sums the admin reads, and the pruning
 * of old vitals. Nothing here knows a visitor or an address: the rows are counts.
 */
import { sql, type Kysely } from 'kysely';
import type { Device, VitalName } from '@/domain/field-vitals';
import type { Database } from './schema';

export interface AbCount {
  day: string;
  experiment: string;
  variant: string;
  impressions: number;
  conversions: number;
}

export interface VitalCount {
  day: string;
  route: string;
  device: Device;
  metric: VitalName;
  bucket: number;
  count: number;
}

/** Rows per statement: well under PostgreSQL's 65,535 parameters, and short statements for PGlite. */
const CHUNK = 1000;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

/** Adds the counts to their days' rows in one transaction (each key at most once in `rows`). */
export async function addBeaconCounts(db: Kysely<Database>, ab: readonly AbCount[], vitals: readonly VitalCount[]): Promise<void> {
  if (ab.length === 0 && vitals.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const rows of chunks(ab)) {
      await trx
        .insertInto('ab_daily')
        .values(rows)
        .onConflict((oc) =>
          oc.columns(['day', 'experiment', 'variant']).doUpdateSet({
            impressions: sql`ab_daily.impressions + excluded.impressions`,
            conversions: sql`ab_daily.conversions + excluded.conversions`,
          }),
        )
        .execute();
    }
    for (const rows of chunks(vitals)) {
      await trx
        .insertInto('vitals_daily')
        .values(rows)
        .onConflict((oc) => oc.columns(['day', 'route', 'device', 'metric', 'bucket']).doUpdateSet({ count: sql`vitals_daily.count + excluded.count` }))
        .execute();
    }
  });
}

/** Deletes the vitals of days before `firstKept` (YYYY-MM-DD); returns how many rows went. */
export async function pruneVitals(db: Kysely<Database>, firstKept: string): Promise<number> {
  const result = await db.deleteFrom('vitals_daily').where('day', '<', firstKept).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface AbTotal {
  experiment: string;
  variant: string;
  impressions: number;
  conversions: number;
  /** The first day counted, YYYY-MM-DD. */
  since: string;
}

/** Every day's counts summed per experiment and variant. */
export async function abTotals(db: Kysely<Database>): Promise<AbTotal[]> {
  const rows = await db
    .selectFrom('ab_daily')
    .select([
      'experiment',
      'variant',
      sql<string>`sum(impressions)`.as('impressions'),
      sql<string>`sum(conversions)`.as('conversions'),
      sql<string>`to_char(min(day), 'YYYY-MM-DD')`.as('since'),
    ])
    .groupBy(['experiment', 'variant'])
    .execute();
  return rows.map((row) => ({ ...row, impressions: Number(row.impressions), conversions: Number(row.conversions) }));
}

export interface VitalSum {
  route: string;
  device: Device;
  metric: VitalName;
  bucket: number;
  count: number;
}

/** The histograms of the days from `from` to `to` (YYYY-MM-DD, both included), summed per route, device, metric and bucket. */
export async function vitalSums(db: Kysely<Database>, from: string, to: string): Promise<VitalSum[]> {
  const rows = await db
    .selectFrom('vitals_daily')
    .select(['route', 'device', 'metric', 'bucket', sql<string>`sum(count)`.as('count')])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy(['route', 'device', 'metric', 'bucket'])
    .execute();
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}
