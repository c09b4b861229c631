import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublishedQuiz, QuizHistoryResponse } from '@quizquest/shared';
import { deferred, mockFetch, type MockHandler, type MockReply } from '../../../test/fetch-mock.ts';
import { showInHindi } from '../../../test/language.ts';
import { findToast, learner, renderApp, storeSession } from '../../../test/render-app.tsx';
// The routes load pages lazily: loaded up front, the first test does not wait for them to compile.
import '../../../app/app-layout.tsx';
import './practice-quizzes-page.tsx';

/** base64 of the learner's grade 'c-3' (spec §7). */
const GRADE_PARAM = 'Yy0z';

function quiz(overrides: Partial<PublishedQuiz> & Pick<PublishedQuiz, '_id' | 'title'>): PublishedQuiz {
  return {
    category: 'Maths',
    grades: ['c-3'],
    level: 0,
    subLevel: null,
    showByDefault: false,
    learnMoreLink: null,
    quizLimits: 3,
    attemptCount: 0,
    totalQuestions: 10,
    ...overrides,
  };
}

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

const featured = [
  quiz({ _id: 'q-maths', title: 'Maths Fun', showByDefault: true }),
  quiz({ _id: 'q-science', title: 'Science Fun', category: 'Science', showByDefault: true }),
];

interface Setup {
  categories?: MockHandler;
  published?: MockHandler;
  history?: MockHandler;
  summary?: MockHandler;
}

async function openPractice(setup: Setup = {}) {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: learner },
    'GET /api/quizzes/quiz-categories': setup.categories ?? { body: { categories: ['Maths', 'Science'] } },
    'POST /api/quizzes/published': setup.published ?? { body: { quizzes: featured } },
    'GET /api/quizzes/history': setup.history ?? { body: history() },
    ...(setup.summary ? { 'GET /api/learning/summary': setup.summary } : {}),
  });
  storeSession();
  const app = renderApp('/quizzes');
  await screen.findByRole('heading', { level: 1, name: 'Practice Quizzes' }, { timeout: 5000 });
  return { ...app, ...fetch };
}

const cardOf = (title: string) => screen.getByRole('heading', { name: title }).closest('li') as HTMLElement;

