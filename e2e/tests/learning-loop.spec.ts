import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  adminToken,
  AnswerKey,
  answerShown,
  shownQuestionTexts,
  type KeyQuestion,
} from '../support/answers.ts';
import {
  createVerifiedLearner,
  expect,
  expectAccessible,
  loginThroughUi,
  test,
} from '../support/fixtures.ts';

/**
 * The learning loop of issue 16 in a real browser: a practice quiz drawn from a larger pool
 * (decision 031), the explanation under a wrong answer (decision 029), a retake that draws
 * questions not seen yet, the review of the mistakes (decision 032) and the daily goal
 * (decision 030).
 */

// The device's clock is on UTC while the learner's profile counts days in India (the default):
// the review result says when a question comes back in the learner's days, counted by the server.
test.use({ timezoneId: 'UTC' });

const POOL_SIZE = 30;
const PER_ATTEMPT = 10;
const WRONG_FIRST_TIME = 2;

/** 30 simple sums, each with its explanation: the pool. */
const POOL: KeyQuestion[] = Array.from({ length: POOL_SIZE }, (_, index) => {
  const a = index + 2;
  const b = (index % 7) + 1;
  const sum = a + b;
  const values = [sum, sum + 1, sum - 1, sum + 2];
  return {
    questionText: `What is ${a} + ${b}?`,
    options: values.map((value) => ({ type: 'text' as const, value: String(value) })),
    correctAnswerIndex: 0,
    explanation: `Start at ${a} and count on ${b}: ${a} + ${b} = ${sum}.`,
  };
});
const key = new AnswerKey(POOL);

