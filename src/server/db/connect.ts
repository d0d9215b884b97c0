/**
 * Opens the database: PGlite in a data directory (the default, nothing to install), in memory
 * (tests), or PostgreSQL when a postgres:// URL is given. The rest of the server sees one
 * Kysely<Database> and never knows which.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { Pool } from 'pg';
import { PGliteDialect } from './dialect-pglite';
import { lockDataDir } from './dir-lock';
import { migrate } from './migrations';
import { startAutoAnalyze } from './pglite-analyze';
import { watchPGlitePosts, watchPostgresPosts, type PostsListener, type PostsWatch } from './posts-changed';
import type { Database } from './schema';
import { errorMessage } from '../../shared/error-message';

type DatabaseKind = 'pglite' | 'postgres';

export interface Store {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** PGlite's data folder, when it has one: /api/health checks that it takes a new file. */
  dataDir?: string;
  /**
   * Calls `listener` with a post's id whenever that post is added, changed or deleted by anyone
   * (the trigger of migration 0003), or with null when any post may have changed. Absent on test
   * stand-ins. Closed with the store.
   */
  watchPosts?(listener: PostsListener): Promise<PostsWatch>;
  /** Idempotent: a second call does nothing. */
  close(): Promise<void>;
}

type OpenOptions =
  | { databaseUrl: string; maxConnections?: number }
  /** A directory path; omitted means in memory. */
  | { dataDir?: string }
  /** An open PGlite the caller owns (tests share one per file). */
  | { pglite: PGlite };

/**
 * How the server starts PGlite's PostgreSQL: PGlite's own parameters (among them -F: fsync off),
 * with 16 MB of shared buffers instead of PostgreSQL's 128 MB. PGlite allocates and touches all of
 * them inside its WebAssembly memory, which never shrinks: 128 MB made that memory grow from 128
 * to 189 MB and the process about 110 MB larger. What no longer fits is read through the file
 * system, from the operating system's cache: a scan of 60,000 leads (62 MB) took the same 0.3-0.4 s
 * with either, since PostgreSQL reads a table larger than a quarter of its buffers through a small
 * ring anyway.
 */
export const PGLITE_START_PARAMS: readonly string[] = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * Creates a PGlite database in `dataDir` in a child process. PGlite runs initdb in a second
 * WebAssembly instance whose memory this process would keep (a server that created its database
 * stayed at 690-910 MB instead of 300-470 MB until restarted); a child gives it all back when it
 * exits. A failure here is left to the open that follows, which reports it as any other.
 */
async function createInChild(dataDir: string): Promise<void> {
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script =
    'const { PGlite } = require(process.argv[1]); PGlite.create(process.argv[2]).then((pg) => pg.close()).catch((error) => { console.error(error); process.exit(1); });';
  await promisify(execFile)(process.execPath, ['-e', script, pglite, dataDir]).catch(() => {});
}

function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | null = null;
  return () => (closing ??= close());
}

/** Opens the database and brings its schema up to date. */
export async function openStore(options: OpenOptions): Promise<Store> {
  let store: Store;
  // Watches end before the database closes under them.
  const watches: PostsWatch[] = [];
  const endWatches = () => Promise.all(watches.splice(0).map((watch) => watch.close()));
  /**
   * A store on a PGlite; `release` runs after the watches and the connection are closed, and is
   * told whether the database stopped after a PANIC (dialect-pglite.ts).
   */
  const pgliteStore = (pglite: PGlite, release: (stopped: boolean) => Promise<void>, dataDir?: string): Store => {
    const dialect = new PGliteDialect(pglite);
    const db = new Kysely<Database>({ dialect });
    const analyze = startAutoAnalyze(db as Kysely<unknown>);
    return {
      db,
      kind: 'pglite',
      ...(dataDir ? { dataDir } : {}),
      watchPosts: async (listener) => {
        const watch = await watchPGlitePosts(pglite, db, listener);
        watches.push(watch);
        return watch;
      },
      close: once(async () => {
        await endWatches();
        await analyze.stop();
        await db.destroy();
        await release(dialect.stopped !== null);
      }),
    };
  };
  if ('databaseUrl' in options) {
    const { databaseUrl } = options;
    const pool = new Pool({ connectionString: databaseUrl, max: options.maxConnections ?? 10 });
    // An idle client that loses its server emits 'error'; without a listener that would crash the process.
    pool.on('error', (error) => console.error(JSON.stringify({ level: 'error', msg: 'postgres pool error', error: error.message })));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    store = {
      db,
      kind: 'postgres',
      watchPosts: async (listener) => {
        const watch = await watchPostgresPosts(databaseUrl, listener);
        watches.push(watch);
        return watch;
      },
      close: once(async () => {
        await endWatches();
        await db.destroy();
      }),
    };
  } else if ('pglite' in options) {
    // The caller owns this PGlite: closing the store leaves it open.
    store = pgliteStore(options.pglite, async () => {});
  } else {
    const { dataDir } = options;
    const unlock = dataDir ? lockDataDir(dataDir) : () => {};
    try {
      if (dataDir && !fs.existsSync(path.join(dataDir, 'PG_VERSION'))) await createInChild(dataDir);
      const pglite = await PGlite.create(dataDir, { startParams: [...PGLITE_START_PARAMS] }).catch((error: unknown) => {
        // PGlite's own message for a file it cannot write is a bare "Aborted()".
        throw new Error(
          `PGlite could not open the database in ${dataDir ?? 'memory'} (${errorMessage(error)}). ` +
            'If the folder was copied or restored, check that this user can write every file in it.',
          { cause: error },
        );
      });
      store = pgliteStore(
        pglite,
        async (stopped) => {
          // Closing runs PostgreSQL's shutdown checkpoint, which after a PANIC would write pages
          // whose changes never reached the log. Left unclosed, it is a crash: the next start
          // replays the log as written.
          if (!stopped) await pglite.close();
          unlock();
        },
        dataDir,
      );
    } catch (error) {
      unlock();
      throw error;
    }
  }
  try {
    await sql`select 1`.execute(store.db);
    await migrate(store.db as Kysely<unknown>);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}
