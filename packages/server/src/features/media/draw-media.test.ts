import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuizAttemptResponse } from '@quizquest/shared';
import { media, questions } from '../../db/schema.ts';
import { createTestContext, insertUser, loginAs, type TestContext } from '../../testing/index.ts';
import { insertQuiz, textOptions } from '../../testing/quizzes.ts';
import { MEDIA_SWEEP_GRACE_MS, sweepMedia } from './sweeper.ts';

/** Media a learner's pending draw shows is in use (decisions 022 and 031). */

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext({ rateLimitFactor: 100 });
});
afterAll(async () => {
  await context.close();
});

async function learner() {
  const user = await insertUser(context.database, { grade: 'c-3' });
  return { id: user.id, headers: await loginAs(context, user.email) };
}

async function open(headers: { authorization: string }, quizId: string): Promise<QuizAttemptResponse> {
  const response = await context.request({ method: 'GET', url: `/api/quizzes/${quizId}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<QuizAttemptResponse>();
}

describe('images of a pending draw', () => {
  it('are kept by the media sweeper while a draw shows them, after the quiz stopped using them', async () => {
    const user = await learner();
    const id = `draw-image-${Date.now()}`;
    await context.database.db
      .insert(media)
      .values({ id, mimeType: 'image/png', bytes: 'AA==', size: 1, inQuiz: true });
    const quiz = await insertQuiz(context.database, {
      questions: [
        {
          text: 'What is 1 + 1?',
          imageMediaId: id,
          options: textOptions('2', '3', '4', '5'),
          correctIndex: 0,
        },
      ],
    });
    const drawn = await open(user.headers, quiz.id);
    expect(drawn.questions[0]?.questionImage).toBe(`/api/media/${id}`);
    // The admin drops the picture from the question; the learner's open draw still shows it.
    await context.database.db
      .update(questions)
      .set({ imageMediaId: null })
      .where(eq(questions.quizId, quiz.id));
    const later = new Date(context.clock.now.getTime() + 10 * MEDIA_SWEEP_GRACE_MS);
    await sweepMedia(context.database.db, { now: later });
    await sweepMedia(context.database.db, { now: new Date(later.getTime() + 2 * MEDIA_SWEEP_GRACE_MS) });
    expect(
      await context.database.db.select({ id: media.id }).from(media).where(eq(media.id, id)),
    ).toHaveLength(1);
  });
});
