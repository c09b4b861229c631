import type { Page } from '@playwright/test';
import { AnswerKey, answerShown, openQuiz, packQuiz } from '../support/answers.ts';
import {
  createVerifiedLearner,
  expect,
  expectAccessible,
  loginThroughUi,
  test,
} from '../support/fixtures.ts';

/**
 * The bundled content pack's Class 3 computers quiz: its answers are read from the pack itself and
 * found by text among the options shown, since every attempt draws the questions in a new order
 * with the options shuffled (decision 031).
 */
const QUIZ_TITLE = 'Computers: Digital Explorer';
const key = new AnswerKey(packQuiz('practice/computers.json', { key: 'practice-computers-c3-5' }));

const question = (page: Page, number: number) =>
  page.getByRole('group', { name: new RegExp(`^Question ${number} `) });

async function submitAndOpenResult(page: Page) {
  await page.getByRole('button', { name: 'Submit Quiz' }).click();
  await expect(page).toHaveURL(/\/quizzes\/result\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Quiz Result' })).toBeVisible();
  // The result starts at its top, not scrolled down to where the submit button was.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Quiz Result' })).toBeInViewport();
}

async function openComputersCategory(page: Page) {
  await page
    .getByRole('navigation', { name: /main/i })
    .getByRole('link', { name: 'Practice Quizzes' })
    .click();
  await expect(page).toHaveURL(/\/quizzes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Practice Quizzes' })).toBeVisible();
  await page.getByLabel('Category').selectOption('Computers');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: QUIZ_TITLE }) });
  await expect(card).toBeVisible();
  return card;
}

