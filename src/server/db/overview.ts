/**
 * The Overview's counts (src/shared/domain/overview.ts), aggregated in the database: buyers' leads that
 * are not spam, sent within the weeks asked for, per UTC week (Monday first) and kind, country,
 * product or source, and by status. The same SQL on PGlite and PostgreSQL.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { UNRECORDED_SOURCE } from '@/shared/domain/attribution';
import { countryName, isCountryCode } from '@/shared/domain/countries';
import { weekWindow, type Overview, type OverviewSeries } from '@/shared/domain/overview';
import { BUYER_KIND_LABELS } from '@/shared/domain/sales-pipeline';
import { BUYER_COLLECTIONS, BUYER_STATUSES, type BuyerCollection, type BuyerStatus } from '@/shared/domain/records';
import { COUNTRY_TEXT } from './leads';
import type { Database } from './schema';

/**
 * attribution.ts leadSource in SQL: the UTM source, else the referring origin's host, else
 * 'direct'; lower case; '' for a lead without attribution. Stored values are already trimmed.
 */
const SOURCE = sql<string>`case
  when attribution is null then ${UNRECORDED_SOURCE}
  when attribution->>'utmSource' is not null then lower(attribution->>'utmSource')
  when attribution->>'referrer' is not null then lower(regexp_replace(regexp_replace(attribution->>'referrer', '^[a-z][a-z0-9+.-]*://', '', 'i'), ':[0-9]+$', ''))
  else 'direct'
end`;

const WEEK = sql<string>`to_char(date_trunc('week', created_at at time zone 'UTC'), 'YYYY-MM-DD')`;

interface Row {
  week: string;
  key: string;
  label: string;
  n: number;
}

/**
 * Rows of (week, key, label, count) into series, the largest total first (then by label). A key
 * written several ways ("Germany", "germany") is shown as most of its leads wrote it.
 */
function toSeries(rows: Row[], weeks: readonly string[], show: (key: string, label: string) => string = (_key, label) => label): OverviewSeries[] {
  const byKey = new Map<string, { series: OverviewSeries; labels: Map<string, number> }>();
  for (const row of rows) {
    const index = weeks.indexOf(row.week);
    if (index < 0) continue;
    const n = Number(row.n);
    const entry = byKey.get(row.key) ?? { series: { key: row.key, label: '', counts: weeks.map(() => 0), total: 0 }, labels: new Map<string, number>() };
    entry.series.counts[index] = (entry.series.counts[index] ?? 0) + n;
    entry.series.total += n;
    entry.labels.set(row.label, (entry.labels.get(row.label) ?? 0) + n);
    byKey.set(row.key, entry);
  }
  const series = [...byKey.values()].map(({ series: s, labels }) => {
    const [written] = [...labels].sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0))[0] ?? [''];
    return { ...s, label: show(s.key, written) };
  });
  return series.sort((a, b) => b.total - a.total || a.label.localeCompare(b.label));
}

/** The counts of buyers' leads in the `weeks` (their Mondays, oldest first). */
export async function leadOverview(db: Kysely<Database>, weeks: readonly string[]): Promise<Overview> {
  const { from, to } = weekWindow(weeks);
  const buyers = sql.join(BUYER_COLLECTIONS.map((type) => sql.lit(type)));
  const scope = sql`deleted_at is null and spam is null and type in (${buyers}) and created_at >= ${from} and created_at < ${to}`;
  /** Counts per week of `key` and each way `label` writes it. */
  const perWeek = async (key: RawBuilder<string>, label: RawBuilder<string>, table = sql`leads`): Promise<Row[]> => {
    const result = await sql<Row>`
      select ${WEEK} as week, ${key} as key, ${label} as label, count(*)::int as n
      from ${table}
      where ${scope}
      group by 1, 2, 3`.execute(db);
    return result.rows;
  };

  const kindRows = await perWeek(sql<string>`type`, sql<string>`type`);
  // A code is one country however the lead was sent; text that named none is compared ignoring case.
  const countryRows = await perWeek(sql<string>`case when ${COUNTRY_TEXT} ~ '^[A-Z]{2}$' then ${COUNTRY_TEXT} else lower(${COUNTRY_TEXT}) end`, COUNTRY_TEXT);
  // A lead's products, each counted (a lead without a list counts for none).
  const productRows = await perWeek(
    sql<string>`product`,
    sql<string>`product`,
    sql`leads cross join lateral jsonb_array_elements_text(case when jsonb_typeof(fields->'products') = 'array' then fields->'products' else '[]'::jsonb end) as p(product)`,
  );
  const sourceRows = await perWeek(SOURCE, SOURCE);
  const statusRows = await sql<{ status: BuyerStatus; n: number }>`select status, count(*)::int as n from leads where ${scope} group by status`.execute(db);

  const kind = toSeries(kindRows, weeks, (key) => BUYER_KIND_LABELS[key as BuyerCollection] ?? key);
  const totals = weeks.map((_, i) => kind.reduce((sum, series) => sum + (series.counts[i] ?? 0), 0));
  return {
    weeks: [...weeks],
    from: from.toISOString(),
    to: to.toISOString(),
    totals,
    kind,
    country: toSeries(countryRows, weeks, (key, label) => (isCountryCode(key) ? countryName(key, 'en') : label || 'Not given')),
    product: toSeries(productRows, weeks),
    source: toSeries(sourceRows, weeks, (key) => (key === UNRECORDED_SOURCE ? 'Not recorded' : key)),
    pipeline: BUYER_STATUSES.map((status) => ({ status, count: Number(statusRows.rows.find((row) => row.status === status)?.n ?? 0) })),
  };
}
