import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quizDraws } from '../../db/schema.ts';
import { createTestContext, insertUser, type TestContext } from '../../testing/index.ts';
import { insertQuiz } from '../../testing/quizzes.ts';
import { historyPage, insertAttemptWithinLimits, lockUserAndReadQuiz } from './queries.ts';

/**
 * The submission's two statements and the history page are named prepared statements, built with
 * Drizzle's public `.prepare(name)` (decision 025): on PostgreSQL the connection that ran them
 * lists them by name, so each is parsed and planned once per connection. PGlite's driver does not
 * name statements; there the statements still run and answer.
 */

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context.close();
});

describe('named prepared statements', () => {
  it('the submission runs and, on PostgreSQL, leaves its two statements prepared by name', async () => {
    const user = await insertUser(context.database);
    const quiz = await insertQuiz(context.database);
    const submittedAt = context.clock.now;
    // The learner's pending draw, as opening the quiz makes it (decision 031).
    const [draw] = await context.database.db
      .insert(quizDraws)
      .values({ userId: user.id, quizId: quiz.id, quizVersion: 1, questions: [] })
      .returning({ drawId: quizDraws.drawId });
    const { names, attemptId, locked, again } = await context.database.db.transaction(async (tx) => {
      const locked = await lockUserAndReadQuiz(tx, user.id, quiz.id);
      const recorded = await insertAttemptWithinLimits(
        tx,
        {
          userId: user.id,
          quizId: quiz.id,
          answers: quiz.correctAnswers,
          score: 10_000,
          correctCount: quiz.correctAnswers.length,
          total: quiz.correctAnswers.length,
          snapshot: { title: quiz.title, questions: [] },
          submittedAt,
          drawId: draw?.drawId ?? '',
          wrongQuestionIds: [],
        },
        { level: 0, attemptsAllowed: 3 },
      );
      // The same statement again on the same connection: prepared once, executed twice.
      const again = await lockUserAndReadQuiz(tx, user.id, quiz.id);
      const prepared = await tx.select({ name: sql<string>`name` }).from(sql`pg_prepared_statements`);
      return {
        names: prepared.map((row) => row.name),
        attemptId: recorded.attemptId,
        locked,
        again,
      };
    });
    expect(locked?.quiz?.id).toBe(quiz.id);
    // An authored quiz's draw: no generator seed (decision 033).
    expect(locked?.draw).toEqual({ id: draw?.drawId, questions: [], generated: null });
    // The recorded attempt cleared the draw it answered.
    expect(again).toEqual({ ...locked, draw: null });
    expect(attemptId).toEqual(expect.any(String));
    if (context.database.kind === 'postgres') {
      expect(names).toEqual(
        expect.arrayContaining(['attempts_lock_user_and_read_quiz', 'attempts_insert_within_limits']),
      );
    }

    const page = await historyPage(context.database.db, user.id, {
      type: undefined,
      limit: 10,
      before: undefined,
    });
    expect(page.map((row) => row.id)).toEqual([attemptId]);
    expect(page[0]?.submittedAt).toEqual(submittedAt);
  });
});
