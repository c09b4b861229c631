import {
  createVerifiedLearner,
  DEMO_ADMIN,
  expect,
  expectAccessible,
  loginThroughUi,
  test,
} from '../support/fixtures.ts';

test('the anonymous are sent to /login from / and every signed-in page', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expectAccessible(page);
  for (const path of [
    '/dashboard',
    '/quizzes',
    '/profile',
    '/subscribe',
    '/my-certifications',
    '/quizzes/my-attempts',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
  await page.goto('/admin/quiz-dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('a signed-in learner is sent from / and /login to the dashboard, and from the admin area to the dashboard', async ({
  page,
}) => {
  const account = await createVerifiedLearner(page);
  await loginThroughUi(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/admin/quiz-dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the demo admin lands on the admin quiz dashboard', async ({ page }) => {
  await loginThroughUi(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/quiz-dashboard$/);
  await expect(page.getByText('Admin Panel')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Quiz Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page);
});

test('an unknown path shows the 404 page; a corrupt stored user is discarded', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('404 - Page not found')).toBeVisible();
  await expectAccessible(page);

  await page.evaluate(() => {
    localStorage.setItem('token', 'abc');
    localStorage.setItem('user', '{not json');
  });
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('the signed-in layout works on a 360 px screen with the hamburger menu', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const account = await createVerifiedLearner(page);
  await loginThroughUi(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const toggle = page.getByRole('button', { name: 'Toggle menu' });
  await expect(toggle).toBeVisible();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page
    .getByRole('navigation', { name: /main/i })
    .getByRole('link', { name: 'Practice Quizzes' })
    .click();
  await expect(page).toHaveURL(/\/quizzes$/);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page);
});
