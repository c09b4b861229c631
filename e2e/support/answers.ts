import { readFileSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEMO_ADMIN, expect } from './fixtures.ts';

/*
 * Every attempt is a fresh draw (decision 031): the questions come in a random order with their
 * options shuffled, so the specs answer by WHAT is shown, never by position. The right answer of
 * each question is read from the bundled content pack (or from the quiz the spec made), found by
 * the question's text, and the option is then found among those shown by its text or picture.
 */

export interface Option {
  type: 'text' | 'image';
  value: string;
}

export interface KeyQuestion {
  questionText: string;
  questionImage?: string | null;
  options: Option[];
  correctAnswerIndex: number;
  explanation?: string | null;
  /** The question in Hindi (decision 034): a null option shows the English one. */
  hi?: { questionText: string; options: Array<string | null>; explanation?: string | null };
}

export interface KeyQuiz {
  key?: string;
  title: string;
  subLevel?: string;
  /** A pool shows this many per attempt (decision 031); absent: all its questions. */
  questionsPerAttempt?: number;
  questions: KeyQuestion[];
  hi?: { title: string };
}

/** The quiz as a Hindi learner is shown it: each question's Hindi version where it has one. */
export function inHindi(quiz: KeyQuiz): KeyQuiz {
  return {
    ...quiz,
    title: quiz.hi?.title ?? quiz.title,
    questions: quiz.questions.map((question) => {
      const { hi } = question;
      if (!hi) return question;
      return {
        questionText: hi.questionText,
        questionImage: question.questionImage ?? null,
        correctAnswerIndex: question.correctAnswerIndex,
        explanation: hi.explanation ?? question.explanation ?? null,
        options: question.options.map((option, index) => {
          const text = hi.options[index];
          return option.type === 'text' && typeof text === 'string'
            ? { type: 'text' as const, value: text }
            : option;
        }),
      };
    }),
  };
}

/** How many questions one attempt of a pack quiz shows. */
export const shownCount = (quiz: KeyQuiz) =>
  Math.min(quiz.questionsPerAttempt ?? Infinity, quiz.questions.length);

/** The questions as a learner's draw (GET /api/quizzes/{id}, GET /api/review) carries them. */
export interface ShownQuestion {
  _id: string;
  questionText: string;
  questionImage: string | null;
  options: Option[];
}

/** A file of the bundled content pack, e.g. 'practice/computers.json'. */
export function readPack(file: string): KeyQuiz[] {
  return JSON.parse(
    readFileSync(new URL(`../../packages/server/content/${file}`, import.meta.url), 'utf8'),
  ) as KeyQuiz[];
}

/** One quiz of a pack file, by its key or its sub-level. */
export function packQuiz(file: string, match: { key?: string; subLevel?: string }): KeyQuiz {
  const quiz = readPack(file).find(
    (candidate) =>
      (match.key === undefined || candidate.key === match.key) &&
      (match.subLevel === undefined || candidate.subLevel === match.subLevel),
  );
  if (!quiz) throw new Error(`The content pack's ${file} has no quiz ${JSON.stringify(match)}`);
  return quiz;
}

/**
 * The answer key of a quiz: each question's correct option and one wrong option, by question
 * text. Image options of the pack are named by their file (images/x.png); `imageUrls` turns them
 * into the /api/media URLs the learner is shown (see `packImageUrls`).
 */
export class AnswerKey {
  private readonly byText = new Map<string, KeyQuestion>();

  constructor(
    quiz: KeyQuiz | KeyQuestion[],
    private readonly imageUrls: Map<string, string> = new Map(),
  ) {
    for (const question of Array.isArray(quiz) ? quiz : quiz.questions) {
      if (this.byText.has(question.questionText)) {
        throw new Error(`Two questions read "${question.questionText}": the key cannot tell them apart`);
      }
      this.byText.set(question.questionText, question);
    }
  }

  question(questionText: string): KeyQuestion {
    const question = this.byText.get(questionText);
    if (!question) throw new Error(`No question "${questionText}" in the answer key`);
    return question;
  }

  /** The correct option of the question with this text, as the learner is shown it. */
  correct(questionText: string): Option {
    const question = this.question(questionText);
    const option = question.options[question.correctAnswerIndex];
    if (!option) throw new Error(`"${questionText}" has no option ${question.correctAnswerIndex}`);
    return this.shown(option);
  }

  /** Whether an option shown for the question with this text is its correct one. */
  isCorrect(questionText: string, option: Option): boolean {
    const correct = this.correct(questionText);
    return option.type === correct.type && option.value === correct.value;
  }

  /** The explanation written for the question with this text. */
  explanation(questionText: string): string {
    const explanation = this.question(questionText).explanation;
    if (!explanation) throw new Error(`"${questionText}" has no explanation`);
    return explanation;
  }

  /** The index, among the options shown, of the correct one (or of the first wrong one). */
  indexIn(question: Pick<ShownQuestion, 'questionText' | 'options'>, right: boolean): number {
    const index = question.options.findIndex(
      (option) => this.isCorrect(question.questionText, option) === right,
    );
    if (index === -1)
      throw new Error(`"${question.questionText}": no ${right ? 'right' : 'wrong'} option shown`);
    return index;
  }

