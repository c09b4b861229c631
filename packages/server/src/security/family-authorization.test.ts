import { and, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  encodeGradeParam,
  FAMILY_ADMIN_MESSAGE,
  FAMILY_ERROR_CODES,
  LEARNER_LIMIT_MESSAGE,
  LEARNER_NOT_FOUND_MESSAGE,
  MAX_LEARNERS,
  PARENT_PIN_HEADER,
  PARENT_PIN_MAX_TRIES,
  type AccountExportFile,
  type DataExportFile,
  type FamilyReportResponse,
  type LearnersResponse,
  type LearningSummaryResponse,
  type MeResponse,
  type MyCertificationsResponse,
  type QuizAttemptResponse,
  type QuizHistoryResponse,
  type ReviewSessionResponse,
} from '@quizquest/shared';
import {
  attempts,
  certificates,
  certifications,
  quizDraws,
  reviewItems,
  reviewSessions,
  users,
} from '../db/schema.ts';
import { insertCertifications, subLevelIdsOf, subscribe } from '../testing/certification.ts';
import {
  createTestContext,
  insertUser,
  loginAs,
  readOutbox,
  tokenFromLink,
  type TestContext,
} from '../testing/index.ts';
import { readPdf } from '../testing/pdf.ts';
import { answersFor, insertQuiz, type TestQuiz } from '../testing/quizzes.ts';
import { registeredRoutes, signIn, tableCounts, type SignedIn } from './support.ts';

/**
 * Family accounts (issue 19, decision 035) in the security suite: the authorization matrix grows
 * by the learner dimension. Family F holds learners A1 (the account holder) and A2 (a child added
 * and selected through the API); family G holds B1 and B2. Each learner has real data made through
 * the API (practice attempts, a pending draw, review items, a certification sub-level or a
 * certificate). Every signed-in route is read from the app and classified: a learner-scoped route
 * answers each learner its own data only, an account-scoped one the caller's own family only, and
 * nothing of one family is reachable with a token of the other. Then tokens (switching, removal,
 * password reset, deletion), the parent PIN's proofs, admins and hostile input.
 */

type Headers = { authorization: string };
type Name = 'A1' | 'A2' | 'B1' | 'B2';

interface Family {
  label: 'F' | 'G';
  accountId: string;
  email: string;
  password: string;
}

interface Learner {
  name: Name;
  id: string;
  firstName: string;
  family: Family;
  headers: Headers;
}

const PASSWORD_F = 'Family-F-Mango-Tree-41';
const PASSWORD_G = 'Family-G-Neem-Leaf-73';

let context: TestContext;
let admin: SignedIn;
const learners = {} as Record<Name, Learner>;
const CALLERS: Name[] = ['A1', 'A2', 'B1', 'B2'];
let practice: TestQuiz;
let secondPractice: TestQuiz;
let certificationQuiz: TestQuiz;
/** Every learner's attempts made in the set-up, by learner. */
const attemptIds = {} as Record<Name, string[]>;

const headersOf = (token: string): Headers => ({ authorization: `Bearer ${token}` });
const sameFamily = (a: Learner, b: Learner) => a.family.accountId === b.family.accountId;
const otherFamily = (who: Learner): Learner[] =>
  CALLERS.map((n) => learners[n]).filter((l) => !sameFamily(l, who));
const ownFamily = (who: Learner): Learner[] =>
  CALLERS.map((n) => learners[n]).filter((l) => sameFamily(l, who));

