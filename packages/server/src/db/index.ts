import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';
import { serverPath } from '../lib/package-root.ts';
import { acquireDataDirLock, type DataDirLock } from './lock.ts';

export { schema };
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/**
 * Each driver is loaded when a database of its kind is opened, never both: the embedded one
 * (PGlite, its WebAssembly build) adds about 36 MB of resident memory to a server on PostgreSQL.
 */
const drivers = {
  pglite: () => import('@electric-sql/pglite'),
  drizzlePglite: () => import('drizzle-orm/pglite'),
  migratePglite: () => import('drizzle-orm/pglite/migrator'),
  drizzlePg: () => import('drizzle-orm/node-postgres'),
  migratePg: () => import('drizzle-orm/node-postgres/migrator'),
};

export const MIGRATIONS_FOLDER = serverPath('drizzle');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Counts statements sent, for tests that assert a list does not query per row. */
  queryCount: () => number;
  /** The statements sent while `run` runs, with their parameters. */
  captureQueries: (run: () => Promise<unknown>) => Promise<CapturedQuery[]>;
  /**
   * Subscribes to NOTIFY on `channel` (every instance on this database hears it, the sender too).
   * `onStatus(false)` when messages may be missed (the listening connection is lost), and
   * `onStatus(true)` once listening again, so a cache can stop trusting itself in between.
   */
  listen: (channel: string, handlers: NotificationHandlers) => Promise<() => Promise<void>>;
  /**
   * Delivers `payload` to this process's listeners at once. A NOTIFY reaches every instance only
   * when its transaction commits and a moment later; a write already committed uses this so its
   * own instance never serves what it just replaced. Tests that write rows directly use it too.
   */
  announce: (channel: string, payload: string) => void;
  close: () => Promise<void>;
}

/** This process's listeners by channel, for `announce`. */
function localListeners() {
  const byChannel = new Map<string, Set<NotificationHandlers>>();
  return {
    add(channel: string, handlers: NotificationHandlers): () => void {
      const set = byChannel.get(channel) ?? new Set();
      set.add(handlers);
      byChannel.set(channel, set);
      return () => set.delete(handlers);
    },
    announce(channel: string, payload: string): void {
      for (const handlers of byChannel.get(channel) ?? []) handlers.onMessage(payload);
    },
  };
}

export interface NotificationHandlers {
  onMessage: (payload: string) => void;
  onStatus: (listening: boolean) => void;
}

const LISTEN_RETRY_MS = 1_000;

/**
 * A dedicated connection that LISTENs (a pooled one would be handed to other queries). On loss it
 * reports the gap and reconnects every second until closed.
 */
