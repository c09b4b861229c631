import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CERTIFICATE_CODE_PATTERN,
  CertificationProgress,
  findLevel,
  type PaidPlanId,
} from '@quizquest/shared';
import { attempts, certificates, certifications, quizzes, subscriptions, users } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { memoryRateLimiter } from '../../lib/rate-limiter.ts';
import { createTestContext, insertUser, loginAs, type TestContext } from '../../testing/index.ts';
import {
  insertCertifications,
  subLevelIdsBefore,
  subLevelIdsOf,
  subscribe,
} from '../../testing/certification.ts';
import { readPdf } from '../../testing/pdf.ts';
import { answersFor, insertQuiz, type TestQuiz } from '../../testing/quizzes.ts';
import { certificateDate, pdfText } from './pdf.ts';
import { newCertificateCode, verifyCertificate } from './service.ts';

let context: TestContext;
/** One published quiz per sub-level of Levels 1 and 2, created first so each is its sub-level's oldest. */
const levelQuizzes = new Map<string, TestQuiz>();

beforeAll(async () => {
  // Many learners log in from one address here: raise the per-address limits.
  context = await createTestContext({ rateLimitFactor: 100 });
  for (const certId of subLevelIdsOf(1, 2)) {
    const level = Number(certId.slice(1, 2));
    levelQuizzes.set(
      certId,
      await insertQuiz(context.database, {
        title: `Quiz ${certId}`,
        category: null,
        level,
        subLevel: certId,
        attemptsAllowed: 20,
        createdAt: new Date(Date.UTC(2024, 0, 1)),
      }),
    );
  }
});
afterAll(async () => {
  await context.close();
});

type Headers = { authorization: string };

const quizOf = (certId: string): TestQuiz => {
  const quiz = levelQuizzes.get(certId);
  if (!quiz) throw new Error(`no quiz for ${certId}`);
  return quiz;
};

async function learner(plan?: PaidPlanId) {
  const user = await insertUser(context.database);
  if (plan) await subscribe(context.database, user.id, plan, context.clock.now);
  return { id: user.id, email: user.email, headers: await loginAs(context, user.email) };
}

const get = (headers: Headers | undefined, url: string) =>
  context.request({ method: 'GET', url, ...(headers ? { headers } : {}) });

const submit = (headers: Headers, quiz: TestQuiz, right: (index: number) => boolean = () => true) =>
  context.submitAsAuthored(headers, quiz.id, answersFor(quiz, right));

/**
 * Opens the quiz once (one draw, decision 031) and returns a sender of its answers: concurrent
 * copies of one submission, as a double click or a replayed request sends them.
 */
async function openedOnce(headers: Headers, quiz: TestQuiz, right: (index: number) => boolean = () => true) {
  const answers = await context.openAsAuthored(headers, quiz.id, answersFor(quiz, right));
  return () => context.submitShown(headers, quiz.id, answers);
}

const statusesOf = (responses: Array<{ statusCode: number }>) =>
  responses.map((response) => response.statusCode);

async function certificationRows(userId: string) {
  return context.database.db.select().from(certifications).where(eq(certifications.userId, userId));
}

async function progressOf(headers: Headers): Promise<CertificationProgress> {
  const response = await get(headers, '/api/certification/progress');
  expect(response.statusCode).toBe(200);
  return CertificationProgress.parse(response.json());
}

async function pdfTextOf(bytes: Buffer): Promise<{ text: string; images: number; pages: number }> {
  const { items, images, pages } = await readPdf(bytes);
  return { text: items.join('\n'), images, pages };
}