function request(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string> = {},
  payload?: unknown,
) {
  return context.request({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** The ids of the account's learners, from the database. */
async function learnerIdsOf(accountId: string): Promise<string[]> {
  const rows = await context.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.accountId, accountId));
  return rows.map((row) => row.id).sort();
}

async function attemptIdsOf(userId: string): Promise<string[]> {
  const rows = await context.database.db
    .select({ id: attempts.id })
    .from(attempts)
    .where(eq(attempts.userId, userId));
  return rows.map((row) => row.id).sort();
}

async function drawOf(userId: string, quizId: string) {
  const [row] = await context.database.db
    .select({ drawId: quizDraws.drawId, questions: quizDraws.questions })
    .from(quizDraws)
    .where(and(eq(quizDraws.userId, userId), eq(quizDraws.quizId, quizId)));
  return row ?? null;
}

async function addChild(headers: Record<string, string>, firstName: string, lastName = 'Family') {
  return request('POST', '/api/learners', headers, {
    first_name: firstName,
    last_name: lastName,
    grade: 'c-3',
  });
}

const select = (headers: Record<string, string>, learnerId: string) =>
  request('POST', `/api/learners/${learnerId}/select`, headers);

/** An account holder signed in, named through the profile as a parent would. */
async function holder(firstName: string, password: string) {
  const row = await insertUser(context.database, { password, grade: 'c-3' });
  const headers = await loginAs(context, row.email, password);
  const named = await request('PUT', '/api/user/profile', headers, {
    first_name: firstName,
    last_name: 'Family',
    grade: 'c-3',
  });
  expect(named.statusCode, named.body).toBe(200);
  return { id: row.id, email: row.email, headers };
}

/** A child added and selected through the API: its id and its own token. */
async function child(holderHeaders: Headers, firstName: string) {
  const added = await addChild(holderHeaders, firstName);
  expect(added.statusCode, added.body).toBe(201);
  const id = added.json<{ id: string }>().id;
  const selected = await select(holderHeaders, id);
  expect(selected.statusCode, selected.body).toBe(200);
  return { id, headers: headersOf(selected.json<{ token: string }>().token) };
}

async function makeFamily(
  label: 'F' | 'G',
  password: string,
  names: [Name, string],
  childNames: [Name, string],
) {
  const parent = await holder(names[1], password);
  const family: Family = { label, accountId: parent.id, email: parent.email, password };
  learners[names[0]] = {
    name: names[0],
    id: parent.id,
    firstName: names[1],
    family,
    headers: parent.headers,
  };
  const kid = await child(parent.headers, childNames[1]);
  learners[childNames[0]] = {
    name: childNames[0],
    id: kid.id,
    firstName: childNames[1],
    family,
    headers: kid.headers,
  };
}

/** Takes the practice quiz as the web app does (open, then submit), right where `right` says. */
async function takeQuiz(who: Learner, quiz: TestQuiz, right: (index: number) => boolean) {
  const submitted = await context.submitAsAuthored(who.headers, quiz.id, answersFor(quiz, right));
  expect(submitted.statusCode, submitted.body).toBe(201);
  const attemptId = submitted.json<{ attemptId: string }>().attemptId;
  attemptIds[who.name].push(attemptId);
  return attemptId;
}

beforeAll(async () => {
  context = await createTestContext({ rateLimitFactor: 100 });
  admin = await signIn(context, 'admin');
  await makeFamily('F', PASSWORD_F, ['A1', 'Anil'], ['A2', 'Asha']);
  await makeFamily('G', PASSWORD_G, ['B1', 'Bela'], ['B2', 'Bina']);
  for (const name of CALLERS) attemptIds[name] = [];

  practice = await insertQuiz(context.database, { title: 'Family practice', attemptsAllowed: 100 });
  secondPractice = await insertQuiz(context.database, {
    title: 'Family second practice',
    attemptsAllowed: 100,
    showByDefault: true,
  });
  // Wrong answers go to each learner's review box: A1 and B1 one, A2 and B2 two.
  await takeQuiz(learners.A1, practice, (index) => index !== 0);
  await takeQuiz(learners.A2, practice, (index) => index === 2);
  await takeQuiz(learners.B1, practice, (index) => index !== 2);
  await takeQuiz(learners.B2, practice, (index) => index === 0);
  await takeQuiz(learners.A1, secondPractice, () => true);

  // A1 is on the Starter plan (plans are per learner) and earns L1-C1 through the API.
  await subscribe(context.database, learners.A1.id, 'plan59', context.clock.now);
  certificationQuiz = await insertQuiz(context.database, {
    title: 'Family certification L1-C1',
    level: 1,
    subLevel: 'L1-C1',
    attemptsAllowed: 3,
  });
  await takeQuiz(learners.A1, certificationQuiz, () => true);

  // A2 and B1 complete Level 1 and are issued its certificate; A1 and B2 have none.
  for (const who of [learners.A2, learners.B1]) {
    await insertCertifications(context.database, who.id, subLevelIdsOf(1));
    const issued = await request('GET', '/api/certification/view?level=1', who.headers);
    expect(issued.statusCode, issued.body).toBe(200);
  }
  // Every learner has a review session pending and a draw of the practice quiz open.
  for (const name of CALLERS) {
    expect((await request('GET', '/api/review', learners[name].headers)).statusCode).toBe(200);
    expect((await request('GET', `/api/quizzes/${practice.id}`, learners[name].headers)).statusCode).toBe(
      200,
    );
  }
});
afterAll(async () => {
  await context.close();
});

describe('the set-up', () => {
  it('made two families of two learners each, every learner with data of its own', async () => {
    expect(await learnerIdsOf(learners.A1.id)).toEqual([learners.A1.id, learners.A2.id].sort());
    expect(await learnerIdsOf(learners.B1.id)).toEqual([learners.B1.id, learners.B2.id].sort());
    for (const name of CALLERS) {
      const who = learners[name];
      expect(await attemptIdsOf(who.id), name).toEqual([...attemptIds[name]].sort());
      expect(await drawOf(who.id, practice.id), name).not.toBeNull();
      const items = await context.database.db
        .select()
        .from(reviewItems)
        .where(eq(reviewItems.userId, who.id));
      expect(items.length, name).toBe(name === 'A1' || name === 'B1' ? 1 : 2);
    }
    const earned = await context.database.db
      .select({ userId: certifications.userId, certId: certifications.certId })
      .from(certifications)
      .where(eq(certifications.userId, learners.A1.id));
    expect(earned.map((row) => row.certId)).toEqual(['L1-C1']);
    const issued = await context.database.db.select({ userId: certificates.userId }).from(certificates);
    expect(issued.map((row) => row.userId).sort()).toEqual([learners.A2.id, learners.B1.id].sort());
  });
});

describe('each learner sees its own figures (A1 and A2 differ)', () => {
  const get = async <T>(who: Name, url: string) => {
    const response = await request('GET', url, learners[who].headers);
    expect(response.statusCode, `${who} ${url}: ${response.body}`).toBe(200);
    return response.json<T>();
  };

  it('GET /api/auth/me and /api/user/profile: the learner, with the account e-mail', async () => {
    for (const name of CALLERS) {
      const who = learners[name];
      const me = await get<MeResponse>(name, '/api/auth/me');
      expect(me._id, name).toBe(who.id);
      expect(me.first_name, name).toBe(who.firstName);
      expect(me.email, name).toBe(who.family.email);
      expect(me.subscription, name).toBe(name === 'A1' ? 'plan59' : 'free');
      const profile = await get<{ first_name: string; email: string; allowedLevel: number }>(
        name,
        '/api/user/profile',
      );
      expect(profile.first_name, name).toBe(who.firstName);
      expect(profile.email, name).toBe(who.family.email);
      expect(profile.allowedLevel, name).toBe(name === 'A1' ? 1 : 0);
    }
  });

  it('GET /api/learning/summary: the review box and mastery of the caller only', async () => {
    const a1 = await get<LearningSummaryResponse>('A1', '/api/learning/summary');
    const a2 = await get<LearningSummaryResponse>('A2', '/api/learning/summary');
    expect(a1.reviewDue).toBe(1);
    expect(a2.reviewDue).toBe(2);
    const correct = (summary: LearningSummaryResponse) =>
      summary.mastery.reduce((sum, category) => sum + category.correct, 0);
    const answered = (summary: LearningSummaryResponse) =>
      summary.mastery.reduce((sum, category) => sum + category.answered, 0);
    // A1: 2 of 3 and 3 of 3 in practice, 3 of 3 in L1-C1; A2: 1 of 3.
    expect([answered(a1), correct(a1)]).toEqual([9, 8]);
    expect([answered(a2), correct(a2)]).toEqual([3, 1]);
  });

  it('GET /api/quizzes/history: the scoreboard of the caller only', async () => {
    for (const name of CALLERS) {
      const history = await get<QuizHistoryResponse>(name, '/api/quizzes/history');
      expect(history.attempts.map((attempt) => attempt._id).sort(), name).toEqual(
        [...attemptIds[name]].sort(),
      );
      expect(history.attemptCounts[practice.id], name).toBe(1);
    }
    const a1 = await get<QuizHistoryResponse>('A1', '/api/quizzes/history');
    const a2 = await get<QuizHistoryResponse>('A2', '/api/quizzes/history');
    expect(a1.distinctQuizzesAttempted).not.toBe(a2.distinctQuizzesAttempted);
    expect(a2.attemptCounts[secondPractice.id]).toBeUndefined();
  });

  it('GET /api/certification/my-certifications and /progress: the caller’s certifications only', async () => {
    const mine = async (name: Name) =>
      (await get<MyCertificationsResponse>(name, '/api/certification/my-certifications')).certifications
        .map((row) => row.certId)
        .sort();
    expect(await mine('A1')).toEqual(['L1-C1']);
    expect(await mine('A2')).toEqual(subLevelIdsOf(1).sort());
    expect(await mine('B1')).toEqual(subLevelIdsOf(1).sort());
    expect(await mine('B2')).toEqual([]);
    const progress = async (name: Name) =>
      get<{ completedQuizzes: number; completedLevels: number[]; allowedLevel: number }>(
        name,
        '/api/certification/progress',
      );
    expect(await progress('A1')).toMatchObject({ completedQuizzes: 1, completedLevels: [], allowedLevel: 1 });
    expect(await progress('A2')).toMatchObject({
      completedQuizzes: 10,
      completedLevels: [1],
      allowedLevel: 0,
    });
  });
});

/**
 * Every route under /api that is not public and not an admin's, by what it acts on: 'learner'
 * routes act on the token's learner, 'account' routes on the token's account (the family),
 * 'catalogue' routes answer every learner of a grade alike. Read against the app, so a new
 * signed-in route fails the first test until it is placed here and checked below.
 */
const SIGNED_IN_ROUTES: Record<string, 'learner' | 'account' | 'catalogue'> = {
  'GET /api/auth/me': 'learner',
  'GET /api/plans/:planId/payment': 'learner',
  'GET /api/user/profile': 'learner',
  'PUT /api/user/profile': 'learner',
  'PUT /api/user/language': 'learner',
  'GET /api/learning/summary': 'learner',
  'GET /api/user/export': 'learner',
  'GET /api/quizzes/quiz-categories': 'catalogue',
  'POST /api/quizzes/published': 'learner',
  'GET /api/quizzes/:quizId': 'learner',
  'POST /api/quizzes/submit/:quizId': 'learner',
  'GET /api/quizzes/result/:attemptId': 'learner',
  'GET /api/quizzes/history': 'learner',
  'GET /api/review': 'learner',
  'POST /api/review/submit': 'learner',
  'GET /api/certification/progress': 'learner',
  'GET /api/certification/my-certifications': 'learner',
  'GET /api/certification/view': 'learner',
  'GET /api/certificates/download': 'learner',
  'GET /api/certification/credential': 'learner',
  'POST /api/user/delete-account': 'account',
  'GET /api/learners': 'account',
  'POST /api/learners': 'account',
  'POST /api/learners/:id/select': 'account',
  'GET /api/learners/:id/export': 'account',
  'DELETE /api/learners/:id': 'account',
  'GET /api/account/export': 'account',
  'PUT /api/account/pin': 'account',
  'POST /api/account/pin/verify': 'account',
  'POST /api/account/pin/reset': 'account',
  'PUT /api/account/digest': 'account',
  'GET /api/reports/family': 'account',
};

/** Public routes: no token, nothing of a learner's (the security matrix checks them). */
const PUBLIC_ROUTES = [
  'GET /api/docs',
  'GET /api/health',
  'GET /api/grades/get-grades',
  'GET /api/plans',
  'GET /api/media/:id',
  'POST /api/auth/signup',
  'POST /api/auth/verify-email',
  'POST /api/auth/login',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'POST /api/payments/webhook',
  'GET /api/certificates/verify/:code',
  'POST /api/account/pin/reset-confirm',
  'GET /api/credentials/issuer',
  'GET /api/credentials/achievements/:level',
  'GET /api/credentials/status/:listId',
  'POST /api/credentials/verify',
];

interface MatrixRow {
  route: string;
  /** Called once for each of A1, A2, B1 and B2, in that order: asserts the answer is the caller's. */
  check: (who: Learner) => Promise<void>;
}

const expectStatus = (response: LightMyRequestResponse, status: number, label: string) =>
  expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBe(status);

const expectNotFound = (response: LightMyRequestResponse, label: string) => {
  expectStatus(response, 404, label);
  expect(response.json(), label).toEqual({ message: LEARNER_NOT_FOUND_MESSAGE });
};

/** The body names none of the other family's learners, e-mail or attempts. */
function expectNothingOf(body: string, family: Learner[], label: string) {
  for (const learner of family) {
    expect(body, `${label}: ${learner.name}'s id`).not.toContain(learner.id);
    for (const attemptId of attemptIds[learner.name])
      expect(body, `${label}: ${learner.name}'s attempt`).not.toContain(attemptId);
    expect(body, `${label}: ${learner.name}'s e-mail`).not.toContain(learner.family.email);
  }
}

const MATRIX: MatrixRow[] = [
  {
    route: 'GET /api/auth/me',
    check: async (who) => {
      const response = await request('GET', '/api/auth/me', who.headers);
      expectStatus(response, 200, who.name);
      expect(response.json<MeResponse>()._id).toBe(who.id);
    },
  },
  {
    route: 'GET /api/plans/:planId/payment',
    check: async (who) => {
      const response = await request('GET', '/api/plans/plan99/payment', who.headers);
      expectStatus(response, 200, who.name);
      // The payment reference names the learner it pays for (decision 035).
      const code = who.id.replaceAll('-', '').slice(0, 10).toUpperCase();
      expect(response.json<{ reference: string }>().reference).toBe(`QQ-${code}-PLAN99`);
    },
  },
  {
    route: 'GET /api/user/profile',
    check: async (who) => {
      const response = await request('GET', '/api/user/profile', who.headers);
      expectStatus(response, 200, who.name);
      expect(response.json<{ first_name: string }>().first_name).toBe(who.firstName);
    },
  },
  {
    route: 'PUT /api/user/profile',
    check: async (who) => {
      const phone = `+91 98${String(CALLERS.indexOf(who.name)).padStart(8, '7')}`;
      const response = await request('PUT', '/api/user/profile', who.headers, {
        first_name: who.firstName,
        last_name: 'Family',
        grade: 'c-3',
        phone,
      });
      expectStatus(response, 200, who.name);
      const rows = await context.database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.phone, phone));
      expect(rows.map((row) => row.id)).toEqual([who.id]);
      // The account's e-mail cannot be written onto a learner through the profile.
      const refused = await request('PUT', '/api/user/profile', who.headers, {
        first_name: who.firstName,
        last_name: 'Family',
        grade: 'c-3',
        email: otherFamily(who)[0]!.family.email,
      });
      expectStatus(refused, 400, who.name);
    },
  },
  {
    route: 'PUT /api/user/language',
    check: async (who) => {
      const response = await request('PUT', '/api/user/language', who.headers, { language: 'hi' });
      expectStatus(response, 200, who.name);
      const rows = await context.database.db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.language, 'hi'),
            inArray(
              users.id,
              CALLERS.map((name) => learners[name].id),
            ),
          ),
        );
      expect(rows.map((row) => row.id)).toEqual([who.id]);
      expectStatus(
        await request('PUT', '/api/user/language', who.headers, { language: 'en' }),
        200,
        who.name,
      );
    },
  },
  {
    route: 'GET /api/learning/summary',
    check: async (who) => {
      const response = await request('GET', '/api/learning/summary', who.headers);
      expectStatus(response, 200, who.name);
      const items = await context.database.db
        .select()
        .from(reviewItems)
        .where(eq(reviewItems.userId, who.id));
      expect(response.json<LearningSummaryResponse>().reviewDue).toBe(items.length);
    },
  },
  {
    route: 'GET /api/user/export',
    check: async (who) => {
      const response = await request('GET', '/api/user/export', who.headers);
      expectStatus(response, 200, who.name);
      const file = response.json<DataExportFile>();
      expect(file.account.id).toBe(who.id);
      expect(file.account.email).toBe(who.family.email);
      expect(file.profile.first_name).toBe(who.firstName);
      expect(file.attempts.map((attempt) => attempt.id).sort()).toEqual(await attemptIdsOf(who.id));
      // Not even the sibling's data: the export of the active learner is that learner's.
      expectNothingOf(
        response.body.replaceAll(who.family.email, ''),
        CALLERS.map((name) => learners[name]).filter((learner) => learner !== who),
        who.name,
      );
    },
  },
  {
    route: 'GET /api/quizzes/quiz-categories',
    check: async (who) => {
      const response = await request(
        'GET',
        `/api/quizzes/quiz-categories?param=${encodeGradeParam('c-3')}`,
        who.headers,
      );
      expectStatus(response, 200, who.name);
      expect(response.json<{ categories: string[] }>().categories).toContain('General Knowledge');
    },
  },
  {
    route: 'POST /api/quizzes/published',
    check: async (who) => {
      const response = await request('POST', '/api/quizzes/published', who.headers, {
        category: null,
        grade: encodeGradeParam('c-3'),
      });
      expectStatus(response, 200, who.name);
      const listed = response.json<{ quizzes: Array<{ _id: string; attemptCount: number }> }>().quizzes;
      const count = (quizId: string) => listed.find((quiz) => quiz._id === quizId)?.attemptCount;
      expect(count(secondPractice.id)).toBe(who.name === 'A1' ? 1 : 0);
    },
  },
  {
    route: 'GET /api/quizzes/:quizId',
    check: async (who) => {
      // The caller's own pending draw comes back (never a sibling's), and nobody else's changes.
      const before = await Promise.all(CALLERS.map((name) => drawOf(learners[name].id, practice.id)));
      const response = await request('GET', `/api/quizzes/${practice.id}`, who.headers);
      expectStatus(response, 200, who.name);
      const shown = response.json<QuizAttemptResponse>().questions.map((question) => question._id);
      const own = await drawOf(who.id, practice.id);
      expect(shown).toEqual(own?.questions.map((question) => question.questionId));
      expect(response.json<QuizAttemptResponse>().attemptCount).toBe(1);
      const after = await Promise.all(CALLERS.map((name) => drawOf(learners[name].id, practice.id)));
      expect(after).toEqual(before);
    },
  },
  {
    route: 'POST /api/quizzes/submit/:quizId',
    check: async (who) => {
      // Everyone has a draw of the practice quiz open; the caller's submission answers its own.
      for (const name of CALLERS) await request('GET', `/api/quizzes/${practice.id}`, learners[name].headers);
      const before = await Promise.all(CALLERS.map((name) => drawOf(learners[name].id, practice.id)));
      const submitted = await context.submitAsAuthored(who.headers, practice.id, answersFor(practice));
      expectStatus(submitted, 201, who.name);
      const attemptId = submitted.json<{ attemptId: string }>().attemptId;
      attemptIds[who.name].push(attemptId);
      const [row] = await context.database.db
        .select({ userId: attempts.userId })
        .from(attempts)
        .where(eq(attempts.id, attemptId));
      expect(row?.userId).toBe(who.id);
      const after = await Promise.all(CALLERS.map((name) => drawOf(learners[name].id, practice.id)));
      CALLERS.forEach((name, index) => {
        if (name === who.name) expect(after[index], name).not.toEqual(before[index]);
        else expect(after[index], name).toEqual(before[index]);
      });
    },
  },
  {
    route: 'GET /api/quizzes/result/:attemptId',
    check: async (who) => {
      for (const name of CALLERS) {
        for (const attemptId of attemptIds[name]) {
          const response = await request('GET', `/api/quizzes/result/${attemptId}`, who.headers);
          // Another learner's result does not exist for the caller, a sibling's neither.
          if (name === who.name) expectStatus(response, 200, `${who.name} reads own ${attemptId}`);
          else {
            expectStatus(response, 404, `${who.name} reads ${name}'s ${attemptId}`);
            expect(typeof response.json<{ message: unknown }>().message).toBe('string');
          }
        }
      }
    },
  },
  {
    route: 'GET /api/quizzes/history',
    check: async (who) => {
      const response = await request('GET', '/api/quizzes/history', who.headers);
      expectStatus(response, 200, who.name);
      const ids = response.json<QuizHistoryResponse>().attempts.map((attempt) => attempt._id);
      expect(ids.sort()).toEqual([...attemptIds[who.name]].sort());
    },
  },
  {
    route: 'GET /api/review',
    check: async (who) => {
      const response = await request('GET', '/api/review', who.headers);
      expectStatus(response, 200, who.name);
      const [session] = await context.database.db
        .select({ questions: reviewSessions.questions })
        .from(reviewSessions)
        .where(eq(reviewSessions.userId, who.id));
      const shown = response
        .json<ReviewSessionResponse>()
        .questions.map((question) => question._id)
        .sort();
      expect(shown.length).toBeGreaterThan(0);
      expect(shown).toEqual(session?.questions.map((question) => question.questionId).sort());
      const items = await context.database.db
        .select()
        .from(reviewItems)
        .where(eq(reviewItems.userId, who.id));
      for (const questionId of shown) expect(items.map((item) => item.questionId)).toContain(questionId);
    },
  },
  {
    route: 'POST /api/review/submit',
    check: async (who) => {
      const sessionsBefore = await context.database.db
        .select({ userId: reviewSessions.userId, questions: reviewSessions.questions })
        .from(reviewSessions);
      const session = await request('GET', '/api/review', who.headers);
      const answers = session.json<ReviewSessionResponse>().questions.map(() => 0);
      const response = await request('POST', '/api/review/submit', who.headers, { answers });
      expectStatus(response, 200, who.name);
      const sessionsAfter = await context.database.db
        .select({ userId: reviewSessions.userId, questions: reviewSessions.questions })
        .from(reviewSessions);
      // Only the caller's session was taken; every other learner's is as it was.
      expect(sessionsAfter.map((row) => row.userId)).not.toContain(who.id);
      expect(sessionsAfter).toEqual(sessionsBefore.filter((row) => row.userId !== who.id));
    },
  },
  {
    route: 'GET /api/certification/progress',
    check: async (who) => {
      const response = await request('GET', '/api/certification/progress', who.headers);
      expectStatus(response, 200, who.name);
      const earned = await context.database.db
        .select()
        .from(certifications)
        .where(eq(certifications.userId, who.id));
      expect(response.json<{ completedQuizzes: number }>().completedQuizzes).toBe(earned.length);
    },
  },
  {
    route: 'GET /api/certification/my-certifications',
    check: async (who) => {
      const response = await request('GET', '/api/certification/my-certifications', who.headers);
      expectStatus(response, 200, who.name);
      const earned = await context.database.db
        .select({ certId: certifications.certId })
        .from(certifications)
        .where(eq(certifications.userId, who.id));
      expect(
        response
          .json<MyCertificationsResponse>()
          .certifications.map((row) => row.certId)
          .sort(),
      ).toEqual(earned.map((row) => row.certId).sort());
    },
  },
  {
    route: 'GET /api/certification/view',
    check: async (who) => {
      // A2 and B1 have the Level 1 certificate, each with their own name on it; A1 and B2 none.
      const response = await request('GET', '/api/certification/view?level=1', who.headers);
      if (who.name === 'A2' || who.name === 'B1') {
        expectStatus(response, 200, who.name);
        const text = (await readPdf(response.rawPayload)).items.join(' ');
        expect(text).toContain(who.firstName);
        for (const name of CALLERS.filter((other) => other !== who.name)) {
          expect(text).not.toContain(learners[name].firstName);
        }
      } else {
        expectStatus(response, 403, who.name);
      }
    },
  },
  {
    route: 'GET /api/certificates/download',
    check: async (who) => {
      const response = await request('GET', '/api/certificates/download', who.headers);
      if (who.name === 'A2' || who.name === 'B1') {
        expectStatus(response, 200, who.name);
        expect((await readPdf(response.rawPayload)).items.join(' ')).toContain(who.firstName);
      } else {
        expectStatus(response, 403, who.name);
      }
    },
  },
  {
    route: 'GET /api/certification/credential',
    check: async (who) => {
      // The credential of the caller's own certificate (decision 037): A2 and B1 have one, each
      // naming its own learner when the name is asked for; A1 and B2 none.
      const response = await request(
        'GET',
        '/api/certification/credential?level=1&includeName=true',
        who.headers,
      );
      if (who.name === 'A2' || who.name === 'B1') {
        expectStatus(response, 200, who.name);
        const payload = JSON.parse(
          Buffer.from(response.body.split('.')[1] ?? '', 'base64url').toString('utf8'),
        ) as {
          credentialSubject: unknown;
          evidence: Array<{ id: string }>;
        };
        const subject = JSON.stringify(payload.credentialSubject);
        expect(subject).toContain(who.firstName);
        for (const name of CALLERS.filter((other) => other !== who.name)) {
          expect(subject).not.toContain(learners[name].firstName);
        }
        const [own] = await context.database.db
          .select({ code: certificates.code })
          .from(certificates)
          .where(and(eq(certificates.userId, who.id), eq(certificates.level, 1)));
        expect(payload.evidence[0]?.id).toContain(own?.code ?? 'no certificate');
        expectNothingOf(JSON.stringify(payload), otherFamily(who), who.name);
      } else {
        expectStatus(response, 403, who.name);
      }
    },
  },
  {
    route: 'POST /api/user/delete-account',
    check: async (who) => {
      // Only the caller's own account, confirmed by its own password: the other family's is wrong.
      const before = await tableCounts(context.database);
      const response = await request('POST', '/api/user/delete-account', who.headers, {
        password: otherFamily(who)[0]!.family.password,
      });
      expectStatus(response, 403, who.name);
      expect(await tableCounts(context.database)).toEqual(before);
    },
  },
  {
    route: 'GET /api/learners',
    check: async (who) => {
      const response = await request('GET', '/api/learners', who.headers);
      expectStatus(response, 200, who.name);
      const body = response.json<LearnersResponse>();
      expect(body.activeLearnerId).toBe(who.id);
      expect(body.learners.map((learner) => learner.id).sort()).toEqual(
        await learnerIdsOf(who.family.accountId),
      );
      expect(body.learners.find((learner) => learner.isAccountHolder)?.id).toBe(who.family.accountId);
      expectNothingOf(response.body, otherFamily(who), who.name);
    },
  },
  {
    route: 'POST /api/learners',
    check: async (who) => {
      const response = await addChild(who.headers, `Extra of ${who.name}`);
      expectStatus(response, 201, who.name);
      const [row] = await context.database.db
        .select({ accountId: users.accountId, email: users.email, role: users.role })
        .from(users)
        .where(eq(users.id, response.json<{ id: string }>().id));
      expect(row).toEqual({ accountId: who.family.accountId, email: null, role: 'learner' });
    },
  },
  {
    route: 'POST /api/learners/:id/select',
    check: async (who) => {
      for (const other of otherFamily(who)) {
        expectNotFound(await select(who.headers, other.id), `${who.name} selects ${other.name}`);
      }
      for (const own of ownFamily(who)) {
        const response = await select(who.headers, own.id);
        expectStatus(response, 200, `${who.name} selects ${own.name}`);
        const token = response.json<{ token: string; user: { _id: string; email: string } }>();
        expect(token.user._id).toBe(own.id);
        expect(token.user.email).toBe(who.family.email);
        const me = await request('GET', '/api/auth/me', headersOf(token.token));
        expect(me.json<MeResponse>()._id).toBe(own.id);
      }
    },
  },
  {
    route: 'GET /api/learners/:id/export',
    check: async (who) => {
      for (const other of otherFamily(who)) {
        expectNotFound(
          await request('GET', `/api/learners/${other.id}/export`, who.headers),
          `${who.name} exports ${other.name}`,
        );
      }
      for (const own of ownFamily(who)) {
        const response = await request('GET', `/api/learners/${own.id}/export`, who.headers);
        expectStatus(response, 200, `${who.name} exports ${own.name}`);
        const file = response.json<DataExportFile>();
        expect(file.account.id).toBe(own.id);
        expect(file.attempts.map((attempt) => attempt.id).sort()).toEqual(await attemptIdsOf(own.id));
      }
    },
  },
  {
    route: 'GET /api/account/export',
    check: async (who) => {
      const response = await request('GET', '/api/account/export', who.headers);
      expectStatus(response, 200, who.name);
      const file = response.json<AccountExportFile>();
      expect(file.learners.map((learner) => learner.account.id).sort()).toEqual(
        await learnerIdsOf(who.family.accountId),
      );
      expectNothingOf(response.body, otherFamily(who), who.name);
    },
  },
  {
    route: 'DELETE /api/learners/:id',
    check: async (who) => {
      // The other family's learners do not exist for the caller, whichever password is given.
      for (const other of otherFamily(who)) {
        for (const password of [who.family.password, other.family.password]) {
          const before = await tableCounts(context.database);
          const response = await request('DELETE', `/api/learners/${other.id}`, who.headers, { password });
          expectNotFound(response, `${who.name} removes ${other.name}`);
          expect(await tableCounts(context.database)).toEqual(before);
        }
      }
      // The extra child the caller added above goes, with the account's password.
      const [extra] = await context.database.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.accountId, who.family.accountId), eq(users.firstName, `Extra of ${who.name}`)));
      if (!extra) throw new Error(`no extra child of ${who.name}`);
      const removed = await request('DELETE', `/api/learners/${extra.id}`, who.headers, {
        password: who.family.password,
      });
      expectStatus(removed, 200, who.name);
      expect(await learnerIdsOf(who.family.accountId)).not.toContain(extra.id);
    },
  },
  {
    route: 'GET /api/reports/family',
    check: async (who) => {
      const response = await request('GET', '/api/reports/family?days=30', who.headers);
      expectStatus(response, 200, who.name);
      const report = response.json<FamilyReportResponse>();
      expect(report.learners.map((learner) => learner.id).sort()).toEqual(
        await learnerIdsOf(who.family.accountId),
      );
      expectNothingOf(response.body, otherFamily(who), who.name);
    },
  },
  {
    route: 'PUT /api/account/pin',
    check: async (who) => {
      const response = await request('PUT', '/api/account/pin', who.headers, {
        password: who.family.password,
        pin: '1357',
      });
      expectStatus(response, 200, who.name);
      const holders = await context.database.db
        .select({ id: users.id, pinHash: users.pinHash })
        .from(users)
        .where(inArray(users.id, [learners.A1.id, learners.B1.id]));
      for (const row of holders) expect(row.pinHash !== null, row.id).toBe(row.id === who.family.accountId);
      // The other family's password sets nothing here.
      const wrong = await request('PUT', '/api/account/pin', who.headers, {
        password: otherFamily(who)[0]!.family.password,
        pin: null,
      });
      expectStatus(wrong, 403, who.name);
      const removed = await request('PUT', '/api/account/pin', who.headers, {
        password: who.family.password,
        pin: null,
      });
      expectStatus(removed, 200, who.name);
    },
  },
  {
    route: 'POST /api/account/pin/verify',
    check: async (who) => {
      // No PIN in either family: nothing to verify, and nothing is counted.
      const response = await request('POST', '/api/account/pin/verify', who.headers, { pin: '1357' });
      expectStatus(response, 409, who.name);
      const holders = await context.database.db
        .select({ pinFailures: users.pinFailures })
        .from(users)
        .where(inArray(users.id, [learners.A1.id, learners.B1.id]));
      expect(holders.map((row) => row.pinFailures)).toEqual([0, 0]);
    },
  },
  {
    route: 'POST /api/account/pin/reset',
    check: async (who) => {
      expectStatus(
        await request('PUT', '/api/account/pin', who.headers, { password: who.family.password, pin: '2468' }),
        200,
        who.name,
      );
      const mailsBefore = CALLERS.map(
        (name) => readOutbox(context.outboxDir, learners[name].family.email).length,
      );
      const response = await request('POST', '/api/account/pin/reset', who.headers);
      expectStatus(response, 200, who.name);
      // The link goes to the caller's account, and removes that account's PIN only.
      CALLERS.forEach((name, index) => {
        const sent =
          readOutbox(context.outboxDir, learners[name].family.email).length - (mailsBefore[index] ?? 0);
        expect(sent, name).toBe(sameFamily(learners[name], who) ? 1 : 0);
      });
      const mails = readOutbox(context.outboxDir, who.family.email);
      const confirmed = await request(
        'POST',
        '/api/account/pin/reset-confirm',
        {},
        {
          token: tokenFromLink(mails.at(-1)?.link ?? null),
        },
      );
      expectStatus(confirmed, 200, who.name);
      const [row] = await context.database.db
        .select({ pinHash: users.pinHash })
        .from(users)
        .where(eq(users.id, who.family.accountId));
      expect(row?.pinHash).toBeNull();
    },
  },
  {
    route: 'PUT /api/account/digest',
    check: async (who) => {
      expectStatus(
        await request('PUT', '/api/account/digest', who.headers, { weeklyDigest: true }),
        200,
        who.name,
      );
      const rows = await context.database.db
        .select({ id: users.id, weeklyDigest: users.weeklyDigest })
        .from(users)
        .where(
          inArray(
            users.id,
            CALLERS.map((name) => learners[name].id),
          ),
        );
      for (const row of rows) expect(row.weeklyDigest, row.id).toBe(row.id === who.family.accountId);
      expectStatus(
        await request('PUT', '/api/account/digest', who.headers, { weeklyDigest: false }),
        200,
        who.name,
      );
    },
  },
];

