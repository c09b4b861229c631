import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { MIGRATIONS_FOLDER, openPglite, openPostgres, type Database } from '../db/index.ts';
import { databaseUrlWithName } from './global-setup.ts';

/**
 * Helpers for tests of a migration on a database as an older server left it: an empty database
 * of the kind the run tests (PGlite in memory, or with TEST_DATABASE_URL a new PostgreSQL
 * database, dropped with the others at the end of the run), migrated only up to a given entry.
 */

export interface JournalEntry {
  idx: number;
  version: string;
  when: number;
  tag: string;
  breakpoints: boolean;
}

export function readJournal(
  folder = MIGRATIONS_FOLDER,
): { entries: JournalEntry[] } & Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
}

/** A database with no tables at all, of the kind this run tests. */
export async function openEmptyTestDatabase(): Promise<Database> {
  const postgres = inject('postgresTemplate');
  if (postgres) {
    const name = `${postgres.prefix}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgres.adminUrl });
    await admin.connect();
    try {
      await admin.query(`create database ${name}`);
    } finally {
      await admin.end();
    }
    return openPostgres(databaseUrlWithName(postgres.adminUrl, name), { max: 4 });
  }
  return openPglite(await PGlite.create());
}

/**
 * Runs drizzle's migrator with the journal cut after `lastTag`, as a server whose code had only
 * the migrations up to that one would (the real runMigrations then brings it to the latest).
 */
export async function migrateThrough(database: Database, lastTag: string): Promise<void> {
  const journal = readJournal();
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`No migration ${lastTag} in the journal`);
  const folder = mkdtempSync(path.join(tmpdir(), 'qq-migrations-'));
  try {
    mkdirSync(path.join(folder, 'meta'));
    const entries = journal.entries.slice(0, last + 1);
    for (const entry of entries) {
      copyFileSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
    }
    writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
    if (database.kind === 'pglite') {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(database.db as never, { migrationsFolder: folder });
    } else {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      await migrate(database.db as never, { migrationsFolder: folder });
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The rows a raw statement answers, on either driver. */
export async function queryRows<T>(database: Database, statement: Parameters<Database['db']['execute']>[0]) {
  const result = (await database.db.execute(statement)) as unknown as { rows: T[] } | T[];
  return Array.isArray(result) ? result : result.rows;
}

/**
 * The public schema as a comparable text: columns (type, nullability, default), constraints,
 * indexes, triggers and functions, each sorted by name (not by the order they were added in).
 */
export async function describeSchema(database: Database): Promise<string[]> {
  const lines = await Promise.all([
    queryRows<{ line: string }>(
      database,
      `select table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' '
          || coalesce(column_default, '-') || ' ' || coalesce(generation_expression, '-') as line
        from information_schema.columns where table_schema = 'public'`,
    ),
    queryRows<{ line: string }>(
      database,
      `select conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) as line
        from pg_constraint where connamespace = 'public'::regnamespace`,
    ),
    queryRows<{ line: string }>(
      database,
      `select indexdef as line from pg_indexes where schemaname = 'public'`,
    ),
    queryRows<{ line: string }>(
      database,
      `select tgrelid::regclass::text || ' ' || pg_get_triggerdef(oid) as line
        from pg_trigger where not tgisinternal`,
    ),
    queryRows<{ line: string }>(
      database,
      `select pg_get_functiondef(p.oid) as line
        from pg_proc p where p.pronamespace = 'public'::regnamespace`,
    ),
  ]);
  return lines
    .flat()
    .map((row) => row.line)
    .sort();
}
