import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { CapturedQuery, Database } from '../db/index.ts';
import { certificates, quizDraws, reviewItems, reviewSessions } from '../db/schema.ts';
import { ACCOUNT_CHANGED_CHANNEL } from '../lib/account-cache.ts';
import { QUIZ_CHANGED_CHANNEL } from '../lib/quiz-cache.ts';
import { insertCertifications, subLevelIdsOf, subscribe } from '../testing/certification.ts';
import {
  createTestContext,
  insertChild,
  insertUser,
  loginAs,
  TEST_PASSWORD,
  type TestContext,
} from '../testing/index.ts';
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
let pooled: TestQuiz;
let parentHeaders: { authorization: string };
let certified: { credential: string; code: string };

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
  pooled = await insertQuiz(context.database, {
    title: 'Pooled',
    grades: ['c-4'],
    attemptsAllowed: 100,
    questionsPerAttempt: 3,
    questions: Array.from({ length: 12 }, (_, index) => ({ text: `Pooled ${index}` })),
  });
  await context.submitAsAuthored(
    learner.headers,
    pooled.id,
    answersFor(pooled, () => false),
  );
  // The review box: the questions just answered wrong, and the rest of the pool due too (decision 032).
  await context.database.db
    .insert(reviewItems)
    .values(
      pooled.questionIds.map((questionId, index) => ({
        userId: learner.id,
        questionId,
        quizId: pooled.id,
        dueAt: new Date(context.clock.now.getTime() - (index + 1) * 60_000),
      })),
    )
    .onConflictDoNothing();
  await context.database.db.delete(reviewSessions).where(eq(reviewSessions.userId, learner.id));

  // A parent's account: the holder, who took a quiz, and a child (decision 035).
  const parent = await insertUser(context.database, { grade: 'c-6' });
  await insertChild(context.database, parent.id, { firstName: 'Child' });
  parentHeaders = await loginAs(context, parent.email);
  await context.submitAsAuthored(parentHeaders, practice.id, answersFor(practice));

  // A certificate and its credential (decision 037).
  const holder = await insertUser(context.database);
  await insertCertifications(context.database, holder.id, subLevelIdsOf(1));
  const download = await context.request({
    method: 'GET',
    url: '/api/certification/credential?level=1',
    headers: await loginAs(context, holder.email),
  });
  expect(download.statusCode, download.body).toBe(200);
  const [certificate] = await context.database.db
    .select({ code: certificates.code })
    .from(certificates)
    .where(eq(certificates.userId, holder.id));
  certified = { credential: download.body, code: certificate?.code ?? '' };
});