describe('the learner dimension of the authorization matrix', () => {
  it('places every signed-in route the app serves', () => {
    const served = registeredRoutes(context.app).filter((route) => !route.includes(' /api/admin/'));
    expect(served).toEqual([...Object.keys(SIGNED_IN_ROUTES), ...PUBLIC_ROUTES].sort());
    expect(MATRIX.map((row) => row.route).sort()).toEqual(Object.keys(SIGNED_IN_ROUTES).sort());
  });

  it.each(MATRIX.map((row) => [row.route, row] as const))(
    '%s answers each learner its own',
    async (_route, row) => {
      for (const name of CALLERS) await row.check(learners[name]);
    },
  );
});

describe('draws and results stay with their learner', () => {
  it('a sibling’s open draw is neither shown to nor consumed by the other learner', async () => {
    const pool = await insertQuiz(context.database, {
      title: 'Family pool',
      attemptsAllowed: 100,
      questionsPerAttempt: 3,
      questions: Array.from({ length: 12 }, (_, index) => ({
        text: `Pool question ${index}`,
        correctIndex: index % 4,
      })),
    });
    const a2Opened = await request('GET', `/api/quizzes/${pool.id}`, learners.A2.headers);
    expect(a2Opened.statusCode).toBe(200);
    const a2Draw = await drawOf(learners.A2.id, pool.id);

    // A1 opens and submits the same quiz: its own draw, scored against it.
    const submitted = await context.submitAsAuthored(learners.A1.headers, pool.id, answersFor(pool));
    expect(submitted.statusCode, submitted.body).toBe(201);
    expect(submitted.json<{ correctCount: number }>().correctCount).toBe(3);
    expect(await drawOf(learners.A2.id, pool.id)).toEqual(a2Draw);

    // A2's draw is still A2's: reopening shows it, submitting it scores it.
    const reopened = await request('GET', `/api/quizzes/${pool.id}`, learners.A2.headers);
    expect(reopened.json<QuizAttemptResponse>().questions.map((q) => q._id)).toEqual(
      a2Opened.json<QuizAttemptResponse>().questions.map((q) => q._id),
    );
    expect(reopened.json<QuizAttemptResponse>().attemptCount).toBe(0);
    const a2Submitted = await context.submitAsAuthored(learners.A2.headers, pool.id, answersFor(pool));
    expect(a2Submitted.statusCode, a2Submitted.body).toBe(201);
    expect(a2Submitted.json<{ correctCount: number }>().correctCount).toBe(3);
    const a2Attempt = a2Submitted.json<{ attemptId: string }>().attemptId;
    const [row] = await context.database.db
      .select({ userId: attempts.userId })
      .from(attempts)
      .where(eq(attempts.id, a2Attempt));
    expect(row?.userId).toBe(learners.A2.id);
    // A1's token does not read it; A2's does.
    expect((await request('GET', `/api/quizzes/result/${a2Attempt}`, learners.A1.headers)).statusCode).toBe(
      404,
    );
    expect((await request('GET', `/api/quizzes/result/${a2Attempt}`, learners.A2.headers)).statusCode).toBe(
      200,
    );
  });

  it('plans are per learner: the Starter plan of A1 opens no certification quiz to A2', async () => {
    const a1 = await request('GET', `/api/quizzes/${certificationQuiz.id}`, learners.A1.headers);
    expect(a1.statusCode, a1.body).toBe(200);
    const a2 = await request('GET', `/api/quizzes/${certificationQuiz.id}`, learners.A2.headers);
    expect(a2.statusCode, a2.body).toBe(403);
    expect(await drawOf(learners.A2.id, certificationQuiz.id)).toBeNull();
  });
});