describe('earning a sub-level certification', () => {
  it('earns it with a perfect score and raises completedQuizzes', async () => {
    const user = await learner('plan59');
    const response = await submit(user.headers, quizOf('L1-C1'));
    expect(response.statusCode).toBe(201);
    const rows = await certificationRows(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      certId: 'L1-C1',
      level: 1,
      attemptId: response.json().attemptId,
      earnedAt: context.clock.now,
    });
    const me = (await get(user.headers, '/api/auth/me')).json();
    expect(me.completedQuizzes).toBe(1);
    expect((await progressOf(user.headers)).completedQuizzes).toBe(1);
  });

  it('earns nothing below the pass score', async () => {
    const user = await learner('plan59');
    await insertCertifications(context.database, user.id, subLevelIdsBefore('L1-C2'));
    const response = await submit(user.headers, quizOf('L1-C2'), (index) => index !== 0);
    expect(response.statusCode).toBe(201);
    expect(response.json().score).toBe(66.67);
    expect(await certificationRows(user.id)).toHaveLength(1);
    expect((await progressOf(user.headers)).certificationsCompletedInLevel).toBe(1);
  });

  it('honours a quiz’s own pass score', async () => {
    const user = await learner('plan59');
    const quiz = await insertQuiz(context.database, { level: 1, subLevel: 'L1-C1' });
    await context.database.db.update(quizzes).set({ passScore: 60 }).where(eq(quizzes.id, quiz.id));
    expect((await submit(user.headers, quiz, (index) => index === 0)).statusCode).toBe(201); // 33.33
    expect(await certificationRows(user.id)).toHaveLength(0);
    expect((await submit(user.headers, quiz, (index) => index !== 0)).statusCode).toBe(201); // 66.67
    expect((await certificationRows(user.id)).map((row) => row.certId)).toEqual(['L1-C1']);
  });

  it('earns it once when passed again, keeping the first date', async () => {
    const user = await learner('plan59');
    await insertCertifications(context.database, user.id, subLevelIdsBefore('L1-C3'));
    const first = await submit(user.headers, quizOf('L1-C3'));
    const firstTime = context.clock.now;
    context.clock.advance(60_000);
    const again = await submit(user.headers, quizOf('L1-C3'));
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    const rows = (await certificationRows(user.id)).filter((row) => row.certId === 'L1-C3');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.earnedAt).toEqual(firstTime);
    expect(rows[0]?.attemptId).toBe(first.json().attemptId);
  });

  it('earns exactly once under 12 concurrent passing submissions', async () => {
    const user = await learner('plan59');
    await insertCertifications(context.database, user.id, subLevelIdsBefore('L1-C4'));
    // 12 copies of one passing draw: one attempt, the rest find it submitted (decision 031).
    const send = await openedOnce(user.headers, quizOf('L1-C4'));
    const copies = await Promise.all(Array.from({ length: 12 }, send));
    expect(statusesOf(copies).sort()).toEqual([201, ...Array(11).fill(409)]);
    const first = copies.find((response) => response.statusCode === 201)?.json<{ attemptId: string }>();
    // Then rounds of 6 tabs at once, each opening the quiz and passing it: several passing attempts
    // may commit in a round, one after another under the learner's lock.
    const rounds: number[] = [];
    for (let round = 0; round < 2; round += 1) {
      const responses = await Promise.all(
        Array.from({ length: 6 }, () => submit(user.headers, quizOf('L1-C4'))),
      );
      rounds.push(...statusesOf(responses));
    }
    expect(rounds.every((status) => status === 201 || status === 409)).toBe(true);
    const accepted = 1 + rounds.filter((status) => status === 201).length;
    expect(accepted).toBeGreaterThanOrEqual(3);
    const earned = (await certificationRows(user.id)).filter((row) => row.certId === 'L1-C4');
    expect(earned).toHaveLength(1);
    expect(earned[0]?.attemptId).toBe(first?.attemptId);
    const attemptRows = await context.database.db.select().from(attempts).where(eq(attempts.userId, user.id));
    expect(attemptRows).toHaveLength(accepted);
  });

  it('earns exactly once when two quizzes of one sub-level are passed at the same time', async () => {
    const user = await learner('plan59');
    await insertCertifications(context.database, user.id, subLevelIdsBefore('L1-C5'));
    const twin = await insertQuiz(context.database, { level: 1, subLevel: 'L1-C5' });
    // Both quizzes opened, then each passed twice at once (two copies of its one draw).
    const sendOne = await openedOnce(user.headers, quizOf('L1-C5'));
    const sendTwin = await openedOnce(user.headers, twin);
    const responses = await Promise.all([sendOne(), sendTwin(), sendOne(), sendTwin()]);
    const statuses = statusesOf(responses);
    expect([statuses[0], statuses[2]].sort()).toEqual([201, 409]);
    expect([statuses[1], statuses[3]].sort()).toEqual([201, 409]);
    expect((await certificationRows(user.id)).filter((row) => row.certId === 'L1-C5')).toHaveLength(1);
    expect(
      await context.database.db.select().from(attempts).where(eq(attempts.userId, user.id)),
    ).toHaveLength(2);
  });

  it('earns nothing from a practice quiz, and refuses a quiz whose sub-level is not of its level', async () => {
    const user = await learner('plan59');
    const practice = await insertQuiz(context.database);
    expect((await submit(user.headers, practice)).statusCode).toBe(201);
    const mislabelled = await insertQuiz(context.database, { level: 1, subLevel: 'L2-C3' });
    const unknown = await insertQuiz(context.database, { level: 1, subLevel: 'L1-C11' });
    for (const quiz of [mislabelled, unknown]) {
      const response = await submit(user.headers, quiz);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'This quiz is not a certification of Level 1.' });
    }
    expect(await certificationRows(user.id)).toHaveLength(0);
  });

  it('issues the level’s certificate when its tenth certification is earned', async () => {
    const user = await learner('plan59');
    await insertCertifications(context.database, user.id, subLevelIdsOf(1).slice(0, 9));
    const before = await context.database.db
      .select()
      .from(certificates)
      .where(eq(certificates.userId, user.id));
    expect(before).toHaveLength(0);
    expect((await submit(user.headers, quizOf('L1-C10'))).statusCode).toBe(201);
    const issued = await context.database.db
      .select()
      .from(certificates)
      .where(eq(certificates.userId, user.id));
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ level: 1, issuedAt: context.clock.now });
    expect(issued[0]?.code).toMatch(CERTIFICATE_CODE_PATTERN);
  });
});

