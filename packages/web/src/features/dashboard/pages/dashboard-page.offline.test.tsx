import 'fake-indexeddb/auto';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CertificationProgress } from '@quizquest/shared';
import { clearOfflineData, findSavedQuiz } from '../../../lib/offline/offline-store.ts';
import { mockFetch, type MockHandler } from '../../../test/fetch-mock.ts';
import { learner, renderApp, storeSession } from '../../../test/render-app.tsx';
import { TOUR_COMPLETED_KEY } from '../tour.ts';

vi.mock('react-confetti', () => ({ default: () => <canvas data-testid="confetti" /> }));

const LOAD = { timeout: 5000 };

const progress: CertificationProgress = {
  currentLevel: 1,
  levelName: 'Level 1',
  certificationsCompletedInLevel: 0,
  totalRequired: 10,
  certifications: [],
  nextQuiz: { _id: 'quiz-l1-c1', subLevel: 'L1-C1', title: 'Alphabet Adventurer' },
  allowedLevel: 1,
  completedQuizzes: 0,
  completedLevels: [],
};

const draw = {
  _id: 'quiz-l1-c1',
  title: 'Alphabet Adventurer',
  category: null,
  grades: ['c-3'],
  level: 1,
  levelName: 'Level 1',
  subLevel: 'L1-C1',
  learnMoreLink: null,
  quizLimits: 3,
  attemptCount: 0,
  totalQuestions: 1,
  questions: [{ _id: 'q1', questionText: 'A is for?', questionImage: null, options: [] }],
};

function openDashboard(progressHandler: MockHandler) {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: learner },
    'GET /api/certification/progress': progressHandler,
    'GET /api/quizzes/quiz-l1-c1': { body: draw },
  });
  storeSession();
  localStorage.setItem(TOUR_COMPLETED_KEY, 'true');
  return { ...renderApp('/dashboard'), ...fetch };
}

afterEach(async () => {
  await clearOfflineData();
});

describe('the dashboard without a connection, and its next quiz saved for offline (issue 20)', () => {
  it("says the progress waits for the connection beside spec §8's text, and loads it when back", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const network = { online: false };
    openDashboard(() => {
      if (!network.online) throw new TypeError('Failed to fetch');
      return { body: progress };
    });
    expect(
      await screen.findByText(
        "Loading certification progress... You're offline: your progress shows when you're back online.",
        {},
        LOAD,
      ),
    ).toBeVisible();

    network.online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('0 / 10 Certifications Completed')).toBeVisible();
  });

  it('offers the next certification quiz for offline and shows the badge once saved', async () => {
    vi.stubGlobal('caches', {
      open: vi.fn(async () => ({ add: vi.fn(async () => undefined) })),
      delete: vi.fn(async () => true),
    });
    const { user } = openDashboard({ body: progress });
    const card = await screen.findByRole('region', { name: 'Level 1 Certification Progress' }, LOAD);
    expect(within(card).getByText('Next quiz: Alphabet Adventurer')).toBeVisible();
    const save = await within(card).findByRole('button', { name: '📥 Save for offline' });
    expect(save).toHaveAccessibleDescription('Next quiz: Alphabet Adventurer');

    await user.click(save);

    expect(await within(card).findByText('Saved for offline')).toBeVisible();
    expect((await findSavedQuiz(learner._id, 'quiz-l1-c1'))?.title).toBe('Alphabet Adventurer');
  });

  it('offers nothing to save on a locked level', async () => {
    openDashboard({ body: { ...progress, allowedLevel: 0 } });
    const card = await screen.findByRole('region', { name: 'Level 1 Certification Progress' }, LOAD);
    expect(within(card).queryByText(/Next quiz/)).toBeNull();
    expect(within(card).queryByRole('button', { name: /Save for offline/ })).toBeNull();
  });
});
