/**
 * PostgreSQL's autovacuum keeps the planner's statistics current; PGlite runs no autovacuum
 * worker, so its tables keep the estimates they had when empty. The planner then takes a table
 * of thousands of rows for a handful: the outbox's claim of the earliest due rows sorted every
 * pending row, joined to its lead, instead of walking the due index and stopping after a few
 * (32 ms instead of 0.8 ms with 3,000 rows waiting), and a backlog made every claim slower.
 *
 * This does the analyze half of autovacuum for a PGlite store, with autovacuum's own rule: every
 * `everyMs` it reads the statistics collector and analyzes each table whose rows changed since its
 * last analyze by more than 50 plus a tenth of the table. Reading the counts costs a fraction of a
 * millisecond; an analyze samples at most 30,000 rows. Vacuuming is left out: in PGlite it would
 * hold the only connection while it scans a whole table, and pages are pruned as they are read.
 */
import { sql, type Kysely } from 'kysely';
import { errorMessage } from '../../shared/error-message';

/** Autovacuum's defaults: autovacuum_analyze_threshold and autovacuum_analyze_scale_factor. */
const THRESHOLD_ROWS = 50;
const SCALE_FACTOR = 0.1;
/** Sooner than autovacuum's minute: a table that fills from empty at start needs its estimates within seconds. */
export const ANALYZE_EVERY_MS = 5_000;

export interface AutoAnalyze {
  /** Analyzes what is due now (tests call it; the timer calls it every `everyMs`). */
  run(): Promise<string[]>;
  /** Stops the timer and waits for a round in progress. */
  stop(): Promise<void>;
}

/** The tables that changed enough since their last analyze. */
async function dueTables(db: Kysely<unknown>): Promise<string[]> {
  const { rows } = await sql<{ table: string }>`
    select s.relname as "table" from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.n_mod_since_analyze > ${THRESHOLD_ROWS} + ${SCALE_FACTOR} * greatest(c.reltuples, 0)
    order by s.relname`.execute(db);
  return rows.map((row) => row.table);
}

export function startAutoAnalyze(db: Kysely<unknown>, everyMs = ANALYZE_EVERY_MS): AutoAnalyze {
  let round: Promise<string[]> | null = null;
  let stopped = false;
  const run = (): Promise<string[]> =>
    (round ??= (async () => {
      try {
        const tables = await dueTables(db);
        for (const table of tables) {
          if (stopped) break;
          await sql`analyze ${sql.table(table)}`.execute(db);
        }
        return tables;
      } finally {
        round = null;
      }
    })());
  const timer = setInterval(() => {
    run().catch((error: unknown) => console.error(JSON.stringify({ level: 'error', msg: 'analyze failed', error: errorMessage(error) })));
  }, everyMs);
  timer.unref();
  return {
    run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await round?.catch(() => {});
    },
  };
}