test('a learner takes a practice quiz until no attempts are left and finds every attempt on the scoreboard', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const account = await createVerifiedLearner(page, { grade: 'c-3' });
  await loginThroughUi(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The practice list: the featured quizzes of Class 3 first, then a category.
  await page
    .getByRole('navigation', { name: /main/i })
    .getByRole('link', { name: 'Practice Quizzes' })
    .click();
  await expect(page.getByText('Select a category take part in the Quiz.')).toBeVisible();
  await expect(page.getByText('Featured').first()).toBeVisible();
  await expectAccessible(page);
  const card = await openComputersCategory(page);
  await expect(page.getByText('Featured')).toHaveCount(0);
  await expect(card.getByText('Attempted')).toBeVisible();
  await expect(card.locator('dd')).toHaveText(['0', '3']);
  await expectAccessible(page);
  await card.getByRole('link', { name: 'Start Quiz' }).click();

  // The attempt: nothing is sent until every question is answered.
  await expect(page).toHaveURL(/\/quizzes\/attempt\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: QUIZ_TITLE })).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: 'Practice Quizzes' })).toHaveAttribute('href', '/quizzes');
  await expect(question(page, 10)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Read aloud question 1', exact: true })).toBeVisible();
  await expectAccessible(page);
  const attemptUrl = page.url();
  let submissions = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/quizzes/submit/')) submissions += 1;
  });
  await question(page, 1).getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Submit Quiz' }).click();
  await expect(page.getByText('Please answer all questions before submitting the quiz.')).toBeVisible();
  expect(submissions).toBe(0);
  await expect(page).toHaveURL(attemptUrl);

  // A perfect first attempt (the first answer chosen with the keyboard): stars, 100.00 %,
  // confetti and the way on.
  await answerShown(page, key, () => true, { keyboardFirst: true });
  await submitAndOpenResult(page);
  expect(submissions).toBe(1);
  await expect(page.getByText(QUIZ_TITLE)).toBeVisible();
  await expect(page.getByText('100.00%', { exact: true })).toBeVisible();
  await expect(page.getByText('10 / 10 correct')).toBeVisible();
  await expect(page.getByRole('img', { name: '10 stars out of 10' })).toBeVisible();
  await expect(page.locator('canvas.confetti')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Next Quiz >' })).toHaveAttribute('href', '/dashboard');
  await expect(page.getByText('Correct answer', { exact: true })).toHaveCount(10);
  await expectAccessible(page);

  // The second attempt on a phone-sized screen, every answer wrong.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole('link', { name: 'Re-Attempt (2 left)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: QUIZ_TITLE })).toBeVisible();
  await expect(page.getByText(/Attempts Remaining: 2$/)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(page);
  const choice = await question(page, 1).locator('label').first().boundingBox();
  expect(choice?.height ?? 0).toBeGreaterThanOrEqual(44);
  await answerShown(page, key, () => false, { keyboardFirst: true });
  await submitAndOpenResult(page);
  await expect(page.getByText('0.00%', { exact: true })).toBeVisible();
  await expect(page.getByText('0 / 10 correct')).toBeVisible();
  await expect(page.getByText('Incorrect')).toHaveCount(10);
  await expect(page.getByRole('link', { name: 'Next Quiz >' })).toHaveCount(0);
  await expect(page.locator('canvas.confetti')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The third and last attempt: half right.
  await page.getByRole('link', { name: 'Re-Attempt (1 left)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: QUIZ_TITLE })).toBeVisible();
  await answerShown(page, key, (number) => number <= 5);
  await submitAndOpenResult(page);
  await expect(page.getByText('50.00%', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /Re-Attempt/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/subscribe');
  const lastResultUrl = page.url();

  // The scoreboard: one Computers group with all three attempts, newest first.
  await page.getByRole('link', { name: 'Back to Scoreboard' }).click();
  await expect(page).toHaveURL(/\/quizzes\/my-attempts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Scoreboard' })).toBeVisible();
  const group = page.getByRole('button', { name: /^Computers 3 attempts/ });
  await expect(group).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('.score-card-score')).toHaveText(['50%', '0%', '100%']);
  await expect(page.getByRole('link', { name: 'View Details' })).toHaveCount(3);
  await expectAccessible(page);
  await group.click();
  await expect(group).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('link', { name: 'View Details' })).toHaveCount(0);
  await group.click();
  await page.getByRole('link', { name: 'View Details' }).first().click();
  await expect(page).toHaveURL(lastResultUrl);
  await expect(page.getByText('50.00%', { exact: true })).toBeVisible();

  // No attempts are left: the list and the attempt page say so.
  const usedCard = await openComputersCategory(page);
  await expect(usedCard.locator('dd')).toHaveText(['3', '0']);
  await expect(usedCard.getByRole('button', { name: 'No Attempts Left' })).toBeDisabled();
  await page.goto(new URL(attemptUrl).pathname);
  await expect(page.getByText('No attempts left for this quiz.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/subscribe');
  await expect(page.getByRole('button', { name: 'Submit Quiz' })).toHaveCount(0);
  await expectAccessible(page);
});

test('at the distinct-quiz cap every start button is Upgrade Now, at 1280 px and at 360 px', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const account = await createVerifiedLearner(page, { grade: 'c-3' });
  const headers = { Authorization: `Bearer ${account.token}` };
  const base64 = (grade: string) => Buffer.from(grade).toString('base64');

  /** One attempt of a quiz through the API the attempt page uses: open it, then submit its draw. */
  async function attempt(quizId: string): Promise<void> {
    const shown = await openQuiz(page.request, account.token, quizId);
    const submitted = await page.request.post(`/api/quizzes/submit/${quizId}`, {
      headers,
      data: { answers: shown.questions.map(() => 0) },
    });
    expect(submitted.status()).toBe(201);
  }
  async function published(grade: string, category: string) {
    const response = await page.request.post('/api/quizzes/published', {
      headers,
      data: { category, grade: base64(grade) },
    });
    return ((await response.json()) as { quizzes: Array<{ _id: string; title: string; grades: string[] }> })
      .quizzes;
  }

  // The free plan's cap is 10 distinct quizzes: Class 3's Computers quiz, then nine quizzes of
  // other grades, so Class 3's other categories still list quizzes never attempted.
  const computers = (await published('c-3', 'Computers')).find((quiz) => quiz.title === QUIZ_TITLE);
  if (!computers) throw new Error(`Class 3 has no ${QUIZ_TITLE} quiz`);
  const attempted = [computers._id];
  await attempt(computers._id);
  for (const grade of ['c-12', 'c-11', 'c-10', 'c-9', 'c-8', 'c-7']) {
    const { categories } = (await (
      await page.request.get(`/api/quizzes/quiz-categories?param=${base64(grade)}`, { headers })
    ).json()) as { categories: string[] };
    for (const category of categories) {
      for (const quiz of await published(grade, category)) {
        if (attempted.length === 10 || attempted.includes(quiz._id) || quiz.grades.includes('c-3')) continue;
        await attempt(quiz._id);
        attempted.push(quiz._id);
      }
    }
  }
  expect(attempted).toHaveLength(10);

  // The server refuses a re-attempt as the list does (decision 023), the quiz opened first as the
  // attempt page does (a submission without an opened quiz is refused before the cap is looked at).
  const reopened = await openQuiz(page.request, account.token, computers._id);
  const again = await page.request.post(`/api/quizzes/submit/${computers._id}`, {
    headers,
    data: { answers: reopened.questions.map(() => 0) },
  });
  expect(again.status()).toBe(403);
  expect(await again.json()).toEqual({ message: 'Max 10 Quizzes can be attempted. Upgrade Now.' });

  await loginThroughUi(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    await page.goto('/quizzes');
    await expect(page.getByText('Max 10 Quizzes can be attempted. Upgrade Now.').first()).toBeVisible();
    // An attempted quiz (Computers) and a new one (Maths) alike.
    for (const [category, attemptedCount] of [
      ['Computers', '1'],
      ['Maths', '0'],
    ] as const) {
      await page.getByLabel('Category').selectOption(category);
      // Class 3's Computers list holds topic quizzes too: the attempted one is found by its title.
      const card =
        category === 'Computers'
          ? page.locator('.quiz-card').filter({ has: page.getByRole('heading', { name: QUIZ_TITLE }) })
          : page.locator('.quiz-card').first();
      await expect(card.locator('dd').first()).toHaveText(attemptedCount);
      await expect(page.getByRole('link', { name: 'Start Quiz' })).toHaveCount(0);
      const upgrade = card.getByRole('link', { name: 'Upgrade Now' });
      await expect(upgrade).toHaveAttribute('href', '/subscribe');
      const box = await upgrade.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectAccessible(page);
    }

    // The attempt page of the quiz already attempted agrees with the list.
    await page.goto(`/quizzes/attempt/${computers._id}`);
    const submit = page.locator('.attempt-submit');
    await expect(submit).toContainText('Max 10 Quizzes can be attempted. Upgrade Now.');
    await expect(submit.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/subscribe');
    await expect(page.getByRole('button', { name: 'Submit Quiz' })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectAccessible(page);
  }
});
