// The first start of a fresh install (issue 17): the server on an empty embedded database (PGlite
// under a new data folder) runs its migrations, creates the demo admin and loads the whole bundled
// content pack. Measures the seconds until GET /api/health answers and the content is in, and the
// server's peak resident memory (Linux: VmHWM), against budgets of 30 s and 600 MB. It runs the
// compiled server as npm start does, built first (npm run build:server).
// Run: npm run bench:first-start
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUDGET_SECONDS = 30;
const BUDGET_PEAK_MB = 600;
const serverBundle = path.join(root, 'packages/server/dist/server.js');

// Always built first (under a second): a stale bundle would measure old code.
const build = spawnSync('npm', ['run', 'build:server'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const port = 4100 + Math.floor(Math.random() * 90);
const dataDir = mkdtempSync(path.join(tmpdir(), 'qq-first-start-'));

const started = performance.now();
const server = spawn(process.execPath, ['--enable-source-maps', serverBundle], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'production' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
server.stdout.on('data', (chunk) => (output += chunk));
server.stderr.on('data', (chunk) => (output += chunk));

function peakMemoryMb() {
  try {
    const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
    const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return null;
  }
}

async function ready() {
  try {
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    return health.ok;
  } catch {
    return false;
  }
}

let seconds = null;
let peak = null;
try {
  while (performance.now() - started < 180_000) {
    if (server.exitCode !== null) throw new Error(`the server stopped:\n${output}`);
    peak = peakMemoryMb() ?? peak;
    if (await ready()) {
      seconds = (performance.now() - started) / 1000;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (seconds === null) throw new Error(`no answer within 180 s:\n${output}`);
  peak = peakMemoryMb() ?? peak;
  const loaded = /Content: loaded \d+ quizzes/.exec(output)?.[0] ?? '';
  console.log(
    `First start on an empty PGlite database: ${seconds.toFixed(1)} s (budget ${BUDGET_SECONDS} s), peak memory ${peak ?? '?'} MB (budget ${BUDGET_PEAK_MB} MB)`,
  );
  console.log(loaded || 'The content pack was not loaded (no "Content: loaded" line).');
  // Without /proc (not Linux) the peak is not measured: only the time is checked.
  const withinBudgets = seconds <= BUDGET_SECONDS && (peak === null || peak <= BUDGET_PEAK_MB);
  process.exitCode = loaded && withinBudgets ? 0 : 1;
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
