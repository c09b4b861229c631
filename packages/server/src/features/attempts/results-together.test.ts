import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribe } from '../../testing/certification.ts';
import { createTestContext, insertUser, loginAs, type TestContext } from '../../testing/index.ts';
import { answersFor, insertQuiz, type TestQuiz } from '../../testing/quizzes.ts';

/**
 * Results asked for at the same moment are read together (lib/read-batcher.ts, decision 040): a
 * class of learners reads in a few statements, and each still sees only their own result.
 */

let context: TestContext;
let quiz: TestQuiz;
const learners: Array<{ headers: { authorization: string }; attemptId: string }> = [];

beforeAll(async () => {
  context = await createTestContext({ rateLimitFactor: 100 });
  quiz = await insertQuiz(context.database, { title: 'Together', attemptsAllowed: 10 });
  for (let index = 0; index < 12; index += 1) {
    const user = await insertUser(context.database, { grade: 'c-4' });
    await subscribe(context.database, user.id, 'plan299', context.clock.now);
    const headers = await loginAs(context, user.email);
    const submitted = await context.submitAsAuthored(headers, quiz.id, answersFor(quiz));
    expect(submitted.statusCode, submitted.body).toBe(201);
    learners.push({ headers, attemptId: (submitted.json() as { attemptId: string }).attemptId });
  }
});

afterAll(async () => {
  await context.close();
});

const result = (headers: { authorization: string }, attemptId: string) =>
  context.app.inject({ method: 'GET', url: `/api/quizzes/result/${attemptId}`, headers });

describe('results read together', () => {
  it('twelve learners at once: each gets their own result, in fewer statements than requests', async () => {
    await context.app.accountCache.sync();
    const statements = await context.database.captureQueries(async () => {
      const answers = await Promise.all(learners.map(({ headers, attemptId }) => result(headers, attemptId)));
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    });
    const reads = statements.filter((query) => /"snapshot"/.test(query.sql));
    expect(reads.length).toBeGreaterThan(0);
    if (context.database.kind === 'pglite') expect(reads.length).toBeLessThan(learners.length);
  });

  it('a learner asking for another’s result in the same batch gets 404, the owner their result', async () => {
    const [owner, other] = learners;
    if (!owner || !other) throw new Error('learners missing');
    const [own, foreign, ownAgain] = await Promise.all([
      result(owner.headers, owner.attemptId),
      result(other.headers, owner.attemptId),
      result(owner.headers, owner.attemptId),
    ]);
    expect(own.statusCode).toBe(200);
    expect(ownAgain.statusCode).toBe(200);
    expect(foreign.statusCode).toBe(404);
    expect(Object.keys(foreign.json() as object)).toEqual(['message']);
    expect(foreign.body).not.toContain(owner.attemptId);
  });
});
