import { describe, expect, it } from 'vitest';
import { EXPLANATION_MAX, explanationTooLongMessage } from '@quizquest/shared';
import { showInHindi } from '../../../test/language.ts';
import {
  detailToDraft,
  draftProblem,
  draftToPayload,
  emptyDraft,
  emptyQuestion,
  NEW_CATEGORY,
  withLevel,
  type QuizDraft,
} from './quiz-draft.ts';
import { quizDetail } from '../testing/fixtures.ts';
import { fitWithin } from './image.ts';
import { localDayEnd, localDayStart } from './dates.ts';

function validDraft(patch: Partial<QuizDraft> = {}): QuizDraft {
  const question = emptyQuestion();
  return {
    ...emptyDraft(),
    title: 'Farm Animals',
    category: 'Science',
    grades: ['c-3'],
    questions: [
      {
        ...question,
        questionText: 'Which animal gives milk?',
        options: ['Cow', 'Dog', 'Cat', 'Hen'].map((value) => ({ type: 'text' as const, value })),
      },
    ],
    ...patch,
  };
}

describe('quiz draft rules', () => {
  it('starts as a practice quiz with one question of four empty text options, 3 attempts', () => {
    const draft = emptyDraft();
    expect(draft.level).toBe(0);
    expect(draft.subLevel).toBe('');
    expect(draft.attemptsAllowed).toBe(3);
    expect(draft.questions).toHaveLength(1);
    expect(draft.questions[0]?.options).toEqual(Array(4).fill({ type: 'text', value: '' }));
    expect(draft.questions[0]?.correctAnswerIndex).toBe(0);
  });

  it.each([
    [0, ''],
    [1, 'L1-C1'],
    [7, 'L7-C1'],
    [10, 'L10-C1'],
  ])('level %i preselects sub-level %j', (level, subLevel) => {
    expect(withLevel(validDraft({ level: 4, subLevel: 'L4-C6' }), level)).toMatchObject({ level, subLevel });
  });

  const question = (patch: Partial<QuizDraft['questions'][number]>) =>
    validDraft().questions.map((q) => ({ ...q, ...patch }));

  it.each<[string, Partial<QuizDraft>, string | null]>([
    ['a valid quiz', {}, null],
    ['no title', { title: '  ' }, 'Title is required'],
    [
      'a new category without a name',
      { category: NEW_CATEGORY, newCategory: ' ' },
      'Enter the name of the new category',
    ],
    ['no category', { category: '' }, 'Category is required'],
    ['no grade', { grades: [] }, 'Choose at least one grade'],
    [
      'no text and no image',
      { questions: question({ questionText: ' ' }) },
      'Question 1 must have either text or image.',
    ],
    [
      'an image and no text',
      { questions: question({ questionText: '', questionImage: 'data:image/png;base64,AAAA' }) },
      null,
    ],
    [
      'an empty option',
      {
        questions: question({
          options: [
            { type: 'text', value: 'a' },
            { type: 'image', value: '' },
            { type: 'text', value: 'c' },
            { type: 'text', value: 'd' },
          ],
        }),
      },
      'All options must be filled in Question 1.',
    ],
    [
      'a javascript: link',
      { learnMoreLink: 'javascript:alert(1)' },
      'The Learn More link must start with http:// or https://',
    ],
    ['0 attempts', { attemptsAllowed: 0 }, 'Attempts allowed must be 1 to 100'],
    ['all questions per attempt (empty)', { questionsPerAttempt: null }, null],
    ['as many per attempt as the pool holds', { questionsPerAttempt: 1 }, null],
    [
      '0 questions per attempt',
      { questionsPerAttempt: 0 },
      'Questions per attempt must be 1 to 100, or empty for all',
    ],
    [
      'more per attempt than the pool holds',
      { questionsPerAttempt: 2 },
      "Questions per attempt cannot be more than the quiz's 1 questions",
    ],
    ['a level without its sub-level', { level: 3, subLevel: 'L2-C1' }, 'Choose a sub-level of Level 3'],
  ])('%s → %j', (_, patch, expected) => {
    expect(draftProblem(validDraft(patch))).toBe(expected);
  });

  it("gives the schema's own words for a rule only the schema checks", () => {
    const long = question({ explanation: 'x'.repeat(EXPLANATION_MAX + 1) });
    expect(draftProblem(validDraft({ questions: long }))).toBe(explanationTooLongMessage(1));
  });

  it.each<[string, Partial<QuizDraft>, string]>([
    ['no title', { title: '' }, 'क्विज़ का नाम लिखना ज़रूरी है'],
    ['no grade', { grades: [] }, 'कम से कम एक कक्षा चुनें'],
    [
      'no text and no image',
      { questions: question({ questionText: '' }) },
      'सवाल 1 में लिखा हुआ सवाल या तस्वीर, कोई एक ज़रूर होनी चाहिए।',
    ],
    ['0 attempts', { attemptsAllowed: 0 }, 'प्रयासों की संख्या 1 से 100 तक होनी चाहिए'],
    [
      'more per attempt than the pool holds',
      { questionsPerAttempt: 2 },
      'हर प्रयास के सवाल क्विज़ के 1 सवालों से ज़्यादा नहीं हो सकते',
    ],
    ['a level without its sub-level', { level: 3, subLevel: 'L2-C1' }, 'लेवल 3 का कोई सब-लेवल चुनें'],
  ])('in Hindi: %s → %j', (_, patch, expected) => {
    showInHindi();
    expect(draftProblem(validDraft(patch))).toBe(expected);
  });

  it('names the question that breaks a rule', () => {
    const draft = validDraft();
    const second = { ...emptyQuestion(), options: draft.questions[0]?.options ?? [] };
    expect(draftProblem({ ...draft, questions: [...draft.questions, second] })).toBe(
      'Question 2 must have either text or image.',
    );
  });

  it('sends a new category by its name, practice without sub-level, blanks as null', () => {
    const payload = draftToPayload(
      validDraft({ category: NEW_CATEGORY, newCategory: ' Farm ', learnMoreLink: ' ' }),
    );
    expect(payload).toMatchObject({ category: 'Farm', level: 0, subLevel: null, learnMoreLink: null });
    expect(payload.questions[0]).toMatchObject({
      questionImage: null,
      questionText: 'Which animal gives milk?',
    });
  });

  it('sends a question added in the form without an id, its options shuffled unless kept', () => {
    const [question] = draftToPayload(validDraft()).questions;
    expect(question).not.toHaveProperty('_id');
    expect(question).toMatchObject({ keepOptionOrder: false });
  });

  it('round-trips a saved quiz through the form unchanged', () => {
    const detail = quizDetail();
    const payload = draftToPayload(detailToDraft(detail));
    expect(payload).toEqual({
      title: detail.title,
      category: detail.category,
      grades: detail.grades,
      level: detail.level,
      subLevel: detail.subLevel,
      showByDefault: detail.showByDefault,
      learnMoreLink: detail.learnMoreLink,
      attemptsAllowed: detail.attemptsAllowed,
      questionsPerAttempt: detail.questionsPerAttempt,
      questions: detail.questions,
    });
  });
});

