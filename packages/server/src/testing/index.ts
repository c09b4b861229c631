import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openPglite, openPostgres, type Database } from '../db/index.ts';
import { users } from '../db/schema.ts';
import { hashPassword } from '../lib/passwords.ts';
import { databaseUrlWithName } from './global-setup.ts';
import { answersForDraw, type DrawnQuiz } from './quizzes.ts';

/** A fresh, migrated database for one test file: PGlite in memory, or a PostgreSQL copy of the template. */
export async function openTestDatabase(): Promise<Database> {
  const postgres = inject('postgresTemplate');
  if (postgres) {
    const name = `${postgres.prefix}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgres.adminUrl });
    await admin.connect();
    try {
      await admin.query(`create database ${name} template ${postgres.template}`);
    } finally {
      await admin.end();
    }
    return openPostgres(databaseUrlWithName(postgres.adminUrl, name), { max: 20 });
  }
  const dump = readFileSync(inject('pgliteTemplate'));
  const client = await PGlite.create({ loadDataDir: new Blob([dump]) });
  return openPglite(client);
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  outboxDir: string;
  /** Moves the app's clock. */
  clock: { now: Date; advance: (ms: number) => void };
  request: (options: InjectOptions) => Promise<LightMyRequestResponse>;
  /**
   * A learner's attempt as the web app makes it (decision 031): opens the quiz (GET, the pending
   * draw) and submits. `answers` are given as authored: per stored question, in position order, the
   * stored option's index; they are mapped to the draw's order of questions and options. Answers
   * that cannot be mapped (a wrong count, an option out of range) are sent as given, for the
   * bad-input tests; so are all of them when the quiz cannot be opened.
   */
  submitAsAuthored: (
    headers: Record<string, string>,
    quizId: string,
    answers: unknown,
  ) => Promise<LightMyRequestResponse>;
  /**
   * Opens the quiz as submitAsAuthored does (GET, the learner's pending draw) and returns the
   * answers it would send, mapped to that draw; nothing is submitted. For tests that send copies of
   * one submission (double click, concurrent copies) or call the service themselves.
   */
  openAsAuthored: (headers: Record<string, string>, quizId: string, answers: unknown) => Promise<unknown>;
  /** POSTs `{answers}` to the quiz as given (answers in the shown order of the pending draw). */
  submitShown: (
    headers: Record<string, string>,
    quizId: string,
    answers: unknown,
  ) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
}

export async function createTestContext(
  options: Partial<Pick<BuildAppOptions, 'rateLimitFactor' | 'rateLimiter' | 'jwtSecret' | 'mailer'>> & {
    database?: Database;
    /** Extra configuration variables, e.g. PAYMENT_WEBHOOK_SECRET. */
    env?: Record<string, string>;
  } = {},
): Promise<TestContext> {
  const { env, ...appOptions } = options;
  const database = appOptions.database ?? (await openTestDatabase());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'qq-test-'));
  const config = loadConfig({
    ...env,
    DATA_DIR: dataDir,
    APP_URL: 'http://localhost:3000',
    NODE_ENV: 'test',
  });
  const clock = {
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const app = await buildApp({
    config,
    database,
    jwtSecret: randomBytes(32).toString('hex'),
    now: () => clock.now,
    serveWeb: false,
    verifyResponses: true,
    ...appOptions,
  });
  await app.ready();
  const openAsAuthored = async (headers: Record<string, string>, quizId: string, answers: unknown) => {
    await app.accountCache.sync().catch(() => {});
    const opened = await app.inject({ method: 'GET', url: `/api/quizzes/${quizId}`, headers });
    // A refusal (401, 403, 404) leaves the answers as given; a server error is never expected.
    if (opened.statusCode >= 500)
      throw new Error(`GET /api/quizzes/${quizId}: ${opened.statusCode} ${opened.body}`);
    return opened.statusCode === 200
      ? answersForDraw(database, quizId, opened.json<DrawnQuiz>(), answers)
      : answers;
  };
  const submitShown = async (headers: Record<string, string>, quizId: string, answers: unknown) => {
    await app.accountCache.sync().catch(() => {});
    const response = await app.inject({
      method: 'POST',
      url: `/api/quizzes/submit/${quizId}`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ answers }),
    });
    await app.backgroundWork.idle();
    return response;
  };
  return {
    app,
    database,
    outboxDir: path.join(dataDir, 'outbox'),
    clock,
    // Tests write rows directly, behind the app's back, as only another instance or a CLI would:
    // the triggers' NOTIFY tells the app, and waiting for it keeps each request deterministic.
    request: async (injectOptions) => {
      await app.accountCache.sync().catch(() => {
        // The database is down (outage tests): the request meets the same error on its own.
      });
      const response = await app.inject(injectOptions);
      // Sign-up and forgot-password finish their work after answering: wait for it, as a user
      // waits for the mail.
      await app.backgroundWork.idle();
      return response;
    },
    submitAsAuthored: async (headers, quizId, answers) =>
      submitShown(headers, quizId, await openAsAuthored(headers, quizId, answers)),
    openAsAuthored: (headers, quizId, answers) => openAsAuthored(headers, quizId, answers),
    submitShown: (headers, quizId, answers) => submitShown(headers, quizId, answers),
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function uniqueEmail(label = 'learner'): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

export interface OutboxMail {
  to: string;
  subject: string;
  raw: string;
  link: string | null;
}

/** The mails written to the outbox for `to`, oldest first, with the link each carries. */
export function readOutbox(outboxDir: string, to: string): OutboxMail[] {
  let files: string[];
  try {
    files = readdirSync(outboxDir).sort();
  } catch {
    return [];
  }
  return files
    .map((file) => readFileSync(path.join(outboxDir, file), 'utf8'))
    .filter((raw) => new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'mi').test(raw))
    .map((raw) => {
      const unfolded = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      return {
        to,
        subject: /^Subject: (.*)$/m.exec(raw)?.[1] ?? '',
        raw: unfolded,
        link: /(http:\/\/localhost:3000\/[a-z/-]+(?:\?token=[A-Za-z0-9_-]+)?)/.exec(unfolded)?.[1] ?? null,
      };
    });
}

export function tokenFromLink(link: string | null): string {
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) throw new Error(`No token in ${link}`);
  return token;
}

export const TEST_PASSWORD = 'Quiz-Quest-Test-42';

/** Inserts a user straight into the database (fast set-up for tests that are not about sign-up). */
export async function insertUser(
  database: Database,
  values: {
    email?: string;
    role?: 'learner' | 'admin';
    isVerified?: boolean;
    grade?: string;
    password?: string;
  } = {},
) {
  const email = values.email ?? uniqueEmail(values.role ?? 'learner');
  const [user] = await database.db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(values.password ?? TEST_PASSWORD),
      role: values.role ?? 'learner',
      firstName: 'Test',
      lastName: values.role === 'admin' ? 'Admin' : 'Learner',
      grade: values.grade ?? 'c-3',
      isVerified: values.isVerified ?? true,
    })
    .returning();
  if (!user) throw new Error('insertUser failed');
  return { ...user, email };
}

/** Adds a child to `accountId`'s account straight into the database (decision 035). */
export async function insertChild(
  database: Database,
  accountId: string,
  values: { firstName?: string; grade?: string } = {},
) {
  const [child] = await database.db
    .insert(users)
    .values({
      accountId,
      firstName: values.firstName ?? 'Second',
      lastName: 'Child',
      grade: values.grade ?? 'c-2',
      isVerified: true,
    })
    .returning();
  if (!child) throw new Error('insertChild failed');
  return child;
}

/** Logs in through the API and returns the bearer header for later requests. */
export async function loginAs(context: TestContext, email: string, password = TEST_PASSWORD) {
  const response = await context.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const body = response.json<{ token: string }>();
  return { authorization: `Bearer ${body.token}` };
}

/** Counts rows of a table, for asserting that bad input stored nothing. */
export async function countRows(database: Database, table: string): Promise<number> {
  const result = (await database.db.execute(`select count(*)::int as count from ${table}`)) as unknown as
    { rows: Array<{ count: number }> } | Array<{ count: number }>;
  const rows = Array.isArray(result) ? result : result.rows;
  return Number(rows[0]?.count ?? 0);
}
