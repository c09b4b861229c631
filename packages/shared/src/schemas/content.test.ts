import { describe, expect, it } from 'vitest';
import { EXPLANATION_RESTATES_ANSWER_MESSAGE } from '../constants.ts';
import { ContentPack, ContentQuiz, type ContentQuizInput } from './content.ts';

const text = (value: string) => ({ type: 'text' as const, value });
const validQuiz = (overrides: Partial<ContentQuizInput> = {}): ContentQuizInput => ({
  key: 'cert-L3-C2',
  title: 'Addition Ace',
  category: 'Maths',
  grades: ['c-2', 'c-3'],
  level: 3,
  subLevel: 'L3-C2',
  showByDefault: false,
  questions: [
    {
      questionText: 'What is 2 + 2?',
      options: [text('3'), text('4'), text('5'), text('6')],
      correctAnswerIndex: 1,
    },
  ],
  ...overrides,
});

describe('ContentQuiz', () => {
  it('accepts a certification quiz and fills attemptsAllowed with the default 3', () => {
    const parsed = ContentQuiz.parse(validQuiz());
    expect(parsed.attemptsAllowed).toBe(3);
    expect(parsed.subLevel).toBe('L3-C2');
  });

  it('accepts a practice quiz with an http(s) learn-more link, image question and image options', () => {
    const parsed = ContentQuiz.parse(
      validQuiz({
        key: 'practice-maths-c1-2',
        level: 0,
        subLevel: undefined,
        attemptsAllowed: 100,
        learnMoreLink: 'https://en.wikipedia.org/wiki/Addition',
        questions: [
          {
            questionText: '  Which is a circle?  ',
            questionImage: 'images/shape-circle.png',
            options: [
              { type: 'image', value: 'images/shape-circle.png' },
              { type: 'image', value: 'images/shape-square.webp' },
              { type: 'image', value: 'images/shape-star.jpg' },
              text('None'),
            ],
            correctAnswerIndex: 0,
          },
        ],
      }),
    );
    expect(parsed.questions[0]?.questionText).toBe('Which is a circle?');
  });

  it('accepts a question with an explanation (trimmed) and an explanation image, or without', () => {
    const question = (validQuiz().questions ?? [])[0]!;
    const parsed = ContentQuiz.parse(
      validQuiz({
        questions: [
          {
            ...question,
            explanation: '  Two and two more make four: count 1, 2, then 3, 4.  ',
            explanationImage: 'images/two-plus-two.png',
          },
          { ...question, questionText: 'What is 1 + 3?' },
        ],
      }),
    );
    expect(parsed.questions[0]).toMatchObject({
      explanation: 'Two and two more make four: count 1, 2, then 3, 4.',
      explanationImage: 'images/two-plus-two.png',
    });
    expect(parsed.questions[1]?.explanation).toBeUndefined();
  });

  const invalid: Array<[string, Partial<ContentQuizInput>, RegExp]> = [
    ['level 11', { level: 11, subLevel: 'L11-C1' }, /level must be 0 \(practice\) to 10/],
    ['a certification quiz without subLevel', { subLevel: undefined }, /needs subLevel L3-C1 … L3-C10/],
    ['sub-level C11', { subLevel: 'L3-C11' }, /needs subLevel L3-C1 … L3-C10/],
    ['sub-level C0', { subLevel: 'L3-C0' }, /needs subLevel/],
    ['a practice quiz with a subLevel', { level: 0, subLevel: 'L1-C1' }, /has no subLevel/],
    ['no grades', { grades: [] }, /at least one grade/],
    ['a grade twice', { grades: ['c-2', 'c-2'] }, /A grade appears twice/],
    ['attemptsAllowed 0', { attemptsAllowed: 0 }, /attemptsAllowed must be 1 to 100/],
    ['attemptsAllowed 101', { attemptsAllowed: 101 }, /attemptsAllowed must be 1 to 100/],
    ['an ftp learn-more link', { learnMoreLink: 'ftp://example.org/file' }, /http\(s\) link/],
    ['a blank title', { title: '   ' }, /Title is required/],
    ['a key with spaces', { key: 'cert L3 C2' }, /letters, digits and single dashes/],
    ['no questions', { questions: [] }, /at least one question/],
    [
      'five options',
      {
        questions: [
          { questionText: 'Q?', options: ['a', 'b', 'c', 'd', 'e'].map(text), correctAnswerIndex: 0 },
        ],
      },
      /exactly 4 options/,
    ],
    [
      'an empty option',
      { questions: [{ questionText: 'Q?', options: ['a', 'b', 'c', ' '].map(text), correctAnswerIndex: 0 }] },
      /Option text is required/,
    ],
    [
      'an image option outside images/',
      {
        questions: [
          {
            questionText: 'Q?',
            options: [{ type: 'image', value: '/etc/passwd.png' }, text('b'), text('c'), text('d')],
            correctAnswerIndex: 0,
          },
        ],
      },
      /under images\//,
    ],
    [
      'a fractional answer index',
      {
        questions: [{ questionText: 'Q?', options: ['a', 'b', 'c', 'd'].map(text), correctAnswerIndex: 1.5 }],
      },
      /correctAnswerIndex must be 0 to 3/,
    ],
    [
      'an explanation that only repeats the correct option',
      {
        questions: [
          {
            questionText: 'Q?',
            options: ['a', 'b', 'c', 'd'].map(text),
            correctAnswerIndex: 1,
            explanation: ' B ',
          },
        ],
      },
      new RegExp(EXPLANATION_RESTATES_ANSWER_MESSAGE),
    ],
    [
      'an explanation of 1001 characters',
      {
        questions: [
          {
            questionText: 'Q?',
            options: ['a', 'b', 'c', 'd'].map(text),
            correctAnswerIndex: 1,
            explanation: 'x'.repeat(1001),
          },
        ],
      },
      /Explanation must be at most 1000 characters/,
    ],
    [
      'a blank explanation',
      {
        questions: [
          {
            questionText: 'Q?',
            options: ['a', 'b', 'c', 'd'].map(text),
            correctAnswerIndex: 1,
            explanation: '  ',
          },
        ],
      },
      /Explanation is required/,
    ],
    [
      'an explanation image outside images/',
      {
        questions: [
          {
            questionText: 'Q?',
            options: ['a', 'b', 'c', 'd'].map(text),
            correctAnswerIndex: 1,
            explanationImage: '../secret.png',
          },
        ],
      },
      /under images\//,
    ],
  ];
  it.each(invalid)('refuses %s', (_name, overrides, message) => {
    const parsed = ContentQuiz.safeParse(validQuiz(overrides));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message).join('\n')).toMatch(message);
  });
});

