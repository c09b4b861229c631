import type { Page } from '@playwright/test';
import { AnswerKey, answerShown, packQuiz } from '../support/answers.ts';
import {
  createVerifiedLearner,
  expect,
  expectAccessible,
  expectTargetsAtLeast24px,
  loginThroughUi,
  test,
} from '../support/fixtures.ts';

/*
 * Issue 19 in a real browser: a parent adds a second child and a parent PIN on the profile; after
 * the next login the app asks who is learning; each child takes a quiz and sees only their own
 * dashboard and scoreboard; the sidebar switches between them; the family report (behind the PIN)
 * shows both; the Subscribe page asks which child and will not show payment details without the PIN.
 */

const QUIZ_TITLE = 'Computers: Digital Explorer';
const key = new AnswerKey(packQuiz('practice/computers.json', { key: 'practice-computers-c3-5' }));
const PIN = '4826';

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
}

/** Takes the Class 3 computers quiz from the practice list, `right` answers right, and opens the result. */
async function takeQuiz(page: Page, right: (number: number) => boolean) {
  await page
    .getByRole('navigation', { name: /main/i })
    .getByRole('link', { name: 'Practice Quizzes' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Practice Quizzes' })).toBeVisible();
  await page.getByLabel('Category').selectOption('Computers');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: QUIZ_TITLE }) });
  await card.getByRole('link', { name: 'Start Quiz' }).click();
  await expect(page.getByRole('heading', { level: 1, name: QUIZ_TITLE })).toBeVisible();
  await answerShown(page, key, right);
  await page.getByRole('button', { name: 'Submit Quiz' }).click();
  await expect(page).toHaveURL(/\/quizzes\/result\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Quiz Result' })).toBeVisible();
}

/** The scoreboard of the learner signed in: `attempts` rows, and their scores. */
async function scoreboardScores(page: Page, attempts: number): Promise<string[]> {
  await page
    .getByRole('navigation', { name: /main/i })
    .getByRole('link', { name: /scoreboard/i })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Scoreboard' })).toBeVisible();
  const rows = page.locator('main li').filter({ has: page.getByRole('link', { name: 'View Details' }) });
  if (attempts === 0) {
    await expect(page.getByText('You have not attempted any quizzes yet.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Details' })).toHaveCount(0);
    return [];
  }
  await expect(rows).toHaveCount(attempts);
  return rows.getByText(/^\d+(\.\d+)?%$/).allTextContents();
}

