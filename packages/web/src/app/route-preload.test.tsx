import { screen, within } from '@testing-library/react';
import { isValidElement } from 'react';
import { matchRoutes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { FamilyReportResponse, LearnerReport } from '@quizquest/shared';
import { clearPrefetched } from '../lib/prefetch.ts';
import { familyOf } from '../test/family.ts';
import { mockFetch } from '../test/fetch-mock.ts';
import { learningSummaryOf } from '../test/learning.ts';
import { learner, renderApp, storeSession } from '../test/render-app.tsx';
import { RequireAuth } from './guards.tsx';
import { matchPath, PAGE_PRELOADS, preloadRoute } from './route-preload.ts';
import { routes } from './routes.tsx';

function visit(pathname: string) {
  window.history.replaceState(null, '', pathname);
}

afterEach(() => {
  clearPrefetched();
  visit('/');
});

const QUIZ_ID = 'quiz-1';

const ASHA: LearnerReport = {
  id: 'u1',
  first_name: 'Asha',
  last_name: 'Rao',
  grade: 'c-3',
  quizzesFinished: 1,
  minutesSpent: 5,
  accuracy: [{ category: 'Science', answered: 10, correct: 7 }],
  mastery: [],
  certificationsEarned: 0,
  levelsCompleted: 0,
  streak: { current: 1 },
};
const FAMILY_REPORT: FamilyReportResponse = {
  days: 7,
  from: '2026-11-18T12:00:00.000Z',
  to: '2026-11-24T12:00:00.000Z',
  learners: [],
};

describe('matchPath', () => {
  it('matches as React Router does: any case, a trailing slash, decoded params', () => {
    expect(matchPath('/dashboard', '/dashboard')).toEqual({});
    expect(matchPath('/dashboard', '/Dashboard/')).toEqual({});
    expect(matchPath('/quizzes/attempt/:quizId', '/quizzes/attempt/a%20b')).toEqual({ quizId: 'a b' });
  });

  it('does not match other paths, or a param that cannot be decoded', () => {
    expect(matchPath('/dashboard', '/dashboard/extra')).toBeNull();
    expect(matchPath('/quizzes/attempt/:quizId', '/quizzes/attempt')).toBeNull();
    expect(matchPath('/quizzes', '/quizzes/my-attempts')).toBeNull();
    expect(matchPath('/quizzes/attempt/:quizId', '/quizzes/attempt/%E0%A4%A')).toBeNull();
  });
});

describe('PAGE_PRELOADS', () => {
  it.each(PAGE_PRELOADS.map((preload) => [preload.path, preload]))(
    '%s loads what the route table renders there',
    (path, preload) => {
      const concrete = path.replace(/:[^/]+/g, 'some-id');
      const matches = matchRoutes(routes, concrete) ?? [];
      const rendered = matches.flatMap(({ route }) => {
        const handle: unknown = route.handle;
        return typeof handle === 'object' && handle !== null && 'preload' in handle ? [handle.preload] : [];
      });
      expect(matches.at(-1)?.route.path).toBe(path.replace(/^\//, ''));
      expect(new Set(rendered)).toEqual(new Set(preload.load));
      const guarded = matches.some(
        ({ route }) => isValidElement(route.element) && route.element.type === RequireAuth,
      );
      expect(preload.signedIn).toBe(guarded);
    },
  );
});

describe('preloadRoute', () => {
  it("starts a signed-in page's API reads, and the page takes them instead of asking again", async () => {
    const fetches = mockFetch({
      'GET /api/auth/me': { body: learner },
      'GET /api/learners': { body: familyOf() },
      'GET /api/learning/summary': { body: learningSummaryOf(3, 0) },
      'GET /api/certification/progress': {
        body: {
          currentLevel: 1,
          levelName: 'Level 1',
          certificationsCompletedInLevel: 2,
          totalRequired: 10,
          certifications: [],
          nextQuiz: null,
          allowedLevel: 1,
          completedQuizzes: 2,
          completedLevels: [],
        },
      },
    });
    storeSession();
    localStorage.setItem('dashboardTourCompleted', 'true');
    visit('/dashboard');
    preloadRoute('/dashboard');
    const early = ['/api/certification/progress', '/api/learning/summary', '/api/learners'];
    for (const path of early) expect(fetches.callsTo('GET', path)).toHaveLength(1);

    renderApp('/dashboard');
    expect(await screen.findByText('2 / 10 Certifications Completed')).toBeInTheDocument();
    expect(await screen.findByText('3 days in a row')).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Learner' })).toBeInTheDocument();
    for (const path of early) expect(fetches.callsTo('GET', path)).toHaveLength(1);
  });

  it("starts the attempt page's quiz and history reads", async () => {
    const fetches = mockFetch();
    storeSession();
    preloadRoute(`/quizzes/attempt/${QUIZ_ID}`);
    expect(fetches.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      `GET /api/quizzes/${QUIZ_ID}`,
      'GET /api/quizzes/history',
      'GET /api/learners',
    ]);
  });

  it("starts the result page's result and history reads", () => {
    const fetches = mockFetch();
    storeSession();
    preloadRoute('/quizzes/result/attempt-1');
    expect(fetches.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/quizzes/result/attempt-1',
      'GET /api/quizzes/history',
      'GET /api/learners',
    ]);
  });

  it(
    "starts the family report's first window, and the report page takes it",
    { timeout: 15_000 },
    async () => {
      const fetches = mockFetch({
        'GET /api/auth/me': { body: learner },
        'GET /api/reports/family': { body: { ...FAMILY_REPORT, learners: [ASHA] } },
      });
      storeSession();
      visit('/family-report');
      preloadRoute('/family-report');
      expect(fetches.callsTo('GET', '/api/reports/family').map((call) => call.search)).toEqual(['?days=7']);

      renderApp('/family-report');
      expect(await screen.findByRole('heading', { level: 2, name: 'Asha Rao' })).toBeInTheDocument();
      expect(fetches.callsTo('GET', '/api/reports/family')).toHaveLength(1);
    },
  );

  it(
    'with a parent PIN the early report read is refused, and the page reads it again with the proof',
    {
      timeout: 15_000,
    },
    async () => {
      const fetches = mockFetch({
        'GET /api/auth/me': { body: learner },
        'GET /api/reports/family': (call) =>
          call.headers.get('x-parent-pin') === 'pin-proof'
            ? { body: { ...FAMILY_REPORT, learners: [ASHA] } }
            : { status: 403, body: { message: 'Enter the parent PIN to continue.', code: 'pin-required' } },
        'POST /api/account/pin/verify': {
          body: { pinToken: 'pin-proof', expiresAt: new Date(Date.now() + 600_000).toISOString() },
        },
      });
      storeSession();
      visit('/family-report');
      preloadRoute('/family-report');

      const { user } = renderApp('/family-report');
      const dialog = await screen.findByRole('dialog', { name: 'Parent PIN' });
      await user.type(within(dialog).getByLabelText(/Parent PIN/), '1234');
      await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
      expect(await screen.findByRole('heading', { level: 2, name: 'Asha Rao' })).toBeInTheDocument();
      expect(
        fetches.callsTo('GET', '/api/reports/family').map((call) => call.headers.get('x-parent-pin')),
      ).toEqual([null, 'pin-proof']);
    },
  );

  it('starts no API read without a token, on a public page, or on an unknown path', () => {
    const fetches = mockFetch();
    preloadRoute('/dashboard');
    storeSession();
    preloadRoute('/login');
    preloadRoute('/privacy');
    preloadRoute('/nope');
    expect(fetches.calls).toEqual([]);
  });
});
