/**
 * The beacons' aggregates in the database: counts added to per-day rows (an upsert that adds, so
 * every server on one PostgreSQL adds to the same rows), the sums the admin reads, and the pruning
 * of old rows. The A/B counts come from the visitors of each experiment (ab_visitors, one row
 * each, keyed by a hash that stands for the visitor and nothing else): a visitor's first
 * impression adds one impression, and its first conversion after that one conversion, to the day
 * of the impression. So no variant can count more conversions than impressions, on any day, and
 * every server on one database agrees (the insert and the update decide, not a server's memory).
 * No address is stored.
 */
import { sql, type Kysely } from 'kysely';
import type { Device, VitalName } from '@/shared/domain/field-vitals';
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

/**
 * Rows per statement. PGlite runs each statement inside the server's own thread, so no request is
 * answered while one runs: a flush of 2,000 visitors held the event loop for up to 11-54 ms at a
 * time in statements of 200 rows and 6-9 ms in statements of 25-100 (the same flush, beside other
 * work on a 2-core machine). Between statements the server answers what waited. PostgreSQL, in a
 * process of its own, pays one round trip more per statement.
 */
const CHUNK = 50;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

/** One visitor's event of one experiment: `visitor` is the hash service.ts makes of the browser's id. */
export interface AbVisit {
  day: string;
  experiment: string;
  variant: string;
  visitor: string;
}

type Day = { day: string; experiment: string; variant: string };

/** A visitor of an experiment as one text, to sort and find by. */
const visitorOf = (visit: Pick<AbVisit, 'experiment' | 'visitor'>) => `${visit.experiment}\u0000${visit.visitor}`;
/** The visits sorted by visitor (each one's text made once, not at every comparison). */
const byVisitor = (visits: readonly AbVisit[]) =>
  visits
    .map((visit) => ({ key: visitorOf(visit), visit }))
    .sort((a, b) => (a.key < b.key ? -1 : 1))
    .map(({ visit }) => visit);

/**
 * The ab_daily counts to add, one row per day, experiment and variant: the first-seen counts (one
 * row per chunk that saw any) summed, and one conversion for each visitor converted.
 */
function abCounts(firstSeen: readonly AbCount[], converted: readonly Day[]): AbCount[] {
  const counts = new Map<string, AbCount>();
  const add = ({ day, experiment, variant }: Day, impressions: number, conversions: number) => {
    const key = `${day}\u0000${experiment}\u0000${variant}`;
    const count = counts.get(key) ?? { day, experiment, variant, impressions: 0, conversions: 0 };
    count.impressions += impressions;
    count.conversions += conversions;
    counts.set(key, count);
  };
  for (const row of firstSeen) add(row, row.impressions, 0);
  for (const row of converted) add(row, 0, 1);
  return [...counts.values()];
}

/**
 * Records the visits in one transaction: impressions first (a visitor not seen yet), then
 * conversions (a visitor seen, of that variant, not converted yet), each adding to ab_daily only
 * for the visitors it changed. Returns the conversions that found no impression of their visitor:
 * none yet, or one another server has not written yet (the caller may try those again).
 */
async function recordVisits(trx: Kysely<Database>, impressions: readonly AbVisit[], conversions: readonly AbVisit[]): Promise<AbVisit[]> {
  const firstSeen: AbCount[] = [];
  // In one order on every server, so two servers' writes of the same visitors wait for each other
  // rather than deadlock (one that does fails as a whole and is written again a second later).
  // The columns go as four arrays (one parameter each, however many rows) and only the count of
  // visitors inserted per day and variant comes back, not a row per visitor: on PGlite a
  // statement's parameters and its answer were much of an A/B beacon's cost.
  for (const rows of chunks(byVisitor(impressions))) {
    const column = (name: keyof AbVisit) => rows.map((row) => row[name]);
    const counted = await sql<{ day: string; experiment: string; variant: string; seen: number }>`with first_seen as (
        insert into ab_visitors (experiment, visitor, variant, day)
        select * from unnest(${column('experiment')}::text[], ${column('visitor')}::text[], ${column('variant')}::text[], ${column('day')}::date[])
        on conflict (experiment, visitor) do nothing
        returning day, experiment, variant
      )
      select to_char(day, 'YYYY-MM-DD') as day, experiment, variant, count(*)::int as seen from first_seen group by day, experiment, variant`.execute(trx);
    for (const { seen, ...day } of counted.rows) firstSeen.push({ ...day, impressions: seen, conversions: 0 });
  }
  const converted: Day[] = [];
  const matched = new Set<string>();
  for (const rows of chunks(byVisitor(conversions))) {
    const values = sql.join(rows.map((row) => sql`(${row.experiment}, ${row.visitor}, ${row.variant})`));
    // `matched` is every conversion whose visitor has an impression of that variant, converted now or before.
    const seen = await sql<{ experiment: string; visitor: string }>`select v.experiment, v.visitor from ab_visitors v
      join (values ${values}) as c (experiment, visitor, variant)
        on v.experiment = c.experiment and v.visitor = c.visitor and v.variant = c.variant`.execute(trx);
    for (const row of seen.rows) matched.add(visitorOf(row));
    const updated = await sql<Day>`update ab_visitors v set converted = true
      from (values ${values}) as c (experiment, visitor, variant)
      where v.experiment = c.experiment and v.visitor = c.visitor and v.variant = c.variant and not v.converted
      returning to_char(v.day, 'YYYY-MM-DD') as day, v.experiment, v.variant`.execute(trx);
    converted.push(...updated.rows);
  }
  await addAbCounts(trx, abCounts(firstSeen, converted));
  return conversions.filter((row) => !matched.has(visitorOf(row)));
}

async function addAbCounts(trx: Kysely<Database>, ab: readonly AbCount[]): Promise<void> {
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
}

/**
 * Writes the visits (see recordVisits) and adds the vitals' counts to their days' rows, in one
 * transaction (each key at most once in `vitals`, each visitor at most once per experiment in
 * each list). Returns the conversions that found no impression.
 */
export async function addBeaconCounts(
  db: Kysely<Database>,
  visits: { impressions: readonly AbVisit[]; conversions: readonly AbVisit[] },
  vitals: readonly VitalCount[],
): Promise<AbVisit[]> {
  if (visits.impressions.length === 0 && visits.conversions.length === 0 && vitals.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const unmatched = await recordVisits(trx, visits.impressions, visits.conversions);
    for (const rows of chunks(vitals)) {
      await trx
        .insertInto('vitals_daily')
        .values(rows)
        .onConflict((oc) => oc.columns(['day', 'route', 'device', 'metric', 'bucket']).doUpdateSet({ count: sql`vitals_daily.count + excluded.count` }))
        .execute();
    }
    return unmatched;
  });
}

/** Deletes the vitals of days before `firstKept` (YYYY-MM-DD); returns how many rows went. */
export async function pruneVitals(db: Kysely<Database>, firstKept: string): Promise<number> {
  const result = await db.deleteFrom('vitals_daily').where('day', '<', firstKept).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Deletes the A/B visitors first seen before `firstKept` (their counts stay in ab_daily); returns
 * how many went. Such a visitor seen again counts as a new one: a new impression, then at most
 * one conversion after it.
 */
export async function pruneAbVisitors(db: Kysely<Database>, firstKept: string): Promise<number> {
  const result = await sql`delete from ab_visitors where day < ${firstKept}::date`.execute(db);
  return Number(result.numAffectedRows ?? 0);
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
