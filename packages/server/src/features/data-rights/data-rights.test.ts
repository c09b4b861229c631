import { randomInt } from 'node:crypto';
import { eq, inArray, isNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_DELETED_MESSAGE,
  CONSENT_TEXT,
  DataExportFile,
  DELETE_ACCOUNT_ADMIN_REFUSED,
  DELETE_ACCOUNT_WRONG_PASSWORD,
} from '@quizquest/shared';
import {
  attempts,
  certificates,
  emailTokens,
  paymentEvents,
  reviewSessions,
  subscriptions,
  users,
} from '../../db/schema.ts';
import { insertCertifications, newCertificateCode, subLevelIdsOf } from '../../testing/certification.ts';
import {
  countRows,
  createTestContext,
  insertUser,
  loginAs,
  TEST_PASSWORD,
  type TestContext,
} from '../../testing/index.ts';
import { signPayload } from '../../testing/payments.ts';
import { answersFor, insertQuiz, type TestQuiz } from '../../testing/quizzes.ts';
import { answersAsAuthored, shownQuestionsOf } from '../../testing/shown.ts';

const SECRET = 'webhook-secret-for-data-rights-0123456789';
let context: TestContext;
let practiceQuiz: TestQuiz;
let otherQuiz: TestQuiz;
let admin: { id: string; email: string; headers: Headers };
let eventCounter = 0;

type Headers = { authorization: string };

beforeAll(async () => {
  context = await createTestContext({ env: { PAYMENT_WEBHOOK_SECRET: SECRET } });
  context.clock.now = new Date('2026-06-10T08:00:00Z');
  practiceQuiz = await insertQuiz(context.database, { title: 'Data rights practice', grades: ['c-3'] });
  otherQuiz = await insertQuiz(context.database, { title: 'Data rights second quiz', grades: ['c-3'] });
  const adminRow = await insertUser(context.database, { role: 'admin' });
  admin = { id: adminRow.id, email: adminRow.email, headers: await loginAs(context, adminRow.email) };
});
afterAll(async () => {
  await context.close();
});

/** A PNG of a colour nobody else uses, as an image data string. */
async function uniquePng(): Promise<string> {
  const png = await sharp({
    create: {
      width: 24,
      height: 24,
      channels: 3,
      background: { r: randomInt(256), g: randomInt(256), b: randomInt(256) },
    },
  })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

const mediaIdOf = (url: string | null) => /\/api\/media\/([0-9a-f]{64})$/.exec(url ?? '')?.[1] ?? null;

/** A signed payment_link.paid event for the Starter plan whose notes carry the e-mail. */
async function payFor(email: string, expectedStatus = 200) {
  eventCounter += 1;
  const paymentId = `pay_DataRights${eventCounter}${Date.now()}`;
  const body = JSON.stringify({
    entity: 'event',
    event: 'payment_link.paid',
    payload: {
      payment_link: {
        entity: {
          id: `plink_${eventCounter}`,
          amount: 5900,
          currency: 'INR',
          status: 'paid',
          notes: { email },
          customer: { contact: '+919812345678', email, name: 'Parent Of Learner' },
        },
      },
      payment: {
        entity: {
          id: paymentId,
          entity: 'payment',
          amount: 5900,
          currency: 'INR',
          status: 'captured',
          method: 'upi',
          email,
          contact: '+919812345678',
          vpa: 'parent@upi',
          notes: { email, child: 'Asha' },
        },
      },
    },
    created_at: 1_780_000_000,
  });
  const response = await context.request({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': signPayload(SECRET, body),
      'x-razorpay-event-id': `evt_data_rights_${eventCounter}`,
    },
    payload: body,
  });
  expect(response.statusCode).toBe(expectedStatus);
  return paymentId;
}

interface Learner {
  id: string;
  email: string;
  headers: Headers;
  avatarMediaId: string;
  paymentId: string;
  certificateCode: string;
  attemptIds: string[];
}

