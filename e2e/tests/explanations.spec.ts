import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  createVerifiedLearner,
  DEMO_ADMIN,
  expect,
  expectAccessible,
  loginThroughUi,
  test,
} from '../support/fixtures.ts';

/**
 * Explanations (issue 16 item 1, decision 029): a learner who answers a practice question wrong
 * reads, under it on the result page, the correct answer and why, and can have both read aloud.
 */

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** A 1 × 1 PNG: the explanation's picture. */
const PIXEL_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const EXPLANATION = 'Mars looks red because the dust on it is full of rust, like an old bicycle.';

/** A practice quiz for Class 3 made through the admin API: question 1 explained, question 2 not. */
async function createExplainedQuiz(page: Page): Promise<{ id: string; title: string }> {
  const login = await page.request.post('/api/auth/login', { data: DEMO_ADMIN });
  expect(login.status()).toBe(200);
  const title = `Red Planet ${randomUUID().slice(0, 8)}`;
  const text = (...values: string[]) => values.map((value) => ({ type: 'text', value }));
  const added = await page.request.post('/api/admin/quizzes/add', {
    headers: bearer((await login.json()).token),
    data: {
      title,
      category: 'Space',
      grades: ['c-3'],
      level: 0,
      showByDefault: false,
      attemptsAllowed: 3,
      questions: [
        {
          questionText: 'Which planet is called the Red Planet?',
          correctAnswerIndex: 1,
          options: text('Venus', 'Mars', 'Earth', 'Jupiter'),
          explanation: EXPLANATION,
          explanationImage: PIXEL_PNG,
        },
        {
          questionText: 'Which planet do we live on?',
          correctAnswerIndex: 2,
          options: text('Mercury', 'Saturn', 'Earth', 'Neptune'),
        },
      ],
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  return { id: (await added.json()).quiz._id, title };
}

for (const viewport of [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
]) {
  test(`a learner answers a practice question wrong and reads why under it (${viewport.width} px)`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    // The browser's voice is recorded instead of spoken: what would be read is what is checked.
    await page.addInitScript(() => {
      const spoken: string[] = [];
      (window as unknown as { spoken: string[] }).spoken = spoken;
      if (!('speechSynthesis' in window)) return;
      window.speechSynthesis.speak = (utterance: SpeechSynthesisUtterance) => {
        spoken.push(utterance.text);
      };
    });
    const quiz = await createExplainedQuiz(page);
    const learner = await createVerifiedLearner(page, { grade: 'c-3' });
    await loginThroughUi(page, learner.email, learner.password);
    await expect(page).toHaveURL(/\/dashboard$/);

    // The quiz the learner attempts does not carry the explanation.
    const payload = await page.request.get(`/api/quizzes/${quiz.id}`, { headers: bearer(learner.token) });
    expect(payload.status()).toBe(200);
    expect(await payload.text()).not.toContain('explanation');

    await page.goto(`/quizzes/attempt/${quiz.id}`);
    await expect(page.getByRole('heading', { level: 1, name: quiz.title })).toBeVisible();
    await expect(page.getByText(EXPLANATION)).toHaveCount(0);
    // Question 1 wrong (Venus) with the keyboard, question 2 right (Earth).
    const first = page.getByRole('group', { name: /^Question 1 / }).getByRole('radio');
    await first.first().focus();
    await page.keyboard.press('Space');
    await expect(first.first()).toBeChecked();
    await page
      .getByRole('group', { name: /^Question 2 / })
      .getByRole('radio')
      .nth(2)
      .check();
    await page.getByRole('button', { name: 'Submit Quiz' }).click();
    await expect(page).toHaveURL(/\/quizzes\/result\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Quiz Result' })).toBeVisible();

    const questions = page.locator('.result-question');
    await expect(questions).toHaveCount(2);
    const wrong = questions.nth(0);
    await expect(wrong.getByText('Incorrect')).toBeVisible();
    const learn = wrong.getByRole('region', { name: "Let's learn" });
    await expect(learn).toBeVisible();
    await expect(learn).toContainText(/Correct answer:\s*B\s*Mars/);
    await expect(learn.getByText(EXPLANATION)).toBeVisible();
    await expect(learn.getByRole('img', { name: 'Picture that explains question 1' })).toBeVisible();
    // The right answer has nothing to learn.
    await expect(questions.nth(1).locator('.verdict-correct')).toHaveText(/Correct$/);
    await expect(questions.nth(1).getByRole('region', { name: "Let's learn" })).toHaveCount(0);

    // Nothing sticks out at 360 px; the button is a comfortable target.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    const read = learn.getByRole('button', { name: 'Read aloud the answer to question 1' });
    await read.scrollIntoViewIfNeeded();
    const box = await read.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(24);
    expect(box?.height).toBeGreaterThanOrEqual(24);
    await expectAccessible(page);

    // Read aloud with the keyboard.
    await read.focus();
    await expect(read).toBeFocused();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { spoken: string[] }).spoken))
      .toEqual([`Question 1. The correct answer is B: Mars. ${EXPLANATION}`]);
    await expect(learn.getByRole('button', { name: 'Stop reading the answer to question 1' })).toBeVisible();
  });
}
