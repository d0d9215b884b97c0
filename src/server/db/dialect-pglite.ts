/**
 * A Kysely dialect over PGlite (PostgreSQL compiled to WebAssembly, in this process). PGlite is one
 * session: a BEGIN sent by one request would wrap another request's queries. So the driver hands
 * out its single connection to one holder at a time; a transaction keeps it until COMMIT or
 * ROLLBACK, a plain query only for that query.
 *
 * After a PANIC (PostgreSQL's word for an error it cannot recover from, e.g. a log write the disk
 * refused) the driver stops: every later query and connection fails at once with DatabaseStopped,
 * where PGlite itself would spin forever on the next query and hold the whole process.
 */
import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { DatabaseStopped } from './failure';

/** bytea's type id in PostgreSQL's catalogue. */
const BYTEA = 17;

/**
 * bytea in and out of PGlite through Node's native hex codec. PGlite's own converters make a
 * string (or a number) per byte: 2.4 s to store a photo's 2.4 MB master and 0.4 s to read it,
 * where this takes milliseconds. The text form is PostgreSQL's hex format either way ('\x…').
 * Installed on the instance once (its `parsers` and `serializers`): given with each query
 * instead, PGlite copies its whole table of parsers for every result, a tenth of a lead's CPU.
 */
function useHexBytea(pglite: PGlite): void {
  pglite.serializers = {
    ...pglite.serializers,
    [BYTEA]: (value: unknown) => {
      if (!(value instanceof Uint8Array)) throw new TypeError('A bytea parameter must be a Buffer or a Uint8Array');
      return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
    },
  };
  pglite.parsers = { ...pglite.parsers, [BYTEA]: (text: string) => Buffer.from(text.slice(2), 'hex') };
}

/** What the connection and the driver share: the PANIC that stopped the database, once there was one. */
interface StopState {
  stopped: Error | null;
}

function isPanic(error: unknown): error is Error {
  return error instanceof Error && (error as { severity?: unknown }).severity === 'PANIC';
}

class PGliteConnection implements DatabaseConnection {
  constructor(
    private readonly pglite: PGlite,
    private readonly state: StopState,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    if (this.state.stopped) throw new DatabaseStopped(this.state.stopped);
    const result = await this.pglite.query<R>(compiledQuery.sql, [...compiledQuery.parameters]).catch((error: unknown) => {
      if (isPanic(error)) this.state.stopped = error;
      throw error;
    });
    // PGlite runs a statement on this thread, and its promise resolves without a turn of the event
    // loop: a transaction of several statements (a beacon flush, a migration) would hold every
    // request the server has in hand until its COMMIT. Yielding after each statement lets them
    // through between two.
    await new Promise<void>((resolve) => setImmediate(resolve));
    const affected = result.affectedRows;
    // Kysely reads numAffectedRows for INSERT/UPDATE/DELETE; SELECT reports 0 and must not set it.
    return result.fields.length > 0 || affected === undefined ? { rows: result.rows } : { rows: result.rows, numAffectedRows: BigInt(affected) };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite dialect: streaming queries are not supported');
  }
}

class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;
  private queue: Promise<void> = Promise.resolve();
  private release: (() => void) | null = null;

  constructor(
    pglite: PGlite,
    private readonly state: StopState,
  ) {
    this.connection = new PGliteConnection(pglite, state);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    // Also keeps out callers that use the connection's PGlite directly (the posts watch's UNLISTEN).
    if (this.state.stopped) throw new DatabaseStopped(this.state.stopped);
    const previous = this.queue;
    let release!: () => void;
    this.queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.release = release;
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const level = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await connection.executeQuery(CompiledQuery.raw(`begin${level}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    const release = this.release;
    this.release = null;
    release?.();
  }

  async destroy(): Promise<void> {}
}

/** The PGlite instance stays the caller's: closing Kysely does not close it. */
export class PGliteDialect implements Dialect {
  private readonly state: StopState = { stopped: null };

  constructor(private readonly pglite: PGlite) {
    useHexBytea(pglite);
  }

  /** The PANIC that stopped this database, or null while it works. */
  get stopped(): Error | null {
    return this.state.stopped;
  }

  createAdapter() {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.pglite, this.state);
  }

  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}
