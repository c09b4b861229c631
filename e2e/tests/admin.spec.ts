import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import {
  createVerifiedLearner,
  DEMO_ADMIN,
  expect,
  expectAccessible,
  loginThroughUi,
  test,
} from '../support/fixtures.ts';

/** A real picture of the bundled content pack, uploaded as an image option. */
const CAT_PNG = fileURLToPath(
  new URL('../../packages/server/content/images/animal-cat.png', import.meta.url),
);

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function loginAsAdmin(page: Page): Promise<void> {
  await loginThroughUi(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/quiz-dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Quiz Dashboard' })).toBeVisible();
}

/** Filters the dashboard to titles containing `title` and returns that quiz's row. */
async function filterByTitle(page: Page, title: string): Promise<Locator> {
  await page.getByLabel('Search by title').fill(title);
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  return page.getByRole('row', { name: new RegExp(title) });
}

test('an admin runs a quiz from creation to deletion and a learner keeps the attempt', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const tag = randomUUID().slice(0, 6);
  const title = `Farm Friends ${tag}`;
  const category = `Farm ${tag}`;

  await loginAsAdmin(page);
  const nav = page.getByRole('navigation', { name: 'Admin Panel' });
  await expect(nav.getByRole('link', { name: 'Quiz Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('table').or(page.getByText('No quizzes found.'))).toBeVisible();
  await expectAccessible(page);

  // Create a practice quiz for Class 7 with a new category and an image option.
  await page.getByRole('button', { name: '+ Create Quiz' }).click();
  const form = page.getByRole('dialog', { name: 'Create Quiz' });
  await expect(form.getByLabel('Title', { exact: true })).toBeFocused();
  await form.getByLabel('Title', { exact: true }).fill(title);
  await form.getByLabel('Category').selectOption('+ Add New Category');
  await form.getByLabel('New category name').fill(category);
  await form.getByRole('checkbox', { name: 'Class 7' }).check();
  await expect(form.getByLabel('Level', { exact: true })).toHaveValue('0');
  await form.getByLabel('Level', { exact: true }).selectOption('Level 4');
  await expect(form.getByLabel('Sub-level')).toHaveValue('L4-C1');
  await form.getByLabel('Level', { exact: true }).selectOption('Practice');
  await expect(form.getByLabel('Sub-level')).toHaveCount(0);
  await form.getByLabel(/Show by default/).check();
  await form.getByLabel('Question text', { exact: true }).fill('Which animal says moo?');
  await form.getByLabel('Option 1 text').fill('Cow');
  await form.getByLabel('Option 2 type').selectOption('Image');
  await form.getByLabel('Option 2 image').setInputFiles(CAT_PNG);
  const preview = form.getByRole('img', { name: 'Option 2 image' });
  await expect(preview).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  // Scaled in the browser to at most 600 × 600.
  const size = await preview.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
  expect(Math.max(...size)).toBeLessThanOrEqual(600);
  await form.getByLabel('Option 3 text').fill('Dog');
  await form.getByLabel('Option 4 text').fill('Hen');
  await expect(form.getByRole('radio', { name: 'Option 1' })).toBeChecked();
  await expect(form.getByRole('button', { name: 'Remove Question 1' })).toBeDisabled();
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Save Quiz' }).click();
  await expect(form).toHaveCount(0);
  await expect(page.getByText('Quiz saved successfully!')).toBeVisible();
  const row = await filterByTitle(page, title);
  await expect(row).toContainText('Practice');
  await expect(row.getByRole('cell').nth(1)).toHaveText('0');

  // A Class 7 learner sees it in the practice list and takes it.
  const learner = await createVerifiedLearner(page, { grade: 'c-7', firstName: 'Meera' });
  const learnerContext = await browser.newContext();
  const learnerPage = await learnerContext.newPage();
  await loginThroughUi(learnerPage, learner.email, learner.password);
  await expect(learnerPage).toHaveURL(/\/dashboard$/);
  await learnerPage.goto('/quizzes');
  // Shown by default: featured before any category is chosen, and in its own category.
  const featured = learnerPage.getByRole('list', { name: 'Featured quizzes' });
  await expect(featured.getByRole('heading', { name: title })).toBeVisible();
  await learnerPage.getByLabel('Category').selectOption(category);
  const card = learnerPage
    .getByRole('list', { name: `${category} quizzes` })
    .getByRole('listitem')
    .filter({ hasText: title });
  await expect(card).toBeVisible();
  await card.getByRole('link', { name: 'Start Quiz' }).click();
  await expect(learnerPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // The options are shuffled for each draw (decision 031): the picture is under whichever letter.
  await expect(learnerPage.getByRole('img', { name: /^Picture [A-D]$/ })).toHaveAttribute(
    'src',
    /^\/api\/media\//,
  );
  await learnerPage.getByRole('radio', { name: /Cow/ }).check();
  await learnerPage.getByRole('button', { name: 'Submit Quiz' }).click();
  await expect(learnerPage).toHaveURL(/\/quizzes\/result\//);
  await expect(learnerPage.getByRole('region', { name: 'Your score' })).toContainText('100');

  // The dashboard and the stats count the attempt.
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(row.getByRole('cell').nth(1)).toHaveText('1');
  await row.getByRole('button', { name: `Stats for ${title}` }).click();
  const stats = page.getByRole('dialog', { name: 'Quiz Stats' });
  const statsRow = stats.getByRole('row', { name: new RegExp(title) });
  await expect(statsRow).toHaveAttribute('aria-current', 'true');
  await expect(statsRow.getByRole('cell').nth(0)).toHaveText('1');
  await expect(statsRow.getByRole('cell').nth(1)).toHaveText('100.00%');
  await expect(stats.getByRole('img', { name: /Attempts and average score per quiz/ })).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(stats).toHaveCount(0);

  // Edit: the form starts from the saved quiz, image included.
  await row.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Quiz' });
  await expect(edit.getByLabel('Title', { exact: true })).toHaveValue(title);
  await expect(edit.getByRole('img', { name: 'Option 2 image' })).toHaveAttribute('src', /^\/api\/media\//);
  await edit.getByLabel('Title', { exact: true }).fill(`${title} edited`);
  await edit.getByRole('button', { name: 'Save Quiz' }).click();
  await expect(edit).toHaveCount(0);
  await expect(page.getByText('Quiz saved successfully!').first()).toBeVisible();
  const edited = await filterByTitle(page, `${title} edited`);
  await expect(edited).toBeVisible();

  // Delete, after the confirmation.
  await edited.getByRole('button', { name: `Delete ${title} edited` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirm Deletion' });
  await expect(confirm).toContainText('cannot be undone');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByText('No quizzes found.')).toBeVisible();

  // The learner no longer sees it, and the scoreboard keeps the attempt.
  const published = await learnerPage.request.post('/api/quizzes/published', {
    headers: bearer(learner.token),
    data: { category, grade: Buffer.from('c-7').toString('base64') },
  });
  expect(published.status()).toBe(200);
  expect(((await published.json()) as { quizzes: unknown[] }).quizzes).toEqual([]);
  await learnerPage.goto('/quizzes');
  await expect(learnerPage.getByRole('heading', { level: 1, name: 'Practice Quizzes' })).toBeVisible();
  await expect(learnerPage.getByText('Loading quizzes...')).toHaveCount(0);
  await expect(learnerPage.getByRole('heading', { name: new RegExp(title) })).toHaveCount(0);
  await expect(learnerPage.getByLabel('Category').getByRole('option', { name: category })).toHaveCount(0);
  await learnerPage.goto('/quizzes/my-attempts');
  await expect(learnerPage.getByRole('heading', { level: 3, name: new RegExp(title) })).toBeVisible();
  await learnerContext.close();
});

test("an admin activates a learner's plan from the Learners page", async ({ page }) => {
  const learner = await createVerifiedLearner(page, { grade: 'c-5', firstName: 'Kabir' });
  await loginAsAdmin(page);
  await page.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'Learners' }).click();
  await expect(page).toHaveURL(/\/admin\/learners$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Learners' })).toBeVisible();
  await page.getByLabel('Search by e-mail or name').fill(learner.email);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row', { name: new RegExp(learner.email) });
  await expect(row).toContainText('Free Plan');
  await expectAccessible(page);

  await row.getByLabel(`Plan for ${learner.email}`, { exact: true }).selectOption('plan99');
  await row.getByRole('button', { name: `Activate plan for ${learner.email}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Activate Plan' });
  await expect(confirm).toContainText('Activate the Growth Plan');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByText(`Growth Plan activated: ${learner.email}`)).toBeVisible();
  await expect(row).toContainText('Growth Plan');
  await expect(row.getByRole('button', { name: `Extend plan for ${learner.email}` })).toBeVisible();

  const me = await page.request.get('/api/auth/me', { headers: bearer(learner.token) });
  expect(((await me.json()) as { subscription: string }).subscription).toBe('plan99');
});

test('every admin page passes axe at 360 px wide', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await loginAsAdmin(page);
  await expect(page.getByRole('table').or(page.getByText('No quizzes found.'))).toBeVisible();
  await expectAccessible(page);
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1] ?? 360);

  await page.getByRole('button', { name: '+ Create Quiz' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Create Quiz' }).getByLabel('Title', { exact: true }),
  ).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.press('Escape');

  await page
    .getByRole('button', { name: /^Stats for / })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: 'Quiz Stats' })).toBeVisible();
  const statsDialog = page.getByRole('dialog', { name: 'Quiz Stats' });
  await expect(statsDialog.getByRole('table').or(statsDialog.getByText('No stats found.'))).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');

  await page.goto('/admin/learners');
  await expect(page.getByRole('table')).toBeVisible();
  await expectAccessible(page);
});