/** A learner with every kind of data: profile with avatar, a paid plan, attempts, certifications, a certificate. */
async function fullLearner(avatar?: string): Promise<Learner> {
  const user = await insertUser(context.database, { grade: 'c-3' });
  await context.database.db
    .update(users)
    .set({ consentAt: context.clock.now, consentText: CONSENT_TEXT })
    .where(eq(users.id, user.id));
  const headers = await loginAs(context, user.email);
  const saved = await context.request({
    method: 'PUT',
    url: '/api/user/profile',
    headers,
    payload: {
      first_name: 'Asha',
      last_name: `Rao-${user.id.slice(0, 4)}`,
      email: user.email,
      phone: '+91 98123 45678',
      gender: 'Female',
      dob: '2015-04-02',
      avatar: avatar ?? (await uniquePng()),
      grade: 'c-3',
    },
  });
  expect(saved.statusCode).toBe(200);
  const avatarMediaId = mediaIdOf(saved.json<{ avatar: string }>().avatar);
  if (!avatarMediaId) throw new Error('no avatar stored');
  // A reset token row, as a forgotten password leaves behind.
  await context.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
  const paymentId = await payFor(user.email);
  const attemptIds: string[] = [];
  for (const [quiz, correct] of [
    [practiceQuiz, true],
    [practiceQuiz, false],
    [otherQuiz, true],
  ] as const) {
    const response = await context.submitAsAuthored(
      headers,
      quiz.id,
      correct ? answersFor(quiz) : answersFor(quiz).map((answer) => (answer + 1) % 4),
    );
    expect(response.statusCode).toBe(201);
    attemptIds.push(response.json<{ attemptId: string }>().attemptId);
  }
  // The wrong practice attempt put its three questions in the review box (decision 032): a review
  // session answered all wrong leaves three review answers, and the questions due again in a new
  // session.
  const session = await context.request({ method: 'GET', url: '/api/review', headers });
  expect(session.json<{ questions: unknown[] }>().questions).toHaveLength(3);
  const [pending] = await context.database.db
    .select({ questions: reviewSessions.questions })
    .from(reviewSessions)
    .where(eq(reviewSessions.userId, user.id));
  const wrong = (pending?.questions ?? []).map(
    (question) => (question.correctAnswerIndex + 1) % question.options.length,
  );
  const reviewed = await context.request({
    method: 'POST',
    url: '/api/review/submit',
    headers,
    payload: { answers: wrong },
  });
  expect(reviewed.statusCode, reviewed.body).toBeLessThan(300);
  expect((await context.request({ method: 'GET', url: '/api/review', headers })).statusCode).toBe(200);
  // A quiz opened and not submitted: a pending draw (decision 031).
  expect(
    (await context.request({ method: 'GET', url: `/api/quizzes/${practiceQuiz.id}`, headers })).statusCode,
  ).toBe(200);
  await insertCertifications(context.database, user.id, subLevelIdsOf(1));
  const certificateCode = newCertificateCode();
  await context.database.db.insert(certificates).values({ userId: user.id, level: 1, code: certificateCode });
  return { id: user.id, email: user.email, headers, avatarMediaId, paymentId, certificateCode, attemptIds };
}

const exportOf = (headers: Headers) => context.request({ method: 'GET', url: '/api/user/export', headers });
const deleteAccount = (headers: Headers, payload: Record<string, unknown>) =>
  context.request({ method: 'POST', url: '/api/user/delete-account', headers, payload });

async function countWhere(table: string, column: string, value: string): Promise<number> {
  const result = (await context.database.db.execute(
    sql`select count(*)::int as count from ${sql.identifier(table)} where ${sql.identifier(column)} = ${value}`,
  )) as unknown as { rows: Array<{ count: number }> } | Array<{ count: number }>;
  const rows = Array.isArray(result) ? result : result.rows;
  return Number(rows[0]?.count ?? 0);
}

