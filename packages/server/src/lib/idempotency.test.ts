import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  IDEMPOTENCY_KEY_INVALID_MESSAGE,
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  NO_PENDING_DRAW_MESSAGE,
  NO_REVIEW_SESSION_MESSAGE,
  localiseMessage,
  type QuizAttemptResponse,
  type QuizHistoryResponse,
  type ReviewSessionResponse,
  type SubmitReviewResponse,
} from '@quizquest/shared';
import { attempts, idempotentRequests, quizDraws, reviewAnswers, users } from '../db/schema.ts';
import { createTestContext, insertUser, loginAs, type TestContext } from '../testing/index.ts';
import { answersFor, insertQuiz, textOptions, type TestQuiz } from '../testing/quizzes.ts';
import { expireIdempotentRequests, IDEMPOTENCY_TTL_MS } from './idempotency.ts';

/**
 * Idempotent submissions (issue 20 item 3, decision 036), on both databases: a quiz or review
 * submission sent with an Idempotency-Key is judged once per learner and key; copies get the first
 * successful answer and store nothing; the key with another request is a 422; a malformed key a
 * 400; a refused request stores nothing, so its retry is judged again.
 */

let context: TestContext;
/** A second app instance on the same database. */
let second: TestContext;

beforeAll(async () => {
  const jwtSecret = randomBytes(32).toString('hex');
  context = await createTestContext({ rateLimitFactor: 100, jwtSecret });
  second = await createTestContext({ rateLimitFactor: 100, jwtSecret, database: context.database });
});
afterAll(async () => {
  await second.app.close();
  await context.close();
});

type Headers = { authorization: string };

async function learner(): Promise<{ id: string; headers: Headers }> {
  const user = await insertUser(context.database);
  return { id: user.id, headers: await loginAs(context, user.email) };
}

const key = () => randomUUID();

/** Opens the quiz (its pending draw) and returns all-right answers in the draw's order. */
const open = async (user: { headers: Headers }, quiz: TestQuiz, on = context) =>
  (await on.openAsAuthored(user.headers, quiz.id, answersFor(quiz))) as number[];

const submit = (
  user: { headers: Headers },
  quizId: string,
  answers: unknown,
  idempotencyKey?: string,
  on = context,
) =>
  on.request({
    method: 'POST',
    url: `/api/quizzes/submit/${quizId}`,
    headers: {
      ...user.headers,
      ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
    },
    payload: { answers },
  });

async function attemptRows(userId: string, quizId?: string) {
  return context.database.db
    .select({ id: attempts.id })
    .from(attempts)
    .where(
      quizId ? and(eq(attempts.userId, userId), eq(attempts.quizId, quizId)) : eq(attempts.userId, userId),
    );
}

const storedRows = (userId: string) =>
  context.database.db
    .select({
      key: idempotentRequests.key,
      route: idempotentRequests.route,
      status: idempotentRequests.status,
    })
    .from(idempotentRequests)
    .where(eq(idempotentRequests.userId, userId));

const pendingDraw = async (userId: string, quizId: string) =>
  (
    await context.database.db
      .select({ drawId: quizDraws.drawId })
      .from(quizDraws)
      .where(and(eq(quizDraws.userId, userId), eq(quizDraws.quizId, quizId)))
  )[0]?.drawId ?? null;