/** A fresh family of a holder and a selected child, for the tests that revoke or delete. */
async function freshFamily(password = PASSWORD_F) {
  const parent = await holder('Parent', password);
  const kid = await child(parent.headers, 'Kid');
  return { holder: parent, child: kid, password };
}

const REVOKED = { message: 'Please log in to continue' };

async function expectRevoked(headers: Headers, label: string) {
  for (const url of ['/api/auth/me', '/api/learners', '/api/learning/summary', '/api/quizzes/history']) {
    const response = await request('GET', url, headers);
    expect(response.statusCode, `${label} ${url}`).toBe(401);
    expect(response.json(), `${label} ${url}`).toEqual(REVOKED);
  }
}

/**
 * The very next requests after a removal or deletion was answered, sent straight to the app
 * without waiting for the database's change notification: one instance answers them from its own
 * state, which the request that removed the learner must have dropped (app.ts's onSend hook,
 * decision 018). The history answers even a learner without any row, so only the token check can
 * refuse it.
 */
async function expectRefusedAtOnce(headers: Headers, label: string) {
  for (const url of ['/api/quizzes/history', '/api/auth/me', '/api/review']) {
    const next = await context.app.inject({ method: 'GET', url, headers });
    expect(next.statusCode, `${label} ${url}: ${next.body}`).toBe(401);
  }
}