/** The learner's rows in every table that holds personal data. */
async function personalRows(learner: Learner) {
  return {
    users: await countWhere('users', 'id', learner.id),
    email_tokens: await countWhere('email_tokens', 'user_id', learner.id),
    subscriptions: await countWhere('subscriptions', 'user_id', learner.id),
    attempts: await countWhere('attempts', 'user_id', learner.id),
    certifications: await countWhere('certifications', 'user_id', learner.id),
    certificates: await countWhere('certificates', 'user_id', learner.id),
    quiz_draws: await countWhere('quiz_draws', 'user_id', learner.id),
    review_items: await countWhere('review_items', 'user_id', learner.id),
    review_sessions: await countWhere('review_sessions', 'user_id', learner.id),
    review_answers: await countWhere('review_answers', 'user_id', learner.id),
    avatar: await countWhere('media', 'id', learner.avatarMediaId),
    paymentEventsNamingEmail: Number(
      (
        await context.database.db
          .select({ count: sql<number>`count(*)::int` })
          .from(paymentEvents)
          .where(sql`position(${learner.email} in lower(${paymentEvents.payload}::text)) > 0`)
      )[0]?.count ?? 0,
    ),
  };
}

async function tableCounts() {
  const tables = [
    'users',
    'email_tokens',
    'subscriptions',
    'attempts',
    'certifications',
    'certificates',
    'quiz_draws',
    'review_items',
    'review_sessions',
    'review_answers',
  ];
  const counts: Record<string, number> = {};
  for (const table of [...tables, 'media', 'payment_events'])
    counts[table] = await countRows(context.database, table);
  return counts;
}

