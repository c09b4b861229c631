import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findSubLevel, type HistoryAttempt, type QuizHistoryResponse } from '@quizquest/shared';
import { deferred, mockFetch, type MockHandler, type MockReply } from '../../../test/fetch-mock.ts';
import { showInHindi } from '../../../test/language.ts';
import { findToast, learner, renderApp, storeSession } from '../../../test/render-app.tsx';
// The routes load pages lazily: loaded up front, the first test does not wait for them to compile.
import '../../../app/app-layout.tsx';
import './scoreboard-page.tsx';

const LOAD = { timeout: 5000 };

function attempt(
  id: string,
  submittedAt: string,
  quiz: Partial<HistoryAttempt['quiz']>,
  score = 70,
  correctCount = 7,
): HistoryAttempt {
  return {
    _id: id,
    quiz: { _id: `quiz-${id}`, title: `Quiz ${id}`, category: null, level: 0, subLevel: null, ...quiz },
    score,
    correctCount,
    totalQuestions: 10,
    answers: [],
    submittedAt,
  };
}

function history(attempts: HistoryAttempt[], nextBefore: string | null = null): QuizHistoryResponse {
  return {
    attempts,
    maxQuizLimit: 10,
    distinctQuizzesAttempted: 3,
    quizLimits: {},
    attemptCounts: {},
    nextBefore,
  };
}

const attempts = [
  attempt(
    'cert',
    '2026-03-06T09:00:00.000Z',
    { title: 'Number Ninja Quiz', level: 1, subLevel: 'L1-C2' },
    100,
    10,
  ),
  attempt('maths-new', '2026-03-05T09:30:00.000Z', { title: 'Maths Fun', category: 'Maths' }, 66.67, 7),
  attempt('general', '2026-03-04T09:00:00.000Z', { title: 'Mixed Bag', category: null }, 33.33, 3),
  attempt('maths-old', '2026-03-01T09:00:00.000Z', { title: 'Maths Fun', category: 'Maths' }, 20, 2),
];

async function openScoreboard(reply: MockHandler, summary?: MockHandler, heading = 'My Scoreboard') {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: learner },
    'GET /api/quizzes/history': reply,
    ...(summary ? { 'GET /api/learning/summary': summary } : {}),
  });
  storeSession();
  const app = renderApp('/quizzes/my-attempts');
  await screen.findByRole('heading', { level: 1, name: heading }, LOAD);
  return { ...app, ...fetch };
}

const groupButton = (name: RegExp) => screen.getByRole('button', { name });

describe('scoreboard', () => {
  it('shows a loading line, then the groups newest first with only the first open', async () => {
    const reply = deferred<MockReply>();
    await openScoreboard(() => reply.promise);
    expect(screen.getByText('Loading scoreboard...')).toBeInTheDocument();
    reply.resolve({ body: history(attempts) });

    await screen.findByRole('heading', { level: 3, name: 'Number Ninja Quiz' }, LOAD);
    const main = screen.getByRole('main');
    const toggles = within(main).getAllByRole('button', { expanded: false });
    const groups = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(groups).toEqual(['Level 1 · Number Ninja 1 attempt▲', 'Maths 2 attempts▼', 'General 1 attempt▼']);
    expect(toggles).toHaveLength(2);
    expect(groupButton(/Number Ninja/)).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('heading', { level: 3, name: 'Number Ninja Quiz' })).toBeVisible();
    expect(screen.queryByRole('heading', { level: 3, name: 'Mixed Bag' })).not.toBeInTheDocument();
  });

  it('opens and closes groups; the attempts of a group are newest first', async () => {
    const { user } = await openScoreboard({ body: history(attempts) });
    await user.click(await screen.findByRole('button', { name: /Maths/ }, LOAD));
    expect(groupButton(/Maths/)).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(
      groupButton(/Maths/).getAttribute('aria-controls') ?? '',
    ) as HTMLElement;
    const cards = within(panel).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByText(/%$/).textContent)).toEqual(['67%', '20%']);

    await user.click(groupButton(/Number Ninja/));
    expect(groupButton(/Number Ninja/)).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('heading', { level: 3, name: 'Number Ninja Quiz' })).not.toBeInTheDocument();
  });

  it('shows the en-IN date, the score without decimals, stars and View Details to the result', async () => {
    await openScoreboard({ body: history(attempts) });
    const title = await screen.findByRole('heading', { level: 3, name: 'Number Ninja Quiz' }, LOAD);
    const card = title.closest('li') as HTMLElement;
    const date = new Date('2026-03-06T09:00:00.000Z').toLocaleString('en-IN', {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    expect(within(card).getByText(date)).toBeInTheDocument();
    expect(date).toMatch(/^6 Mar 2026, /);
    expect(within(card).getByText('100%')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: '10 stars out of 10' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View Details' })).toHaveAttribute(
      'href',
      '/quizzes/result/cert',
    );
  });

  it('says when there are no attempts yet, with a way to the practice quizzes', async () => {
    await openScoreboard({ body: history([]) });
    expect(await screen.findByText('You have not attempted any quizzes yet.', {}, LOAD)).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Practice Quizzes' })).toHaveAttribute('href', '/quizzes');
  });

  it("toasts 'Error loading quiz attempts.' when the history fails, and tries again on request", async () => {
    let calls = 0;
    const { user } = await openScoreboard(() => {
      calls += 1;
      return calls === 1
        ? { status: 500, body: { message: 'Internal Server Error' } }
        : { body: history(attempts) };
    });
    await findToast('Error loading quiz attempts.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 3, name: 'Number Ninja Quiz' }, LOAD),
    ).toBeInTheDocument();
  });

  it('loads older attempts on request and adds them to their groups', async () => {
    const older = attempt('maths-oldest', '2026-02-01T09:00:00.000Z', {
      title: 'Maths Old',
      category: 'Maths',
    });
    const { user, callsTo } = await openScoreboard((call) =>
      call.search === ''
        ? { body: history(attempts, '2026-03-01T09:00:00.000Z') }
        : { body: history([older]) },
    );
    await user.click(await screen.findByRole('button', { name: 'Show older attempts' }, LOAD));
    expect(await screen.findByRole('button', { name: 'Maths 3 attempts' })).toBeInTheDocument();
    expect(callsTo('GET', '/api/quizzes/history').at(-1)?.search).toBe(
      `?before=${encodeURIComponent('2026-03-01T09:00:00.000Z')}`,
    );
    expect(screen.queryByRole('button', { name: 'Show older attempts' })).not.toBeInTheDocument();
  });
});

