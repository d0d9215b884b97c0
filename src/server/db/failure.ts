/**
 * What an error from the database says about the database, so the API can answer 503 ("try
 * again later") with the cause when the database cannot work (disk full, read-only, unreachable),
 * 400 when a value in the request was one it cannot take, and 500 only for what is left: a bug.
 * PostgreSQL and PGlite both report SQLSTATE codes; the pg driver reports a lost connection with
 * Node's error codes or its own messages.
 */
export type DatabaseFailure = { status: 503; cause: string } | { status: 400; cause: string };

/**
 * Thrown for every query after PGlite reported a PANIC (it could not write its log, say): its one
 * backend is then left holding its locks, and the next query would spin forever inside
 * WebAssembly, the whole process with it. Only a restart brings the database back; the log it
 * wrote up to the failure is replayed then.
 */
export class DatabaseStopped extends Error {
  constructor(readonly reason: Error) {
    super(`The database stopped after an error it cannot recover from: ${reason.message}`, { cause: reason });
    this.name = 'DatabaseStopped';
  }
}

const BY_CODE: Record<string, string> = {
  '53100': 'it is out of disk space',
  '53200': 'it is out of memory',
  '53300': 'it has too many connections',
  '25006': 'it is read-only',
  '57014': 'it did not answer in time',
  ENOSPC: 'it is out of disk space',
  EROFS: 'it is read-only',
  EIO: 'it cannot read or write its files',
  EACCES: 'it is not allowed to write (permission denied)',
  EPERM: 'it is not allowed to write (permission denied)',
};

/**
 * insufficient_privilege: a role without the right to write a table, and also how PostgreSQL
 * reports a file it may not open or write, a read-only file system's included (EACCES, EPERM and
 * EROFS all become 42501). Either way the server cannot write until someone mends it.
 */
function privilegeCause(message: string): string {
  return /read-only file system/i.test(message) ? 'it is read-only' : 'it is not allowed to write (permission denied)';
}

/** SQLSTATE classes by their first two characters. */
const BY_CLASS: Record<string, string> = {
  '53': 'it is out of resources',
  '58': 'it cannot read or write its files',
  '57': 'it is shutting down or restarting',
  '08': 'the connection to it failed',
};

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const CONNECTION_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|PGlite is closed/i;

export function databaseFailure(error: unknown): DatabaseFailure | null {
  if (!(error instanceof Error)) return null;
  if (error instanceof DatabaseStopped) {
    const cause = databaseFailure(error.reason)?.cause ?? error.reason.message;
    return { status: 503, cause: `it stopped after a failure it cannot recover from (${cause}); the server must be restarted` };
  }
  const code = String((error as { code?: unknown }).code ?? '');
  if (code === '42501') return { status: 503, cause: privilegeCause(error.message) };
  const known = BY_CODE[code] ?? (/^[0-9A-Z]{5}$/.test(code) ? BY_CLASS[code.slice(0, 2)] : undefined);
  if (known) return { status: 503, cause: known };
  if (CONNECTION_CODES.has(code) || CONNECTION_MESSAGES.test(error.message)) return { status: 503, cause: 'the connection to it failed' };
  // Class 22, data exception: a value the database refused. The API checks values before any
  // query (http/storable.ts, the routes' schemas), so this is one a check missed; still the request's fault.
  if (/^22[0-9A-Z]{3}$/.test(code)) return { status: 400, cause: error.message };
  return null;
}