describe('level gating (403)', () => {
  const lockedForFree =
    'Level 1 is locked. Your Free Plan does not include certification levels. Upgrade your plan to unlock this level.';

  it('refuses a free learner a Level 1 quiz, on the page and on submit, and records nothing', async () => {
    const user = await learner();
    const page = await get(user.headers, `/api/quizzes/${quizOf('L1-C1').id}`);
    expect(page.statusCode).toBe(403);
    expect(page.json()).toEqual({ message: lockedForFree });
    const submitted = await submit(user.headers, quizOf('L1-C1'));
    expect(submitted.statusCode).toBe(403);
    expect(submitted.json()).toEqual({ message: lockedForFree });
    expect(
      await context.database.db.select().from(attempts).where(eq(attempts.userId, user.id)),
    ).toHaveLength(0);
    expect(await certificationRows(user.id)).toHaveLength(0);
  });

  it('still lets a free learner take practice quizzes', async () => {
    const user = await learner();
    const practice = await insertQuiz(context.database);
    expect((await get(user.headers, `/api/quizzes/${practice.id}`)).statusCode).toBe(200);
    expect((await submit(user.headers, practice)).statusCode).toBe(201);
  });

  it('refuses a level above the plan even once the levels below are complete', async () => {
    const user = await learner('plan59');
    await insertCertifications(context.database, user.id, subLevelIdsOf(1));
    const message =
      'Level 2 is locked. Your Starter Plan includes Level 1. Upgrade your plan to unlock this level.';
    const page = await get(user.headers, `/api/quizzes/${quizOf('L2-C1').id}`);
    expect(page.statusCode).toBe(403);
    expect(page.json()).toEqual({ message });
    const submitted = await submit(user.headers, quizOf('L2-C1'));
    expect(submitted.statusCode).toBe(403);
    expect(submitted.json()).toEqual({ message });
    // Level 1 stays open to re-take.
    expect((await submit(user.headers, quizOf('L1-C1'))).statusCode).toBe(201);
  });

  it('refuses a level not reached yet, then opens it once the level below is complete', async () => {
    const user = await learner('plan99');
    const message = 'Complete all 10 certifications of Level 1 to unlock Level 2.';
    await insertCertifications(context.database, user.id, subLevelIdsOf(1).slice(0, 9));
    const page = await get(user.headers, `/api/quizzes/${quizOf('L2-C1').id}`);
    expect(page.statusCode).toBe(403);
    expect(page.json()).toEqual({ message });
    const early = await submit(user.headers, quizOf('L2-C1'));
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({ message });
    expect(await certificationRows(user.id)).toHaveLength(9);

    expect((await submit(user.headers, quizOf('L1-C10'))).statusCode).toBe(201);
    expect((await get(user.headers, `/api/quizzes/${quizOf('L2-C1').id}`)).statusCode).toBe(200);
    expect((await submit(user.headers, quizOf('L2-C1'))).statusCode).toBe(201);
    expect((await certificationRows(user.id)).map((row) => row.certId)).toContain('L2-C1');
  });

  it('locks the levels again when the plan has expired', async () => {
    const user = await learner();
    await context.database.db.insert(subscriptions).values({
      userId: user.id,
      planId: 'plan299',
      startsAt: new Date(context.clock.now.getTime() - 400 * 86_400_000),
      endsAt: new Date(context.clock.now.getTime() - 35 * 86_400_000),
      source: 'admin',
    });
    const response = await submit(user.headers, quizOf('L1-C1'));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: lockedForFree });
  });
});

