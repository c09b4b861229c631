import { describe, expect, it } from 'vitest';
import { attemptsRemainingOnList, cardAction, type PracticeLimits } from './practice-list.ts';

describe('attemptsRemainingOnList', () => {
  it.each([
    [3, 0, 3],
    [3, 2, 1],
    [3, 3, 0],
    [3, 4, 0],
    [5, 1, 4],
    // Spec §9: 3 when the quiz has no limit.
    [0, 0, 3],
    [0, 2, 1],
  ])('%i allowed, %i used: %i remaining', (quizLimits, attemptCount, remaining) => {
    expect(attemptsRemainingOnList({ quizLimits, attemptCount })).toBe(remaining);
  });
});

describe('cardAction', () => {
  const belowCap: PracticeLimits = { maxQuizLimit: 10, distinctQuizzesAttempted: 9 };
  const atCap: PracticeLimits = { maxQuizLimit: 10, distinctQuizzesAttempted: 10 };
  const beyondCap: PracticeLimits = { maxQuizLimit: 10, distinctQuizzesAttempted: 12 };
  const unlimited: PracticeLimits = { maxQuizLimit: null, distinctQuizzesAttempted: 5000 };
  it.each([
    ['a new quiz below the cap', 0, belowCap, 'start'],
    ['a new quiz at the cap', 0, atCap, 'upgrade'],
    // Decision 023 (spec §4): at the cap every start button becomes Upgrade Now.
    ['an attempted quiz with attempts left at the cap', 1, atCap, 'upgrade'],
    ['an attempted quiz with one attempt left at the cap', 2, atCap, 'upgrade'],
    ['an attempted quiz with attempts left beyond the cap (plan downgraded)', 1, beyondCap, 'upgrade'],
    ['an attempted quiz with none left at the cap', 3, atCap, 'no-attempts-left'],
    ['an attempted quiz with attempts left below the cap', 1, belowCap, 'start'],
    ['a used-up quiz below the cap', 3, belowCap, 'no-attempts-left'],
    ['a new quiz on an unlimited plan', 0, unlimited, 'start'],
    ['a new quiz while the history is unknown', 0, null, 'start'],
  ] as const)('%s', (_name, attemptCount, limits, action) => {
    expect(cardAction({ quizLimits: 3, attemptCount }, limits)).toBe(action);
  });
});
