import { describe, expect, it } from 'vitest';
import { databaseFailure } from './failure';

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
