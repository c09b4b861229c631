// npm start: builds the web app when its build is missing or older than its sources, then runs
// the server (migrations, demo admin and content pack happen at server start).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distIndex = path.join(root, 'packages/web/dist/index.html');

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, entry) =>
      entry === 'node_modules' ? newest : Math.max(newest, newestMtime(path.join(target, entry))),
    stat.mtimeMs,
  );
}

const sources = [
  'packages/web/src',
  'packages/web/index.html',
  'packages/web/vite.config.ts',
  'packages/shared/src',
];
const built = existsSync(distIndex) ? statSync(distIndex).mtimeMs : 0;
if (built === 0 || sources.some((source) => newestMtime(path.join(root, source)) > built)) {
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// One node process with the tsx loader (not the tsx CLI, which forks a second process that a
// SIGKILL of the first would orphan).
const server = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(root, 'packages/server/src/server.ts')],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
