import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { openDatabase } from '../packages/server/src/db/index.ts';
import { isUuid } from '../packages/server/src/lib/ids.ts';
import { attempts, questions, users } from '../packages/server/src/db/schema.ts';
import { hashPassword } from '../packages/server/src/lib/passwords.ts';
import type { DriveInput, DriveOutput } from './drive.ts';
import type { CapturedStatement, SameWorkPlan, SameWorkRoute } from './same-work.ts';
import { BENCH_PASSWORD, CERTIFICATE_CODE, seed, type SeededData } from './seed.ts';

/**
 * npm run bench (docs/decisions/016-performance.md, 040-same-work-floors.md): the real server as its
 * own process on a fresh embedded database, and again on a fresh PostgreSQL database when
 * BENCH_DATABASE_URL is set; every scenario driven by autocannon from another process. Each
 * scenario is measured again against its same-work floor (bench/same-work.ts: the statements the
 * server sent for it, replayed by a bare node:http server on the same driver), and a class of 40
 * learners submits at once (the classroom). Results in bench/results/latest.json and latest.md.
 *
 * Settings (environment): BENCH_CONNECTIONS (50), BENCH_DURATION (10 s), BENCH_WARMUP (3 s),
 * BENCH_ONLY (comma-separated scenario names, for a quick look), BENCH_CPU_PROF=1 (the server
 * writes a V8 CPU profile per database under bench/results/profiles), BENCH_POSTGRES_ONLY=1.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'bench/results');

const settings = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  durationSeconds: Number(process.env.BENCH_DURATION ?? 10),
  warmupSeconds: Number(process.env.BENCH_WARMUP ?? 3),
};
const only = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',')) : null;
const cpuProfile = process.env.BENCH_CPU_PROF === '1';
const postgresAdminUrl = process.env.BENCH_DATABASE_URL || undefined;
/** BENCH_POSTGRES_ONLY=1 skips the embedded run (with BENCH_DATABASE_URL), e.g. to profile PostgreSQL. */
const onlyPostgres = process.env.BENCH_POSTGRES_ONLY === '1' && postgresAdminUrl !== undefined;

type Kind = 'pglite' | 'postgres';

interface Tokens {
  admin: string;
  learners: string[];
  history: string;
}

/** The bench data and tokens, and the ids the same-work floor needs. */
interface Context {
  tokens: Tokens;
  data: SeededData;
}

interface Scenario {
  name: string;
  label: string;
  method: 'GET' | 'POST';
  /** The route, its parameters as `:name` (filled by `path`). */
  pattern: string;
  path: (data: SeededData) => string;
  /** The floors themselves: measured, never compared with a same-work floor. */
  floor?: true;
  /** Share of the same-work floor's req/s required (issue 22: reads 0.6, submission 0.5). */
  ratio?: number;
  /** p99 limit in ms, asserted on PostgreSQL. */
  p99Limit?: number;
  /** Whole attempts: open the submission quiz, then submit its draw (drive.ts `attempt`). */
  attempt?: true;
  /** A quiz never opened on every request (drive.ts `walk`): the new draw. */
  walk?: true;
  clients: (context: Context) => DriveInput['clients'];
}

const json = { 'content-type': 'application/json' };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const anonymous = () => [{ headers: {} }];
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const learners = ({ tokens }: Context) => tokens.learners.map((token) => ({ headers: bearer(token) }));

const READ = { ratio: 0.6, p99Limit: 50 };

