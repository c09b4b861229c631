import { describe, expect, it } from 'vitest';
import { ContentQuestion } from '../schemas/content.ts';
import { MATHS_GRADES } from './grades.ts';
import { GENERATORS_VERSION, generateQuiz, MAX_GENERATED_QUIZ_COUNT } from './quiz.ts';
import { generateQuestion, generatorsForGrade, MATHS_GENERATORS } from './registry.ts';
import { hashSeed } from './rng.ts';

describe('generateQuiz', () => {
  it.each(MATHS_GRADES)(
    '%s: ten fresh, mixed questions without a repeated text, the same again from the same seed',
    (grade) => {
      for (const seed of [1, 'attempt-7f3a', 4_000_000_000]) {
        const quiz = generateQuiz({ seed, grade });
        expect(quiz.version).toBe(GENERATORS_VERSION);
        expect(quiz.questions).toHaveLength(10);
        const texts = quiz.questions.map((question) => question.questionText);
        expect(new Set(texts).size).toBe(10);
        const suitable = generatorsForGrade(grade).map((generator) => generator.id);
        const used = new Set(quiz.questions.map((question) => question.generatorId));
        for (const id of used) expect(suitable).toContain(id);
        // Taken in turns: every suitable generator before any comes back.
        expect(used.size).toBe(Math.min(10, suitable.length));
        expect(generateQuiz({ seed, grade })).toEqual(quiz);
      }
    },
  );

  it('each question can be made again alone from its own seed', () => {
    const quiz = generateQuiz({ seed: 'snapshot', grade: 'c-4', count: 20 });
    for (const question of quiz.questions) {
      expect(generateQuestion(question.generatorId, question.grade, question.seed)).toEqual(question);
    }
  });

  it('different seeds draw different quizzes', () => {
    const first = (seed: number) =>
      generateQuiz({ seed, grade: 'c-3' })
        .questions.map((q) => q.questionText)
        .join('|');
    const draws = new Set(Array.from({ length: 50 }, (_, seed) => first(seed)));
    expect(draws.size).toBe(50);
    expect(first(1)).not.toBe(
      generateQuiz({ seed: '1x', grade: 'c-3' })
        .questions.map((q) => q.questionText)
        .join('|'),
    );
  });

  it.each(MATHS_GRADES)(
    '%s: never runs out at the largest count; each question is a valid quiz question',
    (grade) => {
      const quiz = generateQuiz({ seed: hashSeed(grade), grade, count: MAX_GENERATED_QUIZ_COUNT });
      expect(new Set(quiz.questions.map((question) => question.questionText)).size).toBe(
        MAX_GENERATED_QUIZ_COUNT,
      );
      for (const { questionText, options, correctAnswerIndex } of quiz.questions) {
        // The rules of a question in the content pack: four distinct options, lengths, the index.
        expect(
          ContentQuestion.safeParse({ questionText, options, correctAnswerIndex }).error,
        ).toBeUndefined();
      }
    },
  );

  it('keeps to the chosen generators', () => {
    const quiz = generateQuiz({
      seed: 9,
      grade: 'c-3',
      count: 12,
      generatorIds: ['add-carry', 'time-read-clock'],
    });
    expect(new Set(quiz.questions.map((question) => question.generatorId))).toEqual(
      new Set(['add-carry', 'time-read-clock']),
    );
  });

  it('gives a different grade different questions for the same seed', () => {
    const texts = (grade: string) => generateQuiz({ seed: 5, grade }).questions.map((q) => q.questionText);
    expect(texts('c-5')).not.toEqual(texts('c-6'));
  });

  it.each([
    [{ seed: 1, grade: 'Class 3' }, /Unknown grade/],
    [{ seed: 1, grade: 'c-3', count: 0 }, /count/],
    [{ seed: 1, grade: 'c-3', count: MAX_GENERATED_QUIZ_COUNT + 1 }, /count/],
    [{ seed: 1, grade: 'c-3', count: 2.5 }, /count/],
    [{ seed: 1, grade: 'c-3', generatorIds: ['no-such'] }, /Unknown maths generator/],
    [{ seed: 1, grade: 'Nursery', generatorIds: ['quadratic-roots'] }, /does not suit/],
    [{ seed: 1, grade: 'c-3', generatorIds: [] }, /No maths generator/],
  ])('refuses %o', (input, message) => {
    expect(() => generateQuiz(input)).toThrow(message);
  });

  it('says when one generator alone cannot fill the draw with different questions', () => {
    // Nursery counting has 50 different questions (2 to 6 of ten pictures).
    expect(() =>
      generateQuiz({ seed: 1, grade: 'Nursery', count: 60, generatorIds: ['count-objects'] }),
    ).toThrow(/Not enough different/);
  });

  it('makes exactly the questions of this version (raise GENERATORS_VERSION when this fingerprint changes)', () => {
    const quizzes = MATHS_GRADES.map((grade) =>
      JSON.stringify(generateQuiz({ seed: 'fingerprint', grade, count: 20 })),
    );
    // And every generator at every grade, so a change to a rarely drawn branch shows too.
    const questions = MATHS_GENERATORS.flatMap((generator) =>
      generator.grades.flatMap((grade) =>
        Array.from({ length: 40 }, (_, seed) => JSON.stringify(generateQuestion(generator.id, grade, seed))),
      ),
    );
    const all = [...quizzes, ...questions].join('\n');
    expect({ version: GENERATORS_VERSION, fingerprint: hashSeed(all) }).toEqual({
      version: 1,
      fingerprint: 1971867099,
    });
  });
});
