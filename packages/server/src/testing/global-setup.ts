import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres, runMigrations } from '../db/index.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: { adminUrl: string; template: string; prefix: string } | null;
  }
}

export function databaseUrlWithName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * Builds the migrated database once per run: a PGlite data directory dump that every test file
 * loads in memory, and with TEST_DATABASE_URL a PostgreSQL template database that every test file
 * copies (CREATE DATABASE … TEMPLATE), dropped at the end.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'qq-template-'));
  const client = await PGlite.create();
  const database = await openPglite(client);
  await runMigrations(database);
  const dump = await client.dumpDataDir('none');
  const templateFile = path.join(dir, 'pglite-template.tar');
  writeFileSync(templateFile, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', templateFile);

  const adminUrl = process.env.TEST_DATABASE_URL;
  let cleanupPostgres = async () => {};
  if (adminUrl) {
    const prefix = `qq_test_${randomBytes(4).toString('hex')}`;
    const template = `${prefix}_template`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${template}`);
    const templateDb = await openPostgres(databaseUrlWithName(adminUrl, template), { max: 1 });
    await runMigrations(templateDb);
    await templateDb.close();
    project.provide('postgresTemplate', { adminUrl, template, prefix });
    cleanupPostgres = async () => {
      const { rows } = await admin.query<{ datname: string }>(
        'select datname from pg_database where datname like $1',
        [`${prefix}%`],
      );
      for (const row of rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
      await admin.end();
    };
  } else {
    project.provide('postgresTemplate', null);
  }

  return async () => {
    await cleanupPostgres();
    rmSync(dir, { recursive: true, force: true });
  };
}