const SCENARIOS: Scenario[] = [
  {
    name: 'health',
    label: 'GET /api/health (floor a: no database)',
    method: 'GET',
    pattern: '/api/health',
    path: () => '/api/health',
    floor: true,
    clients: anonymous,
  },
  {
    name: 'db-floor',
    label: 'GET /api/bench/db-floor (floor b: one indexed select)',
    method: 'GET',
    pattern: '/api/bench/db-floor',
    path: () => '/api/bench/db-floor',
    floor: true,
    clients: anonymous,
  },
  {
    name: 'grades',
    label: 'GET /api/grades/get-grades',
    method: 'GET',
    pattern: '/api/grades/get-grades',
    path: () => '/api/grades/get-grades',
    ...READ,
    clients: anonymous,
  },
  {
    name: 'draw-pending',
    label: 'GET /api/quizzes/{id} (the pending draw)',
    method: 'GET',
    pattern: '/api/quizzes/:quizId',
    path: (data) => `/api/quizzes/${data.quizId}`,
    ...READ,
    clients: learners,
  },
  {
    name: 'draw-new',
    label: 'GET /api/quizzes/{id} (a new draw: a quiz never opened)',
    method: 'GET',
    pattern: '/api/quizzes/:quizId',
    path: (data) => `/api/quizzes/${data.catalogueQuizIds.at(-1) ?? ''}`,
    walk: true,
    ...READ,
    clients: learners,
  },
  {
    name: 'published',
    label: 'POST /api/quizzes/published (the practice catalogue)',
    method: 'POST',
    pattern: '/api/quizzes/published',
    path: () => '/api/quizzes/published',
    ...READ,
    clients: ({ tokens, data }) =>
      tokens.learners.map((token) => ({
        headers: { ...json, ...bearer(token) },
        body: JSON.stringify({ grade: base64(data.grade) }),
      })),
  },
  {
    name: 'history',
    label: 'GET /api/quizzes/history (5,000 attempts)',
    method: 'GET',
    pattern: '/api/quizzes/history',
    path: () => '/api/quizzes/history',
    ...READ,
    clients: ({ tokens }) => [{ headers: bearer(tokens.history) }],
  },
  {
    name: 'progress',
    label: 'GET /api/certification/progress',
    method: 'GET',
    pattern: '/api/certification/progress',
    path: () => '/api/certification/progress',
    ...READ,
    clients: ({ tokens }) => [{ headers: bearer(tokens.history) }],
  },
  {
    name: 'review',
    label: 'GET /api/review (10 questions due)',
    method: 'GET',
    pattern: '/api/review',
    path: () => '/api/review',
    ...READ,
    clients: learners,
  },
  {
    name: 'parent-report',
    label: "GET /api/reports/family?days=30 (the parent's report: 2 children, 5,200 attempts)",
    method: 'GET',
    pattern: '/api/reports/family',
    path: () => '/api/reports/family?days=30',
    ...READ,
    clients: ({ tokens }) => [{ headers: bearer(tokens.history) }],
  },
  {
    name: 'credential-verify',
    label: 'POST /api/credentials/verify (by certificate code)',
    method: 'POST',
    pattern: '/api/credentials/verify',
    path: () => '/api/credentials/verify',
    ...READ,
    clients: () => [{ headers: json, body: JSON.stringify({ code: CERTIFICATE_CODE }) }],
  },
  {
    name: 'admin-quizzes',
    label: 'GET /api/admin/quizzes (10,000 quizzes)',
    method: 'GET',
    pattern: '/api/admin/quizzes',
    path: () => '/api/admin/quizzes',
    ...READ,
    clients: ({ tokens }) => [{ headers: bearer(tokens.admin) }],
  },
  {
    // An attempt as the web app makes it (decision 031): GET the quiz (a new draw once the last
    // was submitted), then POST the answers in the draw's order. req/s counts both requests.
    name: 'submit',
    label: 'GET /api/quizzes/{id} then POST /api/quizzes/submit/{id} (an attempt; both counted)',
    method: 'POST',
    pattern: '/api/quizzes/submit/:quizId',
    path: (data) => `/api/quizzes/submit/${data.submitQuiz.id}`,
    attempt: true,
    ratio: 0.5,
    p99Limit: 100,
    clients: ({ tokens, data }) =>
      tokens.learners.map((token) => ({
        headers: { ...json, ...bearer(token) },
        body: JSON.stringify({ answers: data.submitQuiz.answers }),
      })),
  },
  {
    name: 'login',
    label: 'POST /api/auth/login (argon2id)',
    method: 'POST',
    pattern: '/api/auth/login',
    path: () => '/api/auth/login',
    ratio: 0.6,
    clients: ({ data }) =>
      data.learnerEmails.map((email) => ({
        headers: json,
        body: JSON.stringify({ email, password: BENCH_PASSWORD }),
      })),
  },
];

