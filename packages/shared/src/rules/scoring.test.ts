import { describe, expect, it } from 'vitest';
import {
  ANSWER_ALL_QUESTIONS_MESSAGE,
  answersProblem,
  scoreAttempt,
  scoreFromHundredths,
} from './scoring.ts';

describe('scoreAttempt', () => {
  const cases: Array<
    [string, number[], number[], { correctCount: number; scoreHundredths: number; score: number }]
  > = [
    ['all right', [1, 2, 0], [1, 2, 0], { correctCount: 3, scoreHundredths: 10_000, score: 100 }],
    ['all wrong', [1, 2, 0], [0, 0, 1], { correctCount: 0, scoreHundredths: 0, score: 0 }],
    ['one of three', [1, 2, 0], [1, 0, 1], { correctCount: 1, scoreHundredths: 3333, score: 33.33 }],
    [
      'two of three rounds half up',
      [1, 2, 0],
      [1, 2, 3],
      { correctCount: 2, scoreHundredths: 6667, score: 66.67 },
    ],
    [
      'one of six',
      [0, 0, 0, 0, 0, 0],
      [0, 1, 1, 1, 1, 1],
      { correctCount: 1, scoreHundredths: 1667, score: 16.67 },
    ],
    [
      'one of eight',
      Array(8).fill(3),
      [3, 0, 0, 0, 0, 0, 0, 0],
      { correctCount: 1, scoreHundredths: 1250, score: 12.5 },
    ],
    [
      'seven of nine',
      Array(9).fill(0),
      [0, 0, 0, 0, 0, 0, 0, 1, 1],
      { correctCount: 7, scoreHundredths: 7778, score: 77.78 },
    ],
    ['one question, right', [2], [2], { correctCount: 1, scoreHundredths: 10_000, score: 100 }],
    ['no questions', [], [], { correctCount: 0, scoreHundredths: 0, score: 0 }],
    ['missing answers count as wrong', [1, 1], [1], { correctCount: 1, scoreHundredths: 5000, score: 50 }],
  ];
  it.each(cases)('%s', (_name, correct, answers, expected) => {
    expect(scoreAttempt(correct, answers)).toEqual({ ...expected, totalQuestions: correct.length });
  });

  it('gives a score with at most two decimals for every total up to 100', () => {
    for (let total = 1; total <= 100; total += 1) {
      for (let right = 0; right <= total; right += 1) {
        const { score } = scoreAttempt(Array(total).fill(0), [
          ...Array(right).fill(0),
          ...Array(total - right).fill(1),
        ]);
        expect(Number(score.toFixed(2))).toBe(score);
        expect(Math.abs(score - (right / total) * 100)).toBeLessThanOrEqual(0.005 + 1e-9);
      }
    }
  });
});

describe('scoreFromHundredths', () => {
  it.each([
    [0, 0],
    [3333, 33.33],
    [10_000, 100],
    [5, 0.05],
  ])('%i hundredths is %d %%', (hundredths, score) => {
    expect(scoreFromHundredths(hundredths)).toBe(score);
  });
});

describe('answersProblem', () => {
  const fourOptions = [4, 4, 4];
  const cases: Array<[string, unknown[], number[], string | RegExp | null]> = [
    ['one valid answer per question', [0, 3, 2], fourOptions, null],
    ['questions with different option counts', [1, 2], [2, 3], null],
    ['too few answers', [0, 1], fourOptions, ANSWER_ALL_QUESTIONS_MESSAGE],
    ['no answers', [], fourOptions, ANSWER_ALL_QUESTIONS_MESSAGE],
    ['too many answers', [0, 1, 2, 3], fourOptions, 'This quiz has 3 questions, but 4 answers were sent.'],
    [
      'an index past the last option',
      [0, 4, 1],
      fourOptions,
      /question 2 must be one of its 4 options \(0 to 3\)/,
    ],
    ['past the last option of a short question', [1, 2], [2, 2], /question 2 must be one of its 2 options/],
    ['a negative index', [-1, 0, 0], fourOptions, /question 1/],
    ['a fraction', [0, 0, 1.5], fourOptions, /question 3/],
    ['a string', [0, '1', 0], fourOptions, /question 2/],
    ['null', [0, 1, null], fourOptions, /question 3/],
    ['NaN', [Number.NaN, 1, 1], fourOptions, /question 1/],
  ];
  it.each(cases)('%s', (_name, answers, optionCounts, expected) => {
    const problem = answersProblem(answers, optionCounts);
    if (expected === null) expect(problem).toBeNull();
    else if (typeof expected === 'string') expect(problem).toBe(expected);
    else expect(problem).toMatch(expected);
  });
});
