import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import type pg from 'pg';
import { openDatabase } from '../packages/server/src/db/index.ts';
import { isUuid } from '../packages/server/src/lib/ids.ts';
import { verifyPassword } from '../packages/server/src/lib/passwords.ts';

/**
 * The same-work floor of every scenario (issue 22, docs/decisions/040-same-work-floors.md): a bare
 * node:http server, with the server's database driver and pool and nothing else (no framework, no
 * auth, no validation), that sends the statements the real server sent for the same request,
 * captured from it (POST /api/bench/capture), and writes the same JSON. Each request's user is
 * looked up in a map of the bench tokens; the captured learner's id, and each path parameter of the
 * captured request, are replaced by the requesting learner's and the request's own, so 50 learners
 * each lock their own row as they do on the real server. Run by bench/run.ts, after the real server
 * has stopped (PGlite allows one process); reads its plan as JSON from the file named by argv[2].
 */

export interface CapturedStatement {
  sql: string;
  params: unknown[];
}

export interface SameWorkRoute {
  /** The scenario this route serves: the benchmark names it in the x-bench-scenario header. */
  scenario: string;
  method: 'GET' | 'POST';
  /** The route's pattern, e.g. /api/quizzes/:quizId; `capturedPath` is the captured request's path. */
  pattern: string;
  capturedPath: string;
  statements: CapturedStatement[];
  statusCode: number;
  body: string;
  /** The user whose request was captured: replaced by the requesting one. */
  capturedUserId: string | null;
  /**
   * A value the real server read in this request and then wrote with (the pending draw's id that
   * a submission consumes): replaced by the first nested `id` in the first statement's rows.
   */
  readsBack?: string;
  /** The login floor checks the password with the same argon2 hash, as the server does. */
  password?: { hash: string; body: string };
}

export interface SameWorkPlan {
  port: number;
  databaseUrl?: string;
  dataDir: string;
  /** Bearer token → user id (the bench learners, the history learner, the admin). */
  users: Record<string, string>;
  routes: SameWorkRoute[];
}

type Query = (text: string, params: unknown[]) => Promise<{ rows: unknown[] }>;
/** PGlite's query, the one the embedded driver sends every statement through. */
type Embedded = { query: Query };

/** Every value in `params` (strings, and strings inside JSON text) with `replacements` applied. */
export function substitute(params: unknown[], replacements: Map<string, string>): unknown[] {
  if (replacements.size === 0) return params;
  return params.map((param) => {
    if (typeof param !== 'string') return param;
    let value = param;
    for (const [from, to] of replacements) if (from !== to) value = value.split(from).join(to);
    return value;
  });
}

/** The path parameters of `path` under `pattern`, or null when it does not match. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const expected = pattern.split('/');
  const actual = path.split('/');
  if (expected.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of expected.entries()) {
    const value = actual[index] ?? '';
    if (part.startsWith(':')) params[part.slice(1)] = value;
    else if (part !== value) return null;
  }
  return params;
}

/** The first `id` of a nested object in `rows` (a row's JSON column), depth-first. */
export function firstNestedId(rows: unknown[]): string | undefined {
  const visit = (value: unknown, depth: number): string | undefined => {
    if (Array.isArray(value)) {
      for (const item of value) {
        const found = visit(item, depth + 1);
        if (found) return found;
      }
      return undefined;
    }
    if (value === null || typeof value !== 'object') return undefined;
    const record = value as Record<string, unknown>;
    if (depth > 1 && typeof record.id === 'string' && isUuid(record.id)) return record.id;
    for (const item of Object.values(record)) {
      const found = visit(item, depth + 1);
      if (found) return found;
    }
    return undefined;
  };
  return visit(rows, 0);
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

async function main(): Promise<void> {
  const plan = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as SameWorkPlan;
  const database = await openDatabase({ databaseUrl: plan.databaseUrl, dataDir: plan.dataDir });
  const client = (database.db as unknown as { $client: pg.Pool | Embedded }).$client;
  const pool = database.kind === 'postgres' ? (client as pg.Pool) : null;
  const query: Query = pool
    ? (text, params) => pool.query(text, params)
    : (text, params) => (client as Embedded).query(text, params);

  /** The statements in order; a transaction (begin … commit) on one pooled connection. */
  async function run(statements: CapturedStatement[], replacements: Map<string, string>, readsBack?: string) {
    let connection: pg.PoolClient | null = null;
    try {
      for (const [index, statement] of statements.entries()) {
        const params = substitute(statement.params, replacements);
        if (pool && !connection && /^\s*begin\b/i.test(statement.sql)) connection = await pool.connect();
        const result = connection
          ? await connection.query(statement.sql, params)
          : await query(statement.sql, params);
        if (index === 0 && readsBack) {
          const fresh = firstNestedId(result.rows);
          if (fresh) replacements.set(readsBack, fresh);
        }
        if (connection && /^\s*(commit|rollback)\b/i.test(statement.sql)) {
          connection.release();
          connection = null;
        }
      }
    } finally {
      connection?.release();
    }
  }

  const routes = plan.routes.map((route) => ({
    ...route,
    capturedParams: matchPath(route.pattern, route.capturedPath) ?? {},
    json: JSON.parse(route.body) as unknown,
  }));

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    let matched: { route: (typeof routes)[number]; params: Record<string, string> } | undefined;
    const scenario = request.headers['x-bench-scenario'];
    for (const route of routes) {
      if (route.scenario !== scenario || route.method !== request.method) continue;
      const params = matchPath(route.pattern, path);
      if (params) {
        matched = { route, params };
        break;
      }
    }
    const body = await readBody(request);
    if (!matched) {
      response.writeHead(404).end();
      return;
    }
    const { route, params } = matched;
    const replacements = new Map<string, string>();
    const userId = plan.users[(request.headers.authorization ?? '').replace(/^Bearer /, '')];
    if (route.capturedUserId && userId) replacements.set(route.capturedUserId, userId);
    for (const [name, value] of Object.entries(route.capturedParams)) {
      const now = params[name];
      if (now !== undefined) replacements.set(value, now);
    }
    await run(route.statements, replacements, route.readsBack);
    if (route.password) {
      const sent = (JSON.parse(body || '{}') as { password?: string }).password ?? '';
      await verifyPassword(route.password.hash, sent);
    }
    const text = JSON.stringify(route.json);
    response.writeHead(route.statusCode, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
    });
    response.end(text);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      process.stderr.write(`same-work: ${error instanceof Error ? error.message : String(error)}\n`);
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  server.keepAliveTimeout = 72_000;
  const close = () => server.close(() => void database.close().then(() => process.exit(0)));
  process.on('SIGTERM', close);
  process.on('SIGINT', close);
  server.listen(plan.port, '127.0.0.1', () => process.stdout.write(`same-work listening on ${plan.port}\n`));
}

if (process.argv[1]?.endsWith('same-work.ts')) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