function postgresListener(databaseUrl: string, channel: string, handlers: NotificationHandlers) {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const candidate = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      client = null;
      handlers.onStatus(false);
      void candidate.end().catch(() => {});
      if (!closed) retry = setTimeout(() => void connect().catch(() => {}), LISTEN_RETRY_MS);
    };
    candidate.on('error', onLost);
    candidate.on('end', onLost);
    candidate.on('notification', (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload ?? '');
    });
    try {
      await candidate.connect();
      await candidate.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      onLost();
      throw error;
    }
    if (closed) {
      await candidate.end();
      return;
    }
    client = candidate;
    handlers.onStatus(true);
  };
  return {
    start: connect,
    stop: async () => {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}

export interface CapturedQuery {
  sql: string;
  params: unknown[];
}

class CountingLogger {
  count = 0;
  captured: CapturedQuery[] | null = null;
  logQuery(query: string, params: unknown[]): void {
    this.count += 1;
    this.captured?.push({ sql: query, params });
  }
  /** The statements sent while `run` runs (tests: the EXPLAIN of each hot query). */
  async capture(run: () => Promise<unknown>): Promise<CapturedQuery[]> {
    const captured: CapturedQuery[] = [];
    this.captured = captured;
    try {
      await run();
    } finally {
      this.captured = null;
    }
    return captured;
  }
}

/** Connections each instance's pool opens to PostgreSQL at most. */
export const POSTGRES_POOL_SIZE = 10;

export async function openPostgres(databaseUrl: string, options: { max?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.max ?? POSTGRES_POOL_SIZE,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // A dropped connection must not crash the process; the next query gets a fresh one.
  pool.on('error', () => {});
  // The pool listens for errors on idle clients only. A client checked out when the database goes
  // away (stopped, restarted, network cut) emits 'error' too, and with no listener that would kill
  // the process: its query fails on its own (answered 503) and the pool drops it on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  const logger = new CountingLogger();
  const { drizzle: drizzlePg } = await drivers.drizzlePg();
  const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
  const listeners = new Set<ReturnType<typeof postgresListener>>();
  const local = localListeners();
  return {
    db,
    kind: 'postgres',
    queryCount: () => logger.count,
    captureQueries: (run) => logger.capture(run),
    listen: async (channel, handlers) => {
      const listener = postgresListener(databaseUrl, channel, handlers);
      const removeLocal = local.add(channel, handlers);
      listeners.add(listener);
      await listener.start();
      return async () => {
        removeLocal();
        listeners.delete(listener);
        await listener.stop();
      };
    },
    announce: local.announce,
    close: async () => {
      await Promise.all([...listeners].map((listener) => listener.stop()));
      await pool.end();
    },
  };
}

export async function openPglite(client: PGlite, lock?: DataDirLock): Promise<Database> {
  const logger = new CountingLogger();
  const local = localListeners();
  const { drizzle: drizzlePglite } = await drivers.drizzlePglite();
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    queryCount: () => logger.count,
    captureQueries: (run) => logger.capture(run),
    // One process holds the embedded database (the data directory lock), so nothing is ever missed.
    listen: async (channel, handlers) => {
      const unlisten = await client.listen(channel, handlers.onMessage);
      const removeLocal = local.add(channel, handlers);
      handlers.onStatus(true);
      return async () => {
        removeLocal();
        if (!client.closed) await unlisten();
      };
    },
    announce: local.announce,
    close: async () => {
      if (!client.closed) await client.close();
      lock?.release();
    },
  };
}

type PgliteModule = Awaited<ReturnType<typeof drivers.pglite>>;

/** Where PGlite's PostgreSQL keeps its data inside its virtual filesystem. */
const PGLITE_DATA_DIR = '/pglite/data';

/** A folder PGlite would run initdb in: missing, or empty (a database has its PG_VERSION file). */
function isUninitialised(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/**
 * Creates a new embedded database in `dir`. Left to itself, PGlite runs initdb in a second,
 * in-memory instance and copies the result into the folder through a tar archive held in memory,
 * while both instances are alive: the first start peaked at about 850 MB of RSS. A filesystem
 * that PGlite takes for an in-memory one (it extends MemoryFS) but that mounts the folder itself
 * has initdb write the files in place, through the instance that opened them: about 250 MB less.
 * It is built in `dir`.new and renamed once complete, so an interrupted first start never
 * leaves a half-made database that looks whole; the next start makes it again.
 */
async function createEmbedded(pglite: PgliteModule, dir: string, startParams: string[]): Promise<void> {
  const building = `${dir}.new`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  type Init = InstanceType<PgliteModule['MemoryFS']>['init'];
  class InPlaceNodeFs extends pglite.MemoryFS {
    override async init(pg: Parameters<Init>[0], options: Parameters<Init>[1]) {
      this.pg = pg;
      // As PGlite's own NodeFS does: the folder mounted where PostgreSQL keeps its data.
      const mount: NonNullable<typeof options.preRun>[number] = (mod) => {
        mod.FS.mkdirTree(PGLITE_DATA_DIR);
        mod.FS.mount(mod.NODEFS, { root: building }, PGLITE_DATA_DIR);
      };
      return { emscriptenOpts: { ...options, preRun: [...(options.preRun ?? []), mount] } };
    }
  }
  try {
    const client = await pglite.PGlite.create({
      fs: new InPlaceNodeFs(),
      startParams,
      // initdb's own server needs no more than this (its default is 128 MB): about 45 MB less.
      initDbStartParams: ['-c', 'shared_buffers=16MB'],
    });
    await client.close();
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    throw error;
  }
  renameSync(building, dir);
}

/** The embedded database under dataDir/pgdata, guarded by a lock so two processes never share it. */
export async function openEmbedded(dataDir: string): Promise<Database> {
  const dir = path.resolve(dataDir, 'pgdata');
  mkdirSync(path.dirname(dir), { recursive: true });
  const lock = acquireDataDirLock(path.resolve(dataDir));
  try {
    const pglite = await drivers.pglite();
    // PGlite touches all of PostgreSQL's default 128 MB of shared buffers at start; 32 MB hold a
    // busy school's data (the benchmark's database is 28 MB) and save about 100 MB of RSS.
    const startParams = [...pglite.PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];
    if (isUninitialised(dir)) await createEmbedded(pglite, dir, startParams);
    const client = await pglite.PGlite.create(dir, { startParams });
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
    const { migrate: migratePglite } = await drivers.migratePglite();
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  // Several instances may start at once against one PostgreSQL: one migrates, the others wait.
  const { migrate: migratePg } = await drivers.migratePg();
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`);
    await migratePg(tx as never, { migrationsFolder: MIGRATIONS_FOLDER });
  });
}
