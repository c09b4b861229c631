import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch, type MockReply } from '../../test/fetch-mock.ts';
import {
  clearOfflineData,
  findSavedQuiz,
  outboxEntries,
  queueSubmission,
  REVIEW_OUTBOX_ID,
  saveQuizDraw,
} from './offline-store.ts';
import { sendOutbox } from './outbox.ts';

const SUBMIT = 'POST /api/quizzes/submit/quiz-1';

function submission(key: string, learnerId = 'learner-1', quizId = 'quiz-1') {
  return {
    key,
    learnerId,
    quizId,
    title: 'Shapes',
    path: quizId === REVIEW_OUTBOX_ID ? '/api/review/submit' : `/api/quizzes/submit/${quizId}`,
    body: { answers: [2, 0] },
    token: `token-of-${learnerId}`,
    language: 'hi',
  };
}

const created = (attemptId: string): MockReply => ({
  status: 201,
  body: { attemptId, score: 50, correctCount: 1, totalQuestions: 2 },
});

afterEach(async () => {
  await clearOfflineData();
});

describe('sendOutbox', () => {
  it('sends a queued submission with its key and token, and records the 2xx answer', async () => {
    const { callsTo } = mockFetch({ [SUBMIT]: created('attempt-1') });
    await queueSubmission(submission('key-1'));
    await saveQuizDraw({ learnerId: 'learner-1', quizId: 'quiz-1', title: 'Shapes', draw: {}, savedAt: 1 });

    const result = await sendOutbox();

    const [call] = callsTo('POST', '/api/quizzes/submit/quiz-1');
    expect(call?.body).toEqual({ answers: [2, 0] });
    expect(call?.headers.get('Idempotency-Key')).toBe('key-1');
    expect(call?.headers.get('Authorization')).toBe('Bearer token-of-learner-1');
    expect(call?.headers.get('Accept-Language')).toBe('hi');
    expect(result.sent.map((entry) => entry.key)).toEqual(['key-1']);
    expect(await outboxEntries()).toMatchObject([
      { key: 'key-1', state: 'sent', status: 201, response: { attemptId: 'attempt-1' } },
    ]);
    // The saved draw is used now.
    expect(await findSavedQuiz('learner-1', 'quiz-1')).toBeUndefined();
  });

  it("records a 4xx refusal with the server's message and code, and sends it no more", async () => {
    const { callsTo } = mockFetch({
      [SUBMIT]: {
        status: 403,
        body: { message: 'Attempt limit reached for this quiz', code: 'attempt-limit' },
      },
    });
    await queueSubmission(submission('key-1'));
    await saveQuizDraw({ learnerId: 'learner-1', quizId: 'quiz-1', title: 'Shapes', draw: {}, savedAt: 1 });

    const result = await sendOutbox();
    await sendOutbox();

    expect(result.refused.map((entry) => entry.key)).toEqual(['key-1']);
    expect(await outboxEntries()).toMatchObject([
      {
        state: 'refused',
        status: 403,
        response: { message: 'Attempt limit reached for this quiz', code: 'attempt-limit' },
      },
    ]);
    expect(callsTo('POST', '/api/quizzes/submit/quiz-1')).toHaveLength(1);
    // A limit leaves the draw pending: the saved copy stays.
    expect(await findSavedQuiz('learner-1', 'quiz-1')).toBeDefined();
  });

  it('a 409 (the draw was submitted elsewhere) also forgets the saved copy', async () => {
    mockFetch({ [SUBMIT]: { status: 409, body: { message: 'Already submitted' } } });
    await queueSubmission(submission('key-1'));
    await saveQuizDraw({ learnerId: 'learner-1', quizId: 'quiz-1', title: 'Shapes', draw: {}, savedAt: 1 });
    await sendOutbox();
    expect(await findSavedQuiz('learner-1', 'quiz-1')).toBeUndefined();
  });

  it('leaves entries queued on a network failure, without trying the rest', async () => {
    const { callsTo } = mockFetch({
      [SUBMIT]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await queueSubmission(submission('key-1'));
    await queueSubmission(submission('key-2'));

    const result = await sendOutbox();

    expect(result.queued.map((entry) => entry.key).sort()).toEqual(['key-1', 'key-2']);
    expect(callsTo('POST', '/api/quizzes/submit/quiz-1')).toHaveLength(1);
    expect((await outboxEntries()).map((entry) => entry.state)).toEqual(['queued', 'queued']);
  });

  it.each([500, 503, 401, 429])('leaves an entry queued on a %i', async (status) => {
    mockFetch({ [SUBMIT]: { status, body: { message: 'Not now' } } });
    await queueSubmission(submission('key-1'));
    const result = await sendOutbox();
    expect(result.queued).toHaveLength(1);
    expect((await outboxEntries())[0]?.state).toBe('queued');
  });

  it('sends each submission with its own key, and a second run sends nothing again', async () => {
    const keys: string[] = [];
    mockFetch({
      [SUBMIT]: (call) => {
        keys.push(call.headers.get('Idempotency-Key') ?? '');
        return created(`attempt-${keys.length}`);
      },
    });
    await queueSubmission(submission('key-1'));
    await queueSubmission(submission('key-2'));

    await sendOutbox();
    await sendOutbox();

    expect(keys.sort()).toEqual(['key-1', 'key-2']);
  });

  it('a copy answered by the server (the same key) is recorded like the first answer', async () => {
    // The server replays the first answer for a key it has seen (decision 036).
    const answers = new Map<string, string>();
    const { callsTo } = mockFetch({
      [SUBMIT]: (call) => {
        const key = call.headers.get('Idempotency-Key') ?? '';
        if (!answers.has(key)) answers.set(key, `attempt-${answers.size + 1}`);
        return created(answers.get(key) ?? '');
      },
    });
    await queueSubmission(submission('key-1'));
    const first = await sendOutbox();
    // The same submission queued again (two tabs kept it): the same key, the same attempt.
    await queueSubmission(submission('key-1'));
    const second = await sendOutbox();

    expect(callsTo('POST', '/api/quizzes/submit/quiz-1')).toHaveLength(2);
    expect(answers.size).toBe(1);
    expect(first.sent[0]?.key).toBe('key-1');
    expect(await outboxEntries()).toMatchObject([{ state: 'sent', response: { attemptId: 'attempt-1' } }]);
    expect(second.sent).toHaveLength(1);
  });

  it("sends one learner's entries with the page's token, and everyone's with their own for the service worker", async () => {
    const { calls } = mockFetch({
      [SUBMIT]: created('attempt-1'),
      'POST /api/review/submit': { body: { correctCount: 1, totalQuestions: 1, results: [], due: 0 } },
    });
    await queueSubmission(submission('key-1'));
    await queueSubmission(submission('key-2', 'learner-2', REVIEW_OUTBOX_ID));

    await sendOutbox({ learnerId: 'learner-1', session: { learnerId: 'learner-1', token: 'fresh-token' } });
    expect(calls.map((call) => [call.path, call.headers.get('Authorization')])).toEqual([
      ['/api/quizzes/submit/quiz-1', 'Bearer fresh-token'],
    ]);

    await sendOutbox();
    expect(calls.map((call) => [call.path, call.headers.get('Authorization')])).toEqual([
      ['/api/quizzes/submit/quiz-1', 'Bearer fresh-token'],
      ['/api/review/submit', 'Bearer token-of-learner-2'],
    ]);
  });
});
