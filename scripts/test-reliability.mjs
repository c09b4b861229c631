// npm run test:reliability: the reliability suite (races across instances, SIGKILL, database
// outage, start-up errors; packages/server/src/reliability) and the security suite
// (packages/server/src/security), then one table of what they injected and what survived.
// Exits non-zero when a test failed, a suite did not report, a row was lost or a 5xx was seen.
// See docs/decisions/015-reliability.md.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = mkdtempSync(path.join(tmpdir(), 'qq-reliability-'));
const started = Date.now();

/** Suites that must report: a missing report means the file crashed before its end. */
const EXPECTED = ['races', 'crash', 'outage', 'startup-errors'];
const SECURITY_DIR = 'packages/server/src/security';

function vitest(label, args) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync('npx', ['vitest', 'run', ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, QQ_RELIABILITY_OUT: out },
  });
  return { label, passed: result.status === 0 };
}

const runs = [
  vitest('Reliability: races, crashes, outages, start-up errors', [
    '--config',
    'packages/server/src/reliability/vitest.config.ts',
  ]),
];
if (existsSync(path.join(root, SECURITY_DIR))) {
  runs.push(vitest('Security: authorization, hostile input, tokens', ['--project', 'server', SECURITY_DIR]));
}

/** The first number among `keys` in a report (suites written by different hands name them a little differently). */
function pick(report, keys) {
  for (const key of keys) if (typeof report[key] === 'number') return report[key];
  return 0;
}

const reports = readdirSync(out)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map((file) => {
    const report = JSON.parse(readFileSync(path.join(out, file), 'utf8'));
    const faults = Array.isArray(report.faults) ? report.faults : [];
    return {
      suite: String(report.suite ?? path.basename(file, '.json')),
      injected: pick(report, ['faultsInjected']) || faults.length,
      survived: pick(report, ['survived']) || faults.filter((fault) => fault.survived).length,
      rowsLost: pick(report, ['rowsLost']),
      hostile: pick(report, ['hostileInputs', 'inputsTried', 'tried']),
      fiveXx: pick(report, ['serverErrors', 'fiveXx', 'status5xx']),
      requests: pick(report, ['requests']),
      outage503: pick(report, ['outage503']),
      failedFaults: faults.filter((fault) => !fault.survived).map((fault) => fault.name),
      unexpected: Array.isArray(report.unexpected) ? report.unexpected : [],
    };
  });
rmSync(out, { recursive: true, force: true });

const total = reports.reduce(
  (sum, row) => ({
    suite: 'Total',
    injected: sum.injected + row.injected,
    survived: sum.survived + row.survived,
    rowsLost: sum.rowsLost + row.rowsLost,
    hostile: sum.hostile + row.hostile,
    fiveXx: sum.fiveXx + row.fiveXx,
  }),
  { suite: 'Total', injected: 0, survived: 0, rowsLost: 0, hostile: 0, fiveXx: 0 },
);

const columns = [
  ['Suite', 'suite'],
  ['Faults injected', 'injected'],
  ['Survived', 'survived'],
  ['Rows lost', 'rowsLost'],
  ['Hostile inputs tried', 'hostile'],
  ['5xx seen', 'fiveXx'],
];
const rows = [...reports, total];
const widths = columns.map(([title, key]) =>
  Math.max(title.length, ...rows.map((row) => String(row[key]).length)),
);
const line = (cells) =>
  `| ${cells.map((cell, index) => (index === 0 ? cell.padEnd(widths[index]) : cell.padStart(widths[index]))).join(' | ')} |`;
const rule = `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`;

console.log('\n=== Reliability summary ===\n');
console.log(line(columns.map(([title]) => title)));
console.log(rule);
for (const row of reports) console.log(line(columns.map(([, key]) => String(row[key]))));
console.log(rule);
console.log(line(columns.map(([, key]) => String(total[key]))));
const requests = reports.reduce((sum, row) => sum + row.requests, 0);
const outage503 = reports.reduce((sum, row) => sum + row.outage503, 0);
console.log(
  `\n${requests} HTTP requests to real server processes; ${outage503} answered 503 while PostgreSQL was down` +
    ' (the expected answer, not counted as 5xx seen).',
);

const problems = [];
for (const run of runs) if (!run.passed) problems.push(`${run.label}: tests failed`);
for (const suite of EXPECTED) {
  if (!reports.some((row) => row.suite === suite))
    problems.push(`${suite}: no report (the suite did not finish)`);
}
for (const row of reports) {
  for (const name of row.failedFaults) problems.push(`${row.suite}: did not survive "${name}"`);
  for (const text of row.unexpected) problems.push(`${row.suite}: unexpected ${text}`);
}
if (total.rowsLost > 0) problems.push(`${total.rowsLost} acknowledged rows lost`);
if (total.fiveXx > 0) problems.push(`${total.fiveXx} unexpected 5xx answers`);

console.log(`\nTook ${Math.round((Date.now() - started) / 1000)} s.`);
if (problems.length > 0) {
  console.log(`\nFAILED:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  process.exit(1);
}
console.log('\nAll faults survived: no rows lost, no 5xx.');