async function attemptsUsed(user: { headers: Headers }, quizId: string): Promise<number | undefined> {
  const response = await context.request({
    method: 'GET',
    url: '/api/quizzes/history',
    headers: user.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<QuizHistoryResponse>().attemptCounts[quizId];
}

describe('POST /api/quizzes/submit/:quizId with an Idempotency-Key', () => {
  it('answers a copy with the first answer and records one attempt, counted once', async () => {
    const user = await learner();
    const quiz = await insertQuiz(context.database, { attemptsAllowed: 3 });
    const answers = await open(user, quiz);
    const sameKey = key();
    const first = await submit(user, quiz.id, answers, sameKey);
    expect(first.statusCode, first.body).toBe(201);
    const again = await submit(user, quiz.id, answers, sameKey);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await attemptRows(user.id, quiz.id)).toHaveLength(1);
    expect(await attemptsUsed(user, quiz.id)).toBe(1);
    expect(await storedRows(user.id)).toEqual([
      { key: sameKey, route: 'POST /api/quizzes/submit/:quizId', status: 201 },
    ]);

    // Even once the quiz is opened again, the copy changes nothing: the new draw stays pending.
    await open(user, quiz);
    const drawId = await pendingDraw(user.id, quiz.id);
    expect(drawId).not.toBeNull();
    const late = await submit(user, quiz.id, answers, sameKey);
    expect(late.statusCode).toBe(201);
    expect(late.json()).toEqual(first.json());
    expect(await pendingDraw(user.id, quiz.id)).toBe(drawId);
    expect(await attemptRows(user.id, quiz.id)).toHaveLength(1);
    expect(await attemptsUsed(user, quiz.id)).toBe(1);
  });

  it('records one attempt for 10 concurrent copies with the same key: all 201, the same attemptId', async () => {
    const user = await learner();
    const quiz = await insertQuiz(context.database, { attemptsAllowed: 3 });
    const answers = await open(user, quiz);
    const sameKey = key();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => submit(user, quiz.id, answers, sameKey)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 201));
    const ids = new Set(responses.map((response) => response.json<{ attemptId: string }>().attemptId));
    expect(ids.size).toBe(1);
    expect(await attemptRows(user.id, quiz.id)).toEqual([{ id: [...ids][0] }]);
    expect(await storedRows(user.id)).toHaveLength(1);
  });

  it('records one attempt for copies sent to two instances at once', async () => {
    const user = await learner();
    const quiz = await insertQuiz(context.database, { attemptsAllowed: 3 });
    const answers = await open(user, quiz);
    const sameKey = key();
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        submit(user, quiz.id, answers, sameKey, index % 2 === 0 ? context : second),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 201));
    const ids = new Set(responses.map((response) => response.json<{ attemptId: string }>().attemptId));
    expect(ids.size).toBe(1);
    expect(await attemptRows(user.id, quiz.id)).toHaveLength(1);
    // A later copy on either instance reads the stored answer.
    for (const on of [context, second]) {
      const copy = await submit(user, quiz.id, answers, sameKey, on);
      expect(copy.json<{ attemptId: string }>().attemptId).toBe([...ids][0]);
    }
    expect(await attemptRows(user.id, quiz.id)).toHaveLength(1);
  });

  it('refuses the key with another quiz or other answers (422) and stores nothing', async () => {
    const user = await learner();
    const quiz = await insertQuiz(context.database, { attemptsAllowed: 3 });
    const other = await insertQuiz(context.database, { attemptsAllowed: 3 });
    const sameKey = key();
    const answers = await open(user, quiz);
    expect((await submit(user, quiz.id, answers, sameKey)).statusCode).toBe(201);

    const otherAnswers = await open(user, other);
    const otherQuiz = await submit(user, other.id, otherAnswers, sameKey);
    expect(otherQuiz.statusCode).toBe(422);
    expect(otherQuiz.json()).toEqual({ message: IDEMPOTENCY_KEY_REUSED_MESSAGE });

    await open(user, quiz);
    const drawId = await pendingDraw(user.id, quiz.id);
    const otherBody = await submit(
      user,
      quiz.id,
      answers.map((answer) => (answer + 1) % 4),
      sameKey,
    );
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.json()).toEqual({ message: IDEMPOTENCY_KEY_REUSED_MESSAGE });
    // The message has its Hindi (decision 034).
    expect(localiseMessage(IDEMPOTENCY_KEY_REUSED_MESSAGE, 'hi')).not.toBe(IDEMPOTENCY_KEY_REUSED_MESSAGE);

    expect(await attemptRows(user.id)).toHaveLength(1);
    expect(await storedRows(user.id)).toHaveLength(1);
    // Both draws are still pending: nothing was answered.
    expect(await pendingDraw(user.id, quiz.id)).toBe(drawId);
    expect(await pendingDraw(user.id, other.id)).not.toBeNull();
    // With a new key (or none) they are judged as usual.
    expect((await submit(user, other.id, otherAnswers, key())).statusCode).toBe(201);
    expect((await submit(user, quiz.id, answers)).statusCode).toBe(201);
  });

  it("keeps keys per learner: another learner's same key is unrelated", async () => {
    const [one, two] = [await learner(), await learner()];
    const quiz = await insertQuiz(context.database, { attemptsAllowed: 3 });
    const sameKey = key();
    const first = await submit(one, quiz.id, await open(one, quiz), sameKey);
    const second = await submit(two, quiz.id, await open(two, quiz), sameKey);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(first.json<{ attemptId: string }>().attemptId).not.toBe(
      second.json<{ attemptId: string }>().attemptId,
    );
    expect(await attemptRows(one.id, quiz.id)).toHaveLength(1);
    expect(await attemptRows(two.id, quiz.id)).toHaveLength(1);
  });

  it.each([
    ['empty', ''],
    ['only spaces', '   '],
    ['a leading space', ' key'],
    ['over 255 characters', 'k'.repeat(256)],
    ['not ASCII', 'clé-é'],
    ['a control character', 'a\u0001b'],
    ['a tab', 'a\tb'],
  ])('refuses a malformed key (%s) with 400 and stores nothing', async (_name, malformed) => {
    const user = await learner();
    const quiz = await insertQuiz(context.database, { attemptsAllowed: 3 });
    const answers = await open(user, quiz);
    const response = await submit(user, quiz.id, answers, malformed);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(IDEMPOTENCY_KEY_INVALID_MESSAGE);
    expect(await attemptRows(user.id)).toHaveLength(0);
    expect(await storedRows(user.id)).toHaveLength(0);
    expect(await pendingDraw(user.id, quiz.id)).not.toBeNull();
  });

  it('accepts any printable ASCII key up to 255 characters', async () => {
    const user = await learner();
    const quiz = await insertQuiz(context.database, { attemptsAllowed: 3 });
    const longest = `${'~ !"#$%&()*+,-./:;<=>?@[\\]^_`{|}'}${'K'.repeat(222)}~`;
    expect(longest).toHaveLength(255);
    const response = await submit(user, quiz.id, await open(user, quiz), longest);
    expect(response.statusCode, response.body).toBe(201);
    expect(await storedRows(user.id)).toEqual([
      { key: longest, route: 'POST /api/quizzes/submit/:quizId', status: 201 },
    ]);
  });

  it('stores nothing for a refused request, so a retry with the same key is judged again', async () => {
    const user = await learner();
    const quiz = await insertQuiz(context.database, { attemptsAllowed: 1 });
    const sameKey = key();
    // Not opened: no pending draw (409).
    const refused = await submit(user, quiz.id, answersFor(quiz), sameKey);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: NO_PENDING_DRAW_MESSAGE, code: ERROR_CODES.noPendingDraw });
    expect(await storedRows(user.id)).toHaveLength(0);
    // Bad answers (400) neither.
    const answers = await open(user, quiz);
    expect((await submit(user, quiz.id, [0], sameKey)).statusCode).toBe(400);
    expect(await storedRows(user.id)).toHaveLength(0);

    const accepted = await submit(user, quiz.id, answers, sameKey);
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect((await submit(user, quiz.id, answers, sameKey)).json()).toEqual(accepted.json());

    // The limit is checked when an attempt arrives: with another key, the spent quiz is a 403.
    const anotherKey = key();
    const spent = await submit(user, quiz.id, await open(user, quiz), anotherKey);
    expect(spent.statusCode).toBe(403);
    expect(await storedRows(user.id)).toHaveLength(1);
    expect(await attemptRows(user.id)).toHaveLength(1);
  });

  it('works as before without the header: each copy is judged (one 201, the rest 409)', async () => {
    const user = await learner();
    const quiz = await insertQuiz(context.database, { attemptsAllowed: 3 });
    const answers = await open(user, quiz);
    const responses = await Promise.all(Array.from({ length: 3 }, () => submit(user, quiz.id, answers)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await storedRows(user.id)).toHaveLength(0);
  });
});

