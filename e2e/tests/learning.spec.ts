import type { Page } from '@playwright/test';
import { AnswerKey, answerShown, packQuiz } from '../support/answers.ts';
import {
  createVerifiedLearner,
  expect,
  expectAccessible,
  loginThroughUi,
  test,
} from '../support/fixtures.ts';

/**
 * Streak, daily goal and mastery (issue 16 items 4 and 5, decision 030): a new learner is invited
 * to start a streak, finishes a practice quiz, and finds the goal met, a streak of one day and the
 * category's mastery on the practice list and the scoreboard.
 */

const QUIZ_TITLE = 'Computers: Digital Explorer';
/** Its answers read from the pack, found by text among the options as drawn (decision 031). */
const key = new AnswerKey(packQuiz('practice/computers.json', { key: 'practice-computers-c3-5' }));

async function fitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

for (const viewport of [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
]) {
  test(`a new learner starts a streak and meets the daily goal (${viewport.width} px)`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const account = await createVerifiedLearner(page, { grade: 'c-3' });
    await loginThroughUi(page, account.email, account.password);
    await expect(page).toHaveURL(/\/dashboard$/);

    // No streak yet: an invitation, never a reproach.
    const card = page.getByRole('region', { name: 'Your learning days' });
    await expect(card.getByText('Finish a quiz today to start a streak!')).toBeVisible();
    await expect(card.getByText("Today's goal: 1 quiz")).toBeVisible();
    await expect(page.getByText('Ready to learn something new today?')).toBeVisible();
    await fitsWidth(page, viewport.width);
    await expectAccessible(page);

    // The practice list: the spec's select, and the chosen category's mastery beside it.
    await page.goto('/quizzes');
    await expect(page.getByRole('heading', { level: 1, name: 'Practice Quizzes' })).toBeVisible();
    const category = page.getByLabel('Category');
    await expect(category.locator('option').first()).toHaveText('Select Category');
    await category.selectOption('Computers');
    await expect(page.getByText('New for you: try a quiz in Computers!')).toBeVisible();
    const quizCard = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: QUIZ_TITLE }) });
    await quizCard.getByRole('link', { name: 'Start Quiz' }).click();

    await expect(page.getByRole('heading', { level: 1, name: QUIZ_TITLE })).toBeVisible();
    await answerShown(page, key);
    await page.getByRole('button', { name: 'Submit Quiz' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Quiz Result' })).toBeVisible();

    // Back on the dashboard: the goal is met, with a small celebration, and the streak is 1 day.
    await page.getByRole('link', { name: 'Next Quiz >' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(card.getByText('Goal met for today!')).toBeVisible();
    await expect(card.getByText('1 day in a row')).toBeVisible();
    await expect(card.getByTestId('still-celebration')).toBeVisible();
    await expect(card).not.toContainText(/lost|missed|broke/i);
    await fitsWidth(page, viewport.width);
    await expectAccessible(page);

    // The celebration is once a day: the next visit shows the goal without it.
    await page.reload();
    await expect(card.getByText('Goal met for today!')).toBeVisible();
    await expect(card.getByTestId('still-celebration')).toHaveCount(0);

    // Ten of ten right: the category's badge on the practice list and on the scoreboard.
    await page.goto('/quizzes');
    await page.getByLabel('Category').selectOption('Computers');
    const note = page.getByText(/^Your level in Computers:/);
    await expect(note).toContainText('Proficient');
    await expect(note).toContainText('(10 of your last 10 answers right)');
    const badge = note.locator('.mastery-badge');
    const box = await badge.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(24);
    await fitsWidth(page, viewport.width);
    await expectAccessible(page);

    await page.goto('/quizzes/my-attempts');
    await expect(page.getByRole('heading', { level: 1, name: 'My Scoreboard' })).toBeVisible();
    await expect(
      page.getByRole('button', { name: /^Computers 1 attempt Mastery: Proficient/ }),
    ).toBeVisible();
    await fitsWidth(page, viewport.width);
    await expectAccessible(page);

    // The profile's time zone, Asia/Kolkata until the learner chooses another; reachable by keyboard.
    await page.goto('/profile');
    const zone = page.getByLabel('Time zone');
    await expect(zone).toHaveValue('Asia/Kolkata');
    await zone.focus();
    await expect(zone).toBeFocused();
    await fitsWidth(page, viewport.width);
    await expectAccessible(page);
  });
}