describe('sub-levels in order (403)', () => {
  const firstMessage =
    'Earn Alphabet Adventurer (L1-C1) first: the certifications of Level 1 are earned in order.';

  async function attemptsOf(userId: string) {
    return context.database.db.select().from(attempts).where(eq(attempts.userId, userId));
  }

  it('refuses L1-C7 before L1-C1, on the page and on submit, and records nothing', async () => {
    const user = await learner('plan59');
    const page = await get(user.headers, `/api/quizzes/${quizOf('L1-C7').id}`);
    expect(page.statusCode).toBe(403);
    expect(page.json()).toEqual({ message: firstMessage });
    const submitted = await submit(user.headers, quizOf('L1-C7'));
    expect(submitted.statusCode).toBe(403);
    expect(submitted.json()).toEqual({ message: firstMessage });
    expect(await attemptsOf(user.id)).toHaveLength(0);
    expect(await certificationRows(user.id)).toHaveLength(0);
  });

  it('opens each sub-level once the one before it is earned, as the dashboard offers it', async () => {
    const user = await learner('plan59');
    for (const [index, certId] of subLevelIdsOf(1).entries()) {
      const later = subLevelIdsOf(1)[index + 1];
      if (later) {
        const early = await submit(user.headers, quizOf(later));
        expect(early.statusCode, `${later} before ${certId}`).toBe(403);
      }
      expect((await progressOf(user.headers)).nextQuiz?.subLevel).toBe(certId);
      expect((await get(user.headers, `/api/quizzes/${quizOf(certId).id}`)).statusCode).toBe(200);
      // A failed try leaves it the next one; a pass earns it.
      expect((await submit(user.headers, quizOf(certId), (question) => question !== 0)).statusCode).toBe(201);
      if (later) expect((await get(user.headers, `/api/quizzes/${quizOf(later).id}`)).statusCode).toBe(403);
      expect((await submit(user.headers, quizOf(certId))).statusCode).toBe(201);
    }
    expect((await certificationRows(user.id)).map((row) => row.certId).sort()).toEqual(
      subLevelIdsOf(1).sort(),
    );
  });

  it('lets an earned sub-level be retaken (earning nothing twice), but not one past the next', async () => {
    const user = await learner('plan59');
    await insertCertifications(context.database, user.id, ['L1-C1', 'L1-C2']);
    expect((await get(user.headers, `/api/quizzes/${quizOf('L1-C1').id}`)).statusCode).toBe(200);
    expect((await submit(user.headers, quizOf('L1-C1'))).statusCode).toBe(201);
    const skipped = await submit(user.headers, quizOf('L1-C4'));
    expect(skipped.statusCode).toBe(403);
    expect(skipped.json()).toEqual({
      message: 'Earn Color Explorer (L1-C3) first: the certifications of Level 1 are earned in order.',
    });
    expect((await certificationRows(user.id)).map((row) => row.certId).sort()).toEqual(['L1-C1', 'L1-C2']);
  });

  it('earns the next sub-level exactly once under 10 concurrent passes', async () => {
    const user = await learner('plan59');
    // 10 copies of one passing draw, then 5 tabs at once each opening the quiz and passing it.
    const send = await openedOnce(user.headers, quizOf('L1-C1'));
    const copies = await Promise.all(Array.from({ length: 10 }, send));
    expect(statusesOf(copies).sort()).toEqual([201, ...Array(9).fill(409)]);
    const tabs = await Promise.all(Array.from({ length: 5 }, () => submit(user.headers, quizOf('L1-C1'))));
    expect(statusesOf(tabs)).toContain(201);
    expect(statusesOf(tabs).every((status) => status === 201 || status === 409)).toBe(true);
    expect((await certificationRows(user.id)).map((row) => row.certId)).toEqual(['L1-C1']);
  });

  it('lets no pass of L1-C2 through while concurrent tries of L1-C1 fail', async () => {
    const user = await learner('plan59');
    // Four rounds: a failing try of L1-C1 (two copies of its draw) racing three passes of L1-C2.
    const statuses: number[][] = [];
    for (let round = 0; round < 4; round += 1) {
      const failing = await openedOnce(user.headers, quizOf('L1-C1'), (question) => question !== 0);
      const responses = await Promise.all([
        failing(),
        failing(),
        ...Array.from({ length: 3 }, () => submit(user.headers, quizOf('L1-C2'))),
      ]);
      statuses.push(statusesOf(responses));
    }
    for (const round of statuses) {
      expect(round.slice(0, 2).sort()).toEqual([201, 409]);
      expect(round.slice(2)).toEqual(Array(3).fill(403));
    }
    expect(await certificationRows(user.id)).toHaveLength(0);
    expect(await attemptsOf(user.id)).toHaveLength(4);
  });

  it('with passes of L1-C1 and L1-C2 racing, earns each at most once and L1-C2 only after L1-C1', async () => {
    for (let round = 0; round < 3; round += 1) {
      const user = await learner('plan59');
      // L1-C1 opened, then passed by 4 copies of its draw while 4 tabs open and pass L1-C2: one
      // opens (and so is accepted) only once L1-C1 is earned.
      const passL1C1 = await openedOnce(user.headers, quizOf('L1-C1'));
      const responses = await Promise.all([
        ...Array.from({ length: 4 }, passL1C1),
        ...Array.from({ length: 4 }, () => submit(user.headers, quizOf('L1-C2'))),
      ]);
      const statuses = statusesOf(responses);
      expect(statuses.slice(0, 4).sort()).toEqual([201, 409, 409, 409]);
      const secondAccepted = statuses.slice(4).filter((status) => status === 201).length;
      expect(statuses.slice(4).every((status) => [201, 403, 409].includes(status))).toBe(true);
      const rows = await certificationRows(user.id);
      expect(rows.map((row) => row.certId).sort()).toEqual(
        secondAccepted > 0 ? ['L1-C1', 'L1-C2'] : ['L1-C1'],
      );
      if (secondAccepted > 0) {
        const [first, second] = ['L1-C1', 'L1-C2'].map((id) => rows.find((row) => row.certId === id));
        expect(second?.earnedAt.getTime()).toBeGreaterThanOrEqual(first?.earnedAt.getTime() ?? Infinity);
      }
      expect(await attemptsOf(user.id)).toHaveLength(1 + secondAccepted);
    }
  });
});

