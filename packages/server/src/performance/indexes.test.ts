import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CapturedQuery, Database } from '../db/index.ts';
import { ACCOUNT_CHANGED_CHANNEL } from '../lib/account-cache.ts';
import { QUIZ_CHANGED_CHANNEL } from '../lib/quiz-cache.ts';
import { insertCertifications, subLevelIdsOf, subscribe } from '../testing/certification.ts';
import { createTestContext, insertUser, loginAs, TEST_PASSWORD, type TestContext } from '../testing/index.ts';
import { answersFor, insertQuiz, type TestQuiz } from '../testing/quizzes.ts';

/**
 * Every hot query can use an index (issue #8, docs/decisions/016-performance.md). The statements
 * are the ones the app really sends, captured from each hot endpoint, then EXPLAINed with their
 * parameters. Test tables are tiny, so the planner would rightly prefer sequential scans; with
 * `SET LOCAL enable_seqscan = off` it still plans one only when no index can serve the scan, so a
 * Seq Scan left in the plan means a missing index. Runs on PGlite (a real PostgreSQL) and, in the
 * PostgreSQL pass of CI, on PostgreSQL.
 */

let context: TestContext;
let adminHeaders: { authorization: string };
let learner: { id: string; email: string; headers: { authorization: string } };
let practice: TestQuiz;
let often: TestQuiz;

beforeAll(async () => {
  context = await createTestContext({ rateLimitFactor: 100 });
  const admin = await insertUser(context.database, { role: 'admin' });
  adminHeaders = await loginAs(context, admin.email);
  const user = await insertUser(context.database, { grade: 'c-4' });
  await subscribe(context.database, user.id, 'plan299', context.clock.now);
  await insertCertifications(context.database, user.id, subLevelIdsOf(1).slice(0, 3));
  learner = { id: user.id, email: user.email, headers: await loginAs(context, user.email) };
  practice = await insertQuiz(context.database, { title: 'Indexed', grades: ['c-4'], showByDefault: true });
  await insertQuiz(context.database, { title: 'Next certification', level: 1, subLevel: 'L1-C4' });
  often = await insertQuiz(context.database, { title: 'Often', grades: ['c-4'], attemptsAllowed: 100 });
  for (let index = 0; index < 3; index += 1) {
    await context.submitAsAuthored(learner.headers, practice.id, answersFor(practice));
  }
});