describe('the Hindi version in the draft (issue 18)', () => {
  const hindi = (patch: Partial<QuizDraft['questions'][number]['hi']>) => {
    const draft = validDraft();
    return {
      ...draft,
      questions: draft.questions.map((q) => ({
        ...q,
        hi: { questionText: 'कौन-सा जानवर दूध देता है?', options: ['', '', '', ''], explanation: '', ...patch },
      })),
    };
  };

  it('starts every question with empty Hindi fields and sends no Hindi version for them', () => {
    const draft = validDraft();
    expect(draft.hiTitle).toBe('');
    expect(draft.questions[0]?.hi).toEqual({ questionText: '', options: ['', '', '', ''], explanation: '' });
    const payload = draftToPayload(draft);
    expect(payload).not.toHaveProperty('hi');
    expect(payload.questions[0]).not.toHaveProperty('hi');
  });

  it('sends the Hindi title and version trimmed; an empty option or an image option is null', () => {
    const draft = hindi({ options: [' गाय ', '', 'बिल्ली', 'मुर्गी'] });
    const [question] = draft.questions;
    const withImage = {
      ...draft,
      hiTitle: ' खेत के जानवर ',
      questions: [
        {
          ...question!,
          options: question!.options.map((option, i) =>
            i === 3 ? { type: 'image' as const, value: 'data:image/png;base64,AAAA' } : option,
          ),
        },
      ],
    };
    const payload = draftToPayload(withImage);
    expect(payload.hi).toEqual({ title: 'खेत के जानवर' });
    expect(payload.questions[0]?.hi).toEqual({
      questionText: 'कौन-सा जानवर दूध देता है?',
      options: ['गाय', null, 'बिल्ली', null],
      explanation: null,
    });
    expect(draftProblem(withImage)).toBeNull();
  });

  it('round-trips a saved Hindi version through the form unchanged', () => {
    const detail = quizDetail();
    const saved = {
      ...detail,
      hi: { title: 'हमारे आस-पास के जानवर' },
      questions: detail.questions.map((q) => ({
        ...q,
        hi: {
          questionText: 'कौन-सा जानवर भौंकता है?',
          options: ['बिल्ली', 'गाय', null, 'मछली'],
          explanation: 'कुत्ते भौंकते हैं।',
        },
      })),
    };
    const draft = detailToDraft(saved);
    expect(draft.hiTitle).toBe('हमारे आस-पास के जानवर');
    expect(draft.questions[0]?.hi).toEqual({
      questionText: 'कौन-सा जानवर भौंकता है?',
      options: ['बिल्ली', 'गाय', '', 'मछली'],
      explanation: 'कुत्ते भौंकते हैं।',
    });
    const payload = draftToPayload(draft);
    expect(payload.hi).toEqual(saved.hi);
    expect(payload.questions).toEqual(saved.questions);
  });

  it('a saved question without Hindi (null) loads empty and stays without', () => {
    const detail = quizDetail();
    const saved = { ...detail, hi: null, questions: detail.questions.map((q) => ({ ...q, hi: null })) };
    const payload = draftToPayload(detailToDraft(saved));
    expect(payload).not.toHaveProperty('hi');
    expect(payload.questions[0]).not.toHaveProperty('hi');
  });

  it.each<[string, Parameters<typeof hindi>[0], string | null]>([
    ['the text alone', {}, null],
    [
      'options without the text',
      { questionText: ' ', options: ['गाय', '', '', ''] },
      'Question 1 has Hindi options or an explanation but no Hindi question text.',
    ],
    [
      'an option repeating another as shown',
      { options: ['', 'cow', '', ''] },
      'Question 1: Hindi option "cow" appears twice',
    ],
    [
      'a Hindi explanation without an English one',
      { explanation: 'गाय हमें दूध देती है।' },
      'Question 1: A Hindi explanation needs an English explanation',
    ],
  ])('%s → %j', (_, patch, expected) => {
    expect(draftProblem(hindi(patch))).toBe(expected);
  });

  it('asks for the Hindi explanation of an explained question', () => {
    const draft = hindi({});
    const explained = {
      ...draft,
      questions: draft.questions.map((q) => ({ ...q, explanation: 'Cows make milk.' })),
    };
    expect(draftProblem(explained)).toBe('Question 1: The Hindi version needs the explanation too');
  });

  it.each<[string, Parameters<typeof hindi>[0], string]>([
    [
      'options without the text',
      { questionText: '', options: ['गाय', '', '', ''] },
      'सवाल 1 में हिन्दी विकल्प या ‘समझिए क्यों’ लिखा है, पर हिन्दी में सवाल नहीं लिखा।',
    ],
    [
      'an option repeating another',
      { options: ['गाय', 'गाय', '', ''] },
      'सवाल 1: हिन्दी में विकल्प "गाय" दो बार आया है',
    ],
  ])('in Hindi: %s → %j', (_, patch, expected) => {
    showInHindi();
    expect(draftProblem(hindi(patch))).toBe(expected);
  });
});

describe('option image size', () => {
  it.each([
    [1200, 800, 600, 400],
    [800, 1200, 400, 600],
    [600, 600, 600, 600],
    [300, 200, 300, 200],
    [5000, 10, 600, 1],
  ])('%i×%i fits in 600×600 as %i×%i, never enlarged', (width, height, w, h) => {
    expect(fitWithin(width, height, 600)).toEqual({ width: w, height: h });
  });
});

describe('date filters', () => {
  it('turns a picked day into the start and the end of that local day', () => {
    expect(localDayStart('2026-03-14')).toBe(new Date(2026, 2, 14, 0, 0, 0, 0).toISOString());
    expect(localDayEnd('2026-03-14')).toBe(new Date(2026, 2, 14, 23, 59, 59, 999).toISOString());
    expect(localDayStart('')).toBeUndefined();
    expect(localDayEnd('14/03/2026')).toBeUndefined();
  });
});