describe('practice quiz list', () => {
  it("asks for the grade's categories and the featured quizzes, showing 'Loading quizzes...' meanwhile", async () => {
    const published = deferred<MockReply>();
    const { callsTo } = await openPractice({ published: () => published.promise });
    expect(await screen.findByText('Loading quizzes...')).toBeInTheDocument();

    const category = screen.getByLabelText('Category');
    await waitFor(() => expect(within(category).getAllByRole('option')).toHaveLength(3));
    expect(
      within(category)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select Category', 'Maths', 'Science']);
    expect(callsTo('GET', '/api/quizzes/quiz-categories')[0]?.search).toBe(`?param=${GRADE_PARAM}`);
    expect(callsTo('GET', '/api/quizzes/history')[0]?.search).toBe('?type=practice');
    expect(callsTo('POST', '/api/quizzes/published')[0]?.body).toEqual({
      category: null,
      grade: GRADE_PARAM,
    });

    published.resolve({ body: { quizzes: featured } });
    expect(await screen.findByRole('heading', { name: 'Maths Fun' })).toBeInTheDocument();
    expect(screen.queryByText('Loading quizzes...')).not.toBeInTheDocument();
  });

  it('shows the featured quizzes with their ribbon and the prompt to pick a category', async () => {
    await openPractice();
    await screen.findByRole('heading', { name: 'Maths Fun' });
    expect(screen.getByText('Select a category take part in the Quiz.')).toBeInTheDocument();
    expect(within(cardOf('Maths Fun')).getByText('Featured')).toBeInTheDocument();
    expect(within(cardOf('Science Fun')).getByText('Featured')).toBeInTheDocument();
    const start = within(cardOf('Maths Fun')).getByRole('link', { name: 'Start Quiz' });
    expect(start).toHaveAttribute('href', '/quizzes/attempt/q-maths');
  });

  it('lists the chosen category without ribbons, and says when it has no quizzes', async () => {
    const { user, callsTo } = await openPractice({
      published: (call) => {
        const { category } = call.body as { category: string | null };
        if (category === 'Maths') {
          return { body: { quizzes: [quiz({ _id: 'q-maths', title: 'Maths Fun', showByDefault: true })] } };
        }
        if (category === 'Science') return { body: { quizzes: [] } };
        return { body: { quizzes: featured } };
      },
    });
    await screen.findByRole('heading', { name: 'Science Fun' });
    const category = screen.getByLabelText('Category');
    await waitFor(() => expect(within(category).getAllByRole('option')).toHaveLength(3));

    await user.selectOptions(category, 'Maths');
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Science Fun' })).not.toBeInTheDocument(),
    );
    expect(await screen.findByRole('heading', { name: 'Maths Fun' })).toBeInTheDocument();
    expect(screen.queryByText('Featured')).not.toBeInTheDocument();
    expect(screen.queryByText('Select a category take part in the Quiz.')).not.toBeInTheDocument();
    expect(callsTo('POST', '/api/quizzes/published').at(-1)?.body).toEqual({
      category: 'Maths',
      grade: GRADE_PARAM,
    });

    await user.selectOptions(category, 'Science');
    expect(await screen.findByText('No quizzes available at the moment.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
  });

  it("says 'No quizzes available at the moment.' when the grade has no quizzes at all", async () => {
    await openPractice({ categories: { body: { categories: [] } }, published: { body: { quizzes: [] } } });
    expect(await screen.findByText('No quizzes available at the moment.')).toBeInTheDocument();
    expect(screen.queryByText('Select a category take part in the Quiz.')).not.toBeInTheDocument();
  });

  it('shows Attempted and Attempts Remaining, and No Attempts Left (disabled) when none remain', async () => {
    await openPractice({
      published: {
        body: {
          quizzes: [
            quiz({ _id: 'a', title: 'Two used', showByDefault: true, attemptCount: 2, quizLimits: 3 }),
            quiz({ _id: 'b', title: 'All used', showByDefault: true, attemptCount: 3, quizLimits: 3 }),
            quiz({ _id: 'c', title: 'No limit set', showByDefault: true, attemptCount: 1, quizLimits: 0 }),
          ],
        },
      },
    });
    await screen.findByRole('heading', { name: 'Two used' });
    const stats = (title: string) =>
      [...cardOf(title).querySelectorAll('dt')].map((term) => [
        term.textContent,
        term.nextSibling?.textContent,
      ]);

    expect(stats('Two used')).toEqual([
      ['Attempted', '2'],
      ['Attempts Remaining', '1'],
    ]);
    expect(within(cardOf('Two used')).getByRole('link', { name: 'Start Quiz' })).toBeInTheDocument();

    expect(stats('All used')).toEqual([
      ['Attempted', '3'],
      ['Attempts Remaining', '0'],
    ]);
    expect(within(cardOf('All used')).getByRole('button', { name: 'No Attempts Left' })).toBeDisabled();
    expect(within(cardOf('All used')).queryByRole('link')).not.toBeInTheDocument();

    // Spec §9: a quiz without a limit counts 3 attempts on the list.
    expect(stats('No limit set')).toEqual([
      ['Attempted', '1'],
      ['Attempts Remaining', '2'],
    ]);
  });

  it('turns every start button into Upgrade Now at the distinct-quiz cap, with the toast', async () => {
    await openPractice({
      history: { body: history({ maxQuizLimit: 2, distinctQuizzesAttempted: 2 }) },
      published: {
        body: {
          quizzes: [
            quiz({ _id: 'new-1', title: 'New one', showByDefault: true }),
            quiz({ _id: 'new-2', title: 'New two', showByDefault: true }),
            quiz({ _id: 'done', title: 'Tried once', showByDefault: true, attemptCount: 1 }),
            quiz({ _id: 'used', title: 'Used up', showByDefault: true, attemptCount: 3 }),
          ],
        },
      },
    });
    await findToast('Max 2 Quizzes can be attempted. Upgrade Now.');
    await waitFor(() =>
      expect(within(cardOf('New one')).getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute(
        'href',
        '/subscribe',
      ),
    );
    expect(within(cardOf('New two')).getByRole('link', { name: 'Upgrade Now' })).toBeInTheDocument();
    // Spec §4 (decision 023): all start buttons, a quiz already attempted included.
    expect(within(cardOf('Tried once')).getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute(
      'href',
      '/subscribe',
    );
    expect(screen.queryByRole('link', { name: 'Start Quiz' })).not.toBeInTheDocument();
    // A quiz with no attempts left keeps its disabled button: an upgrade adds no attempts to it.
    expect(within(cardOf('Used up')).getByRole('button', { name: 'No Attempts Left' })).toBeDisabled();
  });

  it('keeps Start Quiz below the cap and on an unlimited plan, with no toast', async () => {
    await openPractice({ history: { body: history({ maxQuizLimit: null, distinctQuizzesAttempted: 400 }) } });
    await screen.findByRole('heading', { name: 'Maths Fun' });
    expect(screen.getAllByRole('link', { name: 'Start Quiz' })).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'Upgrade Now' })).not.toBeInTheDocument();
    expect(document.querySelector('.Toastify__toast')).toBeNull();
  });

  it("shows 'Error loading quizzes.' when the list fails, and loads it again on Try again", async () => {
    let calls = 0;
    const { user } = await openPractice({
      published: () => {
        calls += 1;
        return calls === 1
          ? { status: 500, body: { message: 'Internal Server Error' } }
          : { body: { quizzes: featured } };
      },
    });
    await findToast('Error loading quizzes.');
    expect(document.querySelector('main p[role="alert"]')).toHaveTextContent('Error loading quizzes.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Maths Fun' })).toBeInTheDocument();
  });

  it("toasts 'Error loading quiz attempts.' when the history fails, and still lists the quizzes", async () => {
    await openPractice({ history: () => Promise.reject(new TypeError('Failed to fetch')) });
    await findToast('Error loading quiz attempts.');
    expect(await screen.findByRole('heading', { name: 'Maths Fun' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Start Quiz' })).toHaveLength(2);
  });
});

describe('the category choice shows mastery (decision 030)', () => {
  const summary = {
    timeZone: 'Asia/Kolkata',
    today: '2026-03-06',
    streak: { current: 2, goalMetToday: false },
    dailyGoal: { target: 1, done: 0 },
    mastery: [{ category: 'Maths', level: 'proficient', answered: 20, correct: 19 }],
    reviewDue: 2,
  };

  it('keeps the select and its texts, and shows the chosen category’s level beside it', async () => {
    const { user } = await openPractice({ summary: { body: summary } });
    const category = screen.getByLabelText('Category');
    await waitFor(() => expect(within(category).getAllByRole('option')).toHaveLength(3));
    // Two questions are due in the review box (decision 032).
    expect(await screen.findByRole('link', { name: /Review your mistakes \(2 due\)/ })).toHaveAttribute(
      'href',
      '/review',
    );
    expect(
      within(category)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select Category', 'Maths', 'Science']);
    // Nothing chosen: no note.
    expect(document.querySelector('.mastery-note')).toBeNull();

    await user.selectOptions(category, 'Maths');
    const note = await screen.findByText(/Your level in Maths:/);
    expect(note).toHaveTextContent(
      'Your level in Maths: Mastery: 🌟 Proficient (19 of your last 20 answers right)',
    );
    expect(within(note).getByText('Proficient')).toHaveClass('mastery-badge', 'mastery-proficient');

    await user.selectOptions(category, 'Science');
    expect(await screen.findByText('New for you: try a quiz in Science!')).toBeInTheDocument();
  });

  it('shows no note and no toast when the summary cannot be read', async () => {
    const { user } = await openPractice({
      summary: { status: 500, body: { message: 'Something went wrong' } },
    });
    const category = screen.getByLabelText('Category');
    await waitFor(() => expect(within(category).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(category, 'Maths');
    await screen.findByText('Loading quizzes...').catch(() => undefined);
    expect(document.querySelector('.mastery-note')).toBeNull();
    expect(document.querySelector('.toast')).toBeNull();
  });
});

describe('the practice list in Hindi (issue 18)', () => {
  it('shows the heading, the select, the cards and the toasts in Hindi', async () => {
    showInHindi();
    mockFetch({
      'GET /api/auth/me': { body: learner },
      'GET /api/quizzes/quiz-categories': { body: { categories: ['Maths', 'Science'] } },
      'POST /api/quizzes/published': {
        body: {
          quizzes: [
            quiz({ _id: 'q-maths', title: 'Maths Fun', showByDefault: true, attemptCount: 1 }),
            quiz({ _id: 'used', title: 'Used up', showByDefault: true, attemptCount: 3 }),
          ],
        },
      },
      'GET /api/quizzes/history': { body: history({ maxQuizLimit: 1, distinctQuizzesAttempted: 1 }) },
    });
    storeSession();
    renderApp('/quizzes');
    await screen.findByRole('heading', { level: 1, name: 'अभ्यास क्विज़' }, { timeout: 5000 });
    expect(document.title).toBe('अभ्यास क्विज़ | QuizQuest');
    const category = screen.getByLabelText('विषय');
    expect(within(category).getAllByRole('option')[0]).toHaveTextContent('विषय चुनें');
    await findToast('आप ज़्यादा से ज़्यादा 1 क्विज़ कर सकते हैं। और क्विज़ के लिए अभी अपग्रेड करें।');
    expect(await screen.findByRole('list', { name: 'खास क्विज़' })).toBeInTheDocument();
    expect(screen.getByText('क्विज़ में हिस्सा लेने के लिए कोई विषय चुनें।')).toBeInTheDocument();
    expect(within(cardOf('Maths Fun')).getByText('खास')).toBeInTheDocument();
    expect(within(cardOf('Maths Fun')).getByText('बाकी प्रयास')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(cardOf('Maths Fun')).getByRole('link', { name: 'अभी अपग्रेड करें' })).toHaveAttribute(
        'href',
        '/subscribe',
      ),
    );
    expect(within(cardOf('Used up')).getByRole('button', { name: 'कोई प्रयास बाकी नहीं' })).toBeDisabled();
  });

  it('asks for the grade on the profile in Hindi', async () => {
    showInHindi();
    const noGrade = { ...learner, grade: '' };
    mockFetch({ 'GET /api/auth/me': { body: noGrade } });
    storeSession(noGrade);
    renderApp('/quizzes');
    await screen.findByRole('heading', { level: 1, name: 'अभ्यास क्विज़' }, { timeout: 5000 });
    const note = screen.getByText(/अपनी कक्षा के क्विज़ देखने के लिए/);
    expect(note).toHaveTextContent('अपनी कक्षा के क्विज़ देखने के लिए अपनी प्रोफ़ाइल में कक्षा चुनें।');
    expect(within(note).getByRole('link', { name: 'प्रोफ़ाइल' })).toHaveAttribute('href', '/profile');
  });
});
