import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  ANSWER_ALL_QUESTIONS_MESSAGE,
  type ReviewSessionResponse,
  type SubmitReviewResponse,
} from '@quizquest/shared';
import { mockFetch, type MockHandler } from '../../../test/fetch-mock.ts';
import { learner, renderApp, storeSession } from '../../../test/render-app.tsx';
import '../../../app/app-layout.tsx';
import { translate } from '../../../i18n/i18n.ts';
import { showInHindi } from '../../../test/language.ts';
import { comesBackNote } from './review-page.tsx';

const EXPLANATION_HEADING = "Let's learn";
const REVIEW_TITLE = 'Review your mistakes';
const REVIEW_LOAD_FAILED = 'Failed to load your review. Please try again later.';
const NOTHING_TO_REVIEW = 'Nothing to review right now. Well done!';
const CHECK_ANSWERS = 'Check my answers';

vi.mock('react-confetti', () => ({ default: () => <div data-testid="confetti" /> }));

const LOAD = { timeout: 5000 };

const session: ReviewSessionResponse = {
  due: 3,
  questions: [
    {
      _id: 'q1',
      questionText: 'What is 7 + 5?',
      questionImage: null,
      options: ['11', '12', '13', '14'].map((value) => ({ type: 'text' as const, value })),
      quizTitle: 'Addition up to 100',
    },
    {
      _id: 'q2',
      questionText: 'Which is a naming word?',
      questionImage: null,
      options: ['run', 'happy', 'table', 'quickly'].map((value) => ({ type: 'text' as const, value })),
      quizTitle: 'Naming Words',
    },
  ],
};

const result: SubmitReviewResponse = {
  correctCount: 1,
  totalQuestions: 2,
  due: 1,
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
    {
      ...session.questions[1]!,
      answer: 0,
      isCorrect: false,
      correctAnswerIndex: 2,
      explanation: 'A naming word names a person, place or thing. A table is a thing.',
      explanationImage: null,
      nextDueAt: new Date().toISOString(),
      nextDueInDays: 0,
    },
  ],
};

async function openReview(review: MockHandler, submit: MockHandler = { body: result }) {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: learner },
    'GET /api/review': review,
    'POST /api/review/submit': submit,
  });
  storeSession();
  const app = renderApp('/review');
  await screen.findByRole('heading', { level: 1 }, LOAD);
  return { ...app, ...fetch };
}

