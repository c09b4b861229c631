import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { AnswerKey, pickAnswer, shownQuestionTexts, type KeyQuestion } from '../support/answers.ts';
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

const text = (...values: string[]) => values.map((value) => ({ type: 'text' as const, value }));
const MARS = 'Which planet is called the Red Planet?';
const EARTH = 'Which planet do we live on?';
const QUESTIONS: KeyQuestion[] = [
  {
    questionText: MARS,
    correctAnswerIndex: 1,
    options: text('Venus', 'Mars', 'Earth', 'Jupiter'),
    explanation: EXPLANATION,
  },
  {
    questionText: EARTH,
    correctAnswerIndex: 2,
    options: text('Mercury', 'Saturn', 'Earth', 'Neptune'),
  },
];
const key = new AnswerKey(QUESTIONS);

/** A practice quiz for Class 3 made through the admin API: the Mars question explained, the other not. */
async function createExplainedQuiz(page: Page): Promise<{ id: string; title: string }> {
  const login = await page.request.post('/api/auth/login', { data: DEMO_ADMIN });
  expect(login.status()).toBe(200);
  const title = `Red Planet ${randomUUID().slice(0, 8)}`;
  const added = await page.request.post('/api/admin/quizzes/add', {
    headers: bearer((await login.json()).token),
    data: {
      title,
      category: 'Space',
      grades: ['c-3'],
      level: 0,
      showByDefault: false,
      attemptsAllowed: 3,
      questions: [{ ...QUESTIONS[0], explanationImage: PIXEL_PNG }, QUESTIONS[1]],
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
    // The questions come in a drawn order with shuffled options (decision 031): the Mars question
    // is answered wrong with the keyboard, the Earth question right, wherever they are shown.
    const shown = await shownQuestionTexts(page);
    expect([...shown].sort()).toEqual([EARTH, MARS]);
    const n = shown.indexOf(MARS) + 1;
    const other = shown.indexOf(EARTH) + 1;
    await pickAnswer(page, key, n, false, { keyboard: true });
    await pickAnswer(page, key, other, true);
    // The letter Mars is shown under: the options as drawn.
    const marsLetter = await page
      .locator(`#question-${n} label.choice`)
      .filter({ has: page.getByText('Mars', { exact: true }) })
      .locator('.choice-letter')
      .textContent();
    await page.getByRole('button', { name: 'Submit Quiz' }).click();
    await expect(page).toHaveURL(/\/quizzes\/result\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Quiz Result' })).toBeVisible();

    const questions = page.locator('.result-question');
    await expect(questions).toHaveCount(2);
    // The result lists the questions in the order they were shown.
    await expect(questions.locator('p.question-text')).toHaveText(shown);
    const wrong = questions.nth(n - 1);
    await expect(wrong.getByText('Incorrect')).toBeVisible();
    const learn = wrong.getByRole('region', { name: "Let's learn" });
    await expect(learn).toBeVisible();
    await expect(learn).toContainText(new RegExp(`Correct answer:\\s*${marsLetter}\\s*Mars`));
    await expect(learn.getByText(EXPLANATION)).toBeVisible();
    await expect(learn.getByRole('img', { name: `Picture that explains question ${n}` })).toBeVisible();
    // The right answer has nothing to learn.
    await expect(questions.nth(other - 1).locator('.verdict-correct')).toHaveText(/Correct$/);
    await expect(questions.nth(other - 1).getByRole('region', { name: "Let's learn" })).toHaveCount(0);

    // Nothing sticks out at 360 px; the button is a comfortable target.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    const read = learn.getByRole('button', { name: `Read aloud the answer to question ${n}` });
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
      .toEqual([`Question ${n}. The correct answer is ${marsLetter}: Mars. ${EXPLANATION}`]);
    await expect(
      learn.getByRole('button', { name: `Stop reading the answer to question ${n}` }),
    ).toBeVisible();
  });
}
