import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { QuizAttemptResponse, QuizResultResponse } from '@quizquest/shared';
import { clearOfflineData, outboxEntries, saveQuizDraw } from '../../../lib/offline/offline-store.ts';
import { mockFetch, type MockHandler, type RecordedCall } from '../../../test/fetch-mock.ts';
import { showInHindi } from '../../../test/language.ts';
import { currentPath, findToast, learner, renderApp, storeSession } from '../../../test/render-app.tsx';
import '../../../app/app-layout.tsx';
import './quiz-attempt-page.tsx';
import './quiz-result-page.tsx';

const LOAD = { timeout: 5000 };
const QUIZ_ID = '0b7d4a52-8f1e-4a53-9c61-1f0f3c1f9a01';
const ATTEMPT_ID = '5f0c8a2e-2d4b-4b8e-8a9e-6c1e2f3a4b5c';
const SUBMIT = `POST /api/quizzes/submit/${QUIZ_ID}`;
const QUEUED =
  "You're offline. Your answers are saved on this device and will be sent when you're back online. Your result opens then.";

const quiz: QuizAttemptResponse = {
  _id: QUIZ_ID,
  title: 'Computers: Digital Explorer',
  category: 'Computers',
  grades: ['c-3'],
  level: 0,
  levelName: null,
  subLevel: null,
  learnMoreLink: null,
  quizLimits: 3,
  attemptCount: 0,
  totalQuestions: 2,
  questions: [
    {
      _id: 'question-1',
      questionText: 'Which part of the computer looks like a TV screen?',
      questionImage: null,
      options: [
        { type: 'text', value: 'Mouse' },
        { type: 'text', value: 'Monitor' },
      ],
    },
    {
      _id: 'question-2',
      questionText: 'Which one do you type on?',
      questionImage: null,
      options: [
        { type: 'text', value: 'Keyboard' },
        { type: 'text', value: 'Speaker' },
      ],
    },
  ],
};

const result: QuizResultResponse = {
  quizId: QUIZ_ID,
  quizTitle: quiz.title,
  score: 50,
  correctCount: 1,
  totalQuestions: 2,
  questions: [],
  answers: [1, 1],
  answersRevealed: true,
  level: 0,
  subLevel: null,
  submittedAt: '2026-03-05T09:30:00.000Z',
};

const offline = (): never => {
  throw new TypeError('Failed to fetch');
};

/** The server, with a connection that can be cut and restored. */
function server(overrides: Record<string, MockHandler> = {}) {
  const network = { online: true };
  const through =
    (handler: MockHandler): MockHandler =>
    (call: RecordedCall) => {
      if (!network.online) offline();
      return typeof handler === 'function' ? handler(call) : handler;
    };
  const handlers: Record<string, MockHandler> = {
    'GET /api/auth/me': { body: learner },
    [`GET /api/quizzes/${QUIZ_ID}`]: { body: quiz },
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
    [SUBMIT]: {
      status: 201,
      body: { attemptId: ATTEMPT_ID, score: 100, correctCount: 2, totalQuestions: 2 },
    },
    [`GET /api/quizzes/result/${ATTEMPT_ID}`]: { body: result },
    'GET /api/quizzes/quiz-categories': { body: { categories: ['Computers'] } },
    'POST /api/quizzes/published': { body: { quizzes: [] } },
    ...overrides,
  };
  const fetch = mockFetch(Object.fromEntries(Object.entries(handlers).map(([key, h]) => [key, through(h)])));
  return { network, ...fetch };
}

async function answerAndSubmit(user: ReturnType<typeof renderApp>['user']) {
  await user.click(screen.getByRole('radio', { name: 'Monitor' }));
  await user.click(screen.getByRole('radio', { name: 'Keyboard' }));
  await user.click(screen.getByRole('button', { name: 'Submit Quiz' }));
}

async function backOnline(network: { online: boolean }) {
  network.online = true;
  await act(async () => {
    window.dispatchEvent(new Event('online'));
  });
}