const adminStats = async () => {
  const response = await context.request({
    method: 'GET',
    url: '/api/admin/quizzes/stats',
    headers: admin.headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ stats: unknown[] }>();
};

describe('GET /api/user/export', () => {
  it('answers 401 without a token', async () => {
    const response = await context.request({ method: 'GET', url: '/api/user/export' });
    expect(response.statusCode).toBe(401);
  });

  it("downloads every kind of the learner's own data as a JSON attachment, and nothing secret", async () => {
    const learner = await fullLearner();
    const other = await fullLearner();
    const response = await exportOf(learner.headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="quizquest-data-2026-06-10.json"',
    );
    expect(response.headers['cache-control']).toBe('no-store');
    // Indented for people, and valid against the published schema.
    expect(response.body).toContain('\n  "account": {');
    const file = DataExportFile.parse(response.json());

    expect(file.account).toMatchObject({ id: learner.id, email: learner.email, role: 'learner' });
    expect(file.profile).toMatchObject({
      first_name: 'Asha',
      phone: '+91 98123 45678',
      gender: 'Female',
      dob: '2015-04-02',
      grade: 'c-3',
      timeZone: 'Asia/Kolkata',
      language: 'en',
    });
    expect(file.profile.avatar).toMatch(/^data:image\/jpeg;base64,[A-Za-z0-9+/]+=*$/);
    expect(file.consent).toEqual({ text: CONSENT_TEXT, givenAt: '2026-06-10T08:00:00.000Z' });
    expect(file.subscriptions).toEqual([
      expect.objectContaining({ planId: 'plan59', source: 'webhook', paymentReference: learner.paymentId }),
    ]);
    expect(file.attempts.map((attempt) => attempt.id).sort()).toEqual([...learner.attemptIds].sort());
    // The passed attempt of the practice quiz (the other quiz was passed too, at the same time).
    const passed = file.attempts.find(
      (attempt) => attempt.score === 100 && attempt.quizId === practiceQuiz.id,
    );
    expect(passed?.questions).toHaveLength(3);
    // Answers in the order the learner was shown them (decision 031); as written, all right.
    const shown = await shownQuestionsOf(context.database, passed?.id ?? '');
    expect(answersAsAuthored(practiceQuiz.questionIds, shown, passed?.answers ?? [])).toEqual(
      answersFor(practiceQuiz),
    );
    // The review box and the review answers are the learner's; a pending draw and review session
    // hold answer keys and stay out (decision 032).
    expect(file.reviewBox).toHaveLength(3);
    expect(file.reviewAnswers).toHaveLength(3);
    expect(file.certifications).toHaveLength(10);
    expect(file.certificates).toEqual([
      expect.objectContaining({
        level: 1,
        code: learner.certificateCode,
        verifyUrl: `http://localhost:3000/certificates/verify/${learner.certificateCode}`,
      }),
    ]);
    expect(file.paymentEvents).toHaveLength(1);
    expect(JSON.stringify(file.paymentEvents[0]?.payload)).toContain(learner.paymentId);

    // No password hash, no token version, nothing of the other learner.
    const text = response.body;
    expect(text).not.toMatch(/argon2|password|tokenVersion|token_version/i);
    const [row] = await context.database.db.select().from(users).where(eq(users.id, learner.id));
    expect(text).not.toContain(row?.passwordHash);
    for (const foreign of [
      other.id,
      other.email,
      other.paymentId,
      other.certificateCode,
      ...other.attemptIds,
    ]) {
      expect(text).not.toContain(foreign);
    }
  });

  it('exports an account with nothing yet as empty lists', async () => {
    const user = await insertUser(context.database);
    const response = await exportOf(await loginAs(context, user.email));
    expect(response.statusCode).toBe(200);
    const file = DataExportFile.parse(response.json());
    expect(file.profile.avatar).toBeNull();
    expect(file.consent).toEqual({ text: null, givenAt: null });
    expect([
      file.subscriptions,
      file.attempts,
      file.certifications,
      file.certificates,
      file.paymentEvents,
    ]).toEqual([[], [], [], [], []]);
  });
});

describe('POST /api/user/delete-account', () => {
  it('answers 401 without a token and 400 without a password, deleting nothing', async () => {
    const learner = await insertUser(context.database);
    const headers = await loginAs(context, learner.email);
    const before = await tableCounts();
    expect(
      (
        await context.request({
          method: 'POST',
          url: '/api/user/delete-account',
          payload: { password: TEST_PASSWORD },
        })
      ).statusCode,
    ).toBe(401);
    const missing = await deleteAccount(headers, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: expect.any(String) });
    expect((await deleteAccount(headers, { password: 42 })).statusCode).toBe(400);
    expect(await tableCounts()).toEqual(before);
  });

  it('refuses a wrong password with 403 and a message, and changes nothing', async () => {
    const learner = await fullLearner();
    const before = await tableCounts();
    const rowsBefore = await personalRows(learner);
    const response = await deleteAccount(learner.headers, { password: 'Not-The-Password-1' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: DELETE_ACCOUNT_WRONG_PASSWORD });
    expect(await tableCounts()).toEqual(before);
    expect(await personalRows(learner)).toEqual(rowsBefore);
    // Still signed in, the certificate still verifies.
    expect(
      (await context.request({ method: 'GET', url: '/api/auth/me', headers: learner.headers })).statusCode,
    ).toBe(200);
    expect(
      (await context.request({ method: 'GET', url: `/api/certificates/verify/${learner.certificateCode}` }))
        .statusCode,
    ).toBe(200);
  });

  it('erases every personal row, keeps the attempts anonymous for the statistics and ends the session', async () => {
    const learner = await fullLearner();
    const other = await fullLearner();
    const otherRowsBefore = await personalRows(other);
    const statsBefore = await adminStats();
    const before = await tableCounts();
    expect(await personalRows(learner)).toEqual({
      users: 1,
      email_tokens: 1,
      subscriptions: 1,
      attempts: 3,
      certifications: 10,
      certificates: 1,
      quiz_draws: 1,
      review_items: 3,
      review_sessions: 1,
      review_answers: 3,
      avatar: 1,
      paymentEventsNamingEmail: 1,
    });

    const response = await deleteAccount(learner.headers, { password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: ACCOUNT_DELETED_MESSAGE });

    expect(await personalRows(learner)).toEqual({
      users: 0,
      email_tokens: 0,
      subscriptions: 0,
      attempts: 0,
      certifications: 0,
      certificates: 0,
      quiz_draws: 0,
      review_items: 0,
      review_sessions: 0,
      review_answers: 0,
      avatar: 0,
      paymentEventsNamingEmail: 0,
    });
    expect(await tableCounts()).toEqual({
      ...before,
      users: before.users! - 1,
      email_tokens: before.email_tokens! - 1,
      subscriptions: before.subscriptions! - 1,
      certifications: before.certifications! - 10,
      certificates: before.certificates! - 1,
      quiz_draws: before.quiz_draws! - 1,
      review_items: before.review_items! - 3,
      review_sessions: before.review_sessions! - 1,
      review_answers: before.review_answers! - 3,
      media: before.media! - 1,
      // Kept: the attempts (anonymous) and the payment's financial record (redacted).
    });

    // The attempts stay, with their quiz, score, answers and snapshot, but no user.
    const kept = await context.database.db
      .select()
      .from(attempts)
      .where(inArray(attempts.id, learner.attemptIds));
    expect(kept).toHaveLength(3);
    for (const attempt of kept) {
      expect(attempt.userId).toBeNull();
      expect(attempt.snapshot.title).toMatch(/^Data rights/);
      expect(attempt.answers).toHaveLength(3);
    }
    expect(await adminStats()).toEqual(statsBefore);

    // The payment's financial record stays without anything that names or reaches a person.
    const [event] = await context.database.db
      .select({ payload: paymentEvents.payload })
      .from(paymentEvents)
      .where(sql`${paymentEvents.payload} #>> '{payload,payment,entity,id}' = ${learner.paymentId}`);
    expect(event?.payload).toEqual({
      event: 'payment_link.paid',
      created_at: 1_780_000_000,
      payload: {
        payment: {
          entity: {
            id: learner.paymentId,
            entity: 'payment',
            amount: 5900,
            currency: 'INR',
            status: 'captured',
            method: 'upi',
          },
        },
        payment_link: {
          entity: { id: expect.stringMatching(/^plink_/), amount: 5900, currency: 'INR', status: 'paid' },
        },
      },
      redacted: { reason: 'account deleted', at: '2026-06-10T08:00:00.000Z' },
    });
    expect(JSON.stringify(event?.payload)).not.toMatch(
      /919812345678|Parent Of Learner|parent@upi|Asha|notes|customer/,
    );

    // The old token, a new login and the certificate code all stop working.
    expect(
      (await context.request({ method: 'GET', url: '/api/auth/me', headers: learner.headers })).statusCode,
    ).toBe(401);
    expect((await exportOf(learner.headers)).statusCode).toBe(401);
    expect(
      (
        await context.request({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: learner.email, password: TEST_PASSWORD },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await context.request({ method: 'GET', url: `/api/certificates/verify/${learner.certificateCode}` }))
        .statusCode,
    ).toBe(404);

    // The other learner is untouched, and every reader of attempts still works with null users.
    expect(await personalRows(other)).toEqual(otherRowsBefore);
    const history = await context.request({
      method: 'GET',
      url: '/api/quizzes/history',
      headers: other.headers,
    });
    expect(history.statusCode).toBe(200);
    expect(history.json<{ attempts: unknown[]; distinctQuizzesAttempted: number }>()).toMatchObject({
      distinctQuizzesAttempted: 2,
    });
    expect(history.json<{ attempts: unknown[] }>().attempts).toHaveLength(3);
    const retry = await context.submitAsAuthored(other.headers, otherQuiz.id, answersFor(otherQuiz));
    expect(retry.statusCode).toBe(201);
    const learners = await context.request({
      method: 'GET',
      url: '/api/admin/learners',
      headers: admin.headers,
    });
    expect(learners.statusCode).toBe(200);
    expect(learners.body).not.toContain(learner.email);
    const anonymousResult = await context.request({
      method: 'GET',
      url: `/api/quizzes/result/${learner.attemptIds[0]}`,
      headers: other.headers,
    });
    expect(anonymousResult.statusCode).toBe(404);
    expect(
      await context.database.db.select({ id: attempts.id }).from(attempts).where(isNull(attempts.userId)),
    ).not.toHaveLength(0);
  });

  it('keeps an avatar picture that another account also uses', async () => {
    const picture = await uniquePng();
    const first = await fullLearner(picture);
    const second = await fullLearner(picture);
    expect(second.avatarMediaId).toBe(first.avatarMediaId);
    expect((await deleteAccount(first.headers, { password: TEST_PASSWORD })).statusCode).toBe(200);
    expect(await countWhere('media', 'id', first.avatarMediaId)).toBe(1);
    const profile = await context.request({
      method: 'GET',
      url: '/api/user/profile',
      headers: second.headers,
    });
    expect(profile.json<{ avatar: string }>().avatar).toBe(`/api/media/${second.avatarMediaId}`);
    expect(
      (await context.request({ method: 'GET', url: `/api/media/${second.avatarMediaId}` })).statusCode,
    ).toBe(200);
  });

  it('refuses admins, so the app is never left without one', async () => {
    const response = await deleteAccount(admin.headers, { password: TEST_PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: DELETE_ACCOUNT_ADMIN_REFUSED });
    expect(await countWhere('users', 'id', admin.id)).toBe(1);
    expect(
      (await context.request({ method: 'GET', url: '/api/auth/me', headers: admin.headers })).statusCode,
    ).toBe(200);
  });

  it('is rate-limited like logging in: after 10 wrong passwords even the right one waits', async () => {
    const learner = await insertUser(context.database);
    const headers = await loginAs(context, learner.email);
    for (let index = 0; index < 10; index += 1) {
      expect((await deleteAccount(headers, { password: `Wrong-${index}-password` })).statusCode).toBe(403);
    }
    const limited = await deleteAccount(headers, { password: TEST_PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: expect.stringContaining('Too many attempts') });
    expect(await countWhere('users', 'id', learner.id)).toBe(1);
  });

  it('deletes a learner without any data beyond the account', async () => {
    const learner = await insertUser(context.database);
    const headers = await loginAs(context, learner.email);
    expect((await deleteAccount(headers, { password: TEST_PASSWORD })).statusCode).toBe(200);
    expect(await countWhere('users', 'id', learner.id)).toBe(0);
    expect(
      await context.database.db
        .select({ id: emailTokens.id })
        .from(emailTokens)
        .where(eq(emailTokens.userId, learner.id)),
    ).toEqual([]);
    expect(
      await context.database.db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(eq(subscriptions.userId, learner.id)),
    ).toEqual([]);
  });
});

describe('a payment for an e-mail whose account is not verified (decision 020)', () => {
  const paymentOf = async (paymentId: string) => {
    const rows = await context.database.db
      .select({ payload: paymentEvents.payload })
      .from(paymentEvents)
      .where(sql`${paymentEvents.payload} #>> '{payload,payment,entity,id}' = ${paymentId}`);
    expect(rows).toHaveLength(1);
    return JSON.stringify(rows[0]?.payload);
  };

  it("is neither in the export nor redacted by the deletion of whoever registered the payer's e-mail", async () => {
    const email = `payer-${Date.now()}@example.com`;
    // Paid before any account had the address: recorded, nothing activated.
    const paymentId = await payFor(email, 202);
    const squatter = await insertUser(context.database, { email, isVerified: false });
    const headers = await loginAs(context, email);

    const file = DataExportFile.parse((await exportOf(headers)).json());
    expect(file.paymentEvents).toEqual([]);
    expect(JSON.stringify(file)).not.toContain('+919812345678');

    // A payment arriving now does not activate for the unverified account either.
    const later = await payFor(email, 202);
    expect(
      await context.database.db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(eq(subscriptions.userId, squatter.id)),
    ).toEqual([]);

    expect((await deleteAccount(headers, { password: TEST_PASSWORD })).statusCode).toBe(200);
    for (const id of [paymentId, later]) {
      const kept = await paymentOf(id);
      expect(kept).toContain('+919812345678');
      expect(kept).toContain(email);
      expect(kept).not.toContain('account deleted');
    }
  });

  it('attaches to the account once it has verified the e-mail', async () => {
    const email = `verified-later-${Date.now()}@example.com`;
    const paymentId = await payFor(email, 202);
    const user = await insertUser(context.database, { email, isVerified: false });
    const headers = await loginAs(context, email);
    expect(DataExportFile.parse((await exportOf(headers)).json()).paymentEvents).toEqual([]);

    await context.database.db.update(users).set({ isVerified: true }).where(eq(users.id, user.id));
    const file = DataExportFile.parse((await exportOf(headers)).json());
    expect(file.paymentEvents).toHaveLength(1);
    expect(JSON.stringify(file.paymentEvents[0]?.payload)).toContain(paymentId);
    expect((await deleteAccount(headers, { password: TEST_PASSWORD })).statusCode).toBe(200);
    expect(await paymentOf(paymentId)).not.toContain(email);
  });
});