/** One scenario's figures in bench/results/latest.json (issue 22 item 2). */
interface ScenarioResult {
  name: string;
  label: string;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  /** The same work done bare (bench/same-work.ts); null only for the floors themselves. */
  sameWorkReqPerSec: number | null;
  sameWorkP99Ms: number | null;
  /** req/s ÷ its same-work floor's, and ÷ the two plain floors. */
  ratio: { sameWork: number | null; health: number; dbFloor: number };
  target: string | null;
  met: boolean;
  failures: string[];
  /** Peak RSS of the server after this scenario, MB (VmHWM: it only grows). */
  peakRssMb: number;
  statusCodes: Record<string, number>;
}

/** 40 learners submitting at once, then reading their results (issue 22 item 3). */
interface ClassroomResult {
  learners: number;
  rounds: number;
  submit: { p50Ms: number; p99Ms: number; maxMs: number; limitMs: number };
  result: { p50Ms: number; p99Ms: number; maxMs: number; limitMs: number };
  /** Attempts answered 200 / stored in the database / expected. */
  attempts: { answered: number; stored: number; expected: number };
  met: boolean;
  failures: string[];
}

interface DatabaseRun {
  kind: Kind;
  databaseVersion: string;
  /** RSS of the server once it answers, before any login or load, MB. */
  startRssMb: number;
  peakRssMb: number;
  rssLimitMb: number;
  rssMet: boolean;
  scenarios: ScenarioResult[];
  classroom: ClassroomResult | null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function procStatusMb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

async function waitForHealth(baseUrl: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server stopped during start:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer within 120 s:\n${output()}`);
}

async function login(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`login of ${email} failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

function drive(input: DriveInput): Promise<DriveOutput> {
  // The scenario in a file: a walk's paths are too long for a command line.
  const inputFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'qq-drive-')), 'input.json');
  writeFileSync(inputFile, JSON.stringify(input));
  return new Promise<DriveOutput>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/drive.ts'), inputFile], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      try {
        resolve(JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as DriveOutput);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }).finally(() => rmSync(path.dirname(inputFile), { recursive: true, force: true }));
}