describe('GET /api/certification/progress', () => {
  it('shows a free learner Level 1 locked, with the plan’s message and the first quiz', async () => {
    const user = await learner();
    expect(await progressOf(user.headers)).toEqual({
      currentLevel: 1,
      levelName: 'Level 1',
      certificationsCompletedInLevel: 0,
      totalRequired: 10,
      certifications: [],
      nextQuiz: { _id: quizOf('L1-C1').id, subLevel: 'L1-C1', title: 'Quiz L1-C1' },
      allowedLevel: 0,
      subscription_message:
        'Your Free Plan does not include certification levels. Upgrade your plan to unlock this level.',
      completedQuizzes: 0,
      completedLevels: [],
    });
  });

  it('shows a level in progress, with the certifications of that level and the next quiz', async () => {
    const user = await learner('plan59');
    for (const certId of ['L1-C1', 'L1-C2', 'L1-C3']) {
      context.clock.advance(1000);
      expect((await submit(user.headers, quizOf(certId))).statusCode).toBe(201);
    }
    const progress = await progressOf(user.headers);
    expect(progress).toMatchObject({
      currentLevel: 1,
      certificationsCompletedInLevel: 3,
      totalRequired: 10,
      nextQuiz: { _id: quizOf('L1-C4').id, subLevel: 'L1-C4', title: 'Quiz L1-C4' },
      allowedLevel: 1,
      completedQuizzes: 3,
      completedLevels: [],
    });
    expect(progress.subscription_message).toBeUndefined();
    expect(progress.certifications.map((record) => record.certId)).toEqual(['L1-C1', 'L1-C2', 'L1-C3']);
    expect(progress.certifications[0]).toEqual({
      certId: 'L1-C1',
      level: 1,
      completed: true,
      earnedAt: expect.any(String),
    });
  });

  it('moves to Level 2, locked on the Starter plan, once Level 1 is complete', async () => {
    const user = await learner('plan59');
    await insertCertifications(context.database, user.id, subLevelIdsOf(1));
    expect(await progressOf(user.headers)).toEqual({
      currentLevel: 2,
      levelName: 'Level 2',
      certificationsCompletedInLevel: 0,
      totalRequired: 10,
      certifications: [],
      nextQuiz: { _id: quizOf('L2-C1').id, subLevel: 'L2-C1', title: 'Quiz L2-C1' },
      allowedLevel: 1,
      subscription_message: 'Your Starter Plan includes Level 1. Upgrade your plan to unlock this level.',
      completedQuizzes: 10,
      completedLevels: [1],
    });
  });

  it('offers no quiz when the next sub-level has no published one', async () => {
    const user = await learner('plan99');
    await insertCertifications(context.database, user.id, subLevelIdsOf(1, 2));
    await insertQuiz(context.database, { level: 3, subLevel: 'L3-C1', published: false });
    await insertQuiz(context.database, { level: 3, subLevel: 'L3-C1', deleted: true });
    const progress = await progressOf(user.headers);
    expect(progress).toMatchObject({
      currentLevel: 3,
      allowedLevel: 3,
      nextQuiz: null,
      completedLevels: [1, 2],
    });
  });

  it('shows Level 10 complete when all ten levels are done', async () => {
    const user = await learner('plan299');
    await insertCertifications(context.database, user.id, subLevelIdsOf(1, 2, 3, 4, 5, 6, 7, 8, 9, 10));
    const progress = await progressOf(user.headers);
    expect(progress).toMatchObject({
      currentLevel: 10,
      levelName: 'Level 10',
      certificationsCompletedInLevel: 10,
      totalRequired: 10,
      nextQuiz: null,
      allowedLevel: 10,
      completedQuizzes: 100,
      completedLevels: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    });
    expect(progress.certifications).toHaveLength(10);
    expect(progress.subscription_message).toBeUndefined();
  });

  it('counts only the learner’s own certifications', async () => {
    const user = await learner('plan59');
    const other = await learner('plan59');
    await insertCertifications(context.database, other.id, subLevelIdsOf(1));
    expect(await progressOf(user.headers)).toMatchObject({ currentLevel: 1, completedQuizzes: 0 });
    const mine = (await get(user.headers, '/api/certification/my-certifications')).json();
    expect(mine).toEqual({ certifications: [], completedLevels: [] });
  });

  it('needs a signed-in user', async () => {
    for (const url of [
      '/api/certification/progress',
      '/api/certification/my-certifications',
      '/api/certification/view?level=1',
      '/api/certificates/download',
    ]) {
      expect((await get(undefined, url)).statusCode).toBe(401);
    }
  });
});

