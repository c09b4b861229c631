import { describe, expect, it } from 'vitest';
import {
  ATTEMPT_LIMIT_MESSAGE,
  distinctQuizCapReached,
  maxQuizzesMessage,
  planAllowsPracticeQuiz,
  remainingAttempts,
} from './attempt-limits.ts';

describe('remainingAttempts', () => {
  it.each([
    [3, 0, 3],
    [3, 1, 2],
    [3, 3, 0],
    [3, 5, 0],
    [1, 0, 1],
    [10, 4, 6],
  ])('%i allowed, %i used: %i left', (allowed, used, left) => {
    expect(remainingAttempts(allowed, used)).toBe(left);
  });
});

describe('distinctQuizCapReached', () => {
  it.each([
    [10, 0, false],
    [10, 9, false],
    [10, 10, true],
    [10, 11, true],
    [50, 49, false],
    [null, 0, false],
    [null, 100_000, false],
  ])('cap %s with %i attempted: %s', (cap, attempted, reached) => {
    expect(distinctQuizCapReached(cap, attempted)).toBe(reached);
  });
});

describe('planAllowsPracticeQuiz (decision 023: at the cap, every start is Upgrade Now)', () => {
  it.each([
    ['below the cap', 10, 9, true],
    ['nothing attempted yet', 10, 0, true],
    ['at the cap', 10, 10, false],
    ['beyond the cap (plan downgraded)', 10, 12, false],
    ['at the Starter cap', 50, 50, false],
    ['on an unlimited plan', null, 999, true],
  ] as const)('%s', (_name, maxQuizzes, distinctQuizzesAttempted, allowed) => {
    expect(planAllowsPracticeQuiz({ maxQuizzes, distinctQuizzesAttempted })).toBe(allowed);
  });
});

describe('messages', () => {
  it('are the spec texts letter for letter', () => {
    expect(ATTEMPT_LIMIT_MESSAGE).toBe('Attempt limit reached for this quiz');
    expect(maxQuizzesMessage(10)).toBe('Max 10 Quizzes can be attempted. Upgrade Now.');
  });
});