async function createPostgresDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `qq_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

const round = (value: number, digits = 0) => Number(value.toFixed(digits));

/** The server as npm start runs it: compiled JavaScript (built first by main). */
function serverArgs(): string[] {
  return ['--enable-source-maps', path.join(root, 'packages/server/dist/server.js')];
}

async function stopProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

interface Captured {
  statusCode: number;
  body: string;
  statements: CapturedStatement[];
}

/** One request through the real server, with the statements it sent (POST /api/bench/capture). */
async function capture(
  baseUrl: string,
  request: { method: 'GET' | 'POST'; url: string; headers: Record<string, string>; body?: string },
): Promise<Captured> {
  const response = await fetch(`${baseUrl}/api/bench/capture`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(request),
  });
  if (!response.ok) throw new Error(`capture of ${request.url}: ${response.status} ${await response.text()}`);
  const captured = (await response.json()) as Captured;
  if (captured.statusCode !== 200 && captured.statusCode !== 201) {
    throw new Error(`capture of ${request.method} ${request.url}: ${captured.statusCode} ${captured.body}`);
  }
  return captured;
}

/** The answers to a drawn quiz, in its order, choosing by question id what `chosen` names. */
function answersTo(body: string, chosen: Chosen): number[] {
  const drawn = JSON.parse(body) as {
    questions: Array<{ _id: string; options: Array<{ type: string; value: string }> }>;
  };
  return drawn.questions.map((question) => {
    const pick = chosen[question._id];
    return question.options.findIndex((option) => option.type === pick?.type && option.value === pick.value);
  });
}

type Chosen = Record<string, { type: string; value: string }>;

/**
 * The same-work routes of every scenario, captured from the real server while nothing else runs:
 * the second of two identical requests (the caches as they are under load), or for the new draw a
 * quiz never opened after another one, and for the attempt the draw's GET and its submission.
 */
async function captureRoutes(
  baseUrl: string,
  scenarios: Scenario[],
  context: Context,
  ids: { byToken: Record<string, string> },
  chosen: Chosen,
): Promise<SameWorkRoute[]> {
  const routes: SameWorkRoute[] = [];
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  for (const scenario of scenarios) {
    if (scenario.floor) continue;
    const [client] = scenario.clients(context);
    if (!client) throw new Error(`${scenario.name} has no client`);
    const token = (client.headers.authorization ?? '').replace(/^Bearer /, '');
    const capturedUserId = ids.byToken[token] ?? null;
    const route = (method: 'GET' | 'POST', pattern: string, url: string, captured: Captured) => ({
      scenario: scenario.name,
      method,
      pattern,
      capturedPath: url.split('?')[0] ?? url,
      statements: captured.statements,
      statusCode: captured.statusCode,
      body: captured.body,
      capturedUserId,
    });
    if (scenario.attempt) {
      const quizPath = `/api/quizzes/${context.data.submitQuiz.id}`;
      const submitPath = scenario.path(context.data);
      const headers = bearer(token);
      const attempt = async () => {
        const open = await capture(baseUrl, { method: 'GET', url: quizPath, headers });
        const body = JSON.stringify({ answers: answersTo(open.body, chosen) });
        const submit = await capture(baseUrl, {
          method: 'POST',
          url: submitPath,
          headers: { ...json, ...headers },
          body,
        });
        return { open, submit };
      };
      await attempt();
      const { open, submit } = await attempt();
      // The pending draw's id: read by the submission's first statement, written by its next ones;
      // never a parameter of the draw's GET (the database made it).
      const known = new Set([capturedUserId, context.data.submitQuiz.id]);
      const openValues = new Set(open.statements.flatMap((statement) => statement.params.map(String)));
      const drawIds = new Set(
        submit.statements
          .flatMap((statement) => statement.params)
          .filter((param): param is string => typeof param === 'string' && isUuid(param))
          .filter((param) => !known.has(param) && !openValues.has(param)),
      );
      if (drawIds.size !== 1)
        throw new Error(`the submission's draw id is not one value: ${[...drawIds].join(', ')}`);
      routes.push(route('GET', '/api/quizzes/:quizId', quizPath, open), {
        ...route('POST', scenario.pattern, submitPath, submit),
        readsBack: [...drawIds][0],
      });
      continue;
    }
    const request = {
      method: scenario.method,
      url: scenario.path(context.data),
      headers: client.headers,
      ...(client.body ? { body: client.body } : {}),
    };
    // The new draw: another learner opens the quiz first (its content then in memory, as it is
    // for all but the first of a class walking the same quizzes); this learner never has.
    const warmUp = scenario.walk
      ? { ...request, headers: scenario.clients(context)[1]?.headers ?? {} }
      : request;
    await capture(baseUrl, warmUp);
    const captured = await capture(baseUrl, request);
    routes.push({
      ...route(scenario.method, scenario.pattern, scenario.path(context.data), captured),
      ...(scenario.name === 'login' ? { password: { hash: passwordHash, body: client.body ?? '' } } : {}),
    });
  }
  return routes;
}

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return round(sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)] ?? 0, 1);
}

const CLASSROOM = { rounds: 5, submitLimitMs: 300, resultLimitMs: 100 };

/**
 * A class on one server (issue 22 item 3): every learner opens the quiz, then all submit at the
 * same moment, then all read their result; a warm-up round and CLASSROOM.rounds measured ones.
 * Latency is each request's own, from this process; what was answered is counted against the
 * attempts stored (checked by the caller once the server has stopped).
 */