  /** The answers to a draw in the order shown: `right(number)` decides per question (1-based). */
  answersFor(questions: ShownQuestion[], right: (number: number) => boolean = () => true): number[] {
    return questions.map((question, index) => this.indexIn(question, right(index + 1)));
  }

  private shown(option: Option): Option {
    if (option.type !== 'image') return option;
    const url = this.imageUrls.get(option.value);
    if (!url) throw new Error(`No media URL known for the pack's ${option.value}`);
    return { type: 'image', value: url };
  }
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The demo admin's token, through the real login. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/auth/login', { data: DEMO_ADMIN });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

/**
 * The /api/media URL of each image option of a pack quiz as it was loaded: the admin's view of the
 * stored quiz keeps the pack's question and option order, so the pack's file names line up with
 * the stored URLs. Only pictures are translated: which one is right still comes from the pack.
 */
export async function packImageUrls(
  request: APIRequestContext,
  quizId: string,
  pack: KeyQuiz,
): Promise<Map<string, string>> {
  const detail = await request.get(`/api/admin/quizzes/${quizId}`, {
    headers: bearer(await adminToken(request)),
  });
  expect(detail.status()).toBe(200);
  const stored = ((await detail.json()) as { questions: KeyQuestion[] }).questions;
  expect(stored.map((question) => question.questionText)).toEqual(
    pack.questions.map((question) => question.questionText),
  );
  const urls = new Map<string, string>();
  for (const [index, question] of pack.questions.entries()) {
    for (const [optionIndex, option] of question.options.entries()) {
      if (option.type !== 'image') continue;
      const url = stored[index]?.options[optionIndex]?.value;
      if (!url) throw new Error(`No stored option for ${option.value}`);
      urls.set(option.value, url);
    }
  }
  return urls;
}

/** GET /api/quizzes/{id}: the learner's pending draw (made on this first read). */
export async function openQuiz(
  request: APIRequestContext,
  token: string,
  quizId: string,
): Promise<{ questions: ShownQuestion[] }> {
  const response = await request.get(`/api/quizzes/${quizId}`, { headers: bearer(token) });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { questions: ShownQuestion[] };
}

/**
 * One attempt through the API the attempt page uses: open the quiz (its draw), then answer in the
 * order shown, right or wrong per question as `right` says. Returns the submission's response.
 */
export async function submitByKey(
  request: APIRequestContext,
  token: string,
  quizId: string,
  key: AnswerKey,
  right: (number: number) => boolean = () => true,
) {
  const draw = await openQuiz(request, token, quizId);
  return request.post(`/api/quizzes/submit/${quizId}`, {
    headers: bearer(token),
    data: { answers: key.answersFor(draw.questions, right) },
  });
}

/** Question `number` (1-based) of an attempt or review page. */
export const questionGroup = (page: Page, number: number): Locator => page.locator(`#question-${number}`);

/** What question `number` of the page shows: its text and its options in the order shown. */
export async function shownQuestion(page: Page, number: number): Promise<ShownQuestion> {
  const group = questionGroup(page, number);
  await expect(group).toBeVisible();
  const questionText = ((await group.locator('legend .question-text').textContent()) ?? '').trim();
  const options = await group.locator('label.choice').evaluateAll((labels) =>
    labels.map((label) => {
      const image = label.querySelector('img.choice-image');
      return image
        ? { type: 'image' as const, value: new URL(image.getAttribute('src') ?? '', location.href).pathname }
        : { type: 'text' as const, value: (label.querySelector('.choice-text')?.textContent ?? '').trim() };
    }),
  );
  const image = group.locator('img.question-image');
  const questionImage = (await image.count()) ? await image.getAttribute('src') : null;
  return { _id: '', questionText, questionImage, options };
}

/** The texts of every question the page shows, in order. */
export async function shownQuestionTexts(page: Page): Promise<string[]> {
  return (await page.locator('fieldset.question legend .question-text').allTextContents()).map((text) =>
    text.trim(),
  );
}

/**
 * Picks the right (or a wrong) option of question `number` as shown, by its text or picture, and
 * returns its index among the options shown. With `keyboard`, the way a keyboard user does it:
 * focus the first choice, Space, then the arrow keys.
 */
export async function pickAnswer(
  page: Page,
  key: AnswerKey,
  number: number,
  right: boolean,
  options: { keyboard?: boolean } = {},
): Promise<number> {
  const shown = await shownQuestion(page, number);
  const index = key.indexIn(shown, right);
  const radios = questionGroup(page, number).getByRole('radio');
  if (options.keyboard) {
    await radios.first().focus();
    await page.keyboard.press('Space');
    for (let step = 0; step < index; step += 1) await page.keyboard.press('ArrowDown');
  } else {
    await radios.nth(index).check();
  }
  await expect(radios.nth(index)).toBeChecked();
  return index;
}

/** Answers every question of the page: `right(number)` decides per question (1-based). */
export async function answerShown(
  page: Page,
  key: AnswerKey,
  right: (number: number) => boolean = () => true,
  options: { keyboardFirst?: boolean } = {},
): Promise<void> {
  const count = await page.locator('fieldset.question').count();
  expect(count).toBeGreaterThan(0);
  for (let number = 1; number <= count; number += 1) {
    await pickAnswer(page, key, number, right(number), { keyboard: options.keyboardFirst && number === 1 });
  }
}