describe('POST /api/review/submit with an Idempotency-Key', () => {
  /** A learner with a pending review session: a practice quiz answered all wrong, then the review opened. */
  async function withSession() {
    const user = await learner();
    const quiz = await insertQuiz(context.database, {
      questions: [
        {
          text: 'Which is a fruit?',
          options: textOptions('Mango', 'Brick', 'Chair', 'Spoon'),
          correctIndex: 0,
        },
        { text: 'Which is red?', options: textOptions('Tomato', 'Grass', 'Sky', 'Snow'), correctIndex: 0 },
      ],
    });
    const opened = await context.request({
      method: 'GET',
      url: `/api/quizzes/${quiz.id}`,
      headers: user.headers,
    });
    const shown = opened.json<QuizAttemptResponse>();
    const wrong = shown.questions.map((question) =>
      question.options.findIndex((option) => !['Mango', 'Tomato'].includes(option.value)),
    );
    expect((await submit(user, quiz.id, wrong)).statusCode).toBe(201);
    const session = (
      await context.request({ method: 'GET', url: '/api/review', headers: user.headers })
    ).json<ReviewSessionResponse>();
    expect(session.questions).toHaveLength(2);
    const right = session.questions.map((question) =>
      question.options.findIndex((option) => ['Mango', 'Tomato'].includes(option.value)),
    );
    return { user, quiz, right };
  }

  const submitReview = (
    user: { headers: Headers },
    answers: unknown,
    idempotencyKey?: string,
    on = context,
  ) =>
    on.request({
      method: 'POST',
      url: '/api/review/submit',
      headers: {
        ...user.headers,
        ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
      },
      payload: { answers },
    });

  const answersRecorded = async (userId: string) =>
    (await context.database.db.select().from(reviewAnswers).where(eq(reviewAnswers.userId, userId))).length;

  it('answers a copy with the first answer and records the answers once', async () => {
    const { user, right } = await withSession();
    const sameKey = key();
    const first = await submitReview(user, right, sameKey);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<SubmitReviewResponse>().correctCount).toBe(2);
    const again = await submitReview(user, right, sameKey);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await answersRecorded(user.id)).toBe(2);
    expect(await storedRows(user.id)).toEqual([
      { key: sameKey, route: 'POST /api/review/submit', status: 200 },
    ]);
    // Without the key a copy is judged: the session is gone (409, as before).
    const unkeyed = await submitReview(user, right);
    expect(unkeyed.statusCode).toBe(409);
    expect(unkeyed.json()).toEqual({ message: NO_REVIEW_SESSION_MESSAGE });
  });

  it('records the answers once for 10 concurrent copies on two instances', async () => {
    const { user, right } = await withSession();
    const sameKey = key();
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        submitReview(user, right, sameKey, index % 2 ? second : context),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
    const bodies = new Set(responses.map((response) => response.body));
    expect(bodies.size).toBe(1);
    expect(await answersRecorded(user.id)).toBe(2);
  });

  it('refuses the key with other answers or another route (422), and a malformed key (400)', async () => {
    const { user, quiz, right } = await withSession();
    const sameKey = key();
    expect((await submitReview(user, right, sameKey)).statusCode).toBe(200);
    const otherAnswers = await submitReview(
      user,
      right.map((answer) => (answer + 1) % 4),
      sameKey,
    );
    expect(otherAnswers.statusCode).toBe(422);
    expect(otherAnswers.json()).toEqual({ message: IDEMPOTENCY_KEY_REUSED_MESSAGE });
    // The same key on the quiz route is another request.
    const answers = await open(user, quiz);
    const onQuiz = await submit(user, quiz.id, answers, sameKey);
    expect(onQuiz.statusCode).toBe(422);
    expect(await attemptRows(user.id, quiz.id)).toHaveLength(1);
    const malformed = await submitReview(user, right, 'x'.repeat(300));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ message: string }>().message).toBe(IDEMPOTENCY_KEY_INVALID_MESSAGE);
    expect(await storedRows(user.id)).toHaveLength(1);
  });

  it('stores nothing for a refused submission: the retry with the same key is judged again', async () => {
    const user = await learner();
    const sameKey = key();
    const refused = await submitReview(user, [0], sameKey);
    expect(refused.statusCode).toBe(409);
    expect(await storedRows(user.id)).toHaveLength(0);

    const { user: reviewer, right } = await withSession();
    // Bad answers keep the session and store nothing.
    expect((await submitReview(reviewer, [0], sameKey)).statusCode).toBe(400);
    expect(await storedRows(reviewer.id)).toHaveLength(0);
    const accepted = await submitReview(reviewer, right, sameKey);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await storedRows(reviewer.id)).toHaveLength(1);
  });
});