afterAll(async () => {
  await context.close();
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** Every index the plan reads (a bitmap scan names it on its Bitmap Index Scan child). */
function indexesOf(node: PlanNode): string[] {
  return [...(node['Index Name'] ? [node['Index Name']] : []), ...(node.Plans ?? []).flatMap(indexesOf)];
}

function scans(node: PlanNode): PlanNode[] {
  return [...(node['Relation Name'] ? [node] : []), ...(node.Plans ?? []).flatMap(scans)];
}

/** The plan of `query` as PostgreSQL would run it if sequential scans were off. */
async function planOf(database: Database, query: CapturedQuery): Promise<PlanNode> {
  const text = `explain (format json) ${query.sql}`;
  const client = (database.db as unknown as { $client: pg.Pool | PGlite }).$client;
  let rows: Array<Record<string, unknown>>;
  if (database.kind === 'pglite') {
    rows = await (client as PGlite).transaction(async (tx) => {
      await tx.exec('set local enable_seqscan = off');
      return (await tx.query<Record<string, unknown>>(text, query.params)).rows;
    });
  } else {
    const connection = await (client as pg.Pool).connect();
    try {
      await connection.query('begin');
      await connection.query('set local enable_seqscan = off');
      rows = (await connection.query<Record<string, unknown>>(text, query.params)).rows;
      await connection.query('rollback');
    } finally {
      connection.release();
    }
  }
  const cell = rows[0]?.['QUERY PLAN'];
  const parsed = (typeof cell === 'string' ? JSON.parse(cell) : cell) as Array<{ Plan: PlanNode }>;
  const plan = parsed[0]?.Plan;
  if (!plan) throw new Error(`no plan for ${query.sql}`);
  return plan;
}

const isRead = (query: CapturedQuery) =>
  /^\s*(select|with)\b/i.test(query.sql) && !/pg_notify/.test(query.sql);

type HotRequest = { method: 'GET' | 'POST'; url: string; payload?: object; admin?: boolean };

const HOT_ENDPOINTS: Array<[string, () => HotRequest | Promise<HotRequest>]> = [
  // The learner submitted this quiz: a new draw, so the pool, the learner's past attempts of the
  // quiz and the draw's insert are read too, besides the pending draw (decision 031).
  ['GET /api/quizzes/{id}', () => ({ method: 'GET', url: `/api/quizzes/${practice.id}` })],
  [
    'POST /api/quizzes/published',
    () => ({
      method: 'POST',
      url: '/api/quizzes/published',
      payload: { grade: Buffer.from('c-4').toString('base64') },
    }),
  ],
  [
    'GET /api/quizzes/quiz-categories',
    () => ({
      method: 'GET',
      url: `/api/quizzes/quiz-categories?param=${Buffer.from('c-4').toString('base64')}`,
    }),
  ],
  ['GET /api/quizzes/history', () => ({ method: 'GET', url: '/api/quizzes/history' })],
  ['GET /api/certification/progress', () => ({ method: 'GET', url: '/api/certification/progress' })],
  [
    'GET /api/certification/my-certifications',
    () => ({ method: 'GET', url: '/api/certification/my-certifications' }),
  ],
  ['GET /api/auth/me', () => ({ method: 'GET', url: '/api/auth/me' })],
  ['GET /api/learning/summary', () => ({ method: 'GET', url: '/api/learning/summary' })],
  [
    'POST /api/quizzes/submit/{id}',
    // Opened first, outside the statements captured: a submission answers the pending draw.
    async () => ({
      method: 'POST',
      url: `/api/quizzes/submit/${often.id}`,
      payload: { answers: await context.openAsAuthored(learner.headers, often.id, answersFor(often)) },
    }),
  ],
  [
    'POST /api/auth/login',
    () => ({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: learner.email, password: TEST_PASSWORD },
    }),
  ],
  ['GET /api/admin/quizzes', () => ({ method: 'GET', url: '/api/admin/quizzes', admin: true })],
  ['GET /api/admin/learners', () => ({ method: 'GET', url: '/api/admin/learners', admin: true })],
];

describe('the hot queries use indexes', () => {
  it.each(HOT_ENDPOINTS)('%s: every table is read through an index', async (_name, request) => {
    const { admin, ...options } = await request();
    // Empty the quiz caches (as any quiz edit does), so the cold-path statements are sent too.
    context.database.announce(QUIZ_CHANGED_CHANNEL, '');
    // And the account cache (as any write to an account does).
    context.database.announce(ACCOUNT_CHANGED_CHANNEL, '');
    const statements = await context.database.captureQueries(async () => {
      const response = await context.request({ ...options, headers: admin ? adminHeaders : learner.headers });
      expect(response.statusCode, response.body).toBeLessThan(300);
    });
    const reads = statements.filter(isRead);
    expect(reads.length).toBeGreaterThan(0);
    for (const query of reads) {
      const plan = await planOf(context.database, query);
      const sequential = scans(plan).filter((node) => node['Node Type'] === 'Seq Scan');
      expect(
        sequential.map((node) => node['Relation Name']),
        `sequential scan without a usable index in:\n${query.sql}`,
      ).toEqual([]);
    }
  });

  it('reads the attempts of a learner through attempts_user_submitted_idx, newest first', async () => {
    const statements = await context.database.captureQueries(() =>
      context.request({ method: 'GET', url: '/api/quizzes/history', headers: learner.headers }),
    );
    const page = statements.find((query) => /order by "attempts"."submitted_at" desc/i.test(query.sql));
    expect(page, 'the history page query').toBeDefined();
    const indexes = indexesOf(await planOf(context.database, page as CapturedQuery));
    expect(indexes).toContain('attempts_user_submitted_idx');
  });

  it('reads the learner’s days and recent answers through attempts_user_submitted_idx', async () => {
    const statements = await context.database.captureQueries(() =>
      context.request({ method: 'GET', url: '/api/learning/summary', headers: learner.headers }),
    );
    const days = statements.find((query) => /at time zone/i.test(query.sql));
    const answers = statements.find((query) => /jsonb_path_query_array/i.test(query.sql));
    expect(days, 'the activity days query').toBeDefined();
    expect(answers, 'the recent answers query').toBeDefined();
    for (const query of [days, answers] as CapturedQuery[]) {
      expect(indexesOf(await planOf(context.database, query))).toContain('attempts_user_submitted_idx');
    }
  });
});
