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
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverRoot, script), ...args], {
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
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited,
    waitFor: (text, timeoutMs = 45_000) =>
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
