import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { asc, eq } from 'drizzle-orm';
import { openDatabase } from '../packages/server/src/db/index.ts';
import { questions } from '../packages/server/src/db/schema.ts';
import type { DriveInput, DriveOutput } from './drive.ts';
import { BENCH_PASSWORD, seed, type SeededData } from './seed.ts';

/**
 * npm run bench (docs/decisions/016-performance.md): the real server as its own process on a fresh
 * embedded database, and again on a fresh PostgreSQL database when BENCH_DATABASE_URL is set;
 * every scenario driven by autocannon from another process; results in bench/results.
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
type Floor = 'health' | 'dbFloor';

interface Scenario {
  name: string;
  label: string;
  method: 'GET' | 'POST';
  path: string;
  /** Which floor the target is measured against, and the share of it required. */
  target?: { floor: Floor; ratio: number };
  /** p99 limit in ms, asserted on PostgreSQL. */
  p99Limit?: number;
  /** Whole attempts: open the submission quiz, then submit its draw (drive.ts `attempt`). */
  attempt?: true;
  clients: (auth: Tokens, data: SeededData) => DriveInput['clients'];
}

interface Tokens {
  admin: string;
  learners: string[];
  history: string;
}

const json = { 'content-type': 'application/json' };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const anonymous = () => [{ headers: {} }];
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

const SCENARIOS: Scenario[] = [
  {
    name: 'health',
    label: 'GET /api/health (floor a: no database)',
    method: 'GET',
    path: '/api/health',
    clients: anonymous,
  },
  {
    name: 'db-floor',
    label: 'GET /api/bench/db-floor (floor b: one indexed select)',
    method: 'GET',
    path: '/api/bench/db-floor',
    clients: anonymous,
  },
  {
    name: 'grades',
    label: 'GET /api/grades/get-grades',
    method: 'GET',
    path: '/api/grades/get-grades',
    target: { floor: 'health', ratio: 0.3 },
    p99Limit: 50,
    clients: anonymous,
  },
  {
    name: 'quiz',
    label: 'GET /api/quizzes/{id}',
    method: 'GET',
    path: '/api/quizzes/:quizId',
    target: { floor: 'health', ratio: 0.3 },
    p99Limit: 50,
    clients: (auth) => auth.learners.map((token) => ({ headers: bearer(token) })),
  },
  {
    name: 'published',
    label: 'POST /api/quizzes/published (the practice catalogue)',
    method: 'POST',
    path: '/api/quizzes/published',
    target: { floor: 'health', ratio: 0.3 },
    p99Limit: 50,
    clients: (auth, data) =>
      auth.learners.map((token) => ({
        headers: { ...json, ...bearer(token) },
        body: JSON.stringify({ grade: base64(data.grade) }),
      })),
  },
  {
    name: 'history',
    label: 'GET /api/quizzes/history (5,000 attempts)',
    method: 'GET',
    path: '/api/quizzes/history',
    target: { floor: 'dbFloor', ratio: 0.5 },
    p99Limit: 50,
    clients: (auth) => [{ headers: bearer(auth.history) }],
  },
  {
    name: 'progress',
    label: 'GET /api/certification/progress',
    method: 'GET',
    path: '/api/certification/progress',
    target: { floor: 'dbFloor', ratio: 0.5 },
    p99Limit: 50,
    clients: (auth) => [{ headers: bearer(auth.history) }],
  },
  {
    name: 'admin-quizzes',
    label: 'GET /api/admin/quizzes (10,000 quizzes)',
    method: 'GET',
    path: '/api/admin/quizzes',
    target: { floor: 'dbFloor', ratio: 0.5 },
    p99Limit: 50,
    clients: (auth) => [{ headers: bearer(auth.admin) }],
  },
  {
    // An attempt as the web app makes it (decision 031): GET the quiz (a new draw once the last
    // was submitted), then POST the answers in the draw's order. req/s counts both requests.
    name: 'submit',
    label: 'GET /api/quizzes/{id} then POST /api/quizzes/submit/{id} (an attempt; both counted)',
    method: 'POST',
    path: '/api/quizzes/submit/:submitQuizId',
    attempt: true,
    target: { floor: 'dbFloor', ratio: 0.25 },
    p99Limit: 100,
    clients: (auth, data) =>
      auth.learners.map((token) => ({
        headers: { ...json, ...bearer(token) },
        body: JSON.stringify({ answers: data.submitQuiz.answers }),
      })),
  },
  {
    name: 'login',
    label: 'POST /api/auth/login (argon2id)',
    method: 'POST',
    path: '/api/auth/login',
    clients: (_auth, data) =>
      data.learnerEmails.map((email) => ({
        headers: json,
        body: JSON.stringify({ email, password: BENCH_PASSWORD }),
      })),
  },
];

interface ScenarioResult extends DriveOutput {
  name: string;
  label: string;
  ratio: { health: number; dbFloor: number };
  target: string | null;
  /** Peak RSS of the server after this scenario, MB (VmHWM: it only grows). */
  peakRssMb: number;
  failures: string[];
}

interface DatabaseRun {
  kind: Kind;
  databaseVersion: string;
  /** RSS of the server once it answers, before any login or load, MB. */
  startRssMb: number;
  peakRssMb: number;
  rssLimitMb: number;
  scenarios: ScenarioResult[];
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
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'bench/drive.ts'), JSON.stringify(input)],
      { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
    );
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
  });
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

