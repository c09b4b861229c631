import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openEmbedded, runMigrations, type Database } from '../db/index.ts';
import {
  createPostgresDatabase,
  integrityProblems,
  Ledger,
  request,
  openAndSubmit,
  restartServer,
  startServer,
  stopServer,
  until,
  type ServerInstance,
} from './harness.ts';
import { seedLoad, startLoad, type LoadSeed } from './load.ts';

/**
 * SIGKILL under a write load, then a restart: every acknowledged (201) submission is still there,
 * nothing is half-written, and the app starts cleanly, on the embedded database (with the stale
 * lock the killed process leaves) and on PostgreSQL.
 */
const ledger = new Ledger('crash');
const cleanups: Array<() => unknown> = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  ledger.write();
});

/** Acknowledged submissions to collect before the kill: enough that some are in flight when it lands. */
const ACKNOWLEDGED_BEFORE_KILL = 40;

async function crashUnderLoad(
  name: string,
  seed: LoadSeed,
  server: ServerInstance,
  afterKill: () => void,
  inspect: (check: (database: Database) => Promise<void>) => Promise<void>,
) {
  const load = await startLoad(seed, () => server.url, ledger, { workers: 8 });
  await until(
    `${ACKNOWLEDGED_BEFORE_KILL} acknowledged submissions`,
    () => (load.acknowledged.length >= ACKNOWLEDGED_BEFORE_KILL ? true : undefined),
    120_000,
  );
  const fault = ledger.inject(`SIGKILL under a write load (${name})`);
  const killedAt = Date.now();
  server.process.child.kill('SIGKILL');
  expect(await server.process.signal).toBe('SIGKILL');
  await load.stop();
  const acknowledged = [...load.acknowledged];
  // Requests sent before the kill that never got an answer: the kill landed mid-write.
  expect(load.answers.some((answer) => answer.status === 0 && answer.at < killedAt)).toBe(true);
  afterKill();

  const restarted = await restartServer(server);
  cleanups.push(() => stopServer(restarted));
  // Every acknowledged attempt is served again, to its owner.
  for (const { attemptId, learner } of acknowledged) {
    const answer = await request(restarted.url, 'GET', `/api/quizzes/result/${attemptId}`, {
      token: load.tokens[learner] ?? '',
    });
    ledger.record('result after restart', answer);
    expect(answer.status, `attempt ${attemptId} after the restart`).toBe(200);
  }
  // …and the app takes new writes.
  const quiz = seed.quizzes[0];
  if (!quiz) throw new Error('no quiz seeded');
  const key = seed.keys.get(quiz.id);
  if (!key) throw new Error('no key for the first quiz');
  const after = await openAndSubmit(restarted.url, load.tokens[0] ?? '', key);
  ledger.record('submit after restart', after);
  expect(after.status).toBe(201);

  expect(await stopServer(restarted)).toBe(0);
  await inspect(async (database) => {
    const problems = await integrityProblems(database, [
      ...acknowledged.map((item) => item.attemptId),
      String(after.body?.attemptId),
    ]);
    ledger.rowsLost += problems.missing.length;
    expect(problems.missing).toEqual([]);
    expect(problems.halfWritten).toEqual([]);
    expect(problems.orphanCertifications).toEqual([]);
    expect(problems.unearnedCertificates).toEqual([]);
    expect(problems.attempts).toBeGreaterThanOrEqual(acknowledged.length + 1);
  });
  expect(ledger.unexpected).toEqual([]);
  fault.survived();
}

describe('SIGKILL under a write load', () => {
  it('on the embedded database: nothing acknowledged is lost, the stale lock does not block', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'qq-crash-pglite-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const setup = await openEmbedded(dataDir);
    await runMigrations(setup);
    const seed = await seedLoad(setup);
    await setup.close();

    const server = await startServer('pglite', { DATA_DIR: dataDir });
    cleanups.push(() => stopServer(server));
    const lockFile = path.join(dataDir, 'quizquest.lock');
    await crashUnderLoad(
      'embedded PGlite',
      seed,
      server,
      () => {
        // The killed process could not remove its lock: the restart must see it is stale.
        expect(existsSync(lockFile)).toBe(true);
        expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(server.process.child.pid));
      },
      async (check) => {
        const database = await openEmbedded(dataDir); // also proves the clean stop released the lock
        try {
          await check(database);
        } finally {
          await database.close();
        }
      },
    );
  }, 300_000);

  it('on PostgreSQL: nothing acknowledged is lost', async () => {
    const postgres = await createPostgresDatabase();
    cleanups.push(() => postgres.drop());
    const dataDir = mkdtempSync(path.join(tmpdir(), 'qq-crash-pg-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const seed = await seedLoad(postgres.database);

    const server = await startServer('postgres', { DATA_DIR: dataDir, DATABASE_URL: postgres.url });
    cleanups.push(() => stopServer(server));
    await crashUnderLoad(
      'PostgreSQL',
      seed,
      server,
      () => {},
      (check) => check(postgres.database),
    );
  }, 300_000);
});
