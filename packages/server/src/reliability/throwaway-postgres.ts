import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort, isRoot } from './harness.ts';

const run = promisify(execFile);

/** The newest PostgreSQL server binaries installed the Debian way (/usr/lib/postgresql/<n>/bin). */
function postgresBinDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => existsSync(path.join(root, name, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const newest = versions[0];
  if (!newest) throw new Error(`No PostgreSQL server binaries (initdb, pg_ctl) under ${root}`);
  return path.join(root, newest, 'bin');
}

export interface ThrowawayPostgres {
  /** Superuser URL of the `postgres` database. */
  adminUrl: string;
  port: number;
  /** Stops the server: 'fast' disconnects everyone cleanly, 'immediate' is a crash (recovery at next start). */
  stop: (mode?: 'fast' | 'immediate') => Promise<void>;
  start: () => Promise<void>;
  /** Stops it and removes its files. */
  destroy: () => Promise<void>;
}

/**
 * A PostgreSQL cluster of our own in a temporary folder, on a free loopback port, to stop and
 * start at will without touching the shared one on 5432. initdb refuses to run as root, so as
 * root the cluster belongs to the `postgres` user and its commands run through runuser.
 */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = postgresBinDir();
  const dir = mkdtempSync(path.join(tmpdir(), 'qq-outage-pg-'));
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  if (isRoot) {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    chownSync(dir, uid, gid);
  }
  const as = async (command: string, args: string[]) => {
    const full = path.join(bin, command);
    const [file, fileArgs] = isRoot ? ['runuser', ['-u', 'postgres', '--', full, ...args]] : [full, args];
    try {
      return await run(file, fileArgs, { cwd: dir, timeout: 60_000 });
    } catch (error) {
      const failure = error as { stdout?: string; stderr?: string; message: string };
      throw new Error(
        `${command} failed: ${failure.message}\n${failure.stdout ?? ''}${failure.stderr ?? ''}`,
      );
    }
  };
  await as('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c full_page_writes=off',
    '-c max_connections=40',
    '-c shared_buffers=16MB',
  ].join(' ');
  const start = async () => {
    await as('pg_ctl', [
      '-D',
      dataDir,
      '-o',
      options,
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      '-t',
      '60',
      'start',
    ]);
  };
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    await as('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '60', 'stop']);
  };
  await start();
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop,
    start,
    destroy: async () => {
      try {
        await stop('immediate');
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