async function classroom(baseUrl: string, tokens: string[], data: SeededData, chosen: Chosen) {
  const submitMs: number[] = [];
  const resultMs: number[] = [];
  let answered = 0;
  const failures: string[] = [];
  const timed = async (url: string, init: RequestInit) => {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${url}`, init);
    const body = await response.text();
    return { status: response.status, body, ms: performance.now() - started };
  };
  for (let round_ = 0; round_ <= CLASSROOM.rounds; round_ += 1) {
    const measured = round_ > 0;
    const opened = await Promise.all(
      tokens.map((token) => timed(`/api/quizzes/${data.submitQuiz.id}`, { headers: bearer(token) })),
    );
    const submitted = await Promise.all(
      tokens.map((token, index) =>
        timed(`/api/quizzes/submit/${data.submitQuiz.id}`, {
          method: 'POST',
          headers: { ...json, ...bearer(token) },
          body: JSON.stringify({ answers: answersTo(opened[index]?.body ?? '{}', chosen) }),
        }),
      ),
    );
    const attemptIds = submitted.map((answer) => {
      if (answer.status !== 201 && answer.status !== 200) {
        failures.push(`a submission answered ${answer.status}: ${answer.body.slice(0, 200)}`);
        return null;
      }
      answered += 1;
      return (JSON.parse(answer.body) as { attemptId: string }).attemptId;
    });
    const results = await Promise.all(
      tokens.map((token, index) =>
        attemptIds[index]
          ? timed(`/api/quizzes/result/${attemptIds[index]}`, { headers: bearer(token) })
          : Promise.resolve(null),
      ),
    );
    for (const result of results) {
      if (result && result.status !== 200) failures.push(`a result answered ${result.status}`);
    }
    if (measured) {
      submitMs.push(...submitted.map((answer) => answer.ms));
      resultMs.push(...results.flatMap((result) => (result ? [result.ms] : [])));
    }
  }
  const summary = (values: number[], limitMs: number) => ({
    p50Ms: percentile(values, 0.5),
    p99Ms: percentile(values, 0.99),
    maxMs: round(Math.max(...values), 1),
    limitMs,
  });
  return {
    submit: summary(submitMs, CLASSROOM.submitLimitMs),
    result: summary(resultMs, CLASSROOM.resultLimitMs),
    answered,
    failures,
  };
}

function sameWorkProcess(planFile: string): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'bench/same-work.ts'), planFile],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the same-work server did not start:\n${output}`)),
      120_000,
    );
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('same-work listening')) {
        clearTimeout(timer);
        resolve({ child, output: () => output });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the same-work server exited with ${code}:\n${output}`));
    });
  });
}

function line(kind: Kind, name: string, output: DriveOutput, suffix = ''): void {
  process.stdout.write(
    `[${kind}] ${name.padEnd(22)} ${round(output.requestsPerSecond).toString().padStart(7)} req/s  p50 ${output.p50} ms  p99 ${output.p99} ms  errors ${output.errors + output.timeouts}  non-2xx ${output.non2xx}${suffix}\n`,
  );
}

async function benchDatabase(kind: Kind): Promise<DatabaseRun> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'qq-bench-'));
  const postgres =
    kind === 'postgres' && postgresAdminUrl ? await createPostgresDatabase(postgresAdminUrl) : null;
  let server: ChildProcess | undefined;
  let sameWork: ChildProcess | undefined;
  const scenarios = SCENARIOS.filter((scenario) => !only || only.has(scenario.name) || scenario.floor);
  try {
    process.stdout.write(`\n[${kind}] seeding…\n`);
    let database = await openDatabase({ databaseUrl: postgres?.url, dataDir });
    const started = Date.now();
    const data = await seed(database, settings.connections);
    // The submission's answers by question id (a draw shows questions and options shuffled).
    const submitQuestions = await database.db
      .select({ id: questions.id, options: questions.options })
      .from(questions)
      .where(eq(questions.quizId, data.submitQuiz.id))
      .orderBy(asc(questions.position));
    const chosen: Chosen = Object.fromEntries(
      submitQuestions.map((question, index) => {
        const option = question.options[data.submitQuiz.answers[index] ?? 0];
        if (!option) throw new Error('a submission answer is out of range');
        return [question.id, { type: option.type, value: option.value }];
      }),
    );
    const people = await database.db.select({ id: users.id, email: users.email }).from(users);
    const idOf = new Map(people.map((person) => [person.email, person.id]));
    const classroomIds = data.classroomEmails.map((email) => idOf.get(email) ?? '');
    const versionRows = (await database.db.execute('select version() as version')) as unknown as
      { rows: Array<{ version: string }> } | Array<{ version: string }>;
    const databaseVersion = (Array.isArray(versionRows) ? versionRows : versionRows.rows)[0]?.version ?? '';
    await database.close();
    process.stdout.write(`[${kind}] seeded in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);

    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const env: Record<string, string | undefined> = { ...process.env };
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'APP_URL', 'TRUST_PROXY']) delete env[name];
    Object.assign(env, {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_FACTOR: '10000',
      BENCH_ROUTES: '1',
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    });
    const profileDir = path.join(resultsDir, 'profiles', kind);
    if (cpuProfile) mkdirSync(profileDir, { recursive: true });
    server = spawn(
      process.execPath,
      [...(cpuProfile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), ...serverArgs()],
      { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let serverOutput = '';
    server.stdout?.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()));
    await waitForHealth(baseUrl, server, () => serverOutput);
    const pid = server.pid ?? 0;
    const startRssMb = procStatusMb(pid, 'VmRSS');

    const tokens: Tokens = {
      admin: await login(baseUrl, data.adminEmail),
      learners: [],
      history: await login(baseUrl, data.historyEmail),
    };
    for (const email of data.learnerEmails) tokens.learners.push(await login(baseUrl, email));
    const classTokens: string[] = [];
    for (const email of data.classroomEmails) classTokens.push(await login(baseUrl, email));
    const byToken: Record<string, string> = {
      [tokens.admin]: idOf.get(data.adminEmail) ?? '',
      [tokens.history]: idOf.get(data.historyEmail) ?? '',
    };
    tokens.learners.forEach(
      (token, index) => (byToken[token] = idOf.get(data.learnerEmails[index] ?? '') ?? ''),
    );
    const context: Context = { tokens, data };

    const routes = await captureRoutes(baseUrl, scenarios, context, { byToken }, chosen);

    // The catalogue's first half is the server's to walk, the second the same-work floor's.
    const half = Math.floor(data.catalogueQuizIds.length / 2);
    const walkPaths = (ids: string[]) => ids.map((id) => `/api/quizzes/${id}`);
    const input = (scenario: Scenario, url: string, walk: string[], extra: Record<string, string> = {}) => ({
      url: `${url}${scenario.path(data)}`,
      method: scenario.method,
      clients: scenario
        .clients(context)
        .map((client) => ({ ...client, headers: { ...client.headers, ...extra } })),
      ...(scenario.attempt ? { attempt: { quizPath: `/api/quizzes/${data.submitQuiz.id}`, chosen } } : {}),
      ...(scenario.walk ? { walk: { paths: walkPaths(walk), offset: 0 } } : {}),
      ...settings,
    });

    const measured = new Map<string, { output: DriveOutput; peakRssMb: number }>();
    for (const scenario of scenarios) {
      const output = await drive(input(scenario, baseUrl, data.catalogueQuizIds.slice(0, half)));
      const peakRssMb = procStatusMb(pid, 'VmHWM');
      measured.set(scenario.name, { output, peakRssMb });
      line(kind, scenario.name, output);
    }

    const room = await classroom(baseUrl, classTokens, data, chosen);
    process.stdout.write(
      `[${kind}] classroom              ${classTokens.length} learners × ${CLASSROOM.rounds} rounds: submit p99 ${room.submit.p99Ms} ms, result p99 ${room.result.p99Ms} ms\n`,
    );
    const peakRssMb = procStatusMb(pid, 'VmHWM');
    await stopProcess(server);
    // What the server logged (warnings and errors): beside the results, to read a miss by.
    writeFileSync(path.join(resultsDir, `server-${kind}.log`), serverOutput);

    // Nothing lost: every attempt the class was answered is in the database.
    database = await openDatabase({ databaseUrl: postgres?.url, dataDir });
    const [stored] = await database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(attempts)
      .where(inArray(attempts.userId, classroomIds));
    await database.close();

    // The same work done bare, on the same data.
    const planFile = path.join(dataDir, 'same-work.json');
    const sameWorkPort = await freePort();
    const plan: SameWorkPlan = {
      port: sameWorkPort,
      ...(postgres ? { databaseUrl: postgres.url } : {}),
      dataDir,
      users: byToken,
      routes,
    };
    writeFileSync(planFile, JSON.stringify(plan));
    const bare = await sameWorkProcess(planFile);
    sameWork = bare.child;
    const sameWorkUrl = `http://127.0.0.1:${sameWorkPort}`;
    const floors = new Map<string, DriveOutput>();
    for (const scenario of scenarios) {
      if (scenario.floor) continue;
      const output = await drive(
        input(scenario, sameWorkUrl, data.catalogueQuizIds.slice(half), {
          'x-bench-scenario': scenario.name,
        }),
      );
      floors.set(scenario.name, output);
      line(kind, `${scenario.name} (same work)`, output);
    }
    await stopProcess(sameWork);
    writeFileSync(path.join(resultsDir, `same-work-${kind}.log`), bare.output());

    const plain = {
      health: measured.get('health')?.output.requestsPerSecond ?? 0,
      dbFloor: measured.get('db-floor')?.output.requestsPerSecond ?? 0,
    };
    const results = scenarios.map((scenario): ScenarioResult => {
      const entry = measured.get(scenario.name);
      if (!entry) throw new Error(`${scenario.name} was not measured`);
      const { output } = entry;
      const floor = floors.get(scenario.name) ?? null;
      const ratio = {
        sameWork: floor?.requestsPerSecond
          ? round(output.requestsPerSecond / floor.requestsPerSecond, 3)
          : null,
        health: plain.health ? round(output.requestsPerSecond / plain.health, 3) : 0,
        dbFloor: plain.dbFloor ? round(output.requestsPerSecond / plain.dbFloor, 3) : 0,
      };
      const failures: string[] = [];
      if (output.errors + output.timeouts > 0) failures.push(`${output.errors + output.timeouts} errors`);
      if (output.non2xx > 0) failures.push(`${output.non2xx} non-2xx`);
      if (floor && floor.errors + floor.timeouts + floor.non2xx > 0) {
        failures.push(`the same-work floor had ${floor.errors + floor.timeouts + floor.non2xx} errors`);
      }
      if (scenario.ratio !== undefined && (ratio.sameWork ?? 0) < scenario.ratio) {
        failures.push(`below ${scenario.ratio} × its same-work floor`);
      }
      if (kind === 'postgres' && scenario.p99Limit !== undefined && output.p99 >= scenario.p99Limit) {
        failures.push(`p99 ≥ ${scenario.p99Limit} ms`);
      }
      const targets = [
        ...(scenario.ratio !== undefined ? [`≥ ${scenario.ratio} × same work`] : []),
        ...(scenario.p99Limit !== undefined ? [`p99 < ${scenario.p99Limit} ms (PostgreSQL)`] : []),
        ...(scenario.floor ? [] : ['no errors']),
      ];
      return {
        name: scenario.name,
        label: scenario.label,
        reqPerSec: round(output.requestsPerSecond),
        p50Ms: output.p50,
        p99Ms: output.p99,
        errors: output.errors + output.timeouts,
        non2xx: output.non2xx,
        sameWorkReqPerSec: floor ? round(floor.requestsPerSecond) : null,
        sameWorkP99Ms: floor ? floor.p99 : null,
        ratio,
        target: targets.length ? targets.join('; ') : null,
        met: failures.length === 0,
        failures,
        peakRssMb: entry.peakRssMb,
        statusCodes: output.statusCodes,
      };
    });
    const expected = classTokens.length * (CLASSROOM.rounds + 1);
    const classroomFailures = [...room.failures];
    if (room.submit.p99Ms >= CLASSROOM.submitLimitMs)
      classroomFailures.push(`submit p99 ≥ ${CLASSROOM.submitLimitMs} ms`);
    if (room.result.p99Ms >= CLASSROOM.resultLimitMs)
      classroomFailures.push(`result p99 ≥ ${CLASSROOM.resultLimitMs} ms`);
    if (room.answered !== expected || (stored?.count ?? 0) !== expected) {
      classroomFailures.push(
        `attempts answered ${room.answered}, stored ${stored?.count ?? 0}, expected ${expected}`,
      );
    }
    const rssLimitMb = kind === 'postgres' ? 250 : 450;
    return {
      kind,
      databaseVersion,
      startRssMb,
      peakRssMb,
      rssLimitMb,
      rssMet: peakRssMb < rssLimitMb,
      scenarios: results,
      classroom: {
        learners: classTokens.length,
        rounds: CLASSROOM.rounds,
        submit: room.submit,
        result: room.result,
        attempts: { answered: room.answered, stored: stored?.count ?? 0, expected },
        met: classroomFailures.length === 0,
        failures: classroomFailures,
      },
    };
  } finally {
    await stopProcess(server);
    await stopProcess(sameWork);
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function machine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model ?? 'unknown',
    cores: os.availableParallelism(),
    memoryGb: round(os.totalmem() / 1024 ** 3, 1),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
  };
}

