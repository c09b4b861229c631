import 'fake-indexeddb/auto';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReviewSessionResponse, SubmitReviewResponse } from '@quizquest/shared';
import { clearOfflineData, outboxEntries } from '../../../lib/offline/offline-store.ts';
import { mockFetch, type RecordedCall } from '../../../test/fetch-mock.ts';
import { learner, renderApp, storeSession } from '../../../test/render-app.tsx';
import '../../../app/app-layout.tsx';
import './review-page.tsx';

vi.mock('react-confetti', () => ({ default: () => <div data-testid="confetti" /> }));

const LOAD = { timeout: 5000 };

const session: ReviewSessionResponse = {
  due: 1,
  questions: [
    {
      _id: 'q1',
      questionText: 'What is 7 + 5?',
      questionImage: null,
      options: ['11', '12'].map((value) => ({ type: 'text' as const, value })),
      quizTitle: 'Addition up to 100',
    },
  ],
};

const result: SubmitReviewResponse = {
  correctCount: 1,
  totalQuestions: 1,
  due: 0,
  results: [
    {
      ...session.questions[0]!,
      answer: 1,
      isCorrect: true,
      correctAnswerIndex: 1,
      explanation: '7 + 3 makes 10, and 2 more makes 12.',
      explanationImage: null,
      nextDueAt: new Date(Date.now() + 3 * 24 * 3_600_000).toISOString(),
      nextDueInDays: 3,
    },
  ],
};

afterEach(async () => {
  await clearOfflineData();
});

describe('the review without a connection (issue 20)', () => {
  it('keeps the answers under one key and shows the marks once they are sent', async () => {
    const network = { online: true };
    const { callsTo } = mockFetch({
      'GET /api/auth/me': { body: learner },
      'GET /api/review': { body: session },
      'POST /api/review/submit': (_call: RecordedCall) => {
        if (!network.online) throw new TypeError('Failed to fetch');
        return { body: result };
      },
    });
    storeSession();
    const { user } = renderApp('/review');
    await screen.findByText('From: Addition up to 100', {}, LOAD);
    network.online = false;
    await user.click(screen.getByRole('radio', { name: /12/ }));
    await user.click(screen.getByRole('button', { name: 'Check my answers' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      "You're offline. Your answers are saved on this device and will be checked when you're back online.",
    );
    const [entry] = await outboxEntries();
    expect(entry).toMatchObject({ quizId: 'review', path: '/api/review/submit', body: { answers: [1] } });

    network.online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Review result' })).toBeVisible();
    expect(screen.getByText('1 / 1 correct')).toBeVisible();
    const keys = callsTo('POST', '/api/review/submit').map((call) => call.headers.get('Idempotency-Key'));
    expect(new Set(keys)).toEqual(new Set([entry?.key]));
  });

  it('says plainly that the review needs the internet', async () => {
    mockFetch({
      'GET /api/auth/me': { body: learner },
      'GET /api/review': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    storeSession();
    renderApp('/review');
    expect(await screen.findByRole('alert', {}, LOAD)).toHaveTextContent(
      'The review needs the internet. Please connect to the internet and try again.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });
});
