import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** Resolves when the output contains `text`, rejects if the process exits first or after the timeout. */
  waitFor: (text: string | RegExp, timeoutMs?: number) => Promise<void>;
}

/** Runs a server-package script (e.g. src/server.ts) in one node process with the tsx loader, as `npm start` does. */
export function runScript(script: string, env: Record<string, string>, args: string[] = []): RunningProcess {
  return runWatched(process.execPath, ['--import', 'tsx', path.join(serverRoot, script), ...args], env);
}

/**
 * Runs `command` in the server package with a minimal environment, collecting its output so a test
 * can wait for a line of it; `signal` is the signal that ended it, if any.
 */
export function runWatched(
  command: string,
  args: string[],
  env: Record<string, string>,
  defaultTimeoutMs = 45_000,
): RunningProcess & { signal: Promise<NodeJS.Signals | null> } {
  const child = spawn(command, args, {
    cwd: serverRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    listeners.forEach((listener) => listener());
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const done = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.on('exit', (code, signal) => resolve([code, signal])),
  );
  const exited = done.then(([code]) => code);
  return {
    child,
    output: () => output,
    exited,
    signal: done.then(([, signal]) => signal),
    waitFor: (text, timeoutMs = defaultTimeoutMs) =>
      new Promise<void>((resolve, reject) => {
        const matches = () => (typeof text === 'string' ? output.includes(text) : text.test(output));
        if (matches()) return resolve();
        const timer = setTimeout(
          () => finish(new Error(`Timed out waiting for ${text}; output:\n${output}`)),
          timeoutMs,
        );
        const check = () => matches() && finish();
        const finish = (error?: Error) => {
          clearTimeout(timer);
          listeners.delete(check);
          if (error) reject(error);
          else resolve();
        };
        listeners.add(check);
        void exited.then((code) => {
          if (!matches()) finish(new Error(`Process exited (${code}) before ${text}; output:\n${output}`));
        });
      }),
  };
}
