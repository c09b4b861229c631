import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { insertQuiz } from '../testing/quizzes.ts';
import {
  createPostgresDatabase,
  freePort,
  isRoot,
  JWT_SECRET,
  Ledger,
  runCommand,
  serverCommand,
} from './harness.ts';

/**
 * Start-up against a broken environment: a read-only or full data folder, a data folder that is
 * a file, an unreachable PostgreSQL, a busy port. Each gives one clear line and exit code 1,
 * never a stack trace.
 */
const ledger = new Ledger('startup-errors');
const scratch = mkdtempSync(path.join(tmpdir(), 'qq-startup-errors-'));
chmodSync(scratch, 0o755);

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
  ledger.write();
});

/** Runs the server (behind `wrapper`) and expects it to refuse to start with exactly `message`. */
async function expectRefusal(
  fault: string,
  env: Record<string, string>,
  message: string | RegExp,
  wrapper: string[] = [],
) {
  const injected = ledger.inject(fault);
  const port = await freePort();
  const [command, args] = serverCommand(wrapper);
  const run = runCommand(command, args, {
    HOST: '127.0.0.1',
    PORT: String(port),
    JWT_SECRET,
    LOG_LEVEL: 'warn',
    ...env,
  });
  // A server that starts anyway would never exit: give it a minute, then stop it and fail.
  const guard = setTimeout(() => run.child.kill('SIGKILL'), 60_000);
  const code = await run.exited;
  clearTimeout(guard);
  const output = run.output().trim();
  expect(code, output).toBe(1);
  // One line, nothing else.
  if (typeof message === 'string') expect(output).toBe(`QuizQuest cannot start: ${message}`);
  else expect(output).toMatch(new RegExp(`^QuizQuest cannot start: ${message.source}$`));
  injected.survived();
}

// Independent short-lived processes: run side by side.
describe.concurrent('start-up errors', () => {
  it('a read-only data folder', async () => {
    const dataDir = path.join(scratch, 'read-only');
    mkdirSync(dataDir, { mode: 0o555 });
    chmodSync(dataDir, 0o555);
    // root ignores file permissions: as root the server runs as `nobody`, as anyone else it runs as is.
    const wrapper = isRoot ? ['runuser', '-u', 'nobody', '--'] : [];
    await expectRefusal(
      'read-only data folder',
      { DATA_DIR: dataDir },
      `Cannot write to the data folder ${dataDir}: it is read-only.`,
      wrapper,
    );
  });

  it('a data folder that is a file', async () => {
    const dataDir = path.join(scratch, 'a-file');
    writeFileSync(dataDir, 'not a folder');
    await expectRefusal(
      'data folder is a file',
      { DATA_DIR: dataDir },
      `Cannot write to the data folder ${dataDir}: it is not a folder.`,
    );
  });

  describe('a full disk (a 1 MB tmpfs mounted in a private mount namespace)', () => {
    /**
     * `unshare` gives the server a mount namespace of its own where the tiny tmpfs exists: nothing
     * leaks to the machine. Root may mount directly; anyone else needs a user namespace (-r).
     */
    const onTinyDisk = (mountPoint: string, fill: boolean) => [
      'unshare',
      ...(isRoot ? [] : ['--user', '--map-root-user']),
      '--mount',
      '--propagation',
      'private',
      'sh',
      '-c',
      `mount -t tmpfs -o size=1m quizquest-full "$0" && ${fill ? 'head -c 2M /dev/zero > "$0/filler" 2>/dev/null; ' : ''}exec "$@"`,
      mountPoint,
    ];

    it('no room for a new database', async () => {
      const mountPoint = path.join(scratch, 'tiny');
      mkdirSync(mountPoint);
      await expectRefusal(
        'disk too small for a new database',
        { DATA_DIR: mountPoint },
        new RegExp(
          `Cannot create the database in the data folder ${mountPoint}: the disk is full \\([01] MB free, 64 MB needed\\)\\.`,
        ),
        onTinyDisk(mountPoint, false),
      );
    });

    it('no room at all', async () => {
      const mountPoint = path.join(scratch, 'full');
      mkdirSync(mountPoint);
      await expectRefusal(
        'disk full',
        { DATA_DIR: mountPoint },
        `Cannot write to the data folder ${mountPoint}: the disk is full.`,
        onTinyDisk(mountPoint, true),
      );
    });
  });

  it('PostgreSQL unreachable', async () => {
    const port = await freePort(); // nothing listens there
    await expectRefusal(
      'PostgreSQL unreachable at start',
      {
        DATA_DIR: path.join(scratch, 'pg-down'),
        DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/quizquest`,
      },
      `Cannot reach PostgreSQL at 127.0.0.1:${port} (ECONNREFUSED): check that it is running and that DATABASE_URL is right.`,
    );
  });

  it('the port is already taken', async () => {
    // The port is taken last, once the database is ready: PostgreSQL with one quiz (no content pack
    // to load) gets there quickly.
    const postgres = await createPostgresDatabase();
    await insertQuiz(postgres.database);
    const blocker: Server = createServer();
    const port = await new Promise<number>((resolve) =>
      blocker.listen(0, '127.0.0.1', () => {
        const address = blocker.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      }),
    );
    try {
      await expectRefusal(
        'port already in use',
        { PORT: String(port), DATA_DIR: path.join(scratch, 'busy-port'), DATABASE_URL: postgres.url },
        `Port ${port} is already in use: stop the program using it or set PORT to another port.`,
      );
    } finally {
      blocker.close();
      await postgres.drop();
    }
  });
});
