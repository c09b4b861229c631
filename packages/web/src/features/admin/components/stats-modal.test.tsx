import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdminQuestionStatsRow, AdminStatsRow } from '@quizquest/shared';
import { deferred, mockFetch, type MockHandler, type MockReply } from '../../../test/fetch-mock.ts';
import { showInHindi } from '../../../test/language.ts';
import { chartRows, CHART_MAX_QUIZZES } from './stats-chart.tsx';
import StatsModal from './stats-modal.tsx';

// The admin pages are large and lazy: on a busy machine they need more than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

const rows: AdminStatsRow[] = [
  {
    quizId: 'q1',
    title: 'Animals Around Us',
    attempts: 12,
    averageScore: 83.333,
    lastAttempt: '2026-03-20T09:15:00.000Z',
    deleted: false,
  },
  {
    quizId: 'q2',
    title: 'Old Shapes Quiz',
    attempts: 3,
    averageScore: 50,
    lastAttempt: '2026-02-01T09:15:00.000Z',
    deleted: true,
  },
];

const questions: AdminQuestionStatsRow[] = [
  {
    questionId: 'a1',
    questionText: 'Which animal barks?',
    position: 1,
    shown: 10,
    correct: 9,
    correctRate: 90,
  },
  {
    questionId: 'a2',
    questionText: 'Which animal lives in water?',
    position: 2,
    shown: 8,
    correct: 2,
    correctRate: 25,
  },
  {
    questionId: 'a3',
    questionText: 'Which animal gives us wool?',
    position: null,
    shown: 4,
    correct: 3,
    correctRate: 75,
  },
];

const QUESTIONS_OF_Q1 = '/api/admin/quizzes/q1/question-stats';

function openStats(
  handler: MockHandler,
  highlightQuizId: string | null = null,
  more: Record<string, MockHandler> = {},
) {
  const fetch = mockFetch({ 'GET /api/admin/quizzes/stats': handler, ...more });
  const onClose = vi.fn();
  const user = userEvent.setup();
  render(<StatsModal highlightQuizId={highlightQuizId} onClose={onClose} />);
  return { ...fetch, onClose, user };
}

