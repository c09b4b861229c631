import { randomBytes } from 'node:crypto';
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  readFileSync,
  statfsSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import type { Config } from './config.ts';
import type { Database } from './db/index.ts';
import { hasAnyUser, upsertAdmin } from './features/auth/admin-bootstrap.ts';
import { databaseErrorCode, isDatabaseUnavailable } from './lib/database-errors.ts';

export class StartupError extends Error {}

/** Free space a new embedded database needs: the database and the bundled content take about 40 MB. */
export const NEW_DATABASE_FREE_BYTES = 64 * 1024 * 1024;

const MB = 1024 * 1024;

function fileErrorReason(code: string | undefined): string {
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return 'the disk is full';
    case 'EROFS':
    case 'EACCES':
    case 'EPERM':
      return 'it is read-only';
    case 'EEXIST':
    case 'ENOTDIR':
      return 'it is not a folder';
    default:
      return `the system refused (${code ?? 'unknown error'})`;
  }
}

/**
 * ./data must exist and be writable: a read-only or full disk is reported at start, clearly. A
 * new embedded database also needs room to be created, checked before it is half-written.
 */
export function ensureDataDir(dataDir: string, options: { embeddedDatabase?: boolean } = {}): void {
  const folder = path.resolve(dataDir);
  let freeBytes: number;
  try {
    mkdirSync(folder, { recursive: true });
    accessSync(folder, constants.W_OK);
    // A new file, so a full disk cannot pass by rewriting blocks an old probe already holds.
    const probe = path.join(folder, `.write-check-${process.pid}`);
    writeFileSync(probe, 'ok');
    unlinkSync(probe);
    const stats = statfsSync(folder);
    freeBytes = stats.bavail * stats.bsize;
  } catch (error) {
    const reason = fileErrorReason((error as NodeJS.ErrnoException).code);
    throw new StartupError(`Cannot write to the data folder ${folder}: ${reason}.`);
  }
  if (options.embeddedDatabase && !existsSync(path.join(folder, 'pgdata', 'PG_VERSION'))) {
    if (freeBytes < NEW_DATABASE_FREE_BYTES) {
      throw new StartupError(
        `Cannot create the database in the data folder ${folder}: the disk is full ` +
          `(${Math.floor(freeBytes / MB)} MB free, ${NEW_DATABASE_FREE_BYTES / MB} MB needed).`,
      );
    }
  }
}

/** WASI errno numbers the embedded database (PGlite, WebAssembly) reports file errors with. */
const WASI_ERRNO: Record<number, string> = {
  2: 'EACCES',
  19: 'EDQUOT',
  51: 'ENOSPC',
  63: 'EPERM',
  69: 'EROFS',
};
const FILE_CODES = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM', 'ENOTDIR', 'EEXIST']);

function hostOf(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname}:${url.port || '5432'}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/**
 * A start-up failure the operator can act on, as one clear sentence (full or read-only disk, busy
 * port, PostgreSQL unreachable or refusing), or null for anything else, which is a bug.
 */
export function explainStartupFailure(
  error: unknown,
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'port'>,
): StartupError | null {
  if (error instanceof StartupError) return error;
  const item = (typeof error === 'object' && error !== null ? error : {}) as {
    name?: unknown;
    errno?: unknown;
    syscall?: unknown;
  };
  if (!config.databaseUrl && item.name === 'ErrnoError' && typeof item.errno === 'number') {
    const reason = fileErrorReason(WASI_ERRNO[item.errno] ?? `errno ${item.errno}`);
    return new StartupError(
      `Cannot open the database in the data folder ${path.resolve(config.dataDir)}: ${reason}.`,
    );
  }
  const code = databaseErrorCode(error);
  if (item.syscall === 'listen') {
    return new StartupError(
      code === 'EADDRINUSE'
        ? `Port ${config.port} is already in use: stop the program using it or set PORT to another port.`
        : `Cannot listen on port ${config.port} (${code ?? 'refused'}): set PORT to another port.`,
    );
  }
  if (code && FILE_CODES.has(code) && typeof item.syscall === 'string') {
    return new StartupError(
      `Cannot write to the data folder ${path.resolve(config.dataDir)}: ${fileErrorReason(code)}.`,
    );
  }
  if (config.databaseUrl) {
    const where = hostOf(config.databaseUrl);
    if (code === '28P01' || code === '28000') {
      return new StartupError(`PostgreSQL at ${where} refused the user or password in DATABASE_URL.`);
    }
    if (code === '3D000') {
      return new StartupError(
        `The database named in DATABASE_URL does not exist on ${where}: create it first.`,
      );
    }
    if (isDatabaseUnavailable(error)) {
      return new StartupError(
        `Cannot reach PostgreSQL at ${where} (${code ?? 'no answer'}): check that it is running and that DATABASE_URL is right.`,
      );
    }
  }
  return null;
}

/** JWT_SECRET from the environment, else one generated on first start and kept under dataDir. */
export function resolveJwtSecret(config: Config): string {
  if (config.jwtSecret) return config.jwtSecret;
  const file = path.join(config.dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export interface DemoAdmin {
  email: string;
  password: string;
}

/**
 * On an empty database, a demo admin so a local user can reach the admin area. Its password is
 * DEMO_ADMIN_PASSWORD or generated, and kept in dataDir/demo-admin.json (never committed) so the
 * start banner can show it again.
 */
export async function ensureDemoAdmin(config: Config, database: Database): Promise<DemoAdmin | null> {
  const file = path.join(config.dataDir, 'demo-admin.json');
  if (!(await hasAnyUser(database.db))) {
    const password = config.demoAdminPassword ?? `Demo-${randomBytes(9).toString('base64url')}`;
    await upsertAdmin(database.db, config.demoAdminEmail, password);
    const demo = { email: config.demoAdminEmail.toLowerCase(), password };
    writeFileSync(file, JSON.stringify(demo), { mode: 0o600 });
    return demo;
  }
  if (existsSync(file)) {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as DemoAdmin;
    } catch {
      return null;
    }
  }
  return null;
}
