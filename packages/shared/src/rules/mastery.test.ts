import { describe, expect, it } from 'vitest';
import {
  masteryLevel,
  masteryPerCategory,
  MASTERY_WINDOW,
  type CategoryAnswer,
  type RecentAnswer,
} from './mastery.ts';

/** 'R' right, 'W' wrong, 'r' right in a review, 'w' wrong in a review; newest first. */
const answers = (pattern: string): RecentAnswer[] =>
  [...pattern].map((c) => ({ correct: c === 'R' || c === 'r', review: c === 'r' || c === 'w' }));

describe('masteryLevel', () => {
  it.each([
    ['no answers', '', null],
    ['one right answer', 'R', 'attempted'],
    ['nine right answers', 'RRRRRRRRR', 'attempted'],
    ['ten answers, 6 right', 'RRRRRRWWWW', 'attempted'],
    ['ten answers, 7 right', 'RRRRRRRWWW', 'familiar'],
    ['ten answers, 9 right', 'RRRRRRRRRW', 'proficient'],
    ['ten right, none in a review', 'RRRRRRRRRR', 'proficient'],
    ['ten right, one in a review', 'RRRRrRRRRR', 'mastered'],
    ['the last ten right with a review, older mistakes', 'rRRRRRRRRRWWWWWWWWWW', 'mastered'],
    ['a mistake among the last ten', 'rRRRRRRRRWRRRRRRRRRR', 'proficient'],
    ['twenty answers, 14 right', 'RRRRRRRRRRRRRRWWWWWW', 'familiar'],
    ['answers older than twenty do not count', 'RRRRRRRRRRRRRRRRRRRW' + 'WWWWWWWWWW', 'proficient'],
    ['wrong in a review', 'wRRRRRRRRR', 'proficient'],
  ] as const)('%s', (_name, pattern, level) => {
    expect(masteryLevel(answers(pattern))).toBe(level);
  });
});

/** A category's answers from a pattern as above, newest first, one minute apart from `newest`. */
const inCategory = (category: string, pattern: string, newest: number): CategoryAnswer[] =>
  answers(pattern).map((answer, index) => ({ ...answer, category, at: newest - index * 60_000 }));

describe('masteryPerCategory', () => {
  it.each([
    ['nothing answered', [], []],
    [
      'one category',
      inCategory('Maths', 'RRRRRRRRRW', 1_000_000),
      [{ category: 'Maths', level: 'proficient', answered: 10, correct: 9 }],
    ],
    [
      'categories in name order, each on its own answers',
      [...inCategory('Science', 'RW', 2_000_000), ...inCategory('English', 'RRRRRRRWWW', 1_000_000)],
      [
        { category: 'English', level: 'familiar', answered: 10, correct: 7 },
        { category: 'Science', level: 'attempted', answered: 2, correct: 1 },
      ],
    ],
    [
      'reviews and quizzes merged by time: a newer review counts first',
      [...inCategory('Maths', 'RRRRRRRRRWWWWWWWWWWW', 1_000_000), ...inCategory('Maths', 'r', 5_000_000)],
      [{ category: 'Maths', level: 'mastered', answered: MASTERY_WINDOW, correct: 10 }],
    ],
    [
      'only the latest twenty answers count',
      [...inCategory('Maths', 'RRRRRRRRRRRRRRRRRRRR', 9_000_000), ...inCategory('Maths', 'WWWWW', 1_000_000)],
      [{ category: 'Maths', level: 'proficient', answered: MASTERY_WINDOW, correct: 20 }],
    ],
    [
      'answers given at one time keep their order (the newest first)',
      // Reversed, the window would hold twenty right review answers: 'mastered'.
      answers('W' + 'r'.repeat(MASTERY_WINDOW)).map((answer) => ({ ...answer, category: 'Maths', at: 0 })),
      [{ category: 'Maths', level: 'proficient', answered: MASTERY_WINDOW, correct: 19 }],
    ],
  ] as const)('%s', (_name, given, expected) => {
    expect(masteryPerCategory(given)).toEqual(expected);
  });
});