describe('scoreboard mastery badges (decision 030)', () => {
  const summary = {
    timeZone: 'Asia/Kolkata',
    today: '2026-03-06',
    streak: { current: 1, goalMetToday: true },
    dailyGoal: { target: 1, done: 1 },
    mastery: [
      { category: 'General', level: 'attempted', answered: 3, correct: 1 },
      { category: 'Maths', level: 'familiar', answered: 20, correct: 15 },
      { category: 'L1-C2', level: 'mastered', answered: 10, correct: 10 },
    ],
    reviewDue: 0,
  };

  it('shows each practice category group its mastery badge, and none on certification groups', async () => {
    await openScoreboard({ body: history(attempts) }, { body: summary });
    const maths = await screen.findByRole('button', { name: /^Maths 2 attempts Mastery: Familiar/ }, LOAD);
    expect(within(maths).getByText('Familiar')).toHaveClass('mastery-badge', 'mastery-familiar');
    expect(groupButton(/^General 1 attempt Mastery: Attempted/)).toBeInTheDocument();
    // A certification group is a sub-level, not a category: no badge, even for a matching name.
    const certification = groupButton(/Number Ninja|L1-C2|Level 1/);
    expect(within(certification).queryByText(/Mastery/)).toBeNull();
  });

  it('leaves the badges out quietly when the summary cannot be read', async () => {
    await openScoreboard(
      { body: history(attempts) },
      { status: 500, body: { message: 'Something went wrong' } },
    );
    await screen.findByRole('button', { name: /^Maths 2 attempts/ }, LOAD);
    expect(document.querySelector('.mastery-badge')).toBeNull();
    expect(document.querySelector('.toast')).toBeNull();
  });
});

describe('scoreboard in Hindi', () => {
  it('names the groups, counts and buttons in Hindi, a sub-level by its Hindi name', async () => {
    showInHindi();
    await openScoreboard({ body: history(attempts) }, undefined, 'मेरा स्कोरबोर्ड');
    const card = (await screen.findByRole('heading', { level: 3, name: 'Number Ninja Quiz' }, LOAD)).closest(
      'li',
    );
    const groups = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    const hindiName = findSubLevel('L1-C2')?.hindiName ?? 'no Hindi name';
    expect(groups).toEqual([`लेवल 1 · ${hindiName} 1 प्रयास▲`, 'गणित 2 प्रयास▼', 'सामान्य 1 प्रयास▼']);
    expect(within(card as HTMLElement).getByRole('link', { name: 'पूरा देखें' })).toHaveAttribute(
      'href',
      '/quizzes/result/cert',
    );
    expect(document.title).toBe('मेरा स्कोरबोर्ड | QuizQuest');
  });

  it('says in Hindi when there are no attempts yet', async () => {
    showInHindi();
    await openScoreboard({ body: history([]) }, undefined, 'मेरा स्कोरबोर्ड');
    expect(await screen.findByText('आपने अभी तक कोई क्विज़ नहीं दिया है।', {}, LOAD)).toBeInTheDocument();
  });
});