afterAll(async () => {
  await context.close();
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

/** Every index the plan reads (a bitmap scan names it on its Bitmap Index Scan child). */
function indexesOf(node: PlanNode): string[] {
  return [...(node['Index Name'] ? [node['Index Name']] : []), ...(node.Plans ?? []).flatMap(indexesOf)];
}

/** Every node of the plan that reads an index (a bitmap scan's Bitmap Index Scan child too). */
function indexReads(node: PlanNode): PlanNode[] {
  return [...(node['Index Name'] ? [node] : []), ...(node.Plans ?? []).flatMap(indexReads)];
}

function scans(node: PlanNode): PlanNode[] {
  return [...(node['Relation Name'] ? [node] : []), ...(node.Plans ?? []).flatMap(scans)];
}

/**
 * The tables that grow with the learners' histories. An index walked from end to end (an index
 * scan without an Index Cond) reads all of such a table as a sequential scan would: a condition
 * the index cannot serve (a cast, a function of the column) plans one when sequential scans are
 * off. The catalogue's tables are left out: on tiny tables the planner rightly walks a small
 * partial index of live quizzes whole.
 */
const GROWING_TABLES = new Set([
  'users',
  'attempts',
  'quiz_draws',
  'review_items',
  'review_sessions',
  'review_answers',
  'certifications',
  'certificates',
  'credential_status_entries',
  'certificate_revocations',
]);

const walkedWhole = (node: PlanNode) =>
  /^Index (Only )?Scan$/.test(node['Node Type']) &&
  GROWING_TABLES.has(node['Relation Name'] ?? '') &&
  !node['Index Cond'];

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

type Headers = { authorization: string };
/** Sent as the learner unless `admin`, or `headers` says whose (null: no one's, a public route). */
type HotRequest = {
  method: 'GET' | 'POST';
  url: string;
  payload?: object;
  admin?: boolean;
  headers?: Headers | null;
};

/** The learner's review session, opened outside the statements captured. */
async function openReview(): Promise<Array<{ options: unknown[] }>> {
  const response = await context.request({ method: 'GET', url: '/api/review', headers: learner.headers });
  expect(response.statusCode, response.body).toBe(200);
  const session = response.json<{ questions: Array<{ options: unknown[] }> }>();
  expect(session.questions.length).toBeGreaterThan(0);
  return session.questions;
}

const HOT_ENDPOINTS: Array<[string, () => HotRequest | Promise<HotRequest>]> = [
  // The learner submitted this quiz: a new draw, so the pool, the learner's past attempts of the
  // quiz and the draw's insert are read too, besides the pending draw (decision 031).
  ['GET /api/quizzes/{id}', () => ({ method: 'GET', url: `/api/quizzes/${practice.id}` })],
  [
    // Opened before and not submitted: the pending draw, from a pool the learner answered before.
    'GET /api/quizzes/{id}, a pending draw',
    async () => {
      await context.openAsAuthored(learner.headers, pooled.id, answersFor(pooled));
      return { method: 'GET', url: `/api/quizzes/${pooled.id}` };
    },
  ],
  [
    // No session pending: the due questions are drawn and stored.
    'GET /api/review, a new session',
    async () => {
      await context.database.db.delete(reviewSessions).where(eq(reviewSessions.userId, learner.id));
      return { method: 'GET', url: '/api/review' };
    },
  ],
  [
    'GET /api/review, the pending session',
    async () => {
      await openReview();
      return { method: 'GET', url: '/api/review' };
    },
  ],
  [
    'POST /api/review/submit',
    async () => ({
      method: 'POST',
      url: '/api/review/submit',
      payload: { answers: (await openReview()).map(() => 0) },
    }),
  ],
  [
    'GET /api/reports/family',
    () => ({ method: 'GET', url: '/api/reports/family?days=30', headers: parentHeaders }),
  ],
  [
    'POST /api/credentials/verify, a credential',
    () => ({
      method: 'POST',
      url: '/api/credentials/verify',
      payload: { credential: certified.credential },
      headers: null,
    }),
  ],
  [
    'POST /api/credentials/verify, a code',
    () => ({
      method: 'POST',
      url: '/api/credentials/verify',
      payload: { code: certified.code },
      headers: null,
    }),
  ],
  [
    'GET /api/certificates/verify/{code}',
    () => ({ method: 'GET', url: `/api/certificates/verify/${certified.code}`, headers: null }),
  ],
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
    const { admin, headers, ...options } = await request();
    const as = headers === undefined ? (admin ? adminHeaders : learner.headers) : headers;
    // Empty the quiz caches (as any quiz edit does), so the cold-path statements are sent too.
    context.database.announce(QUIZ_CHANGED_CHANNEL, '');
    // And the account cache (as any write to an account does).
    context.database.announce(ACCOUNT_CHANGED_CHANNEL, '');
    const statements = await context.database.captureQueries(async () => {
      const response = await context.request({ ...options, ...(as ? { headers: as } : {}) });
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
      expect(
        scans(plan)
          .filter(walkedWhole)
          .map((node) => `${node['Relation Name']} (${node['Index Name']})`),
        `a whole index read, no condition on it, in:\n${query.sql}`,
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

  /**
   * A request's reads of the learners' rows: the statements `pattern` matches, each finding its
   * rows through one of `indexes` with a condition on `key` (an index read whole, or searched on
   * another of its columns only, would read every learner's rows).
   */
  type KeyedRead = [pattern: RegExp, indexes: string[], key: string];
  type KeyedReads = [string, () => Promise<HotRequest>, KeyedRead[]];
  const KEYED_READS: KeyedReads[] = [
    [
      'GET /api/quizzes/{id}, a new draw',
      async () => {
        // As after a submission: the learner has no pending draw of the quiz.
        await context.database.db
          .delete(quizDraws)
          .where(and(eq(quizDraws.userId, learner.id), eq(quizDraws.quizId, pooled.id)));
        return { method: 'GET', url: `/api/quizzes/${pooled.id}` };
      },
      [
        [/from "quiz_draws"/, ['quiz_draws_user_id_quiz_id_pk'], 'user_id'],
        // The questions the learner's past attempts of the quiz showed ("unseen questions first").
        [/jsonb_array_elements/, ['attempts_user_quiz_idx', 'attempts_user_submitted_idx'], 'user_id'],
        [/from "questions" where "questions"."quiz_id"/, ['questions_quiz_idx'], 'quiz_id'],
      ],
    ],
    [
      'GET /api/review, a new session',
      async () => {
        await context.database.db.delete(reviewSessions).where(eq(reviewSessions.userId, learner.id));
        return { method: 'GET', url: '/api/review' };
      },
      [
        [/from "review_items"/, ['review_items_user_due_idx'], 'user_id'],
        [/from "review_sessions"/, ['review_sessions_pkey'], 'user_id'],
      ],
    ],
    [
      'POST /api/review/submit',
      async () => ({
        method: 'POST',
        url: '/api/review/submit',
        payload: { answers: (await openReview()).map(() => 1) },
      }),
      [
        [
          /from "review_items"/,
          ['review_items_user_id_question_id_pk', 'review_items_user_due_idx'],
          'user_id',
        ],
      ],
    ],
    [
      'GET /api/reports/family',
      async () => ({ method: 'GET', url: '/api/reports/family?days=7', headers: parentHeaders }),
      [
        [/from "users" where \("users"."account_id"/, ['users_account_idx'], 'account_id'],
        [/from "attempts"/, ['attempts_user_submitted_idx'], 'user_id'],
        [/from "certifications"/, ['certifications_user_cert_unique'], 'user_id'],
        [/"review_answers"/, ['review_answers_user_answered_idx'], 'user_id'],
      ],
    ],
    [
      'POST /api/credentials/verify, a credential',
      async () => ({
        method: 'POST',
        url: '/api/credentials/verify',
        payload: { credential: certified.credential },
        headers: null,
      }),
      [
        [/from "certificate_revocations"/, ['certificate_revocations_list_id_status_index_pk'], 'list_id'],
        [
          /from "credential_status_entries"/,
          ['credential_status_entries_credential_unique'],
          'credential_id',
        ],
      ],
    ],
    [
      'POST /api/credentials/verify, a code',
      async () => ({
        method: 'POST',
        url: '/api/credentials/verify',
        payload: { code: certified.code },
        headers: null,
      }),
      [[/from "certificates"/, ['certificates_code_unique'], 'code']],
    ],
    [
      'GET /api/certificates/verify/{code}',
      async () => ({ method: 'GET', url: `/api/certificates/verify/${certified.code}`, headers: null }),
      [[/from "certificates"/, ['certificates_code_unique'], 'code']],
    ],
  ];

  it.each(KEYED_READS)('%s: finds the learners’ rows by their key', async (_name, request, expected) => {
    const { headers, ...options } = await request();
    const as = headers === undefined ? learner.headers : headers;
    const statements = await context.database.captureQueries(async () => {
      const response = await context.request({ ...options, ...(as ? { headers: as } : {}) });
      expect(response.statusCode, response.body).toBeLessThan(300);
    });
    for (const [pattern, indexes, key] of expected) {
      const reads = statements.filter((query) => isRead(query) && pattern.test(query.sql));
      expect(reads.length, `a read matching ${pattern}`).toBeGreaterThan(0);
      for (const query of reads) {
        const used = indexReads(await planOf(context.database, query));
        const searched = (node: PlanNode) => new RegExp(`\\b${key}\\b`).test(node['Index Cond'] ?? '');
        expect(
          used.some((node) => indexes.includes(node['Index Name'] ?? '') && searched(node)),
          `${used.map((node) => `${node['Index Name']} (${node['Index Cond'] ?? 'whole'})`).join(', ')} instead of ${indexes.join(' or ')} on ${key} in:\n${query.sql}`,
        ).toBe(true);
      }
    }
  });
});
