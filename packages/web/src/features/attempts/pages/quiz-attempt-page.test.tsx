import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  NO_PENDING_DRAW_MESSAGE,
  type QuizAttemptResponse,
  type QuizHistoryResponse,
  type QuizResultResponse,
} from '@quizquest/shared';
import { deferred, mockFetch, type MockHandler, type MockReply } from '../../../test/fetch-mock.ts';
import { showInHindi } from '../../../test/language.ts';
import { currentPath, findToast, learner, renderApp, storeSession } from '../../../test/render-app.tsx';
// The routes load pages lazily: loaded up front, the first test does not wait for them to compile.
import '../../../app/app-layout.tsx';
import './quiz-attempt-page.tsx';
import './quiz-result-page.tsx';

const LOAD = { timeout: 5000 };

const QUIZ_ID = '0b7d4a52-8f1e-4a53-9c61-1f0f3c1f9a01';
const ATTEMPT_ID = '5f0c8a2e-2d4b-4b8e-8a9e-6c1e2f3a4b5c';

const practiceQuiz: QuizAttemptResponse = {
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
        { type: 'text', value: 'Keyboard' },
        { type: 'text', value: 'Monitor' },
        { type: 'text', value: 'Speaker' },
      ],
    },
    {
      _id: 'question-2',
      questionText: 'Which picture shows three dots?',
      questionImage: '/api/media/count-question',
      options: [
        { type: 'image', value: '/api/media/count-2' },
        { type: 'image', value: '/api/media/count-3' },
      ],
    },
  ],
};

function history(overrides: Partial<QuizHistoryResponse> = {}): QuizHistoryResponse {
  return {
    attempts: [],
    maxQuizLimit: 10,
    distinctQuizzesAttempted: 0,
    quizLimits: {},
    attemptCounts: {},
    nextBefore: null,
    ...overrides,
  };
}

const result: QuizResultResponse = {
  quizId: QUIZ_ID,
  quizTitle: practiceQuiz.title,
  score: 50,
  correctCount: 1,
  totalQuestions: 2,
  questions: [],
  answers: [2, 0],
  answersRevealed: true,
  level: 0,
  subLevel: null,
  submittedAt: '2026-03-05T09:30:00.000Z',
};

interface Setup {
  quiz?: MockHandler;
  history?: MockHandler;
  submit?: MockHandler;
}

async function openAttempt(setup: Setup = {}) {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: learner },
    [`GET /api/quizzes/${QUIZ_ID}`]: setup.quiz ?? { body: practiceQuiz },
    'GET /api/quizzes/history': setup.history ?? { body: history() },
    [`POST /api/quizzes/submit/${QUIZ_ID}`]: setup.submit ?? {
      status: 201,
      body: { attemptId: ATTEMPT_ID, score: 50, correctCount: 1, totalQuestions: 2 },
    },
    [`GET /api/quizzes/result/${ATTEMPT_ID}`]: { body: result },
  });
  storeSession();
  const app = renderApp(`/quizzes/attempt/${QUIZ_ID}`);
  return { ...app, ...fetch };
}

async function openLoaded(setup: Setup = {}) {
  const app = await openAttempt(setup);
  await screen.findByRole('heading', { level: 1, name: 'Computers: Digital Explorer' }, LOAD);
  return app;
}

const ENGLISH_VOICES = [
  { name: 'Google US English', lang: 'en-US' },
  { name: 'Google UK English Female', lang: 'en-GB' },
];

function stubSpeech(voices: Array<{ name: string; lang: string }> = ENGLISH_VOICES) {
  const synth = {
    speak: vi.fn(),
    cancel: vi.fn(),
    getVoices: vi.fn(() => voices),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  };
  class Utterance {
    voice: unknown = null;
    lang = '';
    rate = 0;
    pitch = 0;
    onend: (() => void) | null = null;
    onerror: (() => void) | null = null;
    constructor(readonly text: string) {}
  }
  vi.stubGlobal('speechSynthesis', synth);
  vi.stubGlobal('SpeechSynthesisUtterance', Utterance);
  return synth;
}

