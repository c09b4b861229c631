import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_DB, PERSONAL_CACHE } from './cache-names.ts';
import {
  clearOfflineData,
  findSavedQuiz,
  outboxEntries,
  queueSubmission,
  removeOutboxEntry,
  removeSavedQuiz,
  saveQuizDraw,
  savedQuizIds,
  settleOutboxEntry,
} from './offline-store.ts';

const draw = { _id: 'quiz-1', title: 'Shapes', questions: [] };

function submission(key: string, learnerId = 'learner-1') {
  return {
    key,
    learnerId,
    quizId: 'quiz-1',
    title: 'Shapes',
    path: '/api/quizzes/submit/quiz-1',
    body: { answers: [0, 1] },
    token: `token-of-${learnerId}`,
    language: 'en',
  };
}

async function databaseNames(): Promise<string[]> {
  return (await indexedDB.databases()).map((database) => database.name ?? '');
}

afterEach(async () => {
  await clearOfflineData();
});

describe('saved quizzes', () => {
  it('keeps a draw per learner and quiz, lists the learner’s ids and forgets one', async () => {
    await saveQuizDraw({ learnerId: 'learner-1', quizId: 'quiz-1', title: 'Shapes', draw, savedAt: 1 });
    await saveQuizDraw({ learnerId: 'learner-1', quizId: 'quiz-2', title: 'Colours', draw, savedAt: 2 });
    await saveQuizDraw({ learnerId: 'learner-2', quizId: 'quiz-1', title: 'Shapes', draw, savedAt: 3 });

    expect((await findSavedQuiz('learner-1', 'quiz-1'))?.draw).toEqual(draw);
    expect(await findSavedQuiz('learner-3', 'quiz-1')).toBeUndefined();
    expect([...(await savedQuizIds('learner-1'))].sort()).toEqual(['quiz-1', 'quiz-2']);
    expect([...(await savedQuizIds('learner-2'))]).toEqual(['quiz-1']);

    await removeSavedQuiz('learner-1', 'quiz-1');
    expect([...(await savedQuizIds('learner-1'))]).toEqual(['quiz-2']);
    // Another learner's copy of the same quiz is theirs.
    expect(await findSavedQuiz('learner-2', 'quiz-1')).toBeDefined();
  });

  it('saving again replaces the draw (the pending draw is the newest one)', async () => {
    await saveQuizDraw({ learnerId: 'learner-1', quizId: 'quiz-1', title: 'Shapes', draw, savedAt: 1 });
    const newer = { ...draw, questions: [{ _id: 'q2' }] };
    await saveQuizDraw({
      learnerId: 'learner-1',
      quizId: 'quiz-1',
      title: 'Shapes',
      draw: newer,
      savedAt: 2,
    });
    expect((await findSavedQuiz('learner-1', 'quiz-1'))?.draw).toEqual(newer);
  });
});

describe('outbox', () => {
  it('queues submissions by their Idempotency-Key, oldest first, per learner or all', async () => {
    const now = vi.spyOn(Date, 'now');
    now.mockReturnValue(2000);
    await queueSubmission(submission('key-b'));
    now.mockReturnValue(1000);
    await queueSubmission(submission('key-a'));
    now.mockReturnValue(3000);
    await queueSubmission(submission('key-c', 'learner-2'));
    now.mockRestore();

    const mine = await outboxEntries('learner-1');
    expect(mine.map((entry) => entry.key)).toEqual(['key-a', 'key-b']);
    expect(mine[0]).toMatchObject({ state: 'queued', createdAt: 1000, token: 'token-of-learner-1' });
    expect((await outboxEntries()).map((entry) => entry.key)).toEqual(['key-a', 'key-b', 'key-c']);
  });

  it('the same key queued twice is one entry', async () => {
    await queueSubmission(submission('key-a'));
    await queueSubmission(submission('key-a'));
    expect(await outboxEntries()).toHaveLength(1);
  });

  it('records the answer, and an entry removed meanwhile stays removed', async () => {
    await queueSubmission(submission('key-a'));
    await settleOutboxEntry('key-a', { state: 'sent', status: 201, response: { attemptId: 'a1' } });
    expect((await outboxEntries())[0]).toMatchObject({
      state: 'sent',
      status: 201,
      response: { attemptId: 'a1' },
    });
    await removeOutboxEntry('key-a');
    await settleOutboxEntry('key-a', { state: 'refused', status: 403, response: { message: 'No' } });
    expect(await outboxEntries()).toEqual([]);
  });
});

describe('clearOfflineData', () => {
  it('deletes the database and the personal cache, and keeps the media and public caches', async () => {
    const deleted: string[] = [];
    vi.stubGlobal('caches', {
      delete: vi.fn(async (name: string) => {
        deleted.push(name);
        return true;
      }),
    });
    await saveQuizDraw({ learnerId: 'learner-1', quizId: 'quiz-1', title: 'Shapes', draw, savedAt: 1 });
    await queueSubmission(submission('key-a'));
    expect(await databaseNames()).toContain(OFFLINE_DB);

    await clearOfflineData();

    expect(await databaseNames()).not.toContain(OFFLINE_DB);
    expect(deleted).toEqual([PERSONAL_CACHE]);
    // Opened again afterwards, it is empty.
    expect(await outboxEntries()).toEqual([]);
    expect(await savedQuizIds('learner-1')).toEqual(new Set());
  });
});