async function expectAccepted(headers: Headers, learnerId: string, label: string) {
  const response = await request('GET', '/api/auth/me', headers);
  expect(response.statusCode, `${label}: ${response.body}`).toBe(200);
  expect(response.json<MeResponse>()._id, label).toBe(learnerId);
}

describe('tokens of the learners', () => {
  it('switching revokes nothing: every learner token of the account keeps working', async () => {
    const family = await freshFamily();
    // The holder switches to the child and back, and the child switches to the holder.
    const toChild = await select(family.holder.headers, family.child.id);
    const back = await select(headersOf(toChild.json<{ token: string }>().token), family.holder.id);
    const fromChild = await select(family.child.headers, family.holder.id);
    for (const response of [toChild, back, fromChild]) expect(response.statusCode, response.body).toBe(200);
    await expectAccepted(family.holder.headers, family.holder.id, 'first holder token');
    await expectAccepted(family.child.headers, family.child.id, 'first child token');
    await expectAccepted(
      headersOf(toChild.json<{ token: string }>().token),
      family.child.id,
      'second child token',
    );
    await expectAccepted(
      headersOf(back.json<{ token: string }>().token),
      family.holder.id,
      'holder token after switching back',
    );
    await expectAccepted(
      headersOf(fromChild.json<{ token: string }>().token),
      family.holder.id,
      'holder token from the child',
    );
  });

  it('a password reset of the holder revokes every learner token of the account, and only of it', async () => {
    const family = await freshFamily();
    const bystander = await freshFamily(PASSWORD_G);
    const forgot = await request('POST', '/api/auth/forgot-password', {}, { email: family.holder.email });
    expect(forgot.statusCode).toBe(200);
    const link = readOutbox(context.outboxDir, family.holder.email).at(-1)?.link ?? null;
    const reset = await request(
      'POST',
      '/api/auth/reset-password',
      {},
      {
        token: tokenFromLink(link),
        password: 'Kochi-Monsoon-Rain-8',
      },
    );
    expect(reset.statusCode, reset.body).toBe(200);
    await expectRevoked(family.holder.headers, 'holder');
    await expectRevoked(family.child.headers, 'child');
    expect((await select(family.child.headers, family.holder.id)).statusCode).toBe(401);
    await expectAccepted(bystander.holder.headers, bystander.holder.id, 'another family’s holder');
    await expectAccepted(bystander.child.headers, bystander.child.id, 'another family’s child');
    // The new password signs in again, and the child can be chosen again.
    const again = await loginAs(context, family.holder.email, 'Kochi-Monsoon-Rain-8');
    expect((await select(again, family.child.id)).statusCode).toBe(200);
  });

  it.each(['holder', 'child'] as const)(
    'deleting the account with the %s’s token revokes every learner token of it at once',
    async (deleter) => {
      const family = await freshFamily();
      // Both learners' state is in the app's cache before the deletion.
      await expectAccepted(family.holder.headers, family.holder.id, 'holder before deletion');
      await expectAccepted(family.child.headers, family.child.id, 'child before deletion');
      // Any learner's token deletes the account: it is the parent's, confirmed by its password.
      const deleted = await context.app.inject({
        method: 'POST',
        url: '/api/user/delete-account',
        headers: family[deleter].headers,
        payload: { password: family.password },
      });
      expect(deleted.statusCode, deleted.body).toBe(200);
      await expectRefusedAtOnce(family.holder.headers, 'holder');
      await expectRefusedAtOnce(family.child.headers, 'child');
      await expectRevoked(family.holder.headers, 'holder');
      await expectRevoked(family.child.headers, 'child');
      expect(await learnerIdsOf(family.holder.id)).toEqual([]);
    },
  );

  it('a removed child’s token gets 401 at once, and the child cannot be chosen again', async () => {
    const family = await freshFamily();
    // The child's state is in the app's cache before the removal.
    await expectAccepted(family.child.headers, family.child.id, 'child before removal');
    expect((await request('GET', '/api/learning/summary', family.child.headers)).statusCode).toBe(200);
    const removed = await context.app.inject({
      method: 'DELETE',
      url: `/api/learners/${family.child.id}`,
      headers: family.holder.headers,
      payload: { password: family.password },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await expectRefusedAtOnce(family.child.headers, 'removed child');
    await expectRevoked(family.child.headers, 'removed child');
    expectNotFound(await select(family.holder.headers, family.child.id), 'select removed child');
    await expectAccepted(family.holder.headers, family.holder.id, 'holder after removal');
  });

  it('removing the first child hands the account to the next one at once; the last child stays (409)', async () => {
    const family = await freshFamily(PASSWORD_F);
    // Another family cannot, with either password.
    for (const password of [PASSWORD_F, PASSWORD_G]) {
      const before = await tableCounts(context.database);
      const refused = await request('DELETE', `/api/learners/${family.holder.id}`, learners.B1.headers, {
        password,
      });
      expect(refused.statusCode).toBe(404);
      expect(await tableCounts(context.database)).toEqual(before);
    }
    const removed = await request('DELETE', `/api/learners/${family.holder.id}`, family.child.headers, {
      password: PASSWORD_F,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await expectRefusedAtOnce(family.holder.headers, 'removed first child');
    await expectRevoked(family.holder.headers, 'removed first child');
    await expectAccepted(family.child.headers, family.child.id, 'the child who now holds the account');
    const before = await tableCounts(context.database);
    const last = await request('DELETE', `/api/learners/${family.child.id}`, family.child.headers, {
      password: PASSWORD_F,
    });
    expect(last.statusCode).toBe(409);
    expect(await tableCounts(context.database)).toEqual(before);
  });
});

describe('parent PIN proofs', () => {
  async function withPin(password: string, pin: string) {
    const family = await freshFamily(password);
    const set = await request('PUT', '/api/account/pin', family.holder.headers, { password, pin });
    expect(set.statusCode, set.body).toBe(200);
    return family;
  }

  async function proof(headers: Headers, pin: string) {
    const response = await request('POST', '/api/account/pin/verify', headers, { pin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ pinToken: string }>().pinToken;
  }

  const guarded = (headers: Headers, pinToken?: string) =>
    request('GET', '/api/account/export', {
      ...headers,
      ...(pinToken ? { [PARENT_PIN_HEADER]: pinToken } : {}),
    });

  function expectPinRequired(response: LightMyRequestResponse, label: string) {
    expect(response.statusCode, `${label}: ${response.body}`).toBe(403);
    expect(response.json<{ code: string }>().code, label).toBe(FAMILY_ERROR_CODES.pinRequired);
  }

  it('a proof opens its own account’s guarded routes, for every learner token of that account', async () => {
    const family = await withPin(PASSWORD_F, '4826');
    expectPinRequired(await guarded(family.holder.headers), 'no proof');
    const pinToken = await proof(family.child.headers, '4826');
    expect((await guarded(family.holder.headers, pinToken)).statusCode).toBe(200);
    expect((await guarded(family.child.headers, pinToken)).statusCode).toBe(200);
    const report = await request('GET', '/api/reports/family', {
      ...family.child.headers,
      [PARENT_PIN_HEADER]: pinToken,
    });
    expect(report.statusCode).toBe(200);
  });

  it('a PIN proof is not a bearer token', async () => {
    const family = await withPin(PASSWORD_F, '5173');
    const pinToken = await proof(family.holder.headers, '5173');
    for (const url of ['/api/auth/me', '/api/learners', '/api/account/export', '/api/admin/learners']) {
      const response = await request('GET', url, {
        authorization: `Bearer ${pinToken}`,
        [PARENT_PIN_HEADER]: pinToken,
      });
      expect(response.statusCode, url).toBe(401);
      expect(response.json(), url).toEqual(REVOKED);
    }
  });

  it('a bearer token is not a PIN proof', async () => {
    const family = await withPin(PASSWORD_F, '6284');
    for (const token of [family.holder.headers, family.child.headers].map(
      (headers) => headers.authorization,
    )) {
      expectPinRequired(await guarded(family.holder.headers, token.slice('Bearer '.length)), 'bearer token');
      expectPinRequired(await guarded(family.holder.headers, token), 'bearer header value');
    }
  });

  it('a proof of one family does not open another family’s guarded routes', async () => {
    const f = await withPin(PASSWORD_F, '7395');
    const g = await withPin(PASSWORD_G, '7395');
    const fProof = await proof(f.holder.headers, '7395');
    const gProof = await proof(g.child.headers, '7395');
    const before = await tableCounts(context.database);
    expectPinRequired(await guarded(g.holder.headers, fProof), 'F proof, G holder');
    expectPinRequired(await guarded(g.child.headers, fProof), 'F proof, G child');
    expectPinRequired(await guarded(f.child.headers, gProof), 'G proof, F child');
    expectPinRequired(
      await request(
        'POST',
        '/api/learners',
        { ...g.holder.headers, [PARENT_PIN_HEADER]: fProof },
        {
          first_name: 'Sneaky',
          last_name: 'Family',
          grade: 'c-3',
        },
      ),
      'F proof adds to G',
    );
    expectPinRequired(
      await request(
        'DELETE',
        `/api/learners/${g.child.id}`,
        { ...g.holder.headers, [PARENT_PIN_HEADER]: fProof },
        {
          password: PASSWORD_G,
        },
      ),
      'F proof removes from G',
    );
    expectPinRequired(
      await request(
        'POST',
        '/api/user/delete-account',
        { ...g.child.headers, [PARENT_PIN_HEADER]: fProof },
        {
          password: PASSWORD_G,
        },
      ),
      'F proof deletes G',
    );
    expect(await tableCounts(context.database)).toEqual(before);
    // And each family's proof still opens its own.
    expect((await guarded(g.holder.headers, gProof)).statusCode).toBe(200);
    expect((await guarded(f.holder.headers, fProof)).statusCode).toBe(200);
  });

  it('a proof of an old PIN is refused once the PIN changed', async () => {
    const family = await withPin(PASSWORD_F, '8406');
    const oldProof = await proof(family.holder.headers, '8406');
    const changed = await request('PUT', '/api/account/pin', family.child.headers, {
      password: PASSWORD_F,
      pin: '9517',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expectPinRequired(await guarded(family.holder.headers, oldProof), 'old proof');
    const oldPin = await request('POST', '/api/account/pin/verify', family.holder.headers, { pin: '8406' });
    expect(oldPin.statusCode).toBe(403);
    expect(oldPin.json<{ code: string }>().code).toBe(FAMILY_ERROR_CODES.pinWrong);
    expect(
      (await guarded(family.holder.headers, await proof(family.holder.headers, '9517'))).statusCode,
    ).toBe(200);
  });

  it('wrong PINs sent at once never get more than PARENT_PIN_MAX_TRIES tries, and the lock holds', async () => {
    const family = await withPin(PASSWORD_F, '1029');
    const bystander = await withPin(PASSWORD_G, '1029');
    const wrong = ['0000', '1111', '2222', '3333', '4444', '5555', '6666', '7777', '8888', '9999'];
    const responses = await Promise.all(
      wrong.map((pin, index) =>
        request('POST', '/api/account/pin/verify', index % 2 ? family.child.headers : family.holder.headers, {
          pin,
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((code) => code === 200)).toEqual([]);
    // Each of the first tries is told the PIN is wrong; the last allowed try and all after it, locked.
    expect(statuses.filter((code) => code === 403)).toHaveLength(PARENT_PIN_MAX_TRIES - 1);
    expect(statuses.filter((code) => code === 423)).toHaveLength(wrong.length - PARENT_PIN_MAX_TRIES + 1);
    for (const response of responses)
      expect(typeof response.json<{ message: unknown }>().message).toBe('string');
    const [row] = await context.database.db
      .select({ pinFailures: users.pinFailures })
      .from(users)
      .where(eq(users.id, family.holder.id));
    expect(row?.pinFailures).toBe(PARENT_PIN_MAX_TRIES);
    // The right PIN no longer helps, from either token, and the guarded routes stay closed.
    for (const headers of [family.holder.headers, family.child.headers]) {
      const right = await request('POST', '/api/account/pin/verify', headers, { pin: '1029' });
      expect(right.statusCode).toBe(423);
      expect(right.json<{ code: string }>().code).toBe(FAMILY_ERROR_CODES.pinLocked);
    }
    expectPinRequired(await guarded(family.holder.headers), 'locked');
    // Another family's PIN is not locked by it.
    expect(
      (await guarded(bystander.holder.headers, await proof(bystander.holder.headers, '1029'))).statusCode,
    ).toBe(200);
  });
});

describe('admins', () => {
  it('have no learners, cannot be selected and cannot act on a family', async () => {
    const before = await tableCounts(context.database);
    const list = await request('GET', '/api/learners', admin.headers);
    expect(list.statusCode).toBe(403);
    expect(list.json()).toEqual({ message: FAMILY_ADMIN_MESSAGE });
    const selectSelf = await select(admin.headers, admin.id);
    expect(selectSelf.statusCode).toBe(403);
    expect(selectSelf.json()).toEqual({ message: FAMILY_ADMIN_MESSAGE });
    // Selecting a family's learner with an admin token, or the admin with a learner's token.
    expect((await select(admin.headers, learners.A2.id)).statusCode).toBe(403);
    for (const name of CALLERS)
      expectNotFound(await select(learners[name].headers, admin.id), `${name} selects the admin`);
    for (const name of CALLERS) {
      expectNotFound(
        await request('GET', `/api/learners/${admin.id}/export`, learners[name].headers),
        `${name} exports the admin`,
      );
    }
    expect((await addChild(admin.headers, 'Admin child')).statusCode).toBe(403);
    expect((await request('GET', '/api/reports/family', admin.headers)).statusCode).toBe(403);
    expect(
      (await request('PUT', '/api/account/digest', admin.headers, { weeklyDigest: true })).statusCode,
    ).toBe(403);
    expect(
      (await request('POST', '/api/account/pin/verify', admin.headers, { pin: '1234' })).statusCode,
    ).toBe(403);
    const removal = await request('DELETE', `/api/learners/${learners.A2.id}`, admin.headers, {
      password: 'Quiz-Quest-Test-42',
    });
    expect(removal.statusCode).toBe(403);
    const exported = await request('GET', `/api/learners/${learners.A2.id}/export`, admin.headers);
    expectNotFound(exported, 'admin exports A2');
    expect(await tableCounts(context.database)).toEqual(before);
  });
});

describe('hostile input', () => {
  const BAD_IDS = [
    'not-a-uuid',
    '1',
    "1' or '1'='1",
    '\u0000',
    'a'.repeat(300),
    '0000000-0000-0000-0000-000000000000',
    '../../admin',
    '{"$ne":null}',
  ];

  it.each(BAD_IDS)('an id %j is refused with a message and writes nothing', async (rawId) => {
    const badId = encodeURIComponent(rawId);
    const before = await tableCounts(context.database);
    const calls = [
      () => request('POST', `/api/learners/${badId}/select`, learners.A1.headers),
      () => request('GET', `/api/learners/${badId}/export`, learners.A1.headers),
      () => request('DELETE', `/api/learners/${badId}`, learners.A2.headers, { password: PASSWORD_F }),
      () => request('GET', `/api/quizzes/result/${badId}`, learners.A1.headers),
      () => request('GET', `/api/quizzes/${badId}`, learners.A2.headers),
      () => request('POST', `/api/quizzes/submit/${badId}`, learners.A2.headers, { answers: [0, 1, 2] }),
    ];
    for (const call of calls) {
      const response = await call();
      expect(response.statusCode, `${response.statusCode} ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(typeof response.json<{ message: unknown }>().message).toBe('string');
    }
    expect(await tableCounts(context.database)).toEqual(before);
  });

  it('a well-formed id of nobody is 404 and writes nothing', async () => {
    const before = await tableCounts(context.database);
    const nobody = '00000000-0000-4000-8000-000000000000';
    expectNotFound(await select(learners.A1.headers, nobody), 'select');
    expectNotFound(await request('GET', `/api/learners/${nobody}/export`, learners.A1.headers), 'export');
    expectNotFound(
      await request('DELETE', `/api/learners/${nobody}`, learners.A1.headers, { password: PASSWORD_F }),
      'remove',
    );
    expect(await tableCounts(context.database)).toEqual(before);
  });

  it('extra fields of an added child never choose its account, role, e-mail or id', async () => {
    const response = await request('POST', '/api/learners', learners.A2.headers, {
      first_name: 'Extra',
      last_name: 'Fields',
      grade: 'c-3',
      id: learners.B2.id,
      accountId: learners.B1.id,
      account_id: learners.B1.id,
      role: 'admin',
      email: 'extra-fields@example.com',
      password: 'Extra-Fields-Password-1',
      passwordHash: 'x',
      isVerified: false,
      tokenVersion: 99,
    });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json<{ id: string }>().id;
    expect(id).not.toBe(learners.B2.id);
    const [row] = await context.database.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({
      accountId: learners.A1.id,
      role: 'learner',
      email: null,
      passwordHash: null,
      tokenVersion: 0,
    });
    expect(await learnerIdsOf(learners.B1.id)).toEqual([learners.B1.id, learners.B2.id].sort());
    const removed = await request('DELETE', `/api/learners/${id}`, learners.A1.headers, {
      password: PASSWORD_F,
    });
    expect(removed.statusCode, removed.body).toBe(200);
  });

  it('a prototype key in the body is refused with a message, and nothing is written', async () => {
    const before = await tableCounts(context.database);
    const response = await context.request({
      method: 'POST',
      url: '/api/learners',
      headers: { ...learners.A1.headers, 'content-type': 'application/json' },
      payload:
        '{"first_name":"Proto","last_name":"Type","grade":"c-3","__proto__":{"role":"admin","accountId":"x"}}',
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(typeof response.json<{ message: unknown }>().message).toBe('string');
    expect(await tableCounts(context.database)).toEqual(before);
  });

  it(`a ${MAX_LEARNERS + 1}th child is refused (409) from any learner token, and nothing is written`, async () => {
    const family = await freshFamily();
    for (let index = 2; index < MAX_LEARNERS; index += 1) {
      const response = await addChild(family.holder.headers, `Child ${index + 1}`);
      expect(response.statusCode, response.body).toBe(201);
    }
    expect(await learnerIdsOf(family.holder.id)).toHaveLength(MAX_LEARNERS);
    for (const headers of [family.holder.headers, family.child.headers]) {
      const before = await tableCounts(context.database);
      const response = await addChild(headers, 'One too many');
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: LEARNER_LIMIT_MESSAGE });
      expect(await tableCounts(context.database)).toEqual(before);
    }
  });

  it('ten adds at once never make more than six learners', async () => {
    const family = await freshFamily();
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        addChild(index % 2 ? family.child.headers : family.holder.headers, `Racer ${index}`),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((code) => code === 201)).toHaveLength(MAX_LEARNERS - 2);
    expect(statuses.filter((code) => code === 409)).toHaveLength(10 - (MAX_LEARNERS - 2));
    expect(await learnerIdsOf(family.holder.id)).toHaveLength(MAX_LEARNERS);
  });
});