async function benchDatabase(kind: Kind): Promise<DatabaseRun> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'qq-bench-'));
  const postgres =
    kind === 'postgres' && postgresAdminUrl ? await createPostgresDatabase(postgresAdminUrl) : null;
  let server: ChildProcess | undefined;
  try {
    process.stdout.write(`\n[${kind}] seeding…\n`);
    const database = await openDatabase({ databaseUrl: postgres?.url, dataDir });
    const started = Date.now();
    const data = await seed(database, settings.connections);
    // The submission's answers by question id (a draw shows questions and options shuffled).
    const submitQuestions = await database.db
      .select({ id: questions.id, options: questions.options })
      .from(questions)
      .where(eq(questions.quizId, data.submitQuiz.id))
      .orderBy(asc(questions.position));
    const chosen = Object.fromEntries(
      submitQuestions.map((question, index) => {
        const option = question.options[data.submitQuiz.answers[index] ?? 0];
        if (!option) throw new Error('a submission answer is out of range');
        return [question.id, { type: option.type, value: option.value }];
      }),
    );
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
      [
        ...(cpuProfile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
        '--import',
        'tsx',
        path.join(root, 'packages/server/src/server.ts'),
      ],
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

    const measured: Array<{ scenario: Scenario; output: DriveOutput; peakRssMb: number }> = [];
    for (const scenario of SCENARIOS) {
      if (only && !only.has(scenario.name) && scenario.name !== 'health' && scenario.name !== 'db-floor')
        continue;
      const url = `${baseUrl}${scenario.path.replace(':quizId', data.quizId).replace(':submitQuizId', data.submitQuiz.id)}`;
      const output = await drive({
        url,
        method: scenario.method,
        clients: scenario.clients(tokens, data),
        ...(scenario.attempt ? { attempt: { quizPath: `/api/quizzes/${data.submitQuiz.id}`, chosen } } : {}),
        ...settings,
      });
      const peakRssMb = procStatusMb(pid, 'VmHWM');
      measured.push({ scenario, output, peakRssMb });
      process.stdout.write(
        `[${kind}] ${scenario.name.padEnd(14)} ${round(output.requestsPerSecond).toString().padStart(7)} req/s  p50 ${output.p50} ms  p99 ${output.p99} ms  errors ${output.errors + output.timeouts}  non-2xx ${output.non2xx}\n`,
      );
    }
    const floorOf = (name: string) =>
      measured.find((entry) => entry.scenario.name === name)?.output.requestsPerSecond ?? 0;
    const floors = { health: floorOf('health'), dbFloor: floorOf('db-floor') };
    const peakRssMb = procStatusMb(pid, 'VmHWM');
    const scenarios = measured.map(({ scenario, output, peakRssMb: peak }): ScenarioResult => {
      const ratio = {
        health: floors.health ? round(output.requestsPerSecond / floors.health, 3) : 0,
        dbFloor: floors.dbFloor ? round(output.requestsPerSecond / floors.dbFloor, 3) : 0,
      };
      const failures: string[] = [];
      if (output.errors + output.timeouts > 0) failures.push(`${output.errors + output.timeouts} errors`);
      if (output.non2xx > 0) failures.push(`${output.non2xx} non-2xx`);
      if (scenario.target && ratio[scenario.target.floor] < scenario.target.ratio) {
        failures.push(
          `below ${scenario.target.ratio * 100}% of ${scenario.target.floor === 'health' ? 'health' : 'the DB floor'}`,
        );
      }
      if (kind === 'postgres' && scenario.p99Limit !== undefined && output.p99 >= scenario.p99Limit) {
        failures.push(`p99 ≥ ${scenario.p99Limit} ms`);
      }
      return {
        name: scenario.name,
        label: scenario.label,
        ...output,
        requestsPerSecond: round(output.requestsPerSecond),
        ratio,
        target: scenario.target
          ? `≥ ${scenario.target.ratio * 100}% of ${scenario.target.floor === 'health' ? 'health' : 'DB floor'}`
          : null,
        peakRssMb: peak,
        failures,
      };
    });
    return {
      kind,
      databaseVersion,
      startRssMb,
      peakRssMb,
      rssLimitMb: kind === 'postgres' ? 300 : 600,
      scenarios,
    };
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
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
      `${run.databaseVersion.split(',')[0] ?? ''}. Server RSS ${run.startRssMb} MB at start, peak ${run.peakRssMb} MB (limit ${run.rssLimitMb} MB).`,
      '',
      '| Scenario | req/s | p50 ms | p99 ms | errors | non-2xx | × health | × DB floor | target | result |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---|---|',
    );
    for (const result of run.scenarios) {
      const perCore =
        result.name === 'login'
          ? ` (${round(result.requestsPerSecond / report.machine.cores, 1)} per core)`
          : '';
      lines.push(
        `| ${result.label} | ${result.requestsPerSecond}${perCore} | ${result.p50} | ${result.p99} | ${result.errors + result.timeouts} | ${result.non2xx} | ${result.ratio.health.toFixed(3)} | ${result.ratio.dbFloor.toFixed(3)} | ${result.target ?? '—'} | ${result.failures.length ? `missed: ${result.failures.join('; ')}` : 'met'} |`,
      );
    }
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<void> {
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
