import { describe, expect, it } from 'vitest';
import { markedQuestions, revealsCorrectAnswers } from './answer-reveal.ts';

describe('revealsCorrectAnswers', () => {
  it.each([
    // name, level, sub-level earned, attempts remaining, admin viewer, revealed
    ['practice, attempts left', 0, false, 2, false, true],
    ['practice, none left', 0, false, 0, false, true],
    ['certification failed, attempts left', 1, false, 2, false, false],
    ['certification failed, one attempt left', 7, false, 1, false, false],
    ['certification failed, last attempt used', 1, false, 0, false, true],
    ['certification, more used than allowed (limit lowered)', 1, false, -1, false, true],
    ['certification earned, attempts left', 1, true, 2, false, true],
    ['certification earned, none left', 10, true, 0, false, true],
    ['certification failed, attempts left, read by an admin', 3, false, 2, true, true],
  ] as const)('%s → %s', (_name, level, subLevelEarned, attemptsRemaining, viewerIsAdmin, revealed) => {
    expect(revealsCorrectAnswers({ level, subLevelEarned, attemptsRemaining, viewerIsAdmin })).toBe(revealed);
  });
});

describe('markedQuestions', () => {
  const options = ['A', 'B', 'C', 'D'].map((value) => ({ type: 'text' as const, value }));
  const questions = [
    { questionText: 'One', questionImage: null, options, correctAnswerIndex: 1 },
    {
      questionText: 'Two',
      questionImage: '/api/media/abc',
      options,
      correctAnswerIndex: 3,
      explanation: 'D is the last letter of these four.',
      explanationImage: '/api/media/def',
    },
  ];

  it('marks each answer and leaves the correct answers and explanations out when not revealed', () => {
    const marked = markedQuestions(questions, [1, 0], false);
    expect(marked).toEqual([
      { questionText: 'One', questionImage: null, options, isCorrect: true },
      { questionText: 'Two', questionImage: '/api/media/abc', options, isCorrect: false },
    ]);
    for (const key of ['correctAnswerIndex', 'explanation', 'explanationImage']) {
      expect(marked.every((question) => !(key in question))).toBe(true);
    }
    expect(JSON.stringify(marked)).not.toContain('correctAnswerIndex');
    expect(JSON.stringify(marked)).not.toContain('last letter');
    expect(JSON.stringify(marked)).not.toContain('/api/media/def');
  });

  it('carries the correct answers and explanations when revealed (null when a question has none)', () => {
    expect(markedQuestions(questions, [1, 0], true)).toEqual([
      {
        questionText: 'One',
        questionImage: null,
        options,
        isCorrect: true,
        correctAnswerIndex: 1,
        explanation: null,
        explanationImage: null,
      },
      {
        questionText: 'Two',
        questionImage: '/api/media/abc',
        options,
        isCorrect: false,
        correctAnswerIndex: 3,
        explanation: 'D is the last letter of these four.',
        explanationImage: '/api/media/def',
      },
    ]);
  });

  it('a missing answer is incorrect', () => {
    expect(markedQuestions(questions, [1], false).map((question) => question.isCorrect)).toEqual([
      true,
      false,
    ]);
  });
});
