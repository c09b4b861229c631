import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublishedQuiz, QuizAttemptResponse } from '@quizquest/shared';
import { MEDIA_CACHE } from '../../../lib/offline/cache-names.ts';
import { clearOfflineData, findSavedQuiz } from '../../../lib/offline/offline-store.ts';
import { mockFetch, type MockHandler } from '../../../test/fetch-mock.ts';
import { showInHindi } from '../../../test/language.ts';
import { findToast, learner, renderApp, storeSession } from '../../../test/render-app.tsx';
import '../../../app/app-layout.tsx';
import '../pages/practice-quizzes-page.tsx';

const LOAD = { timeout: 5000 };

function listed(id: string, title: string, attemptCount = 0): PublishedQuiz {
  return {
    _id: id,
    title,
    category: 'Maths',
    grades: ['c-3'],
    level: 0,
    subLevel: null,
    showByDefault: true,
    learnMoreLink: null,
    quizLimits: 3,
    attemptCount,
    totalQuestions: 1,
  };
}

const draw: QuizAttemptResponse = {
  ...listed('quiz-1', 'Counting Dots'),
  levelName: null,
  questions: [
    {
      _id: 'question-1',
      questionText: 'How many dots?',
      questionImage: '/api/media/dots',
      options: [
        { type: 'image', value: '/api/media/two' },
        { type: 'image', value: '/api/media/three' },
        { type: 'text', value: 'Four' },
      ],
    },
  ],
};

function stubMediaCache(add: (url: string) => Promise<void> = async () => undefined) {
  const cache = { add: vi.fn(add) };
  const open = vi.fn(async () => cache);
  vi.stubGlobal('caches', { open, delete: vi.fn(async () => true) });
  return { open, cache };
}

function openPractice(quiz: MockHandler = { body: draw }) {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: learner },
    'GET /api/quizzes/quiz-categories': { body: { categories: ['Maths'] } },
    'POST /api/quizzes/published': {
      body: { quizzes: [listed('quiz-1', 'Counting Dots'), listed('quiz-2', 'Used Up', 3)] },
    },
    'GET /api/quizzes/history': {
      body: {
        attempts: [],
        maxQuizLimit: 10,
        distinctQuizzesAttempted: 0,
        quizLimits: {},
        attemptCounts: {},
        nextBefore: null,
      },
    },
    'GET /api/quizzes/quiz-1': quiz,
  });
  storeSession();
  return { ...renderApp('/quizzes'), ...fetch };
}

const card = (title: string) =>
  screen.getByRole('heading', { level: 2, name: title }).closest('li') as HTMLElement;

afterEach(async () => {
  await clearOfflineData();
});

describe("'Save for offline' on a practice quiz card (issue 20)", () => {
  it('keeps the pending draw and its pictures on the device, then shows the badge', async () => {
    const { cache, open } = stubMediaCache();
    const { user, callsTo } = openPractice();
    await screen.findByRole('heading', { level: 2, name: 'Counting Dots' }, LOAD);
    const save = await within(card('Counting Dots')).findByRole('button', { name: '📥 Save for offline' });
    // The button says which quiz it saves.
    expect(save).toHaveAccessibleDescription('Counting Dots');
    // A quiz with no attempts left offers nothing to save.
    expect(within(card('Used Up')).queryByRole('button', { name: /Save for offline/ })).toBeNull();

    await user.click(save);

    await findToast('“Counting Dots” is saved on this device. You can take it without the internet.');
    expect(await within(card('Counting Dots')).findByText('Saved for offline')).toBeVisible();
    expect(within(card('Counting Dots')).queryByRole('button', { name: /Save for offline/ })).toBeNull();
    expect(callsTo('GET', '/api/quizzes/quiz-1')).toHaveLength(1);
    expect(open).toHaveBeenCalledWith(MEDIA_CACHE);
    expect(cache.add.mock.calls.map(([url]) => url).sort()).toEqual([
      '/api/media/dots',
      '/api/media/three',
      '/api/media/two',
    ]);
    expect((await findSavedQuiz(learner._id, 'quiz-1'))?.draw).toEqual(draw);
  });

  it('shows the badge at once for a quiz saved before', async () => {
    stubMediaCache();
    const { saveQuizDraw } = await import('../../../lib/offline/offline-store.ts');
    await saveQuizDraw({
      learnerId: learner._id,
      quizId: 'quiz-1',
      title: 'Counting Dots',
      draw,
      savedAt: 1,
    });
    openPractice();
    await screen.findByRole('heading', { level: 2, name: 'Counting Dots' }, LOAD);
    expect(await within(card('Counting Dots')).findByText('Saved for offline')).toBeVisible();
  });

  it('says so when the quiz could not be saved, and saves nothing', async () => {
    stubMediaCache(async () => {
      throw new TypeError('Failed to fetch');
    });
    const { user } = openPractice();
    await screen.findByRole('heading', { level: 2, name: 'Counting Dots' }, LOAD);
    await user.click(
      await within(card('Counting Dots')).findByRole('button', { name: '📥 Save for offline' }),
    );
    await findToast('This quiz could not be saved. Please check your internet connection and try again.');
    await waitFor(() =>
      expect(
        within(card('Counting Dots')).getByRole('button', { name: '📥 Save for offline' }),
      ).toBeEnabled(),
    );
    expect(await findSavedQuiz(learner._id, 'quiz-1')).toBeUndefined();
  });

  it("shows the server's refusal when the quiz cannot be opened", async () => {
    stubMediaCache();
    const { user } = openPractice({
      status: 403,
      body: { message: 'Max 10 Quizzes can be attempted. Upgrade Now.' },
    });
    await screen.findByRole('heading', { level: 2, name: 'Counting Dots' }, LOAD);
    await user.click(
      await within(card('Counting Dots')).findByRole('button', { name: '📥 Save for offline' }),
    );
    await findToast('Max 10 Quizzes can be attempted. Upgrade Now.');
  });

  it('speaks Hindi', async () => {
    stubMediaCache();
    showInHindi();
    const { user } = openPractice();
    await screen.findByRole('heading', { level: 2, name: 'Counting Dots' }, LOAD);
    await user.click(
      await within(card('Counting Dots')).findByRole('button', { name: '📥 ऑफ़लाइन के लिए सेव करें' }),
    );
    expect(await within(card('Counting Dots')).findByText('ऑफ़लाइन के लिए सेव है')).toBeVisible();
  });
});
