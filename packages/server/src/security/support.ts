import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Database } from '../db/index.ts';
import { insertUser, loginAs, type TestContext } from '../testing/index.ts';

/** Helpers of the security suite (docs/decisions/014-security-suite.md). */

export type Headers = { authorization: string };

export interface SignedIn {
  id: string;
  email: string;
  headers: Headers;
}

export async function signIn(
  context: TestContext,
  role: 'learner' | 'admin' = 'learner',
  grade = 'c-3',
): Promise<SignedIn> {
  const user = await insertUser(context.database, { role, grade });
  return { id: user.id, email: user.email, headers: await loginAs(context, user.email) };
}

/**
 * Every `METHOD /path` the app serves under `prefix`, read from fastify's route tree, so a test
 * that lists routes by hand fails when a route is added without it. HEAD mirrors GET and is left out.
 */
export function registeredRoutes(app: FastifyInstance, prefix = '/api'): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const routePath = `${depth > 0 ? (stack[depth - 1] ?? '') : ''}${match[2] ?? ''}`;
    stack[depth] = routePath;
    stack.length = depth + 1;
    if (routePath !== prefix && !routePath.startsWith(`${prefix}/`)) continue;
    for (const method of (match[3] ?? '').split(', ').filter((name) => name !== '' && name !== 'HEAD')) {
      routes.push(`${method} ${routePath}`);
    }
  }
  return [...new Set(routes)].sort();
}

const tablesOf = new WeakMap<Database, string[]>();

/** Every table of the app's schema, read from the database, so a new table is counted too. */
export async function appTables(database: Database): Promise<string[]> {
  const known = tablesOf.get(database);
  if (known) return known;
  const rows = await selectRows<{ name: string }>(
    database,
    `select table_name as name from information_schema.tables
     where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  const tables = rows.map((row) => row.name);
  tablesOf.set(database, tables);
  return tables;
}

async function selectRows<Row>(database: Database, query: string): Promise<Row[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: Row[] } | Row[];
  return Array.isArray(result) ? result : result.rows;
}

/**
 * The row count of every table, in one query: equal before and after means a refused request
 * wrote nothing.
 */
export async function tableCounts(database: Database): Promise<Record<string, number>> {
  const tables = await appTables(database);
  const [row] = await selectRows<Record<string, number>>(
    database,
    `select ${tables.map((table, index) => `(select count(*)::int from "${table}") as c${index}`).join(', ')}`,
  );
  return Object.fromEntries(tables.map((table, index) => [table, Number(row?.[`c${index}`] ?? 0)]));
}

/** A small real PNG, as bytes and as the data string a browser sends. */
export async function pngImage(width = 4, height = 3) {
  const bytes = await sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  return { bytes, dataString: `data:image/png;base64,${bytes.toString('base64')}` };
}

/**
 * Writes `<dir>/<name>.json` for `npm run test:reliability`. The tests pass QQ_RELIABILITY_OUT as
 * `dir` (the reliability runner sets it); an ordinary test run writes nothing.
 */
export function writeReliabilityResult(
  dir: string | undefined,
  name: string,
  result: Record<string, unknown>,
): void {
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(result, null, 2)}\n`);
}
