import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../lib/database-errors.ts';
import {
  createPostgresDatabase,
  integrityProblems,
  Ledger,
  startServer,
  stopServer,
  until,
  type Answer,
  type ServerInstance,
} from './harness.ts';
import { seedLoad, startLoad, type LoadSeed, type RunningLoad } from './load.ts';
import { startThrowawayPostgres, type ThrowawayPostgres } from './throwaway-postgres.ts';

/**
 * PostgreSQL stops under a write load and comes back: while it is down every request fails fast
 * with 503 and a message; once it is back requests succeed again without restarting the app, and
 * nothing acknowledged is lost. Uses a cluster of its own, never the shared one.
 */
const ledger = new Ledger('outage');
let cluster: ThrowawayPostgres;
let postgres: Awaited<ReturnType<typeof createPostgresDatabase>>;
let server: ServerInstance;
let seed: LoadSeed;
let load: RunningLoad;
const dataDir = mkdtempSync(path.join(tmpdir(), 'qq-outage-'));

/** While the database is down (from the stop call until the start returned), a 503 is the right answer. */
const outages: Array<{ from: number; to: number }> = [];
const duringOutage = (answer: Answer) =>
  outages.some((outage) => answer.at + answer.ms >= outage.from && answer.at <= outage.to);

/** A fast failure is far below the 20 s the client waits and below the pool's 5 s connect timeout. */
const FAIL_FAST_MS = 3_000;

beforeAll(async () => {
  cluster = await startThrowawayPostgres();
  postgres = await createPostgresDatabase(cluster.adminUrl);
  seed = await seedLoad(postgres.database, 2);
  server = await startServer('outage', { DATABASE_URL: postgres.url, DATA_DIR: dataDir });
  load = await startLoad(seed, () => server.url, ledger, { workers: 4, allow503: duringOutage });
}, 300_000);

afterAll(async () => {
  await load?.stop();
  if (server) await stopServer(server);
  await postgres?.drop().catch(() => {});
  await cluster?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
  ledger.write();
});

const answersAfter = (time: number) => load.answers.filter((answer) => answer.at > time);

async function outage(mode: 'fast' | 'immediate') {
  const fault = ledger.inject(`PostgreSQL stopped (${mode}) under a write load`);
  const before = load.acknowledged.length;
  await until('acknowledged submissions before the outage', () =>
    load.acknowledged.length >= before + 10 ? true : undefined,
  );

  const window = { from: Date.now(), to: Number.POSITIVE_INFINITY };
  outages.push(window);
  await cluster.stop(mode);
  const down = Date.now();
  await until('answers while the database is down', () =>
    answersAfter(down).length >= 20 ? true : undefined,
  );
  const whileDown = answersAfter(down);
  expect(server.process.child.exitCode, `the server exited:\n${server.process.output()}`).toBeNull();
  for (const answer of whileDown) {
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
    expect(answer.ms).toBeLessThan(FAIL_FAST_MS);
  }

  await cluster.start();
  window.to = Date.now();
  const up = window.to;
  const recovered = load.acknowledged.length;
  await until('acknowledged submissions after the database is back', () =>
    load.acknowledged.length >= recovered + 10 ? true : undefined,
  );
  // Back without a restart: the same server process answers, and only with successes.
  expect(server.process.child.exitCode, `the server exited:\n${server.process.output()}`).toBeNull();
  const afterwards = answersAfter(up);
  expect(afterwards.filter((answer) => answer.status !== 201)).toEqual([]);
  fault.survived();
}

describe('database outage under a write load', () => {
  it('PostgreSQL shut down: 503 fast while down, successes once it is back', async () => {
    await outage('fast');
  });

  it('PostgreSQL crashed (immediate stop, recovery at start): the same', async () => {
    await outage('immediate');
  });

  it('lost nothing acknowledged and answered no other 5xx', async () => {
    await load.stop();
    expect(load.answers.filter((answer) => answer.status === 0)).toEqual([]); // the app never went away
    const problems = await integrityProblems(
      postgres.database,
      load.acknowledged.map((item) => item.attemptId),
    );
    ledger.rowsLost += problems.missing.length;
    expect(problems.missing).toEqual([]);
    expect(problems.halfWritten).toEqual([]);
    expect(problems.orphanCertifications).toEqual([]);
    expect(ledger.unexpected).toEqual([]);
  });
});