async function typePin(page: Page, pin: string) {
  const dialog = page.getByRole('dialog', { name: 'Parent PIN' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(/Parent PIN/).fill(pin);
  await dialog.getByRole('button', { name: 'Continue' }).click();
}

test('a parent with two children switches between them, reads the report for both, and cannot pay without the PIN', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const parent = await createVerifiedLearner(page, { firstName: 'Asha', grade: 'c-3' });

  // One learner: the spec's flow, unchanged.
  await loginThroughUi(page, parent.email, parent.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('group', { name: 'Learner' })).toHaveCount(0);

  // The profile: add a second child, then a parent PIN.
  await page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Profile' }).click();
  const children = page.getByRole('region', { name: 'Children' });
  await expect(children).toBeVisible();
  await children.getByLabel("Child's first name").fill('Kabir');
  await children.getByLabel("Child's last name").fill('Nair');
  await children.getByLabel("Child's grade").selectOption('c-3');
  await children.getByRole('button', { name: 'Add child' }).click();
  await expect(page.getByText('Kabir Nair has been added.')).toBeVisible();
  await expect(children.getByRole('listitem').filter({ hasText: 'Kabir Nair' })).toBeVisible();
  // With two children either may be removed (the first hands the account to the other).
  await expect(children.getByRole('button', { name: 'Remove Asha Nair' })).toBeVisible();
  await expect(children.getByRole('button', { name: 'Remove Kabir Nair' })).toBeVisible();

  const pinSection = page.getByRole('region', { name: 'Parent PIN' });
  await pinSection.getByRole('button', { name: 'Set a PIN' }).click();
  const setDialog = pinSection;
  await setDialog.getByLabel(/^New PIN/).fill(PIN);
  await setDialog.getByLabel('Type the new PIN again').fill(PIN);
  await setDialog.getByLabel('Password').fill(parent.password);
  await setDialog.getByRole('button', { name: 'Save PIN' }).click();
  await expect(pinSection.getByText('A parent PIN is set.')).toBeVisible();
  await expectAccessible(page);

  // Log in again: two children, so the app asks who is learning, on a phone-sized screen.
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('navigation', { name: /main/i }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.setViewportSize({ width: 360, height: 780 });
  await loginThroughUi(page, parent.email, parent.password);
  await expect(page).toHaveURL(/\/choose-learner$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Who is learning today?' })).toBeVisible();
  await expectAccessible(page);
  await noSidewaysScroll(page);
  await expectTargetsAtLeast24px(page);
  await page.getByRole('button', { name: /^Kabir, Class 3$/ }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Kabir's turn: one quiz, all right; his scoreboard shows only it.
  const learner = page.getByRole('group', { name: 'Learner' });
  await expect(learner.getByRole('button', { name: 'Kabir' })).toHaveAttribute('aria-pressed', 'true');
  await takeQuiz(page, () => true);
  expect(await scoreboardScores(page, 1)).toEqual(['100%']);

  // Switch to Asha in one step: her own dashboard and scoreboard, empty until she plays.
  await learner.getByRole('button', { name: 'Asha' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(learner.getByRole('button', { name: 'Asha' })).toHaveAttribute('aria-pressed', 'true');
  expect(await scoreboardScores(page, 0)).toEqual([]);
  await takeQuiz(page, (number) => number <= 5);
  expect(await scoreboardScores(page, 1)).toEqual(['50%']);
  await page
    .getByRole('navigation', { name: /main/i })
    .getByRole('link', { name: 'Download Certificates' })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);

  // The family report is for the parent: the PIN first, then both children's figures.
  await page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Family report' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Family report' })).toBeVisible();
  await typePin(page, '0000');
  await expect(page.getByRole('dialog', { name: 'Parent PIN' }).getByText(/not correct/)).toBeVisible();
  await typePin(page, PIN);
  const kabirCard = page.getByRole('article').filter({ hasText: 'Kabir' });
  const ashaCard = page.getByRole('article').filter({ hasText: 'Asha' });
  await expect(kabirCard).toBeVisible();
  await expect(ashaCard).toBeVisible();
  await expect(kabirCard.getByText('Quizzes finished')).toBeVisible();
  // Each child's own accuracy: Kabir all ten right, Asha five.
  await expect(kabirCard.getByText('10 of 10 right')).toBeVisible();
  await expect(ashaCard.getByText('5 of 10 right')).toBeVisible();
  await page.getByRole('button', { name: 'Last 30 days' }).click();
  await expect(page.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(kabirCard).toBeVisible();
  await expectAccessible(page);

  // Subscribe: which child, then no payment details without the PIN.
  await page.goto('/subscribe');
  await expect(page.getByRole('heading', { level: 1, name: 'Upgrade Your Plan' })).toBeVisible();
  const picker = page.getByRole('group', { name: 'Which child is this plan for?' });
  await expect(picker.getByRole('radio')).toHaveCount(2);
  // Choosing a child switches to that child (the radio follows once the switch is done).
  await picker.getByRole('radio', { name: /Kabir/ }).click();
  await expect(picker.getByRole('radio', { name: /Kabir/ })).toBeChecked();
  await expect(
    page.getByRole('group', { name: 'Learner' }).getByRole('button', { name: 'Kabir' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page);
  const popupEvent = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Pay ₹199 for the Pro Plan' }).click();
  const popup = await popupEvent;
  await expect(popup.getByRole('dialog', { name: 'Parent PIN' })).toBeVisible();
  await expect(popup.locator('.pay-reference')).toHaveCount(0);
  await popup.getByRole('dialog', { name: 'Parent PIN' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(
    popup.getByText('The payment details are shown after a parent types the parent PIN.'),
  ).toBeVisible();
  await expect(popup.locator('.pay-reference')).toHaveCount(0);
  await popup.getByRole('button', { name: 'Type the parent PIN' }).click();
  await typePin(popup, PIN);
  await expect(popup.getByRole('heading', { level: 1, name: 'Pay for the Pro Plan' })).toBeVisible();
  const reference = (await popup.locator('.pay-reference').textContent()) ?? '';
  // The reference names Kabir, the child chosen, not the account holder.
  const me = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}') as { _id: string });
  expect(reference).toBe(`QQ-${me._id.replaceAll('-', '').slice(0, 10).toUpperCase()}-PLAN199`);
  await expectAccessible(popup);
});
