import { describe, expect, it } from 'vitest';
import type { HistoryAttempt } from '@quizquest/shared';
import {
  attemptsLeftAfterResult,
  attemptsLeftForQuiz,
  formatAttemptDate,
  formatScore,
  groupAttempts,
} from './attempt-rules.ts';

function attempt(
  id: string,
  submittedAt: string,
  quiz: Partial<HistoryAttempt['quiz']> = {},
): HistoryAttempt {
  return {
    _id: id,
    quiz: { _id: `quiz-${id}`, title: `Quiz ${id}`, category: null, level: 0, subLevel: null, ...quiz },
    score: 50,
    correctCount: 5,
    totalQuestions: 10,
    answers: [],
    submittedAt,
  };
}

const noHistory = { quizLimits: {}, attemptCounts: {} };

describe('attemptsLeftForQuiz', () => {
  const quiz = { _id: 'q1', quizLimits: 3, attemptCount: 1 };
  it.each([
    ['the history when it knows the quiz', { quizLimits: { q1: 3 }, attemptCounts: { q1: 2 } }, 1],
    [
      'zero when the history counts every attempt used',
      { quizLimits: { q1: 3 }, attemptCounts: { q1: 3 } },
      0,
    ],
    ['never below zero', { quizLimits: { q1: 2 }, attemptCounts: { q1: 5 } }, 0],
    ["the quiz's own limit and count before a first attempt", noHistory, 2],
    ["the quiz's own limit and count when the history failed", null, 2],
  ])('uses %s', (_name, history, left) => {
    expect(attemptsLeftForQuiz(quiz, history)).toBe(left);
  });
});

describe('attemptsLeftAfterResult', () => {
  it.each([
    ['allowed minus used', { quizLimits: { q1: 3 }, attemptCounts: { q1: 1 } }, 2],
    ['none left', { quizLimits: { q1: 3 }, attemptCounts: { q1: 3 } }, 0],
    // Spec §9: 1 allowed when the history gives none.
    ['1 allowed by default, counted from the attempts listed', noHistory, 0],
  ])('%s', (_name, limits, left) => {
    const history = { ...limits, attempts: [attempt('a', '2026-03-05T10:00:00.000Z', { _id: 'q1' })] };
    expect(attemptsLeftAfterResult('q1', history)).toBe(left);
  });

  it('leaves 1 by default when the history has no attempt of the quiz', () => {
    expect(attemptsLeftAfterResult('q1', { ...noHistory, attempts: [] })).toBe(1);
  });
});

describe('groupAttempts', () => {
  const attempts = [
    attempt('old-maths', '2026-03-01T09:00:00.000Z', { category: 'Maths' }),
    attempt('new-science', '2026-03-04T09:00:00.000Z', { category: 'Science' }),
    attempt('uncategorised', '2026-03-02T09:00:00.000Z', { category: null }),
    attempt('new-maths', '2026-03-03T09:00:00.000Z', { category: 'Maths' }),
    attempt('cert-l1c2', '2026-03-05T09:00:00.000Z', { level: 1, subLevel: 'L1-C2', category: 'Maths' }),
    attempt('cert-none', '2026-02-01T09:00:00.000Z', { level: 2, subLevel: null }),
    attempt('blank-category', '2026-01-01T09:00:00.000Z', { category: '  ' }),
  ];

  it('groups practice by category (General without one) and certification by sub-level (Unassigned)', () => {
    const groups = groupAttempts(attempts);
    expect(groups.map((group) => [group.label, group.attempts.map((a) => a._id)])).toEqual([
      ['Level 1 · Number Ninja', ['cert-l1c2']],
      ['Science', ['new-science']],
      ['Maths', ['new-maths', 'old-maths']],
      ['General', ['uncategorised', 'blank-category']],
      ['Unassigned', ['cert-none']],
    ]);
  });

  it('keeps a practice category apart from a certification group of the same name', () => {
    const groups = groupAttempts([
      attempt('p', '2026-03-02T09:00:00.000Z', { category: 'Unassigned' }),
      attempt('c', '2026-03-01T09:00:00.000Z', { level: 1, subLevel: null }),
    ]);
    expect(groups).toHaveLength(2);
  });

  it('gives no groups for no attempts', () => {
    expect(groupAttempts([])).toEqual([]);
  });
});

describe('formatting', () => {
  it.each([
    [66.67, 2, '66.67%'],
    [100, 2, '100.00%'],
    [12.5, 2, '12.50%'],
    [66.67, 0, '67%'],
    [33.33, 0, '33%'],
    [100, 0, '100%'],
  ] as const)('%d with %i decimals is %s', (score, decimals, text) => {
    expect(formatScore(score, decimals)).toBe(text);
  });

  it('writes dates the en-IN way: day, short month, year, then the time', () => {
    const text = formatAttemptDate('2026-03-05T09:30:00.000Z');
    expect(text).toBe(
      new Date('2026-03-05T09:30:00.000Z').toLocaleString('en-IN', {
        dateStyle: 'medium',
        timeStyle: 'short',
      }),
    );
    expect(text).toMatch(/^\d{1,2} Mar 2026, \d{1,2}:\d{2}\s?(am|pm)$/);
  });
});
