import { randomBytes } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config.ts';
import type { Database } from './db/index.ts';
import { hasAnyUser, upsertAdmin } from './features/auth/admin-bootstrap.ts';

export class StartupError extends Error {}

/** ./data must exist and be writable: a read-only or full disk is reported at start, clearly. */
export function ensureDataDir(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true });
    accessSync(dataDir, constants.W_OK);
    const probe = path.join(dataDir, '.write-check');
    writeFileSync(probe, 'ok');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOSPC'
        ? 'the disk is full'
        : code === 'EROFS' || code === 'EACCES' || code === 'EPERM'
          ? 'it is read-only'
          : String(code ?? error);
    throw new StartupError(`Cannot write to the data folder ${path.resolve(dataDir)}: ${reason}.`);
  }
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