function markdown(report: {
  date: string;
  machine: ReturnType<typeof machine>;
  loadAverage: { before: number[]; after: number[] };
  settings: typeof settings;
  runs: DatabaseRun[];
}): string {
  const lines = [
    `# QuizQuest load benchmark — ${report.date}`,
    '',
    `Machine: ${report.machine.cpu}, ${report.machine.cores} cores, ${report.machine.memoryGb} GB, ${report.machine.os}, Node ${report.machine.node}.`,
    `Load average before / after: ${report.loadAverage.before.map((value) => value.toFixed(2)).join(' ')} / ${report.loadAverage.after.map((value) => value.toFixed(2)).join(' ')}.`,
    `autocannon: ${report.settings.connections} connections, ${report.settings.durationSeconds} s measured after a ${report.settings.warmupSeconds} s warm-up, from its own process on the same machine.`,
    '',
  ];
  for (const run of report.runs) {
    lines.push(
      `## ${run.kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'}`,
      '',
      `${run.databaseVersion.split(',')[0] ?? ''}. Server RSS ${run.startRssMb} MB at start, peak ${run.peakRssMb} MB (limit ${run.rssLimitMb} MB: ${run.rssMet ? 'met' : 'missed'}).`,
      '',
      '| Scenario | req/s | p50 ms | p99 ms | errors | non-2xx | same work req/s | × same work | × health | × DB floor | target | result |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|',
    );
    for (const result of run.scenarios) {
      const perCore =
        result.name === 'login' ? ` (${round(result.reqPerSec / report.machine.cores, 1)} per core)` : '';
      lines.push(
        `| ${result.label} | ${result.reqPerSec}${perCore} | ${result.p50Ms} | ${result.p99Ms} | ${result.errors} | ${result.non2xx} | ${result.sameWorkReqPerSec ?? '—'} | ${result.ratio.sameWork?.toFixed(3) ?? '—'} | ${result.ratio.health.toFixed(3)} | ${result.ratio.dbFloor.toFixed(3)} | ${result.target ?? '—'} | ${result.met ? 'met' : `missed: ${result.failures.join('; ')}`} |`,
      );
    }
    const room = run.classroom;
    if (room) {
      lines.push(
        '',
        `Classroom: ${room.learners} learners open the quiz, submit at the same moment, then read their result; ${room.rounds} rounds after a warm-up.`,
        '',
        '| Request | p50 ms | p99 ms | max ms | limit | attempts answered / stored / expected | result |',
        '|---|---:|---:|---:|---|---|---|',
        `| POST /api/quizzes/submit/{id} | ${room.submit.p50Ms} | ${room.submit.p99Ms} | ${room.submit.maxMs} | p99 < ${room.submit.limitMs} ms | ${room.attempts.answered} / ${room.attempts.stored} / ${room.attempts.expected} | ${room.met ? 'met' : `missed: ${room.failures.join('; ')}`} |`,
        `| GET /api/quizzes/result/{attemptId} | ${room.result.p50Ms} | ${room.result.p99Ms} | ${room.result.maxMs} | p99 < ${room.result.limitMs} ms | | |`,
      );
    }
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<void> {
  // The compiled server, as npm start runs it (decision 039).
  const build = spawnSync('npm', ['run', 'build:server'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build:server failed');
  const before = os.loadavg();
  const runs: DatabaseRun[] = [];
  if (!onlyPostgres) runs.push(await benchDatabase('pglite'));
  if (postgresAdminUrl) runs.push(await benchDatabase('postgres'));
  else process.stdout.write('\nBENCH_DATABASE_URL is not set: PostgreSQL skipped.\n');
  const report = {
    date: new Date().toISOString(),
    machine: machine(),
    loadAverage: { before, after: os.loadavg() },
    settings,
    runs,
  };
  mkdirSync(resultsDir, { recursive: true });
  // A partial run (BENCH_ONLY) never replaces the full figures.
  const name = only ? 'partial' : 'latest';
  writeFileSync(path.join(resultsDir, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
  const table = markdown(report);
  writeFileSync(path.join(resultsDir, `${name}.md`), table);
  process.stdout.write(`\n${table}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