describe('quiz attempt page', () => {
  it('shows Loading quiz... and then the numbered questions with text and picture options', async () => {
    const quiz = deferred<MockReply>();
    await openAttempt({ quiz: () => quiz.promise });
    expect(await screen.findByText('Loading quiz...', {}, LOAD)).toBeInTheDocument();
    quiz.resolve({ body: practiceQuiz });
    await screen.findByRole('heading', { level: 1, name: 'Computers: Digital Explorer' });
    expect(document.title).toBe('Computers: Digital Explorer | QuizQuest');

    const first = screen.getByRole('group', { name: /Question 1/ });
    expect(first).toHaveAccessibleName('Question 1 Which part of the computer looks like a TV screen?');
    expect(
      within(first)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('name')),
    ).toEqual(['answer-1', 'answer-1', 'answer-1', 'answer-1']);
    expect(within(first).getByRole('radio', { name: 'Monitor' })).not.toBeChecked();

    const second = screen.getByRole('group', { name: /Question 2/ });
    expect(within(second).getByRole('img', { name: 'Picture for question 2' })).toHaveAttribute(
      'src',
      '/api/media/count-question',
    );
    expect(within(second).getByRole('radio', { name: 'Picture B' })).toBeInTheDocument();
    expect(within(second).getByRole('img', { name: 'Picture B' })).toHaveAttribute(
      'src',
      '/api/media/count-3',
    );
    expect(screen.getByText('Attempts Remaining: 3', { exact: false })).toBeInTheDocument();
  });

  it('leads back to /quizzes for practice, with no Learn link when there is none', async () => {
    await openLoaded();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Practice Quizzes' })).toHaveAttribute(
      'href',
      '/quizzes',
    );
    expect(within(crumbs).getByText('Computers')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Learn Before Attempting/ })).not.toBeInTheDocument();
  });

  it('leads back to /dashboard for a level quiz and offers Learn Before Attempting in a new tab', async () => {
    await openLoaded({
      quiz: {
        body: {
          ...practiceQuiz,
          level: 1,
          levelName: 'Level 1',
          subLevel: 'L1-C2',
          category: null,
          learnMoreLink: 'https://example.org/computers',
        },
      },
    });
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Level 1' })).toHaveAttribute('href', '/dashboard');
    expect(within(crumbs).getByText('Number Ninja')).toBeInTheDocument();
    const learn = screen.getByRole('link', { name: /Learn Before Attempting/ });
    expect(learn).toHaveAttribute('href', 'https://example.org/computers');
    expect(learn).toHaveAttribute('target', '_blank');
    expect(learn).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('names a sub-level once when the certification quiz is titled after it', async () => {
    await openAttempt({
      quiz: {
        body: {
          ...practiceQuiz,
          title: 'Alphabet Adventurer',
          level: 1,
          levelName: 'Level 1',
          subLevel: 'L1-C1',
          category: null,
        },
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Alphabet Adventurer' }, LOAD);
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(crumbs)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Level 1', 'Alphabet Adventurer']);
    expect(within(crumbs).getByText('Alphabet Adventurer')).toHaveAttribute('aria-current', 'page');
  });

  it('keeps a sub-level or category crumb that differs from the title, in the order group then quiz', async () => {
    await openLoaded({
      quiz: {
        body: { ...practiceQuiz, level: 1, levelName: 'Level 1', subLevel: 'L1-C1', category: null },
      },
    });
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(crumbs)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Level 1', 'Alphabet Adventurer', 'Computers: Digital Explorer']);
  });

  it('refuses to submit with an unanswered question: the toast, and no request', async () => {
    const { user, callsTo } = await openLoaded();
    await user.click(screen.getByRole('radio', { name: 'Monitor' }));
    await user.click(screen.getByRole('button', { name: 'Submit Quiz' }));
    await findToast('Please answer all questions before submitting the quiz.');
    expect(callsTo('POST', `/api/quizzes/submit/${QUIZ_ID}`)).toHaveLength(0);
    // The first unanswered question gets the focus.
    expect(screen.getByRole('radio', { name: 'Picture A' })).toHaveFocus();
  });

  it('submits the chosen option of every question, chosen with the keyboard, and opens the result', async () => {
    const { user, callsTo, router } = await openLoaded();
    await user.click(screen.getByRole('radio', { name: 'Mouse' }));
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Monitor' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Picture A' }));
    expect(screen.getByText('2 of 2 answered')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit Quiz' }));

    await screen.findByRole('heading', { level: 1, name: 'Quiz Result' }, LOAD);
    expect(currentPath(router)).toBe(`/quizzes/result/${ATTEMPT_ID}`);
    expect(callsTo('POST', `/api/quizzes/submit/${QUIZ_ID}`).map((call) => call.body)).toEqual([
      { answers: [2, 0] },
    ]);
  });

  it('replaces Submit Quiz with the no-attempts text and Upgrade Now when none remain', async () => {
    await openLoaded({
      history: { body: history({ quizLimits: { [QUIZ_ID]: 3 }, attemptCounts: { [QUIZ_ID]: 3 } }) },
    });
    expect(await screen.findByText('No attempts left for this quiz.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/subscribe');
    expect(screen.queryByRole('button', { name: 'Submit Quiz' })).not.toBeInTheDocument();
  });

  it('counts the remaining attempts from the history', async () => {
    await openLoaded({
      history: { body: history({ quizLimits: { [QUIZ_ID]: 3 }, attemptCounts: { [QUIZ_ID]: 2 } }) },
    });
    expect(await screen.findByText(/Attempts Remaining: 1$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit Quiz' })).toBeInTheDocument();
  });

  it("says the plan's cap is reached before a new practice quiz is answered", async () => {
    await openLoaded({ history: { body: history({ maxQuizLimit: 10, distinctQuizzesAttempted: 10 }) } });
    expect(await screen.findByText('Max 10 Quizzes can be attempted. Upgrade Now.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/subscribe');
    expect(screen.queryByRole('button', { name: 'Submit Quiz' })).not.toBeInTheDocument();
  });

  it("says the plan's cap is reached for a quiz already attempted too, as the list does (decision 023)", async () => {
    await openLoaded({
      history: {
        body: history({
          maxQuizLimit: 10,
          distinctQuizzesAttempted: 10,
          quizLimits: { [QUIZ_ID]: 3 },
          attemptCounts: { [QUIZ_ID]: 1 },
        }),
      },
    });
    expect(await screen.findByText('Max 10 Quizzes can be attempted. Upgrade Now.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/subscribe');
    expect(screen.queryByRole('button', { name: 'Submit Quiz' })).not.toBeInTheDocument();
  });

  it('keeps Submit Quiz for a re-attempt below the cap', async () => {
    await openLoaded({
      history: {
        body: history({
          maxQuizLimit: 10,
          distinctQuizzesAttempted: 9,
          quizLimits: { [QUIZ_ID]: 3 },
          attemptCounts: { [QUIZ_ID]: 1 },
        }),
      },
    });
    expect(await screen.findByRole('button', { name: 'Submit Quiz' })).toBeInTheDocument();
    expect(screen.queryByText('Max 10 Quizzes can be attempted. Upgrade Now.')).not.toBeInTheDocument();
  });

  async function answerAndSubmit(user: Awaited<ReturnType<typeof openLoaded>>['user']) {
    await user.click(screen.getByRole('radio', { name: 'Monitor' }));
    await user.click(screen.getByRole('radio', { name: 'Picture B' }));
    await user.click(screen.getByRole('button', { name: 'Submit Quiz' }));
  }

  it('shows the attempt-limit refusal as a warning and then the no-attempts text', async () => {
    const { user } = await openLoaded({
      submit: {
        status: 403,
        body: { message: 'Attempt limit reached for this quiz', code: 'attempt-limit' },
      },
    });
    await answerAndSubmit(user);
    const toast = await findToast('Attempt limit reached for this quiz');
    expect(toast.closest('.Toastify__toast')).toHaveClass('Toastify__toast--warning');
    expect(await screen.findByText('No attempts left for this quiz.')).toBeInTheDocument();
  });

  it('knows the attempt-limit refusal by its code when the message comes in Hindi (decision 034)', async () => {
    const { user } = await openLoaded({
      submit: { status: 403, body: { message: 'इस क्विज़ के सभी प्रयास हो चुके हैं', code: 'attempt-limit' } },
    });
    await answerAndSubmit(user);
    const toast = await findToast('इस क्विज़ के सभी प्रयास हो चुके हैं');
    expect(toast.closest('.Toastify__toast')).toHaveClass('Toastify__toast--warning');
    expect(await screen.findByText('No attempts left for this quiz.')).toBeInTheDocument();
  });

  it('opens the quiz again, a new draw, when this draw was already submitted elsewhere (decision 031)', async () => {
    let opened = 0;
    const { user, calls } = await openLoaded({
      quiz: () => {
        opened += 1;
        return { body: practiceQuiz };
      },
      submit: { status: 409, body: { message: NO_PENDING_DRAW_MESSAGE, code: 'no-pending-draw' } },
    });
    await answerAndSubmit(user);
    const toast = await findToast(NO_PENDING_DRAW_MESSAGE);
    expect(toast.closest('.Toastify__toast')).toHaveClass('Toastify__toast--warning');
    await waitFor(() => expect(opened).toBe(2));
    // The new draw starts unanswered.
    expect(await screen.findByRole('radio', { name: 'Monitor' }, LOAD)).not.toBeChecked();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it("shows the server's other refusals as errors, keeping the answers", async () => {
    const { user } = await openLoaded({
      submit: { status: 403, body: { message: 'Max 10 Quizzes can be attempted. Upgrade Now.' } },
    });
    await answerAndSubmit(user);
    const toast = await findToast('Max 10 Quizzes can be attempted. Upgrade Now.');
    expect(toast.closest('.Toastify__toast')).toHaveClass('Toastify__toast--error');
    expect(screen.getByRole('radio', { name: 'Monitor' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Submit Quiz' })).toBeEnabled();
  });

  it("falls back to 'Submission failed.' when the server says nothing", async () => {
    const { user } = await openLoaded({ submit: () => Promise.reject(new TypeError('Failed to fetch')) });
    await answerAndSubmit(user);
    const toast = await findToast('Submission failed.');
    expect(toast.closest('.Toastify__toast')).toHaveClass('Toastify__toast--error');
  });

  it("shows 'Failed to load quiz. Please try again later.' when the quiz cannot be loaded", async () => {
    await openAttempt({ quiz: { status: 404, body: { message: 'Quiz not found' } } });
    expect(
      await screen.findByText('Failed to load quiz. Please try again later.', {}, LOAD),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Quiz Attempt' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Practice Quizzes' })).toHaveAttribute(
      'href',
      '/quizzes',
    );
    expect(screen.queryByRole('button', { name: 'Submit Quiz' })).not.toBeInTheDocument();
  });

  it("toasts 'Error loading quiz attempts.' when the history fails and keeps the quiz usable", async () => {
    await openLoaded({ history: { status: 500, body: { message: 'Internal Server Error' } } });
    await findToast('Error loading quiz attempts.');
    expect(screen.getByRole('button', { name: 'Submit Quiz' })).toBeInTheDocument();
  });

  it('hides the speaker buttons where the browser cannot speak', async () => {
    await openLoaded();
    expect(screen.queryByRole('button', { name: /Read aloud/ })).not.toBeInTheDocument();
  });

  it('reads a question and its text options aloud in an English female voice', async () => {
    const synth = stubSpeech();
    const { user } = await openLoaded();
    const speak = screen.getByRole('button', { name: 'Read aloud question 1' });
    await user.click(speak);
    const utterance = synth.speak.mock.calls[0]?.[0] as {
      text: string;
      voice: { name: string };
      rate: number;
      pitch: number;
    };
    expect(utterance.text).toBe(
      'Question 1. Which part of the computer looks like a TV screen? A: Mouse. B: Keyboard. C: Monitor. D: Speaker.',
    );
    expect(utterance.voice.name).toBe('Google UK English Female');
    expect([utterance.rate, utterance.pitch]).toEqual([1, 1.2]);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Stop reading question 1' })).toBeInTheDocument(),
    );
    await user.click(screen.getByRole('button', { name: 'Stop reading question 1' }));
    expect(screen.getByRole('button', { name: 'Read aloud question 1' })).toBeInTheDocument();
    expect(synth.speak).toHaveBeenCalledTimes(1);
  });
});

describe('quiz attempt page in Hindi', () => {
  const hindiQuiz: QuizAttemptResponse = {
    ...practiceQuiz,
    title: 'कंप्यूटर: डिजिटल खोजी',
    questions: [
      {
        _id: 'question-1',
        questionText: 'कंप्यूटर का कौन-सा हिस्सा टीवी की स्क्रीन जैसा दिखता है?',
        questionImage: null,
        options: [
          { type: 'text', value: 'माउस' },
          { type: 'text', value: 'मॉनिटर' },
        ],
      },
    ],
    totalQuestions: 1,
  };
  type Utterance = { text: string; voice: { name: string } | null };

  async function openInHindi(quiz: QuizAttemptResponse) {
    storeSession();
    showInHindi();
    const app = await openAttempt({ quiz: { body: quiz } });
    await screen.findByRole('heading', { level: 1, name: quiz.title }, LOAD);
    return app;
  }

  it('shows the page in Hindi and asks for every answer in Hindi', async () => {
    const { user, callsTo } = await openInHindi(hindiQuiz);
    expect(screen.getByText('1 सवाल · बाकी प्रयास: 3')).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: 'आप यहाँ हैं' });
    expect(within(breadcrumb).getByRole('link', { name: 'अभ्यास क्विज़' })).toHaveAttribute('href', '/quizzes');
    expect(screen.getByRole('group', { name: /^सवाल 1/ })).toBeInTheDocument();
    expect(screen.getByText('1 में से 0 के जवाब दिए')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'क्विज़ जमा करें' }));
    await findToast('क्विज़ जमा करने से पहले कृपया सभी सवालों के जवाब दें।');
    expect(callsTo('POST', `/api/quizzes/submit/${QUIZ_ID}`)).toHaveLength(0);
  });

  it("reads a Hindi question in a Hindi voice, the app's words in Hindi too", async () => {
    const synth = stubSpeech([...ENGLISH_VOICES, { name: 'Google हिन्दी', lang: 'hi-IN' }]);
    const { user } = await openInHindi(hindiQuiz);
    await user.click(screen.getByRole('button', { name: 'सवाल 1 पढ़कर सुनाएँ' }));
    const utterance = synth.speak.mock.calls[0]?.[0] as Utterance;
    expect(utterance.text).toBe(
      'सवाल 1। कंप्यूटर का कौन-सा हिस्सा टीवी की स्क्रीन जैसा दिखता है? A: माउस। B: मॉनिटर।',
    );
    expect(utterance.voice?.name).toBe('Google हिन्दी');
    expect(await screen.findByRole('button', { name: 'सवाल 1 पढ़ना बंद करें' })).toHaveTextContent('पढ़ना बंद करें');
  });

  it('says there is no Hindi voice instead of reading Hindi with an English one', async () => {
    const synth = stubSpeech();
    const { user } = await openInHindi(hindiQuiz);
    const button = screen.getByRole('button', {
      name: 'सवाल 1 पढ़कर नहीं सुनाया जा सकता: इस डिवाइस पर हिन्दी आवाज़ नहीं है',
    });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveTextContent('इस डिवाइस पर हिन्दी आवाज़ नहीं है');
    button.focus();
    expect(button).toHaveFocus();
    await user.click(button);
    expect(synth.speak).not.toHaveBeenCalled();
  });

  it('reads a quiz without a Hindi translation in an English voice, with no Hindi words around it', async () => {
    const synth = stubSpeech();
    const { user } = await openInHindi(practiceQuiz);
    await user.click(screen.getByRole('button', { name: 'सवाल 1 पढ़कर सुनाएँ' }));
    const utterance = synth.speak.mock.calls[0]?.[0] as Utterance;
    expect(utterance.text).toBe(
      '1. Which part of the computer looks like a TV screen? A: Mouse. B: Keyboard. C: Monitor. D: Speaker.',
    );
    expect(utterance.voice?.name).toBe('Google UK English Female');
  });
});
