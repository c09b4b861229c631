import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../testing/migrations.ts';
import { openEmbedded } from './index.ts';

/**
 * A new embedded database is made in place (decision 039): initdb writes into dataDir/pgdata.new,
 * renamed to pgdata once whole. Each case creates a real PGlite database on disk.
 */

const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

function dataFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'qq-embedded-'));
  folders.push(folder);
  return folder;
}

async function rowsOf(dataDir: string, query: string): Promise<unknown[]> {
  const database = await openEmbedded(dataDir);
  try {
    return await queryRows(database, sql.raw(query));
  } finally {
    await database.close();
  }
}

describe('openEmbedded on a new data folder', () => {
  it('creates the database in dataDir/pgdata, keeps what is written and leaves nothing half-made', async () => {
    const dataDir = dataFolder();
    const database = await openEmbedded(dataDir);
    try {
      await database.db.execute(sql`create table kept (note text)`);
      await database.db.execute(sql`insert into kept values ('written on the first start')`);
    } finally {
      await database.close();
    }
    expect(existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'pgdata.new'))).toBe(false);

    expect(await rowsOf(dataDir, 'select note from kept')).toEqual([{ note: 'written on the first start' }]);
  });

  it('makes the database again over what an interrupted first start left, in an empty pgdata', async () => {
    const dataDir = dataFolder();
    mkdirSync(path.join(dataDir, 'pgdata'));
    mkdirSync(path.join(dataDir, 'pgdata.new', 'base'), { recursive: true });
    writeFileSync(path.join(dataDir, 'pgdata.new', 'PG_VERSION'), '18\n');

    expect(await rowsOf(dataDir, 'select 1 as one')).toEqual([{ one: 1 }]);
    expect(existsSync(path.join(dataDir, 'pgdata.new'))).toBe(false);
    expect(readdirSync(path.join(dataDir, 'pgdata'))).toContain('PG_VERSION');
  });
});