describe('GET /api/certification/my-certifications', () => {
  it('lists every certification earned, oldest first, and the complete levels', async () => {
    const user = await learner('plan99');
    await insertCertifications(context.database, user.id, subLevelIdsOf(1), new Date(Date.UTC(2025, 0, 1)));
    await insertCertifications(context.database, user.id, ['L2-C2'], new Date(Date.UTC(2025, 1, 1)));
    const response = await get(user.headers, '/api/certification/my-certifications');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.completedLevels).toEqual([1]);
    expect(body.certifications).toHaveLength(11);
    expect(body.certifications.at(-1)).toEqual({
      certId: 'L2-C2',
      level: 2,
      completed: true,
      earnedAt: '2025-02-01T00:00:00.000Z',
    });
  });
});

describe('the certificate PDF', () => {
  it('refuses a level that is not complete with 403 and a message', async () => {
    const user = await learner('plan59');
    await insertCertifications(context.database, user.id, subLevelIdsOf(1).slice(0, 9));
    const response = await get(user.headers, '/api/certification/view?level=1');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message:
        'Level 1 is not complete yet. Earn all 10 certifications of Level 1 to download its certificate.',
    });
    const download = await get(user.headers, '/api/certificates/download');
    expect(download.statusCode).toBe(403);
    expect(download.json().message).toBe(
      'You have not completed a level yet. Earn all 10 certifications of a level to download its certificate.',
    );
    expect(
      await context.database.db.select().from(certificates).where(eq(certificates.userId, user.id)),
    ).toEqual([]);
  });

  it.each([
    ['level 0', 'level=0'],
    ['level 11', 'level=11'],
    ['a word', 'level=one'],
    ['a fraction', 'level=1.5'],
    ['no level', ''],
  ])('refuses %s with 400', async (_name, query) => {
    const user = await learner();
    const response = await get(user.headers, `/api/certification/view?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('level is a number from 1 to 10');
  });

  it('is a valid PDF with the learner’s name, the level, its sub-levels, the date, the code and a QR code', async () => {
    const user = await learner('plan59');
    await context.database.db
      .update(users)
      .set({ firstName: 'Zoë', lastName: 'Fernandes' })
      .where(eq(users.id, user.id));
    await insertCertifications(context.database, user.id, subLevelIdsOf(1).slice(0, 9));
    expect((await submit(user.headers, quizOf('L1-C10'))).statusCode).toBe(201);

    const response = await get(user.headers, '/api/certification/view?level=1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const [certificate] = await context.database.db
      .select()
      .from(certificates)
      .where(and(eq(certificates.userId, user.id), eq(certificates.level, 1)));
    const code = certificate?.code ?? '';
    expect(code).toMatch(CERTIFICATE_CODE_PATTERN);

    const { text, images, pages } = await pdfTextOf(bytes);
    expect(pages).toBe(1);
    expect(text).toContain('Zoë Fernandes');
    expect(text).toContain('Level 1');
    for (const subLevel of findLevel(1)?.subLevels ?? []) expect(text).toContain(subLevel.name);
    expect(text).toContain(`Date: ${certificateDate(context.clock.now)}`);
    expect(text).toContain(code);
    expect(text).toContain(`http://localhost:3000/certificates/verify/${code}`);
    expect(images).toBe(1);

    // Downloading again gives the same certificate: same code, one row.
    context.clock.advance(86_400_000);
    const again = await get(user.headers, '/api/certification/view?level=1');
    expect((await pdfTextOf(again.rawPayload)).text).toContain(code);
    const rows = await context.database.db
      .select()
      .from(certificates)
      .where(eq(certificates.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  it('issues one certificate when it is first downloaded many times at once', async () => {
    const user = await learner('plan59');
    await insertCertifications(context.database, user.id, subLevelIdsOf(1));
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => get(user.headers, '/api/certification/view?level=1')),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const rows = await context.database.db
      .select()
      .from(certificates)
      .where(eq(certificates.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  it('downloads the certificate of the highest complete level', async () => {
    const user = await learner('plan99');
    await insertCertifications(context.database, user.id, [...subLevelIdsOf(1, 2), 'L3-C1']);
    const response = await get(user.headers, '/api/certificates/download');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const { text } = await pdfTextOf(response.rawPayload);
    expect(text).toContain('Level 2');
    expect(text).toContain(findLevel(2)?.subLevels[0]?.name ?? 'missing');
    expect(text).not.toContain(findLevel(1)?.subLevels[0]?.name ?? 'missing');
    const rows = await context.database.db
      .select()
      .from(certificates)
      .where(eq(certificates.userId, user.id));
    expect(rows.map((row) => row.level)).toEqual([2]);
  });

  it('keeps a certificate downloadable after the plan ends: nothing earned is lost', async () => {
    const user = await learner();
    await insertCertifications(context.database, user.id, subLevelIdsOf(1));
    expect((await get(user.headers, '/api/certification/view?level=1')).statusCode).toBe(200);
  });
});

describe('GET /api/certificates/verify/:code (public)', () => {
  let code: string;

  beforeAll(async () => {
    const user = await learner('plan59');
    await context.database.db
      .update(users)
      .set({ firstName: 'Asha', lastName: 'Privatesurname' })
      .where(eq(users.id, user.id));
    await insertCertifications(context.database, user.id, subLevelIdsOf(1));
    expect((await get(user.headers, '/api/certification/view?level=1')).statusCode).toBe(200);
    const [row] = await context.database.db
      .select()
      .from(certificates)
      .where(eq(certificates.userId, user.id));
    code = row?.code ?? '';
  });

  it('confirms a certificate with only the first name, level and date, without signing in', async () => {
    const response = await get(undefined, `/api/certificates/verify/${code}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      valid: true,
      code,
      firstName: 'Asha',
      level: 1,
      levelName: 'Level 1',
      issuedAt: expect.any(String),
      // Not revoked (decision 037; features/credentials tests the revoked case).
      revokedAt: null,
      revocationReason: null,
    });
    expect(response.body).not.toMatch(/Privatesurname|@example\.com|email|user/i);
  });

  it('accepts the code in lower case', async () => {
    const response = await get(undefined, `/api/certificates/verify/${code.toLowerCase()}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().code).toBe(code);
  });

  it('limits checks per address to 60 a minute', async () => {
    const deps = {
      db: context.database.db,
      rateLimiter: memoryRateLimiter(),
      rateLimitFactor: 1,
    } as unknown as AppDeps;
    for (let index = 0; index < 60; index += 1) {
      await expect(verifyCertificate(deps, '203.0.113.9', code)).resolves.toMatchObject({ valid: true });
    }
    await expect(verifyCertificate(deps, '203.0.113.9', code)).rejects.toMatchObject({ statusCode: 429 });
    await expect(verifyCertificate(deps, '203.0.113.10', code)).resolves.toMatchObject({ valid: true });
  });

  it.each([
    ['an unknown code', 'AAAA-BBBB-CCCC'],
    ['a malformed code', 'not-a-code'],
    ['a code with SQL', encodeURIComponent("x' or 1=1 --")],
    ['a long code', 'A'.repeat(90)],
  ])('answers 404 for %s', async (_name, value) => {
    const response = await get(undefined, `/api/certificates/verify/${value}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Certificate not found' });
  });
});

describe('certificate helpers', () => {
  it('makes codes of the public pattern', () => {
    const codes = new Set(Array.from({ length: 200 }, () => newCertificateCode()));
    expect(codes.size).toBe(200);
    for (const each of codes) expect(each).toMatch(CERTIFICATE_CODE_PATTERN);
  });

  it('dates a certificate en-IN in India’s time zone', () => {
    expect(certificateDate(new Date(Date.UTC(2026, 2, 12, 6, 0)))).toBe('12 March 2026');
    // 20:00 UTC on the 11th is already the 12th in India.
    expect(certificateDate(new Date(Date.UTC(2026, 2, 11, 20, 0)))).toBe('12 March 2026');
  });

  it.each([
    ['Zoë Fernandes', 'Zoë Fernandes'],
    ['Ānanya  Rao', 'Ānanya Rao'],
    ['राम Kumar', 'राम Kumar'],
    ['  Renée\tO’Brien ', 'Renée O’Brien'],
  ])('draws %j as %j', (input, output) => {
    expect(pdfText(input)).toBe(output);
  });
});
