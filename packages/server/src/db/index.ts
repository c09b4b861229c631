import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { acquireDataDirLock, type DataDirLock } from './lock.ts';

export { schema };
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Counts statements sent, for tests that assert a list does not query per row. */
  queryCount: () => number;
  close: () => Promise<void>;
}

class CountingLogger {
  count = 0;
  logQuery(): void {
    this.count += 1;
  }
}

export async function openPostgres(databaseUrl: string, options: { max?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // A dropped connection must not crash the process; the next query gets a fresh one.
  pool.on('error', () => {});
  const logger = new CountingLogger();
  const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
  return { db, kind: 'postgres', queryCount: () => logger.count, close: () => pool.end() };
}

export async function openPglite(client: PGlite, lock?: DataDirLock): Promise<Database> {
  const logger = new CountingLogger();
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    queryCount: () => logger.count,
    close: async () => {
      if (!client.closed) await client.close();
      lock?.release();
    },
  };
}

/** The embedded database under dataDir/pgdata, guarded by a lock so two processes never share it. */
export async function openEmbedded(dataDir: string): Promise<Database> {
  const dir = path.resolve(dataDir, 'pgdata');
  mkdirSync(path.dirname(dir), { recursive: true });
  const lock = acquireDataDirLock(path.resolve(dataDir));
  try {
    const client = await PGlite.create(dir);
    return await openPglite(client, lock);
  } catch (error) {
    lock.release();
    throw error;
  }
}

export async function openDatabase(config: {
  databaseUrl?: string | undefined;
  dataDir: string;
}): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openEmbedded(config.dataDir);
}

const MIGRATION_LOCK_ID = 727_311;

export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  // Several instances may start at once against one PostgreSQL: one migrates, the others wait.
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`);
    await migratePg(tx as never, { migrationsFolder: MIGRATIONS_FOLDER });
  });
}
