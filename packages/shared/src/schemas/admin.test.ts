import { describe, expect, it } from 'vitest';
import {
  AdminQuizInput,
  allOptionsFilledMessage,
  explanationTooLongMessage,
  isHttpLink,
  LEARN_MORE_LINK_MESSAGE,
  PRACTICE_SUB_LEVEL_MESSAGE,
  questionTextOrImageMessage,
  subLevelRequiredMessage,
  TITLE_REQUIRED_MESSAGE,
  type AdminQuizInput as AdminQuizInputType,
} from './admin.ts';
import { dateFilterBound, DateFilter } from './dates.ts';

const options = (...values: string[]) => values.map((value) => ({ type: 'text' as const, value }));

const quiz = (overrides: Partial<AdminQuizInputType> = {}): AdminQuizInputType => ({
  title: 'Animals',
  category: 'Nature',
  grades: ['c-1'],
  level: 0,
  questions: [
    {
      questionText: 'Which animal barks?',
      options: options('Dog', 'Cat', 'Cow', 'Hen'),
      correctAnswerIndex: 0,
    },
    {
      questionText: 'Which animal moos?',
      options: options('Dog', 'Cat', 'Cow', 'Hen'),
      correctAnswerIndex: 2,
    },
  ],
  ...overrides,
});

const firstMessage = (input: unknown) => {
  const result = AdminQuizInput.safeParse(input);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
};

describe('AdminQuizInput', () => {
  it('accepts a good quiz and normalises it', () => {
    const parsed = AdminQuizInput.parse(
      quiz({ title: '  Animals ', grades: ['c-1', 'c-1', 'c-2'], learnMoreLink: '', subLevel: '' }),
    );
    expect(parsed).toMatchObject({
      title: 'Animals',
      grades: ['c-1', 'c-2'],
      learnMoreLink: null,
      subLevel: null,
      showByDefault: false,
      attemptsAllowed: null,
    });
    expect(parsed.questions[0]).toMatchObject({ questionImage: null, correctAnswerIndex: 0 });
  });

  it.each<[string, AdminQuizInputType, string]>([
    ['a blank title', quiz({ title: ' ' }), TITLE_REQUIRED_MESSAGE],
    [
      'a question without text or image',
      quiz({ questions: [quiz().questions[0]!, { questionText: '', options: options('A', 'B', 'C', 'D') }] }),
      questionTextOrImageMessage(2),
    ],
    [
      'an empty option',
      quiz({ questions: [{ questionText: 'Q', options: options('A', '', 'C', 'D') }] }),
      allOptionsFilledMessage(1),
    ],
    ['a practice quiz with a sub-level', quiz({ subLevel: 'L1-C1' }), PRACTICE_SUB_LEVEL_MESSAGE],
    [
      'a level with a sub-level of another',
      quiz({ level: 4, subLevel: 'L5-C1' }),
      subLevelRequiredMessage(4),
    ],
    ['a javascript: link', quiz({ learnMoreLink: 'javascript:alert(1)' }), LEARN_MORE_LINK_MESSAGE],
  ])('refuses %s', (_name, input, message) => {
    expect(firstMessage(input)).toBe(message);
  });

  it('carries an explanation and its image, trimmed; empty or absent is none', () => {
    const parsed = AdminQuizInput.parse(
      quiz({
        questions: [
          {
            ...quiz().questions[0]!,
            explanation: '  Dogs bark to talk to each other.  ',
            explanationImage: ' /api/media/abc ',
          },
          { ...quiz().questions[1]!, explanation: '   ', explanationImage: '' },
        ],
      }),
    );
    expect(parsed.questions[0]).toMatchObject({
      explanation: 'Dogs bark to talk to each other.',
      explanationImage: '/api/media/abc',
    });
    expect(parsed.questions[1]).toMatchObject({ explanation: null, explanationImage: null });
    expect(AdminQuizInput.parse(quiz()).questions[0]).toMatchObject({
      explanation: null,
      explanationImage: null,
    });
  });

  it.each<[string, unknown, string]>([
    ['an explanation of 1001 characters', 'x'.repeat(1001), explanationTooLongMessage(2)],
    ['an explanation that is not text', 42, 'The explanation must be text'],
  ])('refuses %s', (_name, explanation, message) => {
    const input = quiz();
    const questions = [input.questions[0], { ...input.questions[1], explanation }];
    expect(firstMessage({ ...input, questions })).toBe(message);
  });

  it('accepts an explanation of exactly 1000 characters (after trimming)', () => {
    const input = quiz();
    const explanation = ` ${'x'.repeat(1000)} `;
    expect(firstMessage({ ...input, questions: [{ ...input.questions[0], explanation }] })).toBeNull();
  });

  it('accepts a question with only an image', () => {
    const input = quiz({
      questions: [
        { questionText: '', questionImage: '/api/media/abc', options: options('A', 'B', 'C', 'D') },
      ],
    });
    expect(firstMessage(input)).toBeNull();
  });
});

describe('isHttpLink', () => {
  it.each([
    ['https://example.org/a?b=c', true],
    ['http://example.org', true],
    ['HTTPS://EXAMPLE.ORG', true],
    ['javascript:alert(1)', false],
    ['data:text/html,hi', false],
    ['ftp://example.org', false],
    ['https://', false],
    ['https://exa mple.org', false],
    ['//example.org', false],
  ])('%s → %s', (link, expected) => {
    expect(isHttpLink(link)).toBe(expected);
  });
});

describe('date filters', () => {
  it.each([
    ['2024-03-01', 'start', '2024-03-01T00:00:00.000Z'],
    ['2024-03-01', 'end', '2024-03-02T00:00:00.000Z'],
    ['2024-03-01T10:00:00+05:30', 'start', '2024-03-01T04:30:00.000Z'],
    ['2024-03-01T10:00:00Z', 'end', '2024-03-01T10:00:00.001Z'],
    ['2024-03-01T23:59:59.999Z', 'end', '2024-03-02T00:00:00.000Z'],
  ] as const)('%s as the %s bound is %s', (value, edge, expected) => {
    expect(dateFilterBound(value, edge).toISOString()).toBe(expected);
  });

  it.each([['yesterday'], ['2024-13-45'], ['01/02/2024']])('refuses %s', (value) => {
    expect(DateFilter.safeParse(value).success).toBe(false);
  });

  it('treats an empty date as none', () => {
    expect(DateFilter.parse('')).toBeUndefined();
  });
});