/** A practice pool quiz for Class 3 made through the admin API: 30 questions, 10 per attempt. */
async function createPoolQuiz(page: Page): Promise<{ title: string; category: string }> {
  const tag = randomUUID().slice(0, 6);
  const title = `Sums Pool ${tag}`;
  const category = `Sums ${tag}`;
  const added = await page.request.post('/api/admin/quizzes/add', {
    headers: { Authorization: `Bearer ${await adminToken(page.request)}` },
    data: {
      title,
      category,
      grades: ['c-3'],
      level: 0,
      showByDefault: false,
      attemptsAllowed: 3,
      questionsPerAttempt: PER_ATTEMPT,
      questions: POOL,
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const quiz = (await added.json()).quiz as { questionsPerAttempt: number; questions: unknown[] };
  expect(quiz.questionsPerAttempt).toBe(PER_ATTEMPT);
  expect(quiz.questions).toHaveLength(POOL_SIZE);
  return { title, category };
}

const poolTexts = new Set(POOL.map((question) => question.questionText));

async function fitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** The questions of the attempt page: ten of the pool, none twice. */
async function expectDrawOfPool(page: Page): Promise<string[]> {
  await expect(page.locator('fieldset.question')).toHaveCount(PER_ATTEMPT);
  const texts = await shownQuestionTexts(page);
  expect(new Set(texts).size).toBe(PER_ATTEMPT);
  for (const text of texts) expect(poolTexts.has(text), `"${text}" is a question of the pool`).toBe(true);
  return texts;
}

async function submitAndOpenResult(page: Page) {
  await page.getByRole('button', { name: 'Submit Quiz' }).click();
  await expect(page).toHaveURL(/\/quizzes\/result\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Quiz Result' })).toBeVisible();
}

const resultQuestion = (page: Page, text: string) =>
  page.locator('.result-question').filter({ has: page.getByText(text, { exact: true }) });

test('a learner misses a question, reads why, retakes to new questions, reviews the mistakes and meets the daily goal', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const quiz = await createPoolQuiz(page);
  const learner = await createVerifiedLearner(page, { grade: 'c-3', firstName: 'Aarav' });
  await loginThroughUi(page, learner.email, learner.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  // A new learner: the goal is still to meet and nothing is waiting for review.
  const streak = page.getByRole('region', { name: 'Your learning days' });
  await expect(streak.getByText("Today's goal: 1 quiz")).toBeVisible();
  await expect(page.getByRole('link', { name: /Review your mistakes/ })).toHaveCount(0);

  // The practice list: the pool quiz in its category.
  await page.goto('/quizzes');
  await expect(page.getByRole('heading', { level: 1, name: 'Practice Quizzes' })).toBeVisible();
  await page.getByLabel('Category').selectOption(quiz.category);
  const card = page
    .getByRole('list', { name: `${quiz.category} quizzes` })
    .getByRole('listitem')
    .filter({ hasText: quiz.title });
  await card.getByRole('link', { name: 'Start Quiz' }).click();

  // First attempt: ten questions of the thirty, two of them answered wrong.
  await expect(page.getByRole('heading', { level: 1, name: quiz.title })).toBeVisible();
  const first = await expectDrawOfPool(page);
  const missed = first.slice(0, WRONG_FIRST_TIME);
  await answerShown(page, key, (number) => number > WRONG_FIRST_TIME);
  await submitAndOpenResult(page);
  await expect(page.getByText(`${PER_ATTEMPT - WRONG_FIRST_TIME} / ${PER_ATTEMPT} correct`)).toBeVisible();
  await expect(page.locator('.result-question .verdict-incorrect')).toHaveCount(WRONG_FIRST_TIME);
  await expect(page.getByRole('region', { name: "Let's learn" })).toHaveCount(WRONG_FIRST_TIME);

  // Under each wrong answer: the correct answer and why.
  for (const text of missed) {
    const item = resultQuestion(page, text);
    await expect(item.locator('.verdict')).toHaveText(/Incorrect$/);
    const learn = item.getByRole('region', { name: "Let's learn" });
    await expect(learn).toBeVisible();
    await expect(learn).toContainText(
      new RegExp(`Correct answer:\\s*[A-D]\\s*${key.correct(text).value}(?!\\d)`),
    );
    await expect(learn.getByText(key.explanation(text), { exact: true })).toBeVisible();
  }
  // A right answer has nothing to learn.
  const rightOne = resultQuestion(page, first[WRONG_FIRST_TIME] ?? '');
  await expect(rightOne.locator('.verdict')).toHaveText(/Correct$/);
  await expect(rightOne.getByRole('region', { name: "Let's learn" })).toHaveCount(0);
  await expectAccessible(page);

  // The retake draws questions not seen yet: none of the first attempt's ten.
  await page.getByRole('link', { name: 'Re-Attempt (2 left)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: quiz.title })).toBeVisible();
  const second = await expectDrawOfPool(page);
  expect(second.filter((text) => first.includes(text))).toEqual([]);
  await answerShown(page, key);
  await submitAndOpenResult(page);
  await expect(page.getByText(`${PER_ATTEMPT} / ${PER_ATTEMPT} correct`)).toBeVisible();

  // The mistakes wait in the review box: the practice list and the dashboard say so.
  const reviewLink = page.getByRole('link', { name: `Review your mistakes (${WRONG_FIRST_TIME} due)` });
  await page.goto('/quizzes');
  await expect(page.getByRole('heading', { level: 1, name: 'Practice Quizzes' })).toBeVisible();
  await expect(reviewLink).toBeVisible();
  await expect(reviewLink).toHaveAttribute('href', '/review');

  // On a phone: the dashboard's link opens the review.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/dashboard');
  await expect(streak.getByText('Goal met for today!')).toBeVisible();
  await reviewLink.click();
  await expect(page).toHaveURL(/\/review$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Review your mistakes' })).toBeVisible();
  await expect(page.locator('fieldset.question')).toHaveCount(WRONG_FIRST_TIME);
  expect((await shownQuestionTexts(page)).sort()).toEqual([...missed].sort());
  await expect(page.getByText(`From: ${quiz.title}`)).toHaveCount(WRONG_FIRST_TIME);
  await fitsWidth(page, 360);
  await expectAccessible(page);

  // Answered right this time: each marked, with when it comes back.
  await answerShown(page, key);
  await page.getByRole('button', { name: 'Check my answers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Review result' })).toBeVisible();
  await expect(page.getByText(`${WRONG_FIRST_TIME} / ${WRONG_FIRST_TIME} correct`)).toBeVisible();
  const reviewed = page.locator('.result-question');
  await expect(reviewed).toHaveCount(WRONG_FIRST_TIME);
  for (const text of missed) {
    const item = resultQuestion(page, text);
    await expect(item.locator('.verdict')).toHaveText(/Correct$/);
    await expect(item.getByText('Well remembered! It comes back tomorrow.')).toBeVisible();
  }
  await fitsWidth(page, 360);
  await expectAccessible(page);

  // Back on the dashboard: the goal met, a streak of one day, and nothing left to review today.
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(streak.getByText('Goal met for today!')).toBeVisible();
  await expect(streak.getByText('1 day in a row')).toBeVisible();
  await expect(page.getByRole('link', { name: /Review your mistakes/ })).toHaveCount(0);
  await fitsWidth(page, 360);
  await expectAccessible(page);
});
