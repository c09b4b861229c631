import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTestContext, type TestContext } from '../../testing/index.ts';
import { insertQuiz } from '../../testing/quizzes.ts';
import { quizBody, signIn, type Headers } from '../../testing/admin-quizzes.ts';

/**
 * The authorization matrix: every route under /api/admin × {anonymous, learner, admin}. The list
 * of routes is read from the app itself, so a new admin route without a row here fails the test.
 */

let context: TestContext;
let admin: Headers;
let learner: Headers;
let learnerId: string;
let quizId: string;
let doomedQuizId: string;

beforeAll(async () => {
  context = await createTestContext();
  admin = (await signIn(context, 'admin')).headers;
  const signedIn = await signIn(context, 'learner');
  learner = signedIn.headers;
  learnerId = signedIn.id;
  quizId = (await insertQuiz(context.database, { title: 'Matrix quiz' })).id;
  doomedQuizId = (await insertQuiz(context.database, { title: 'Matrix quiz to delete' })).id;
});
afterAll(async () => {
  await context.close();
});

interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The route as registered. */
  route: string;
  url: () => string;
  payload?: () => unknown;
  /** What an admin gets. */
  adminStatus: number;
}

const MATRIX: Row[] = [
  { method: 'GET', route: '/api/admin/quizzes', url: () => '/api/admin/quizzes', adminStatus: 200 },
  {
    method: 'GET',
    route: '/api/admin/quizzes/quiz-categories',
    url: () => '/api/admin/quizzes/quiz-categories',
    adminStatus: 200,
  },
  {
    method: 'GET',
    route: '/api/admin/quizzes/stats',
    url: () => '/api/admin/quizzes/stats',
    adminStatus: 200,
  },
  {
    method: 'GET',
    route: '/api/admin/quizzes/:id/question-stats',
    url: () => `/api/admin/quizzes/${quizId}/question-stats`,
    adminStatus: 200,
  },
  {
    method: 'GET',
    route: '/api/admin/quizzes/export',
    url: () => '/api/admin/quizzes/export',
    adminStatus: 200,
  },
  {
    method: 'POST',
    route: '/api/admin/quizzes/import',
    url: () => '/api/admin/quizzes/import',
    payload: () => ({ version: 1, quizzes: [quizBody({ title: 'Imported by the matrix' })] }),
    adminStatus: 201,
  },
  {
    method: 'POST',
    route: '/api/admin/quizzes/add',
    url: () => '/api/admin/quizzes/add',
    payload: () => quizBody(),
    adminStatus: 201,
  },
  {
    method: 'GET',
    route: '/api/admin/quizzes/:id',
    url: () => `/api/admin/quizzes/${quizId}`,
    adminStatus: 200,
  },
  {
    method: 'PUT',
    route: '/api/admin/quizzes/:id',
    url: () => `/api/admin/quizzes/${quizId}`,
    payload: () => quizBody({ title: 'Matrix quiz, edited' }),
    adminStatus: 200,
  },
  {
    method: 'DELETE',
    route: '/api/admin/quizzes/:id',
    url: () => `/api/admin/quizzes/${doomedQuizId}`,
    adminStatus: 200,
  },
  { method: 'GET', route: '/api/admin/learners', url: () => '/api/admin/learners', adminStatus: 200 },
  {
    method: 'GET',
    route: '/api/admin/learners/:id',
    url: () => `/api/admin/learners/${learnerId}`,
    adminStatus: 200,
  },
  {
    method: 'POST',
    route: '/api/admin/users/:userId/subscription',
    url: () => `/api/admin/users/${learnerId}/subscription`,
    payload: () => ({ action: 'activate', planId: 'plan59' }),
    adminStatus: 200,
  },
  {
    // Decision 037: no certificate has this code (the credentials tests revoke real ones).
    method: 'POST',
    route: '/api/admin/certificates/:code/revoke',
    url: () => '/api/admin/certificates/AAAA-BBBB-CCCC/revoke',
    payload: () => ({ reason: 'Revoked by the admin matrix' }),
    adminStatus: 404,
  },
];

/** Every method + path under /api/admin, read from fastify's route tree (HEAD mirrors GET). */
function registeredAdminRoutes(): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of context.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = `${depth > 0 ? (stack[depth - 1] ?? '') : ''}${match[2] ?? ''}`;
    stack[depth] = path;
    stack.length = depth + 1;
    if (!path.startsWith('/api/admin')) continue;
    for (const method of (match[3] ?? '').split(', ').filter((name) => name !== '' && name !== 'HEAD')) {
      routes.push(`${method} ${path}`);
    }
  }
  return routes.sort();
}

const TABLES = ['quizzes', 'questions', 'categories', 'subscriptions', 'media'];
async function counts() {
  return Promise.all(TABLES.map((table) => countRows(context.database, table)));
}

function call(row: Row, headers: Headers | undefined) {
  const payload = row.payload?.();
  return context.request({
    method: row.method,
    url: row.url(),
    ...(headers ? { headers } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

describe('admin routes', () => {
  it('the matrix lists every admin route the app has', () => {
    expect(registeredAdminRoutes()).toEqual(MATRIX.map((row) => `${row.method} ${row.route}`).sort());
    expect(registeredAdminRoutes().length).toBeGreaterThanOrEqual(12);
  });

  it.each(MATRIX.map((row) => [`${row.method} ${row.route}`, row] as const))(
    '%s: 401 anonymous, 403 learner, served to an admin',
    async (_name, row) => {
      const before = await counts();
      const anonymous = await call(row, undefined);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ message: 'Please log in to continue' });
      const forged = await call(row, { authorization: 'Bearer not.a.token' });
      expect(forged.statusCode).toBe(401);
      const asLearner = await call(row, learner);
      expect(asLearner.statusCode).toBe(403);
      expect(asLearner.json()).toEqual({ message: 'Only admins can do this' });
      expect(await counts()).toEqual(before);

      const asAdmin = await call(row, admin);
      expect(asAdmin.statusCode, asAdmin.body).toBe(row.adminStatus);
    },
  );

  it('refuses a learner before reading a large body', async () => {
    const response = await context.request({
      method: 'POST',
      url: '/api/admin/quizzes/import',
      headers: learner,
      payload: { version: 1, quizzes: [], padding: 'x'.repeat(3 * 1024 * 1024) },
    });
    expect(response.statusCode).toBe(403);
  });
});
