import { describe, expect, it } from 'vitest';
import { DatabaseStopped, databaseFailure } from './failure';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('databaseFailure', () => {
  it('names the state of a database that cannot work now, for a 503', () => {
    expect(databaseFailure(withCode('53100', 'could not extend file "base/5/16401": No space left on device'))).toEqual({
      status: 503,
      cause: 'it is out of disk space',
    });
    expect(databaseFailure(withCode('25006'))).toEqual({ status: 503, cause: 'it is read-only' });
    expect(databaseFailure(withCode('53400'))).toEqual({ status: 503, cause: 'it is out of resources' });
    expect(databaseFailure(withCode('58030'))).toEqual({ status: 503, cause: 'it cannot read or write its files' });
    expect(databaseFailure(withCode('57P01'))).toEqual({ status: 503, cause: 'it is shutting down or restarting' });
    expect(databaseFailure(withCode('08006'))).toEqual({ status: 503, cause: 'the connection to it failed' });
    expect(databaseFailure(withCode('ECONNREFUSED'))).toEqual({ status: 503, cause: 'the connection to it failed' });
    expect(databaseFailure(new Error('Connection terminated unexpectedly'))).toEqual({ status: 503, cause: 'the connection to it failed' });
    expect(databaseFailure(withCode('ENOSPC'))).toEqual({ status: 503, cause: 'it is out of disk space' });
  });

  it('takes a write the database may not make (a file or a table: insufficient_privilege, EACCES, EROFS) for a 503 naming which', () => {
    expect(databaseFailure(withCode('42501', 'could not open file "base/5/16461": Permission denied'))).toEqual({
      status: 503,
      cause: 'it is not allowed to write (permission denied)',
    });
    expect(databaseFailure(withCode('42501', 'permission denied for table leads'))).toEqual({
      status: 503,
      cause: 'it is not allowed to write (permission denied)',
    });
    expect(databaseFailure(withCode('42501', 'could not write to log file "000000010000000000000001": Read-only file system'))).toEqual({
      status: 503,
      cause: 'it is read-only',
    });
    expect(databaseFailure(withCode('EACCES'))).toEqual({ status: 503, cause: 'it is not allowed to write (permission denied)' });
    expect(databaseFailure(withCode('EROFS'))).toEqual({ status: 503, cause: 'it is read-only' });
  });

  it('says that a stopped database needs a restart, and why it stopped', () => {
    const panic = withCode('42501', 'could not write to log file: Read-only file system');
    expect(databaseFailure(new DatabaseStopped(panic))).toEqual({
      status: 503,
      cause: 'it stopped after a failure it cannot recover from (it is read-only); the server must be restarted',
    });
  });

  it('takes a data exception for a value the request should not have sent, for a 400', () => {
    expect(databaseFailure(withCode('22008', 'date/time field value out of range'))).toEqual({ status: 400, cause: 'date/time field value out of range' });
  });

  it('leaves everything else to be a 500: a bug to fix, not a state to wait out', () => {
    expect(databaseFailure(withCode('42P01', 'relation "leeds" does not exist'))).toBeNull();
    expect(databaseFailure(withCode('23505'))).toBeNull();
    expect(databaseFailure(new TypeError('x is undefined'))).toBeNull();
    expect(databaseFailure('not an error')).toBeNull();
  });
});
