import { describe, expect, it } from 'vitest';
import { expectedKey, optionKey } from './answer-check.ts';
import { classOf, MATHS_GRADES } from './grades.ts';
import { generateQuestion, MATHS_GENERATORS } from './registry.ts';
import type { GeneratedQuestion } from './types.ts';

const SEEDS = 2000;

/** Generators whose wrong answers may rightly have the other sign: the sign is the lesson. */
const SIGNED = new Set(['integers', 'simple-equation', 'quadratic-roots', 'linear-pair']);

const sameText = (text: string) => text.trim().toLowerCase();

function seedFor(index: number): number {
  // Spread over the whole 32-bit range, not just small numbers.
  return (Math.imul(index + 1, 0x9e3779b1) >>> 0) ^ 0x5bd1e995;
}

/** Every way a question can be wrong, as messages; empty when it is right. */
function problems(question: GeneratedQuestion): string[] {
  const found: string[] = [];
  const { options, correctAnswerIndex, explanation, questionText } = question;
  if (options.length !== 4) found.push('not four options');
  if (!Number.isInteger(correctAnswerIndex) || correctAnswerIndex < 0 || correctAnswerIndex > 3) {
    found.push(`correctAnswerIndex ${correctAnswerIndex}`);
  }
  const values = options.map((option) => option.value);
  if (options.some((option) => option.type !== 'text' || !option.value.trim() || option.value.length > 200)) {
    found.push('an empty or too long option');
  }
  if (new Set(values.map(sameText)).size !== 4) found.push('options not distinct');
  if (!questionText.trim() || questionText.length > 500) found.push('question text empty or too long');
  const all = [questionText, explanation, ...values].join(' ');
  if (/NaN|undefined|Infinity|\bnull\b|\[object/.test(all)) found.push('a broken value in the text');
  if (/ {2}|\.\.|\s[.,?]/.test(all)) found.push('untidy spacing or stops');

  const correct = values[correctAnswerIndex] ?? '';
  if (!explanation.trim() || explanation.length > 300) found.push(`explanation length ${explanation.length}`);
  if (!sameText(explanation).includes(sameText(correct))) found.push('explanation does not give the answer');
  if (sameText(explanation) === sameText(correct)) found.push('explanation only restates the answer');

  let expected: string;
  let keys: string[];
  try {
    expected = expectedKey(question);
    keys = values.map((value) => optionKey(question, value));
  } catch (error) {
    return [...found, (error as Error).message];
  }
  const matching = keys.flatMap((key, index) => (key === expected ? [index] : []));
  if (matching.length !== 1 || matching[0] !== correctAnswerIndex) {
    found.push(`expected ${expected}, options read ${keys.join(' | ')}, marked ${correctAnswerIndex}`);
  }
  if (new Set(keys).size !== 4) found.push('two options with the same value');
  if (!SIGNED.has(question.generatorId) && values.some((value) => value.startsWith('\u2212'))) {
    found.push('a negative option');
  }
  // Negative numbers are taught from Class 6 (integers) and used in equations from Class 8.
  const negativesTaught =
    question.generatorId === 'integers' || (SIGNED.has(question.generatorId) && classOf(question.grade) >= 8);
  if (!negativesTaught && /\u2212\d/.test([questionText, explanation, ...values].join(' '))) {
    found.push('a negative number');
  }
  if (classOf(question.grade) <= 0 && questionText.split(/\s+/).length > 12) found.push('more than 12 words');
  return found;
}

const cases = MATHS_GENERATORS.flatMap((generator) =>
  generator.grades.map((grade) => [generator.id, grade] as const),
);

describe('every generator at every grade it suits', () => {
  it.each(cases)(`%s at %s: ${SEEDS} seeds give right, well-formed questions`, (id, grade) => {
    const failures: string[] = [];
    const texts = new Set<string>();
    for (let index = 0; index < SEEDS && failures.length < 5; index += 1) {
      const question = generateQuestion(id, grade, seedFor(index));
      texts.add(question.questionText);
      const found = problems(question);
      if (found.length)
        failures.push(
          `${question.questionText} [${question.options.map((o) => o.value).join(' | ')}] → ${found.join('; ')}`,
        );
    }
    expect(failures).toEqual([]);
    // Different seeds, different questions.
    expect(texts.size).toBeGreaterThanOrEqual(20);
  });
});

describe('the registry', () => {
  it('has unique ids in kebab-case, and every grade has at least three generators', () => {
    const ids = MATHS_GENERATORS.map((generator) => generator.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    for (const grade of MATHS_GRADES) {
      expect(
        MATHS_GENERATORS.filter((generator) => generator.grades.includes(grade)).length,
      ).toBeGreaterThanOrEqual(3);
    }
  });

  it('covers the topics of the issue', () => {
    const topics = new Set(MATHS_GENERATORS.map((generator) => generator.topic));
    for (const topic of [
      'number sense',
      'operations',
      'fractions',
      'decimals',
      'time',
      'money',
      'measurement',
      'algebra',
      'percentages',
    ] as const) {
      expect(topics.has(topic)).toBe(true);
    }
  });

  it('refuses an unknown generator or a grade the generator does not suit', () => {
    expect(() => generateQuestion('no-such-generator', 'c-3', 1)).toThrow(RangeError);
    expect(() => generateQuestion('quadratic-roots', 'Nursery', 1)).toThrow(RangeError);
    expect(() => generateQuestion('add-carry', 'Class 3', 1)).toThrow(RangeError);
  });
});

describe('reproducible from the seed', () => {
  it.each(cases.filter((_, index) => index % 3 === 0))(
    '%s at %s: the same seed gives the same question',
    (id, grade) => {
      for (const seed of [0, 1, 42, 0xffffffff, 123_456_789]) {
        expect(generateQuestion(id, grade, seed)).toEqual(generateQuestion(id, grade, seed));
      }
    },
  );
});

describe('where the right answer sits', () => {
  it('is spread over the four positions: none above 35 % for any generator', () => {
    for (const generator of MATHS_GENERATORS) {
      const positions = [0, 0, 0, 0];
      let total = 0;
      for (const grade of generator.grades) {
        for (let index = 0; index < 500; index += 1) {
          const question = generateQuestion(generator.id, grade, seedFor(index) ^ 0xabcdef);
          positions[question.correctAnswerIndex] = (positions[question.correctAnswerIndex] ?? 0) + 1;
          total += 1;
        }
      }
      for (const count of positions) expect(count / total, generator.id).toBeLessThanOrEqual(0.35);
    }
  });
});

describe('known mistakes among the options', () => {
  const sample = (
    id: string,
    grade: (typeof MATHS_GRADES)[number],
    test: (question: GeneratedQuestion) => boolean,
  ) => {
    let hits = 0;
    for (let index = 0; index < 200; index += 1)
      if (test(generateQuestion(id, grade, seedFor(index)))) hits += 1;
    return hits / 200;
  };

  it('add-carry offers the sum without carrying (57 + 37 → 84)', () => {
    const rate = sample('add-carry', 'c-2', (question) => {
      if (question.data.kind !== 'add') return false;
      const { a, b } = question.data;
      const noCarry = (((a % 10) + (b % 10)) % 10) + (Math.floor(a / 10) + Math.floor(b / 10)) * 10;
      return question.options.some((option) => option.value === String(noCarry));
    });
    expect(rate).toBe(1);
  });

  it('sub-borrow offers the smaller digit taken from the larger (53 − 28 → 35)', () => {
    const rate = sample('sub-borrow', 'c-2', (question) => {
      if (question.data.kind !== 'subtract') return false;
      const { a, b } = question.data;
      const wrong = Math.abs((a % 10) - (b % 10)) + Math.abs(Math.floor(a / 10) - Math.floor(b / 10)) * 10;
      return question.options.some((option) => option.value === String(wrong));
    });
    expect(rate).toBe(1);
  });

  it('fractions-unlike offers numerator + numerator over denominator + denominator when it is a different value', () => {
    const rate = sample('fractions-unlike', 'c-7', (question) => {
      if (question.data.kind !== 'fraction-sum' || question.data.op !== '+') return true;
      const [[an, ad], [bn, bd]] = [question.data.a, question.data.b];
      const g = (x: number, y: number): number => (y ? g(y, x % y) : x);
      const [n, d] = [an + bn, ad + bd];
      return question.options.some((option) => option.value === `${n / g(n, d)}/${d / g(n, d)}`);
    });
    expect(rate).toBeGreaterThan(0.95);
  });

  it('time-24-hour offers the a.m./p.m. mix-up (12 hours out)', () => {
    const rate = sample('time-24-hour', 'c-5', (question) => {
      if (question.data.kind !== 'clock-24') return false;
      const mixedUp = String((question.data.minutes + 720) % 1440);
      return question.options.some((option) => optionKey(question, option.value) === mixedUp);
    });
    expect(rate).toBe(1);
  });
});