describe('stored answers', () => {
  it('are listed in the API description as an optional header of both submissions', async () => {
    const docs = (await context.request({ method: 'GET', url: '/api/docs' })).json<{
      paths: Record<
        string,
        Record<string, { parameters?: Array<{ in: string; name: string; required?: boolean }> }>
      >;
    }>();
    for (const path of ['/quizzes/submit/{quizId}', '/review/submit']) {
      const header = docs.paths[path]?.post?.parameters?.find((parameter) => parameter.in === 'header');
      expect(header, path).toMatchObject({ name: 'idempotency-key', required: false });
    }
  });

  it('expire after 7 days, in the sweep; a copy sent later is judged again', async () => {
    const user = await learner();
    const quiz = await insertQuiz(context.database, { attemptsAllowed: 3 });
    const answers = await open(user, quiz);
    const sameKey = key();
    expect((await submit(user, quiz.id, answers, sameKey)).statusCode).toBe(201);
    const stored = context.clock.now;
    expect(
      await expireIdempotentRequests(
        context.database.db,
        new Date(stored.getTime() + IDEMPOTENCY_TTL_MS - 1000),
      ),
    ).toBe(0);
    expect(await storedRows(user.id)).toHaveLength(1);
    expect(
      await expireIdempotentRequests(
        context.database.db,
        new Date(stored.getTime() + IDEMPOTENCY_TTL_MS + 1000),
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(await storedRows(user.id)).toHaveLength(0);
    // The draw was answered: the late copy is judged like any other (409), not replayed.
    expect((await submit(user, quiz.id, answers, sameKey)).statusCode).toBe(409);
    expect(await attemptRows(user.id, quiz.id)).toHaveLength(1);
  });

  it("go with the learner's account", async () => {
    const user = await learner();
    const quiz = await insertQuiz(context.database, { attemptsAllowed: 3 });
    expect((await submit(user, quiz.id, await open(user, quiz), key())).statusCode).toBe(201);
    expect(await storedRows(user.id)).toHaveLength(1);
    await context.database.db.delete(users).where(eq(users.id, user.id));
    expect(await storedRows(user.id)).toHaveLength(0);
  });
});
