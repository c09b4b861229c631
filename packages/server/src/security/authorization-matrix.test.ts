import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeGradeParam } from '@quizquest/shared';
import { certificates, users } from '../db/schema.ts';
import { quizBody } from '../testing/admin-quizzes.ts';
import { createTestContext, insertChild, type TestContext } from '../testing/index.ts';
import { insertCertifications, newCertificateCode, subLevelIdsOf } from '../testing/certification.ts';
import { answersFor, insertQuiz, type TestQuiz } from '../testing/quizzes.ts';
import { pngImage, registeredRoutes, signIn, tableCounts, type SignedIn } from './support.ts';

/**
 * The authorization matrix (issue #9 item 1): every API route × {anonymous, learner, another
 * learner, admin} with the status each one gets. The routes are read from the app itself, so a
 * route added without a row here fails the first test. "learner" owns the attempt, profile,
 * avatar and certificate the rows point at; "other" is a second learner of the same grade.
 */

type Actor = 'anonymous' | 'other' | 'learner' | 'admin';
/** Each row is called in this order: refusals first, the owner and the admin last. */
const ACTORS: Actor[] = ['anonymous', 'other', 'learner', 'admin'];

interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The route as registered. */
  route: string;
  url: (actor: Actor) => string;
  payload?: (actor: Actor) => unknown;
  headers?: Record<string, string>;
  status: Record<Actor, number>;
  /** Extra checks on a served answer: what it shows belongs to the caller. */
  check?: (response: LightMyRequestResponse, actor: Actor) => void | Promise<void>;
}

let context: TestContext;
const people = {} as Record<Exclude<Actor, 'anonymous'>, SignedIn>;
/** Sign-ups sent by the matrix: the existing e-mails take turns (3 sign-ups per hour per e-mail, decision 021). */
let signups = 0;
let quiz: TestQuiz;
let doomedQuizId: string;
let learnerAttemptId: string;
let learnerAvatarUrl: string;
let certificateCode: string;
/** A certificate of "other" that the admin's row revokes (decision 037). */
let revocableCode: string;
/** An added child of "learner"'s account (decision 035). */
let learnerChildId: string;
/** The attempt each caller's keyed submission recorded. */
const matrixAttempts: Partial<Record<Actor, string>> = {};

beforeAll(async () => {
  context = await createTestContext({ env: { PAYMENT_WEBHOOK_SECRET: 'matrix-webhook-secret-0123456789' } });
  people.learner = await signIn(context, 'learner');
  people.other = await signIn(context, 'learner');
  people.admin = await signIn(context, 'admin');
  quiz = await insertQuiz(context.database, { title: 'Matrix practice', attemptsAllowed: 100 });
  doomedQuizId = (await insertQuiz(context.database, { title: 'Matrix quiz to delete' })).id;

  const submitted = await context.submitAsAuthored(people.learner.headers, quiz.id, answersFor(quiz));
  expect(submitted.statusCode).toBe(201);
  learnerAttemptId = submitted.json<{ attemptId: string }>().attemptId;

  const avatar = await context.request({
    method: 'PUT',
    url: '/api/user/profile',
    headers: people.learner.headers,
    payload: {
      first_name: 'Owner',
      last_name: 'Learner',
      grade: 'c-3',
      avatar: (await pngImage(5, 5)).dataString,
    },
  });
  expect(avatar.statusCode).toBe(200);
  learnerAvatarUrl = avatar.json<{ avatar: string }>().avatar;
  learnerChildId = (await insertChild(context.database, people.learner.id)).id;

  await insertCertifications(context.database, people.learner.id, subLevelIdsOf(1));
  const issued = await context.request({
    method: 'GET',
    url: '/api/certification/view?level=1',
    headers: people.learner.headers,
  });
  expect(issued.statusCode).toBe(200);
  const [certificate] = await context.database.db
    .select({ code: certificates.code })
    .from(certificates)
    .where(eq(certificates.userId, people.learner.id));
  if (!certificate) throw new Error('no certificate issued');
  certificateCode = certificate.code;
  revocableCode = newCertificateCode();
  await context.database.db
    .insert(certificates)
    .values({ userId: people.other.id, level: 2, code: revocableCode });
});
afterAll(async () => {
  await context.close();
});

