// npm start: builds the web app and the server when a build is missing or older than its
// sources, then runs the compiled server (migrations, demo admin and content pack happen at
// server start).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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

const builds = [
  {
    name: 'the web app',
    output: 'packages/web/dist/index.html',
    sources: [
      'packages/web/src',
      'packages/web/index.html',
      'packages/web/vite.config.ts',
      'packages/shared/src',
    ],
    command: ['run', 'build', '-w', '@quizquest/web'],
  },
  {
    name: 'the server',
    output: 'packages/server/dist/server.js',
    sources: ['packages/server/src', 'packages/shared/src', 'scripts/build-server.mjs'],
    command: ['run', 'build:server'],
  },
];
for (const { name, output, sources, command } of builds) {
  const target = path.join(root, output);
  const built = existsSync(target) ? statSync(target).mtimeMs : 0;
  if (built === 0 || sources.some((source) => newestMtime(path.join(root, source)) > built)) {
    console.log(`Building ${name}…`);
    const result = spawnSync('npm', command, { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

// The compiled server, straight under this process (no npm or CLI in between that a SIGKILL of
// this one would orphan); its source map makes stack traces point at the TypeScript sources.
const server = spawn(
  process.execPath,
  ['--enable-source-maps', path.join(root, 'packages/server/dist/server.js')],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
