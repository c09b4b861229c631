import { describe, expect, it } from 'vitest';
import { databaseErrorCode, isDatabaseUnavailable } from './database-errors.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
/** As drizzle reports a failed query: its own error, the driver's as the cause. */
const drizzleWrapped = (cause: unknown) => Object.assign(new Error('Failed query: begin'), { cause });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['connection refused', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['connection reset', withCode('read ECONNRESET', 'ECONNRESET')],
    [
      'server shutting down (57P01)',
      withCode('terminating connection due to administrator command', '57P01'),
    ],
    ['server crashed (57P02)', withCode('terminating connection because of crash', '57P02')],
    ['server starting up (57P03)', withCode('the database system is starting up', '57P03')],
    ['connection exception class 08', withCode('connection failure', '08006')],
    ['too many connections', withCode('sorry, too many clients already', '53300')],
    ['connection dropped', new Error('Connection terminated unexpectedly')],
    ['pool exhausted', new Error('timeout exceeded when trying to connect')],
    ['broken client', new Error('Client has encountered a connection error and is not queryable')],
    ['wrapped by drizzle', drizzleWrapped(withCode('terminating connection', '57P01'))],
    [
      'an AggregateError of refusals (localhost: IPv4 and IPv6)',
      drizzleWrapped(
        Object.assign(new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], ''), {
          code: 'ECONNREFUSED',
        }),
      ),
    ],
  ])('%s → unavailable', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value', '23505')],
    ['a syntax error', withCode('syntax error at or near', '42601')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a string', 'Connection terminated'],
    ['nothing', undefined],
  ])('%s → not unavailable', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('databaseErrorCode', () => {
  it('finds the code of the cause under a wrapper', () => {
    expect(databaseErrorCode(drizzleWrapped(withCode('x', '3D000')))).toBe('3D000');
    expect(databaseErrorCode(new Error('no code'))).toBeUndefined();
  });

  it('stops on a cycle of causes', () => {
    const error: Error & { cause?: unknown } = new Error('loop');
    error.cause = error;
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
