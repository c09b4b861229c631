import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { findLevel } from '@quizquest/shared';
import { openPostgres, runMigrations, type Database } from '../db/index.ts';
import { questions } from '../db/schema.ts';
import { databaseUrlWithName } from '../testing/global-setup.ts';
import { TEST_PASSWORD } from '../testing/index.ts';
import { runWatched, type RunningProcess } from '../testing/processes.ts';

/**
 * The reliability suite (docs/decisions/015-reliability.md) drives real server processes over
 * loopback: nothing here is faked. Every file keeps a ledger of the faults it injected, the
 * acknowledged rows it lost and the 5xx it saw, written for `npm run test:reliability`.
 */

export const serverRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The shared PostgreSQL cluster, as its superuser; each run creates and drops its own database there. */
export const ADMIN_DATABASE_URL =
  process.env.QQ_RELIABILITY_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** One JWT secret for every instance of a run, so a token from one instance is valid on the other. */
export const JWT_SECRET = randomBytes(32).toString('hex');

/** Every waiting loop gives up after this long: a hang is a failure, not a slow pass. */
export const READY_TIMEOUT_MS = 150_000;

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `check` until it returns a value other than undefined, or fails after `timeoutMs`. */
export async function until<T>(what: string, check: () => T | undefined, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(50);
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** Like testing/processes.ts runScript, for any command (runuser, unshare …) and its exit signal too. */
export function runCommand(
  command: string,
  args: string[],
  env: Record<string, string>,
): RunningProcess & { signal: Promise<NodeJS.Signals | null> } {
  return runWatched(command, args, env, READY_TIMEOUT_MS);
}

/** `node --import tsx src/server.ts`, as `npm start` runs it, optionally behind a wrapper command. */
export function serverCommand(wrapper: string[] = []): [string, string[]] {
  const node = [process.execPath, '--import', 'tsx', path.join(serverRoot, 'src/server.ts')];
  const full = [...wrapper, ...node];
  return [full[0] ?? process.execPath, full.slice(1)];
}

export interface ServerInstance {
  name: string;
  url: string;
  port: number;
  env: Record<string, string>;
  process: ReturnType<typeof runCommand>;
}

/** Starts one server process and waits until it listens. */
export async function startServer(name: string, env: Record<string, string>): Promise<ServerInstance> {
  const port = await freePort();
  const fullEnv = {
    HOST: '127.0.0.1',
    PORT: String(port),
    JWT_SECRET,
    RATE_LIMIT_FACTOR: '1000',
    ...env,
  };
  const [command, args] = serverCommand();
  const running = runCommand(command, args, fullEnv);
  await running.waitFor('QuizQuest is running on');
  return { name, url: `http://127.0.0.1:${port}`, port, env: fullEnv, process: running };
}

/** The same server again, on the same port, data folder and database. */
export async function restartServer(instance: ServerInstance): Promise<ServerInstance> {
  const [command, args] = serverCommand();
  const running = runCommand(command, args, instance.env);
  await running.waitFor('QuizQuest is running on');
  return { ...instance, process: running };
}

/** SIGTERM and wait: a clean stop exits 0. */
export async function stopServer(instance: ServerInstance): Promise<number | null> {
  if (instance.process.child.exitCode !== null || instance.process.child.signalCode !== null) {
    return instance.process.child.exitCode;
  }
  instance.process.child.kill('SIGTERM');
  return instance.process.exited;
}

// ---------------------------------------------------------------------------------------------
// HTTP, with a ledger of every answer

export interface Answer {
  status: number; // 0: no answer (connection refused or reset)
  body: Record<string, unknown> | null;
  ms: number;
  at: number;
}

export interface Fault {
  name: string;
  survived: boolean;
}

/** What one test file reports to `npm run test:reliability`. */
export class Ledger {
  readonly faults: Fault[] = [];
  requests = 0;
  rowsLost = 0;
  /** 5xx answers other than the 503 a database outage calls for. */
  unexpected5xx = 0;
  /** The 503 answers given, rightly, while the database was down. */
  outage503 = 0;
  readonly unexpected: string[] = [];

  constructor(readonly suite: string) {}

  /** Records a fault as injected; call `survived()` once every check after it has passed. */
  inject(name: string): { survived: () => void } {
    const fault: Fault = { name, survived: false };
    this.faults.push(fault);
    return {
      survived: () => {
        fault.survived = true;
      },
    };
  }

  /** Counts an answer; a 5xx is unexpected unless `allow503` says the database is down. */
  record(what: string, answer: Answer, allow503 = false): void {
    this.requests += 1;
    if (allow503 && answer.status === 503) this.outage503 += 1;
    else if (answer.status >= 500) {
      this.unexpected5xx += 1;
      if (this.unexpected.length < 20)
        this.unexpected.push(`${what} → ${answer.status} ${JSON.stringify(answer.body)}`);
    }
  }

  /** Writes `<QQ_RELIABILITY_OUT>/<suite>.json`; an ordinary run (no QQ_RELIABILITY_OUT) writes nothing. */
  write(): void {
    const dir = process.env.QQ_RELIABILITY_OUT;
    if (!dir) return;
    mkdirSync(dir, { recursive: true });
    const result = {
      suite: this.suite,
      faultsInjected: this.faults.length,
      survived: this.faults.filter((fault) => fault.survived).length,
      faults: this.faults,
      rowsLost: this.rowsLost,
      requests: this.requests,
      hostileInputs: 0,
      serverErrors: this.unexpected5xx,
      outage503: this.outage503,
      unexpected: this.unexpected,
    };
    writeFileSync(path.join(dir, `${this.suite}.json`), `${JSON.stringify(result, null, 2)}\n`);
  }
}

export async function request(
  baseUrl: string,
  method: 'GET' | 'POST' | 'PUT',
  urlPath: string,
  options: { token?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<Answer> {
  const started = Date.now();
  try {
    const response = await fetch(`${baseUrl}${urlPath}`, {
      method,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
    });
    const text = await response.text();
    let body: Record<string, unknown> | null = null;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = { raw: text.slice(0, 200) };
    }
    return { status: response.status, body, ms: Date.now() - started, at: started };
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') {
      throw new Error(`${method} ${urlPath} got no answer within ${options.timeoutMs ?? 20_000} ms`);
    }
    return { status: 0, body: null, ms: Date.now() - started, at: started };
  }
}

export async function login(baseUrl: string, email: string): Promise<string> {
  const answer = await request(baseUrl, 'POST', '/api/auth/login', {
    body: { email, password: TEST_PASSWORD },
  });
  const token = answer.body?.token;
  if (answer.status !== 200 || typeof token !== 'string') {
    throw new Error(`login of ${email} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return token;
}

/** POSTs answers as given: in the order of the learner's pending draw of the quiz (decision 031). */
export function submit(baseUrl: string, token: string, quizId: string, answers: number[]): Promise<Answer> {
  return request(baseUrl, 'POST', `/api/quizzes/submit/${quizId}`, { token, body: { answers } });
}

/**
 * What a submitter needs to answer any draw of a quiz: per stored question (by its id, the `_id`
 * a learner's quiz payload carries), its options and correct index, read from the database as
 * testing/quizzes.ts answersForDraw does. A learner's payload never carries the key.
 */
export interface QuizKey {
  id: string;
  questions: Map<string, { options: Array<{ type: string; value: string }>; correctIndex: number }>;
}

export async function quizKeyOf(database: Database, quizId: string): Promise<QuizKey> {
  const rows = await database.db
    .select({ id: questions.id, options: questions.options, correctIndex: questions.correctIndex })
    .from(questions)
    .where(eq(questions.quizId, quizId));
  return {
    id: quizId,
    questions: new Map(rows.map((row) => [row.id, { options: row.options, correctIndex: row.correctIndex }])),
  };
}

interface DrawnQuiz {
  questions: Array<{ _id: string; options: Array<{ type: string; value: string }> }>;
}

/**
 * Answers to the draw a quiz payload shows, in its order: each question's correct option where it
 * is shown (`right`), or another one. Throws when the payload shows a question or option the key
 * does not have.
 */
export function answersToDraw(key: QuizKey, drawn: DrawnQuiz, right = true): number[] {
  return drawn.questions.map((question) => {
    const stored = key.questions.get(question._id);
    const correct = stored?.options[stored.correctIndex];
    if (!stored || !correct) throw new Error(`question ${question._id} is not in the key of ${key.id}`);
    const shown = question.options.findIndex(
      (option) => option.type === correct.type && option.value === correct.value,
    );
    if (shown < 0) throw new Error(`the correct option of ${question._id} is not shown`);
    return right ? shown : (shown + 1) % question.options.length;
  });
}

/**
 * Opens the quiz (GET: the learner's pending draw, decision 031) on one instance and returns a
 * sender of answers to that draw, all right (or all wrong), for any instance: each call is one
 * more copy of the same submission. Null, with the GET's answer, when the quiz could not be opened.
 */
export async function openQuiz(
  baseUrl: string,
  token: string,
  key: QuizKey,
  right = true,
): Promise<{ opened: Answer; send: ((baseUrl: string) => Promise<Answer>) | null }> {
  const opened = await request(baseUrl, 'GET', `/api/quizzes/${key.id}`, { token });
  if (opened.status !== 200 || !opened.body) return { opened, send: null };
  const answers = answersToDraw(key, opened.body as unknown as DrawnQuiz, right);
  return { opened, send: (url: string) => submit(url, token, key.id, answers) };
}

/**
 * A learner's attempt as the web app makes it: opens the quiz, then submits the draw all right (or
 * all wrong), both on `baseUrl`. When the quiz cannot be opened, the GET's answer is returned.
 */
export async function openAndSubmit(
  baseUrl: string,
  token: string,
  key: QuizKey,
  right = true,
): Promise<Answer> {
  const { opened, send } = await openQuiz(baseUrl, token, key, right);
  return send ? send(baseUrl) : opened;
}

// ---------------------------------------------------------------------------------------------
// Databases

export async function query<T>(database: Database, text: string): Promise<T[]> {
  const result = (await database.db.execute(text)) as unknown as { rows: T[] } | T[];
  return Array.isArray(result) ? result : result.rows;
}

/** A fresh, migrated PostgreSQL database on the cluster behind `adminUrl`, dropped by `drop`. */
export async function createPostgresDatabase(adminUrl = ADMIN_DATABASE_URL) {
  const name = `qq_rel_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = databaseUrlWithName(adminUrl, name);
  const database = await openPostgres(url, { max: 4 });
  await runMigrations(database);
  return {
    url,
    database,
    drop: async () => {
      await database.close();
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      try {
        await again.query(`drop database if exists ${name} with (force)`);
      } finally {
        await again.end();
      }
    },
  };
}

/**
 * What must hold after any fault: acknowledged attempts are all there, no attempt lacks its
 * snapshot or answers, no certification points at a missing attempt, no certificate without
 * every certification of its level. Returns the acknowledged attempt ids that are missing.
 */
export async function integrityProblems(database: Database, acknowledged: string[]) {
  const present = new Set(
    (await query<{ id: string }>(database, 'select id from attempts')).map((row) => row.id),
  );
  const missing = acknowledged.filter((id) => !present.has(id));
  const halfWritten = await query<{ id: string }>(
    database,
    `select id from attempts
     where snapshot is null or jsonb_typeof(snapshot->'questions') <> 'array'
        or jsonb_array_length(snapshot->'questions') <> total
        or jsonb_array_length(answers) <> total or snapshot->>'title' is null`,
  );
  const orphanCertifications = await query<{ id: string }>(
    database,
    `select c.id from certifications c left join attempts a on a.id = c.attempt_id
     where c.attempt_id is not null and a.id is null`,
  );
  // A level's certificate is issued by the pass that completes the level, in the same transaction.
  const certificateLevels = await query<{ id: string; level: number; earned: number }>(
    database,
    `select ct.id, ct.level,
       (select count(*)::int from certifications c where c.user_id = ct.user_id and c.level = ct.level) as earned
     from certificates ct`,
  );
  const unearnedCertificates = certificateLevels.filter(
    (row) => Number(row.earned) !== (findLevel(Number(row.level))?.subLevels.length ?? -1),
  );
  return {
    attempts: present.size,
    missing,
    halfWritten: halfWritten.map((row) => row.id),
    orphanCertifications: orphanCertifications.map((row) => row.id),
    unearnedCertificates: unearnedCertificates.map((row) => row.id),
  };
}

/** True when this process may act as another user (runuser) and mount file systems. */
export const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
