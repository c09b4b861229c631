import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { explainStartupFailure, StartupError } from './startup.ts';

/** The messages for faults the reliability suite cannot cause cheaply with a real process. */
const embedded = { dataDir: './data', databaseUrl: undefined, port: 3000 };
const postgres = {
  dataDir: './data',
  databaseUrl: 'postgres://quiz:secret@db.example:6543/quizquest',
  port: 3000,
};
const folder = path.resolve('./data');
/** How PGlite (WebAssembly) reports a file error: an ErrnoError with a WASI errno. */
const wasiError = (errno: number) =>
  Object.assign(Object.create(null) as object, { name: 'ErrnoError', errno });
const withCode = (code: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(`failed with ${code}`), { code, ...extra });

describe('explainStartupFailure', () => {
  it.each([
    [
      'the embedded database on a full disk',
      wasiError(51),
      embedded,
      `Cannot open the database in the data folder ${folder}: the disk is full.`,
    ],
    [
      'the embedded database read-only',
      wasiError(69),
      embedded,
      `Cannot open the database in the data folder ${folder}: it is read-only.`,
    ],
    [
      'a file write on a full disk',
      withCode('ENOSPC', { syscall: 'write' }),
      embedded,
      `Cannot write to the data folder ${folder}: the disk is full.`,
    ],
    [
      'a busy port',
      withCode('EADDRINUSE', { syscall: 'listen' }),
      embedded,
      'Port 3000 is already in use: stop the program using it or set PORT to another port.',
    ],
    [
      'a privileged port',
      withCode('EACCES', { syscall: 'listen' }),
      embedded,
      'Cannot listen on port 3000 (EACCES): set PORT to another port.',
    ],
    [
      'PostgreSQL refusing connections',
      withCode('ECONNREFUSED'),
      postgres,
      'Cannot reach PostgreSQL at db.example:6543 (ECONNREFUSED): check that it is running and that DATABASE_URL is right.',
    ],
    [
      'a wrong PostgreSQL password',
      withCode('28P01'),
      postgres,
      'PostgreSQL at db.example:6543 refused the user or password in DATABASE_URL.',
    ],
    [
      'a missing PostgreSQL database',
      withCode('3D000'),
      postgres,
      'The database named in DATABASE_URL does not exist on db.example:6543: create it first.',
    ],
  ])('%s', (_name, error, config, message) => {
    const explained = explainStartupFailure(error, config);
    expect(explained).toBeInstanceOf(StartupError);
    expect(explained?.message).toBe(message);
    expect(explained?.message).not.toContain('secret'); // never the password in DATABASE_URL
  });

  it('leaves a bug alone, so its stack is printed', () => {
    expect(explainStartupFailure(new TypeError('x is undefined'), embedded)).toBeNull();
    expect(explainStartupFailure(withCode('ECONNREFUSED'), embedded)).toBeNull();
  });
});