describe('review page', () => {
  it('shows the due questions with the quiz each comes from, and refuses to check until all are answered', async () => {
    await openReview({ body: session });
    expect(await screen.findByText('2 questions to review · 3 due', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByText('From: Addition up to 100')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: /12/ }));
    await userEvent.click(screen.getByRole('button', { name: CHECK_ANSWERS }));
    expect(await screen.findByText(ANSWER_ALL_QUESTIONS_MESSAGE)).toBeInTheDocument();
  });

  it('sends the answers in the order shown and shows each marked, with the explanation under a wrong one', async () => {
    const { calls } = await openReview({ body: session });
    await screen.findByText('From: Naming Words', {}, LOAD);
    await userEvent.click(screen.getByRole('radio', { name: /12/ }));
    await userEvent.click(screen.getByRole('radio', { name: /run/ }));
    await userEvent.click(screen.getByRole('button', { name: CHECK_ANSWERS }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Review result' }, LOAD)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ answers: [1, 0] });
    expect(screen.getByText('1 / 2 correct')).toBeInTheDocument();
    const [first, second] = [...document.querySelectorAll<HTMLElement>('.result-question')] as [
      HTMLElement,
      HTMLElement,
    ];
    expect(within(first).getByText('Well remembered! It comes back in 3 days.')).toBeInTheDocument();
    expect(within(first).queryByText(EXPLANATION_HEADING)).toBeNull();
    expect(within(second).getByText('Incorrect')).toBeInTheDocument();
    expect(within(second).getByText(EXPLANATION_HEADING)).toBeInTheDocument();
    expect(
      within(second).getByText('A naming word names a person, place or thing. A table is a thing.'),
    ).toBeInTheDocument();
    // One question is still due: the next session is one click away.
    expect(screen.getByRole('button', { name: 'Review your mistakes (1 due)' })).toBeInTheDocument();
  });

  it('says plainly when nothing is due, with a way on', async () => {
    await openReview({ body: { due: 0, questions: [] } });
    expect(await screen.findByText(NOTHING_TO_REVIEW, {}, LOAD)).toBeInTheDocument();
    const page = document.querySelector<HTMLElement>('.review-page') as HTMLElement;
    expect(within(page).getByRole('link', { name: 'Practice Quizzes' })).toHaveAttribute('href', '/quizzes');
    expect(screen.getByRole('heading', { level: 1, name: REVIEW_TITLE })).toBeInTheDocument();
  });

  it('says so when the review cannot load', async () => {
    await openReview({ status: 500, body: { message: 'Internal Server Error' } });
    expect(await screen.findByText(REVIEW_LOAD_FAILED, {}, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toBeInTheDocument();
  });

  it('shows the server’s message and reloads when the session was already checked elsewhere', async () => {
    let reads = 0;
    const { calls } = await openReview(
      () => {
        reads += 1;
        return { body: reads === 1 ? session : { due: 0, questions: [] } };
      },
      {
        status: 409,
        body: { message: 'Nothing to review right now. Open your review again to start a new one.' },
      },
    );
    await screen.findByText('From: Naming Words', {}, LOAD);
    await userEvent.click(screen.getByRole('radio', { name: /12/ }));
    await userEvent.click(screen.getByRole('radio', { name: /table/ }));
    await userEvent.click(screen.getByRole('button', { name: CHECK_ANSWERS }));
    expect(await screen.findByText(NOTHING_TO_REVIEW, {}, LOAD)).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/review')).toHaveLength(2);
  });
});

describe('review page in Hindi', () => {
  it('asks, marks and says when each question comes back, in Hindi', async () => {
    showInHindi();
    await openReview({ body: session });
    // The loading line has the same heading: the subtitle says the questions are shown.
    expect(await screen.findByText('दोहराने के लिए 2 सवाल · 3 बाकी', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'अपनी गलतियाँ दोहराइए' })).toBeInTheDocument();
    expect(screen.getByText('क्विज़: Addition up to 100')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: /12/ }));
    await userEvent.click(screen.getByRole('button', { name: 'मेरे जवाब जाँचें' }));
    expect(await screen.findByText('जमा करने से पहले कृपया सभी सवालों के जवाब दें।')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: /run/ }));
    await userEvent.click(screen.getByRole('button', { name: 'मेरे जवाब जाँचें' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'दोहराने का नतीजा' }, LOAD),
    ).toBeInTheDocument();
    expect(screen.getByText('2 में से 1 सही')).toBeInTheDocument();
    expect(screen.getByText('बहुत अच्छे, याद रहा! यह 3 दिन बाद फिर आएगा।')).toBeInTheDocument();
    expect(
      screen.getByText('यह सवाल अगली बार दोहराते समय फिर आएगा, ताकि आप दोबारा कोशिश कर सकें।'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'अपनी गलतियाँ दोहराइए (1 बाकी)' })).toBeInTheDocument();
  });

  it('says in Hindi when nothing is due', async () => {
    showInHindi();
    await openReview({ body: { due: 0, questions: [] } });
    expect(await screen.findByText('अभी दोहराने के लिए कुछ नहीं है। बहुत बढ़िया!', {}, LOAD)).toBeInTheDocument();
  });
});

describe('comesBackNote', () => {
  it.each([
    [false, 0, 'It comes back in your next review, so you can try again.'],
    [true, null, 'Learnt! It leaves your review box.'],
    [true, 0, 'Well remembered! It comes back later today.'],
    [true, 1, 'Well remembered! It comes back tomorrow.'],
    [true, 3, 'Well remembered! It comes back in 3 days.'],
    [true, 21, 'Well remembered! It comes back in 21 days.'],
  ] as const)('right %s, due in %s days → %s', (isCorrect, days, text) => {
    expect(comesBackNote(isCorrect, days, translate)).toBe(text);
  });
});