afterEach(async () => {
  await clearOfflineData();
});

describe('the attempt page without a connection (issue 20)', () => {
  it('keeps the answers when the submit gets no answer, and opens the result once back online', async () => {
    const { network, callsTo } = server();
    storeSession();
    const { user, router } = renderApp(`/quizzes/attempt/${QUIZ_ID}`);
    await screen.findByRole('heading', { level: 1, name: quiz.title }, LOAD);
    network.online = false;
    await answerAndSubmit(user);

    expect(await screen.findByRole('heading', { level: 1, name: 'Your answers are saved' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(QUEUED);
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    const [entry] = await outboxEntries(learner._id);
    const [tried] = callsTo('POST', `/api/quizzes/submit/${QUIZ_ID}`);
    // The entry is the submission tried, under the key it was tried with.
    expect(entry).toMatchObject({
      key: tried?.headers.get('Idempotency-Key'),
      state: 'queued',
      quizId: QUIZ_ID,
      body: { answers: [1, 0] },
      token: 'stored-token',
      path: `/api/quizzes/submit/${QUIZ_ID}`,
    });

    // 'Send now' while still offline: the answers stay, and the page says so.
    await user.click(screen.getByRole('button', { name: 'Send now' }));
    expect(
      await screen.findByText(
        'Still no connection. Your answers stay saved and are sent as soon as the internet is back.',
      ),
    ).toBeVisible();

    await backOnline(network);
    await waitFor(() => expect(currentPath(router)).toBe(`/quizzes/result/${ATTEMPT_ID}`));
    const sent = callsTo('POST', `/api/quizzes/submit/${QUIZ_ID}`);
    expect(new Set(sent.map((call) => call.headers.get('Idempotency-Key')))).toEqual(new Set([entry?.key]));
    await waitFor(async () => expect(await outboxEntries()).toEqual([]));
  });

  it('a retry of the same submission sends the same Idempotency-Key', async () => {
    let tries = 0;
    const { callsTo } = server({
      [SUBMIT]: () => {
        tries += 1;
        return tries === 1
          ? { status: 500, body: { message: 'Something went wrong' } }
          : { status: 201, body: { attemptId: ATTEMPT_ID, score: 100, correctCount: 2, totalQuestions: 2 } };
      },
    });
    storeSession();
    const { user, router } = renderApp(`/quizzes/attempt/${QUIZ_ID}`);
    await screen.findByRole('heading', { level: 1, name: quiz.title }, LOAD);
    await answerAndSubmit(user);
    await findToast('Something went wrong');
    await user.click(screen.getByRole('button', { name: 'Submit Quiz' }));
    await waitFor(() => expect(currentPath(router)).toBe(`/quizzes/result/${ATTEMPT_ID}`));

    const keys = callsTo('POST', `/api/quizzes/submit/${QUIZ_ID}`).map((call) =>
      call.headers.get('Idempotency-Key'),
    );
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it("shows the server's refusal instead of the result, and the entry leaves the outbox", async () => {
    const { network } = server({
      [SUBMIT]: {
        status: 403,
        body: { message: 'Attempt limit reached for this quiz', code: 'attempt-limit' },
      },
    });
    storeSession();
    const { user } = renderApp(`/quizzes/attempt/${QUIZ_ID}`);
    await screen.findByRole('heading', { level: 1, name: quiz.title }, LOAD);
    network.online = false;
    await answerAndSubmit(user);
    await screen.findByRole('heading', { level: 1, name: 'Your answers are saved' });

    await backOnline(network);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your answers could not be recorded: Attempt limit reached for this quiz',
    );
    expect(screen.getByRole('button', { name: 'Open the quiz again' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Practice Quizzes' })).toHaveAttribute(
      'href',
      '/quizzes',
    );
    await waitFor(async () => expect(await outboxEntries()).toEqual([]));
  });

  it('shows the answers still waiting when the page is opened again, not the quiz', async () => {
    const { network } = server();
    storeSession();
    const first = renderApp(`/quizzes/attempt/${QUIZ_ID}`);
    await screen.findByRole('heading', { level: 1, name: quiz.title }, LOAD);
    network.online = false;
    await answerAndSubmit(first.user);
    await screen.findByRole('heading', { level: 1, name: 'Your answers are saved' });
    first.unmount();

    renderApp(`/quizzes/attempt/${QUIZ_ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your answers are saved' }, LOAD),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Submit Quiz' })).not.toBeInTheDocument();
  });

  it('takes the copy saved for offline when the quiz cannot be loaded, and says so', async () => {
    server({ [`GET /api/quizzes/${QUIZ_ID}`]: offline, 'GET /api/quizzes/history': offline });
    await saveQuizDraw({
      learnerId: learner._id,
      quizId: QUIZ_ID,
      title: quiz.title,
      draw: quiz,
      savedAt: 1,
    });
    storeSession();
    renderApp(`/quizzes/attempt/${QUIZ_ID}`);

    await screen.findByRole('heading', { level: 1, name: quiz.title }, LOAD);
    expect(
      screen.getByText(
        "You're offline: this is the copy of the quiz saved on this device. Your answers will be sent when you're back online.",
      ),
    ).toBeVisible();
    expect(screen.getByText('Which one do you type on?')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Submit Quiz' })).toBeEnabled();
    // Offline, the history's failure is expected: no 'Error loading quiz attempts.' toast.
    await waitFor(() => expect(screen.getByText('0 of 2 answered')).toBeVisible());
    expect(screen.queryByText('Error loading quiz attempts.')).not.toBeInTheDocument();
  });

  it("another learner's saved copy is not theirs: the page says the quiz needs the internet", async () => {
    server({ [`GET /api/quizzes/${QUIZ_ID}`]: offline });
    await saveQuizDraw({
      learnerId: 'someone-else',
      quizId: QUIZ_ID,
      title: quiz.title,
      draw: quiz,
      savedAt: 1,
    });
    storeSession();
    const { user } = renderApp(`/quizzes/attempt/${QUIZ_ID}`);

    const alert = await screen.findByRole('alert', {}, LOAD);
    expect(alert).toHaveTextContent(
      'This quiz needs the internet: it is not saved on this device. Please connect to the internet and try again.',
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Practice Quizzes' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('alert')).toBeVisible();
  });

  it('says it in Hindi too', async () => {
    server({ [`GET /api/quizzes/${QUIZ_ID}`]: offline });
    storeSession();
    showInHindi();
    renderApp(`/quizzes/attempt/${QUIZ_ID}`);
    expect(await screen.findByRole('alert', {}, LOAD)).toHaveTextContent(
      'इस क्विज़ के लिए इंटरनेट चाहिए: यह इस डिवाइस पर सेव नहीं है।',
    );
  });

  it('elsewhere in the app, a toast says the quiz was sent, with a link to its result', async () => {
    const { network } = server();
    storeSession();
    const first = renderApp(`/quizzes/attempt/${QUIZ_ID}`);
    await screen.findByRole('heading', { level: 1, name: quiz.title }, LOAD);
    network.online = false;
    await answerAndSubmit(first.user);
    await screen.findByRole('heading', { level: 1, name: 'Your answers are saved' });
    first.unmount();

    // The next start of the app, on another page, with the connection back.
    network.online = true;
    const { user, router } = renderApp('/quizzes');
    const toast = await findToast(/Your answers to “Computers: Digital Explorer” were sent\./);
    const link = within(toast.closest('.Toastify__toast') as HTMLElement).getByRole('link', {
      name: 'See the result',
    });
    expect(link).toHaveAttribute('href', `/quizzes/result/${ATTEMPT_ID}`);
    await user.click(link);
    await waitFor(() => expect(currentPath(router)).toBe(`/quizzes/result/${ATTEMPT_ID}`));
    expect(await outboxEntries()).toEqual([]);
  });
});