const status = (anonymous: number, other: number, learner: number, admin: number) => ({
  anonymous,
  other,
  learner,
  admin,
});
/** Public: everyone gets the same. */
const everyone = (code: number) => status(code, code, code, code);
/** Any signed-in user, each for their own account. */
const signedIn = (code: number) => status(401, code, code, code);
/** Admins only. */
const adminOnly = (code: number) => status(401, 403, 403, code);

const ownEmail = (response: LightMyRequestResponse, actor: Actor) => {
  if (actor === 'anonymous') return;
  expect(response.json<{ email: string }>().email).toBe(people[actor].email);
};

/** A learner's account only: an admin account has no children (decision 035). */
const learnersOnly = (code: number) => status(401, code, code, 403);

const MATRIX: Row[] = [
  {
    method: 'GET',
    route: '/api/learners',
    url: () => '/api/learners',
    status: learnersOnly(200),
    check: (response, actor) => {
      if (actor !== 'learner' && actor !== 'other') return;
      const ids = response.json<{ learners: Array<{ id: string }> }>().learners.map((learner) => learner.id);
      expect(ids[0]).toBe(people[actor].id);
      expect(ids.includes(learnerChildId)).toBe(actor === 'learner');
    },
  },
  {
    method: 'POST',
    route: '/api/learners',
    url: () => '/api/learners',
    payload: () => ({ first_name: 'Added', last_name: 'Child', grade: 'c-1' }),
    status: learnersOnly(201),
  },
  {
    // Another account's child is not found; the owner's needs the password (wrong here).
    method: 'DELETE',
    route: '/api/learners/:id',
    url: () => `/api/learners/${learnerChildId}`,
    payload: () => ({ password: 'Wrong-Password-1' }),
    status: status(401, 404, 403, 403),
  },
  {
    method: 'POST',
    route: '/api/learners/:id/select',
    url: () => `/api/learners/${learnerChildId}/select`,
    status: status(401, 404, 200, 403),
  },
  {
    method: 'GET',
    route: '/api/learners/:id/export',
    url: () => `/api/learners/${learnerChildId}/export`,
    status: status(401, 404, 200, 404),
  },
  {
    method: 'GET',
    route: '/api/account/export',
    url: () => '/api/account/export',
    status: signedIn(200),
    check: (response, actor) => {
      if (actor === 'anonymous') return;
      if (actor !== 'learner') expect(response.body).not.toContain(people.learner.email);
      if (actor === 'learner') expect(response.body).toContain(learnerChildId);
    },
  },
  {
    method: 'PUT',
    route: '/api/account/pin',
    url: () => '/api/account/pin',
    payload: () => ({ password: 'Wrong-Password-1', pin: '1234' }),
    status: status(401, 403, 403, 403),
  },
  {
    // No PIN is set on these accounts.
    method: 'POST',
    route: '/api/account/pin/verify',
    url: () => '/api/account/pin/verify',
    payload: () => ({ pin: '1234' }),
    status: status(401, 409, 409, 403),
  },
  {
    method: 'POST',
    route: '/api/account/pin/reset',
    url: () => '/api/account/pin/reset',
    status: status(401, 409, 409, 403),
  },
  {
    method: 'POST',
    route: '/api/account/pin/reset-confirm',
    url: () => '/api/account/pin/reset-confirm',
    payload: () => ({ token: 'a'.repeat(43) }),
    status: everyone(400),
  },
  {
    method: 'PUT',
    route: '/api/account/digest',
    url: () => '/api/account/digest',
    payload: () => ({ weeklyDigest: false }),
    status: learnersOnly(200),
  },
  {
    method: 'GET',
    route: '/api/reports/family',
    url: () => '/api/reports/family?days=7',
    status: learnersOnly(200),
    check: (response, actor) => {
      if (actor !== 'learner' && actor !== 'other') return;
      const ids = response.json<{ learners: Array<{ id: string }> }>().learners.map((learner) => learner.id);
      expect(ids.includes(people[actor].id)).toBe(true);
      expect(ids.includes(learnerChildId)).toBe(actor === 'learner');
    },
  },
  { method: 'GET', route: '/api/docs', url: () => '/api/docs', status: everyone(200) },
  { method: 'GET', route: '/api/health', url: () => '/api/health', status: everyone(200) },
  {
    method: 'GET',
    route: '/api/grades/get-grades',
    url: () => '/api/grades/get-grades',
    status: everyone(200),
  },
  { method: 'GET', route: '/api/plans', url: () => '/api/plans', status: everyone(200) },
  {
    // Media are public by unguessable content hash (design.md §3): another learner's avatar URL
    // works for whoever holds it, like an unlisted link; nothing lists them.
    method: 'GET',
    route: '/api/media/:id',
    url: () => learnerAvatarUrl,
    status: everyone(200),
    check: (response) => expect(response.headers['content-type']).toBe('image/jpeg'),
  },
  {
    method: 'POST',
    route: '/api/auth/signup',
    url: () => '/api/auth/signup',
    payload: () => ({
      first_name: 'Matrix',
      last_name: 'Signup',
      email: [people.learner, people.other, people.admin][(signups += 1) % 3]!.email,
      password: 'Mango-Tree-Delhi-9',
      grade: 'c-3',
      consent: true,
    }),
    // An existing e-mail is answered like a new one (decision 001) and stores nothing.
    status: everyone(201),
  },
  {
    method: 'POST',
    route: '/api/auth/verify-email',
    url: () => '/api/auth/verify-email',
    payload: () => ({ token: 'A'.repeat(43) }),
    status: everyone(400),
  },
  {
    method: 'POST',
    route: '/api/auth/login',
    url: () => '/api/auth/login',
    payload: () => ({ email: people.other.email, password: 'Wrong-Password-1' }),
    status: everyone(401),
  },
  {
    method: 'POST',
    route: '/api/auth/forgot-password',
    url: () => '/api/auth/forgot-password',
    payload: () => ({ email: 'nobody-matrix@example.com' }),
    status: everyone(200),
  },
  {
    method: 'POST',
    route: '/api/auth/reset-password',
    url: () => '/api/auth/reset-password',
    payload: () => ({ token: 'B'.repeat(43), password: 'New-Password-Kerala-7' }),
    status: everyone(400),
  },
  {
    // Authenticated by the provider's signature, not by a bearer token: unsigned is refused for all.
    method: 'POST',
    route: '/api/payments/webhook',
    url: () => '/api/payments/webhook',
    payload: () => ({ event: 'payment.captured', payload: {} }),
    status: everyone(400),
  },
  {
    method: 'GET',
    route: '/api/certificates/verify/:code',
    url: () => `/api/certificates/verify/${certificateCode}`,
    status: everyone(200),
    check: (response) => {
      // Public, so it tells the first name, level and date only: no surname, e-mail or id.
      const body = response.json<Record<string, unknown>>();
      expect(Object.keys(body).sort()).toEqual([
        'code',
        'firstName',
        'issuedAt',
        'level',
        'levelName',
        'revocationReason',
        'revokedAt',
        'valid',
      ]);
      expect(body.firstName).toBe('Owner');
    },
  },
  // The credentials' public side (decision 037): the same for everyone, nothing of a learner's.
  {
    method: 'GET',
    route: '/.well-known/jwks.json',
    url: () => '/.well-known/jwks.json',
    status: everyone(200),
  },
  {
    method: 'GET',
    route: '/api/credentials/issuer',
    url: () => '/api/credentials/issuer',
    status: everyone(200),
  },
  {
    method: 'GET',
    route: '/api/credentials/achievements/:level',
    url: () => '/api/credentials/achievements/1',
    status: everyone(200),
  },
  {
    method: 'GET',
    route: '/api/credentials/status/:listId',
    url: () => '/api/credentials/status/1',
    status: everyone(200),
  },
  {
    method: 'POST',
    route: '/api/credentials/verify',
    url: () => '/api/credentials/verify',
    payload: () => ({ code: certificateCode }),
    status: everyone(200),
    check: (response) => {
      // The first name, as the public certificate check shows it; never the e-mail or an id.
      const body = response.json<Record<string, unknown>>();
      expect(body).toMatchObject({ status: 'valid', code: certificateCode, name: 'Owner' });
      expect(response.body).not.toContain(people.learner.email);
      expect(response.body).not.toContain(people.learner.id);
    },
  },
  { method: 'GET', route: '/api/auth/me', url: () => '/api/auth/me', status: signedIn(200), check: ownEmail },
  {
    method: 'GET',
    route: '/api/plans/:planId/payment',
    url: () => '/api/plans/plan99/payment',
    status: signedIn(200),
    // The payment reference is the caller's own (decision 020).
    check: (response, actor) => {
      if (actor === 'anonymous') return;
      const code = people[actor].id.replaceAll('-', '').slice(0, 10).toUpperCase();
      expect(response.json<{ reference: string }>().reference).toBe(`QQ-${code}-PLAN99`);
    },
  },
  {
    method: 'GET',
    route: '/api/user/profile',
    url: () => '/api/user/profile',
    status: signedIn(200),
    check: ownEmail,
  },
  {
    method: 'PUT',
    route: '/api/user/profile',
    url: () => '/api/user/profile',
    payload: (actor) => ({ first_name: `Saved by ${actor}`, last_name: 'Person', grade: 'c-3' }),
    status: signedIn(200),
    check: async (response, actor) => {
      ownEmail(response, actor);
      // Each caller changes their own row only: the owner's name is the owner's.
      const [owner] = await context.database.db
        .select({ firstName: users.firstName })
        .from(users)
        .where(eq(users.id, people.learner.id));
      expect(owner?.firstName).toBe(actor === 'other' ? 'Owner' : 'Saved by learner');
    },
  },
  {
    method: 'PUT',
    route: '/api/user/language',
    url: () => '/api/user/language',
    payload: () => ({ language: 'en' }),
    status: signedIn(200),
    // The caller's own language: nobody else's row changes (decision 034).
    check: (response, actor) => {
      if (actor === 'anonymous') return;
      expect(response.json<{ language: string }>().language).toBe('en');
    },
  },
  {
    method: 'GET',
    route: '/api/learning/summary',
    url: () => '/api/learning/summary',
    status: signedIn(200),
    // Each caller's own days and mastery: only the owner has finished a quiz so far.
    check: (response, actor) => {
      if (actor === 'anonymous') return;
      const body = response.json<{ dailyGoal: { done: number }; mastery: unknown[] }>();
      expect(body.dailyGoal.done > 0).toBe(actor === 'learner');
      expect(body.mastery.length > 0).toBe(actor === 'learner');
    },
  },
  {
    // The parent's copy of the learner's data: always the caller's own.
    method: 'GET',
    route: '/api/user/export',
    url: () => '/api/user/export',
    status: signedIn(200),
    check: (response, actor) => {
      if (actor === 'anonymous') return;
      expect(response.body).toContain(people[actor].email);
      if (actor !== 'learner') expect(response.body).not.toContain(people.learner.email);
    },
  },
  {
    // Own account only (there is no id to name another one), and never without its password;
    // an admin account cannot be deleted. Deleting for real is tested in features/data-rights.
    method: 'POST',
    route: '/api/user/delete-account',
    url: () => '/api/user/delete-account',
    payload: () => ({ password: 'Wrong-Password-1' }),
    status: status(401, 403, 403, 403),
  },
  {
    method: 'GET',
    route: '/api/quizzes/quiz-categories',
    url: () => `/api/quizzes/quiz-categories?param=${encodeGradeParam('c-3')}`,
    status: signedIn(200),
  },
  {
    method: 'POST',
    route: '/api/quizzes/published',
    url: () => '/api/quizzes/published',
    payload: () => ({ category: null, grade: encodeGradeParam('c-3') }),
    status: signedIn(200),
  },
  {
    method: 'GET',
    route: '/api/quizzes/:quizId',
    url: () => `/api/quizzes/${quiz.id}`,
    status: signedIn(200),
    check: (response) => {
      // Before submitting, nobody sees the answers.
      expect(response.body).not.toMatch(/correct/i);
    },
  },
  {
    method: 'POST',
    route: '/api/quizzes/submit/:quizId',
    url: () => `/api/quizzes/submit/${quiz.id}`,
    // A signed-in caller answers the draw it opened (decision 031); the anonymous one cannot open.
    payload: async (actor) => ({
      answers:
        actor === 'anonymous'
          ? answersFor(quiz)
          : await context.openAsAuthored(people[actor].headers, quiz.id, answersFor(quiz)),
    }),
    // One Idempotency-Key for every caller (decision 036): keys are per learner, so each caller's
    // submission is recorded for them and no one is answered with another's attempt.
    headers: { 'idempotency-key': 'matrix-shared-key' },
    status: signedIn(201),
    check: (response, actor) => {
      expect(response.json()).toMatchObject({ score: 100, correctCount: 3 });
      const { attemptId } = response.json<{ attemptId: string }>();
      expect(Object.values(matrixAttempts)).not.toContain(attemptId);
      matrixAttempts[actor] = attemptId;
    },
  },
  {
    method: 'GET',
    route: '/api/review',
    url: () => '/api/review',
    status: signedIn(200),
    check: (response) => {
      // A review session is a draw of questions: never their answers.
      expect(response.body).not.toMatch(/correct/i);
    },
  },
  {
    method: 'POST',
    route: '/api/review/submit',
    url: () => '/api/review/submit',
    payload: () => ({ answers: [0] }),
    // A key of its own: the quiz row's key names another request (422).
    headers: { 'idempotency-key': 'matrix-review-key' },
    // Signed in, the service answers: nobody here has a review session pending (409).
    status: status(401, 409, 409, 409),
  },
  {
    method: 'GET',
    route: '/api/quizzes/result/:attemptId',
    url: () => `/api/quizzes/result/${learnerAttemptId}`,
    // Another learner's result does not exist for them (404, not 403: ids are not confirmed).
    status: status(401, 404, 200, 200),
  },
  {
    method: 'GET',
    route: '/api/quizzes/history',
    url: () => '/api/quizzes/history',
    status: signedIn(200),
    check: (response, actor) => {
      const ids = response
        .json<{ attempts: Array<{ _id: string }> }>()
        .attempts.map((attempt) => attempt._id);
      if (actor === 'learner') expect(ids).toContain(learnerAttemptId);
      else expect(ids).not.toContain(learnerAttemptId);
    },
  },
  {
    method: 'GET',
    route: '/api/certification/progress',
    url: () => '/api/certification/progress',
    status: signedIn(200),
  },
  {
    method: 'GET',
    route: '/api/certification/my-certifications',
    url: () => '/api/certification/my-certifications',
    status: signedIn(200),
    check: (response, actor) => {
      const { certifications } = response.json<{ certifications: unknown[] }>();
      expect(certifications.length > 0).toBe(actor === 'learner');
    },
  },
  {
    // Only one's own certificate: level 1 is the owner's, so the others are refused.
    method: 'GET',
    route: '/api/certification/view',
    url: () => '/api/certification/view?level=1',
    status: status(401, 403, 200, 403),
    check: (response, actor) => {
      if (actor === 'learner') expect(response.headers['content-type']).toBe('application/pdf');
    },
  },
  {
    method: 'GET',
    route: '/api/certificates/download',
    url: () => '/api/certificates/download',
    status: status(401, 403, 200, 403),
  },
  {
    // Only one's own certificate's credential, as the PDF.
    method: 'GET',
    route: '/api/certification/credential',
    url: () => '/api/certification/credential?level=1',
    status: status(401, 403, 200, 403),
    check: (response) => {
      expect(response.headers['content-type']).toMatch(/^application\/vc\+jwt/);
      const payload = Buffer.from(response.body.split('.')[1] ?? '', 'base64url').toString('utf8');
      expect(payload).toContain(certificateCode);
    },
  },
  { method: 'GET', route: '/api/admin/quizzes', url: () => '/api/admin/quizzes', status: adminOnly(200) },
  {
    method: 'GET',
    route: '/api/admin/quizzes/quiz-categories',
    url: () => '/api/admin/quizzes/quiz-categories',
    status: adminOnly(200),
  },
  {
    method: 'GET',
    route: '/api/admin/quizzes/stats',
    url: () => '/api/admin/quizzes/stats',
    status: adminOnly(200),
  },
  {
    method: 'GET',
    route: '/api/admin/quizzes/export',
    url: () => '/api/admin/quizzes/export',
    status: adminOnly(200),
  },
  {
    method: 'POST',
    route: '/api/admin/quizzes/import',
    url: () => '/api/admin/quizzes/import',
    payload: () => ({ version: 1, quizzes: [quizBody({ title: 'Imported by the security matrix' })] }),
    status: adminOnly(201),
  },
  {
    method: 'POST',
    route: '/api/admin/quizzes/add',
    url: () => '/api/admin/quizzes/add',
    payload: () => quizBody({ title: 'Added by the security matrix' }),
    status: adminOnly(201),
  },
  {
    method: 'GET',
    route: '/api/admin/quizzes/:id',
    url: () => `/api/admin/quizzes/${quiz.id}`,
    status: adminOnly(200),
  },
  {
    method: 'GET',
    route: '/api/admin/quizzes/:id/question-stats',
    url: () => `/api/admin/quizzes/${quiz.id}/question-stats`,
    status: adminOnly(200),
  },
  {
    method: 'PUT',
    route: '/api/admin/quizzes/:id',
    url: () => `/api/admin/quizzes/${doomedQuizId}`,
    payload: () => quizBody({ title: 'Edited by the security matrix' }),
    status: adminOnly(200),
  },
  {
    method: 'DELETE',
    route: '/api/admin/quizzes/:id',
    url: () => `/api/admin/quizzes/${doomedQuizId}`,
    status: adminOnly(200),
  },
  { method: 'GET', route: '/api/admin/learners', url: () => '/api/admin/learners', status: adminOnly(200) },
  {
    method: 'GET',
    route: '/api/admin/learners/:id',
    url: () => `/api/admin/learners/${people.learner.id}`,
    status: adminOnly(200),
  },
  {
    method: 'POST',
    route: '/api/admin/users/:userId/subscription',
    url: () => `/api/admin/users/${people.learner.id}/subscription`,
    payload: () => ({ action: 'activate', planId: 'plan59' }),
    status: adminOnly(200),
  },
  {
    method: 'POST',
    route: '/api/admin/certificates/:code/revoke',
    url: () => `/api/admin/certificates/${revocableCode}/revoke`,
    payload: () => ({ reason: 'Revoked by the security matrix' }),
    status: adminOnly(200),
  },
];