describe('stats modal', () => {
  it('lists Quiz Title, Attempts, Avg Score and Last Attempt per quiz, highlighting the chosen one', async () => {
    const reply = deferred<MockReply>();
    openStats(() => reply.promise, 'q1');
    const dialog = screen.getByRole('dialog', { name: 'Quiz Stats' });
    expect(within(dialog).getByText('Loading stats...')).toBeInTheDocument();
    reply.resolve({ body: { stats: rows } });

    const table = await within(dialog).findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Quiz Title', 'Attempts', 'Avg Score', 'Last Attempt']);
    const first = within(table).getByRole('row', { name: /Animals Around Us/ });
    expect(first).toHaveTextContent('12');
    expect(first).toHaveTextContent('83.33%');
    expect(first).toHaveTextContent('20 Mar 2026');
    expect(first).toHaveAttribute('aria-current', 'true');
    expect(within(table).getByRole('row', { name: /Old Shapes Quiz/ })).toHaveTextContent('(deleted)');
  });

  it('draws attempts and average score per quiz as a chart with a text alternative', async () => {
    openStats({ body: { stats: rows } });
    const chart = await screen.findByRole('img', { name: /Attempts and average score per quiz/ });
    expect(chart.tagName.toLowerCase()).toBe('svg');
    expect(chart).toHaveAccessibleName(
      'Attempts and average score per quiz Animals Around Us: 12 attempts, average score 83.33%. Old Shapes Quiz: 3 attempts, average score 50.00%.',
    );
    const bars = chart.querySelectorAll('rect.chart-bar-attempts');
    // The legend's swatch plus one bar per quiz, scaled to the most attempted quiz.
    expect(bars).toHaveLength(3);
    expect(Number(bars[1]?.getAttribute('width'))).toBeCloseTo(230);
    expect(Number(bars[2]?.getAttribute('width'))).toBeCloseTo(57.5);
    const scores = chart.querySelectorAll('rect.chart-bar-score');
    expect(Number(scores[2]?.getAttribute('width'))).toBeCloseTo(115);
  });

  it("says 'No stats found.' when no attempt falls in the range", async () => {
    openStats({ body: { stats: [] } });
    expect(await screen.findByText('No stats found.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('asks again for the From and To days of the admin calendar', async () => {
    const { callsTo } = openStats({ body: { stats: rows } });
    await screen.findByRole('table');
    expect(callsTo('GET', '/api/admin/quizzes/stats')[0]?.search).toBe('');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    await waitFor(() => expect(callsTo('GET', '/api/admin/quizzes/stats')).toHaveLength(2));
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
    await waitFor(() => expect(callsTo('GET', '/api/admin/quizzes/stats')).toHaveLength(3));
    const params = new URLSearchParams(callsTo('GET', '/api/admin/quizzes/stats')[2]?.search);
    expect(params.get('from')).toBe(new Date('2026-03-01T00:00:00').toISOString());
    expect(params.get('to')).toBe(new Date('2026-03-31T23:59:59.999').toISOString());
    expect(screen.getByLabelText('To')).toHaveAttribute('min', '2026-03-01');
  });

  it("shows a failure with the server's message", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    openStats({ status: 400, body: { message: 'A date must be YYYY-MM-DD or an ISO date and time' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('A date must be YYYY-MM-DD');
  });

  it('closes with Escape and with the Close button', async () => {
    const { onClose, user } = openStats({ body: { stats: rows } });
    await screen.findByRole('table');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  describe('questions of a quiz', () => {
    it("shows a quiz's Question, Shown, Right and % right in the API's order, marking the hardest", async () => {
      const reply = deferred<MockReply>();
      const { callsTo, user } = openStats({ body: { stats: rows } }, null, {
        [`GET ${QUESTIONS_OF_Q1}`]: () => reply.promise,
      });
      const dialog = screen.getByRole('dialog', { name: 'Quiz Stats' });
      await user.click(await within(dialog).findByRole('button', { name: 'Questions of Animals Around Us' }));

      expect(within(dialog).getByText('Loading questions...')).toBeInTheDocument();
      expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();
      expect(within(dialog).getByRole('heading', { name: 'Questions of Animals Around Us' })).toHaveFocus();
      expect(callsTo('GET', QUESTIONS_OF_Q1)).toHaveLength(1);
      reply.resolve({ body: { questions } });

      const table = await within(dialog).findByRole('table', { name: 'Questions of Animals Around Us' });
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((cell) => cell.textContent),
      ).toEqual(['Question', 'Shown', 'Right', '% right']);
      const [, first, second, removed] = within(table).getAllByRole('row');
      expect(first).toHaveTextContent('1. Which animal barks?');
      expect(
        within(first!)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ).toEqual(['10', '9', '90.00%']);
      expect(second).toHaveTextContent('2. Which animal lives in water?');
      expect(second).toHaveTextContent('Hardest: fewest answered right');
      expect(second).toHaveClass('row-highlight');
      expect(first).not.toHaveTextContent('Hardest');
      expect(removed).toHaveTextContent('Which animal gives us wool? (removed)');
      expect(removed).toHaveTextContent('75.00%');
      // The list of quizzes gives way to the questions.
      expect(within(dialog).queryByRole('table', { name: /Quiz/ })).not.toBeInTheDocument();
      expect(within(dialog).queryByRole('img')).not.toBeInTheDocument();
    });

    it('asks for the quiz with the From and To days, and again when they change', async () => {
      const { callsTo, user } = openStats({ body: { stats: rows } }, null, {
        'GET /api/admin/quizzes/q2/question-stats': { body: { questions } },
      });
      fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
      fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
      await user.click(await screen.findByRole('button', { name: 'Questions of Old Shapes Quiz' }));
      await screen.findByRole('table', { name: 'Questions of Old Shapes Quiz' });
      const calls = () => callsTo('GET', '/api/admin/quizzes/q2/question-stats');
      expect(calls()).toHaveLength(1);
      let params = new URLSearchParams(calls()[0]?.search);
      expect(params.get('from')).toBe(new Date('2026-03-01T00:00:00').toISOString());
      expect(params.get('to')).toBe(new Date('2026-03-31T23:59:59.999').toISOString());

      fireEvent.change(screen.getByLabelText('From'), { target: { value: '' } });
      await waitFor(() => expect(calls()).toHaveLength(2));
      params = new URLSearchParams(calls()[1]?.search);
      expect(params.has('from')).toBe(false);
      expect(params.get('to')).toBe(new Date('2026-03-31T23:59:59.999').toISOString());
      expect(await screen.findByRole('table', { name: 'Questions of Old Shapes Quiz' })).toBeInTheDocument();
    });

    it("says 'No answers yet for this quiz.' when no question was answered in the range", async () => {
      const { user } = openStats({ body: { stats: rows } }, null, {
        [`GET ${QUESTIONS_OF_Q1}`]: { body: { questions: [] } },
      });
      await user.click(await screen.findByRole('button', { name: 'Questions of Animals Around Us' }));
      expect(await screen.findByText('No answers yet for this quiz.')).toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
    });

    it("shows a failure with the server's message, or a message of its own", async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const { user } = openStats({ body: { stats: rows } }, null, {
        [`GET ${QUESTIONS_OF_Q1}`]: { status: 404, body: { message: 'Quiz not found' } },
        'GET /api/admin/quizzes/q2/question-stats': { status: 200, body: { unexpected: true } },
      });
      await user.click(await screen.findByRole('button', { name: 'Questions of Animals Around Us' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Quiz not found');
      expect(screen.queryByRole('table')).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Back to all quizzes' }));
      await user.click(await screen.findByRole('button', { name: 'Questions of Old Shapes Quiz' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load question stats.');
    });

    it('goes back to all quizzes with the keyboard, focus on the Questions button it left', async () => {
      const { callsTo, user } = openStats({ body: { stats: rows } }, 'q1', {
        [`GET ${QUESTIONS_OF_Q1}`]: { body: { questions } },
      });
      const open = await screen.findByRole('button', { name: 'Questions of Animals Around Us' });
      open.focus();
      await user.keyboard('{Enter}');
      await screen.findByRole('table', { name: 'Questions of Animals Around Us' });
      await user.tab();
      expect(screen.getByRole('region', { name: 'Question stats table' })).toHaveFocus();
      await user.tab({ shift: true });
      const back = screen.getByRole('button', { name: 'Back to all quizzes' });
      expect(back).toHaveFocus();
      await user.keyboard('{Enter}');

      const table = await screen.findByRole('table');
      expect(within(table).getByRole('row', { name: /Animals Around Us/ })).toHaveAttribute(
        'aria-current',
        'true',
      );
      expect(screen.getByRole('button', { name: 'Questions of Animals Around Us' })).toHaveFocus();
      expect(screen.queryByRole('heading', { name: /Questions of/ })).not.toBeInTheDocument();
      // The list was kept: going back asks nothing again.
      expect(callsTo('GET', '/api/admin/quizzes/stats')).toHaveLength(1);
    });
  });

  it('speaks Hindi: the table, the chart and the questions of a quiz', async () => {
    showInHindi();
    const { user } = openStats({ body: { stats: rows } }, null, {
      [`GET ${QUESTIONS_OF_Q1}`]: { body: { questions } },
    });
    const dialog = screen.getByRole('dialog', { name: 'क्विज़ के आँकड़े' });
    const table = await within(dialog).findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['क्विज़ का नाम', 'प्रयास', 'औसत स्कोर', 'आख़िरी प्रयास']);
    const first = within(table).getByRole('row', { name: /Animals Around Us/ });
    expect(first).toHaveTextContent('83.33%');
    expect(first).toHaveTextContent('20 मार्च 2026');
    expect(within(table).getByRole('row', { name: /Old Shapes Quiz/ })).toHaveTextContent('(हटाया गया)');
    expect(screen.getByRole('img')).toHaveAccessibleName(
      'हर क्विज़ के प्रयास और औसत स्कोर Animals Around Us: 12 प्रयास, औसत स्कोर 83.33%। Old Shapes Quiz: 3 प्रयास, औसत स्कोर 50.00%।',
    );

    await user.click(screen.getByRole('button', { name: 'Animals Around Us के सवाल' }));
    expect(await screen.findByRole('heading', { name: 'Animals Around Us के सवाल' })).toHaveFocus();
    expect(await screen.findByText('सबसे कठिन: सबसे कम सही जवाब')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'सभी क्विज़ पर वापस जाएँ' })).toBeInTheDocument();
  });

  it('charts at most the most attempted quizzes', () => {
    const many = Array.from({ length: CHART_MAX_QUIZZES + 5 }, (_, i) => ({
      quizId: `q${i}`,
      title: `Quiz ${i}`,
      attempts: i,
      averageScore: 50,
    }));
    const shown = chartRows(many);
    expect(shown).toHaveLength(CHART_MAX_QUIZZES);
    expect(shown[0]?.attempts).toBe(CHART_MAX_QUIZZES + 4);
    expect(shown.at(-1)?.attempts).toBe(5);
  });
});