describe('ContentQuiz pools', () => {
  const pool = (count: number) =>
    Array.from({ length: count }, (_, index) => ({
      questionText: `What is ${index} + 1?`,
      options: [0, 1, 2, 3].map((offset) => ({ type: 'text' as const, value: String(index + offset) })),
      correctAnswerIndex: 1,
    }));
  const practice = {
    key: 'p',
    title: 'P',
    category: 'Maths',
    grades: ['c-1'],
    level: 0,
    showByDefault: false,
  };

  it('accepts questionsPerAttempt up to the pool size and keepOptionOrder on a question', () => {
    const parsed = ContentQuiz.safeParse({
      ...practice,
      questionsPerAttempt: 10,
      questions: pool(30).map((question, index) =>
        index === 0 ? { ...question, keepOptionOrder: true } : question,
      ),
    });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.questionsPerAttempt).toBe(10);
    expect(parsed.data?.questions[0]?.keepOptionOrder).toBe(true);
  });

  it.each([
    [0, 'questionsPerAttempt must be 1 to 100'],
    [2.5, 'questionsPerAttempt must be 1 to 100'],
    [101, 'questionsPerAttempt must be 1 to 100'],
    ['10', 'questionsPerAttempt must be a number'],
    [31, 'questionsPerAttempt is 31 but the quiz has only 30 questions'],
  ])('refuses questionsPerAttempt %j', (questionsPerAttempt, message) => {
    const parsed = ContentQuiz.safeParse({ ...practice, questionsPerAttempt, questions: pool(30) });
    expect(parsed.error?.issues.map((issue) => issue.message)).toContain(message);
  });

  it('refuses a keepOptionOrder that is not a boolean', () => {
    const parsed = ContentQuiz.safeParse({
      ...practice,
      questions: [{ ...pool(1)[0], keepOptionOrder: 'yes' }],
    });
    expect(parsed.error?.issues.map((issue) => issue.message)).toContain(
      'keepOptionOrder must be true or false',
    );
  });
});

describe('ContentPack', () => {
  it('refuses a key or a title used twice', () => {
    const parsed = ContentPack.safeParse([
      validQuiz(),
      validQuiz({ title: 'Another' }),
      validQuiz({ key: 'cert-L3-C3', subLevel: 'L3-C3', title: 'addition ace' }),
    ]);
    expect(parsed.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [[1, 'key'], 'key "cert-L3-C2" is used twice'],
      [[2, 'title'], 'Title "addition ace" is used twice'],
    ]);
  });

  it('refuses an empty file', () => {
    expect(ContentPack.safeParse([]).success).toBe(false);
  });
});