async function call(row: Row, actor: Actor) {
  const payload = await row.payload?.(actor);
  return context.request({
    method: row.method,
    url: row.url(actor),
    headers: { ...(actor === 'anonymous' ? {} : people[actor].headers), ...row.headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

describe('authorization matrix', () => {
  it('has a row for every API route the app serves', () => {
    const listed = MATRIX.map((row) => `${row.method} ${row.route}`).sort();
    expect(new Set(listed).size).toBe(listed.length);
    // The API, and the credentials' JWKS where JOSE verifiers look for it (decision 037).
    expect(
      [...registeredRoutes(context.app), ...registeredRoutes(context.app, '/.well-known')].sort(),
    ).toEqual(listed);
  });

  it.each(MATRIX.map((row) => [`${row.method} ${row.route}`, row] as const))('%s', async (_name, row) => {
    for (const actor of ACTORS) {
      const before = await tableCounts(context.database);
      const response = await call(row, actor);
      const expected = row.status[actor];
      expect(response.statusCode, `${actor}: ${response.body.slice(0, 300)}`).toBe(expected);
      if (expected >= 400) {
        expect(typeof response.json<{ message: unknown }>().message, actor).toBe('string');
        if (expected === 401 || expected === 403) {
          // A refused caller wrote nothing.
          expect(await tableCounts(context.database), actor).toEqual(before);
        }
      }
      if (expected === 401 && row.status.learner !== 401) {
        expect(response.json()).toEqual({ message: 'Please log in to continue' });
      }
      if (expected === 403 && row.route.startsWith('/api/admin/')) {
        expect(response.json()).toEqual({ message: 'Only admins can do this' });
      }
      if (expected < 400) await row.check?.(response, actor);
    }
  });
});
