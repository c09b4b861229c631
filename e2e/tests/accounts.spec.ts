import {
  createVerifiedLearner,
  expect,
  expectAccessible,
  linkFromOutbox,
  loginThroughUi,
  PASSWORD,
  test,
  uniqueEmail,
} from '../support/fixtures.ts';

test('a parent signs up, verifies from the outbox mail, logs in, uses the sidebar and logs out', async ({
  page,
}) => {
  // The longest flow (six pages, each checked with axe) and the first test after the server
  // starts: on a busy CI machine it once needed more than the default 60 s.
  test.slow();
  const email = uniqueEmail();
  await page.goto('/signup');
  await expectAccessible(page);
  await page.getByLabel('First name').fill('Meera');
  await page.getByLabel('Last name').fill('Iyer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Grade').selectOption({ label: 'Class 4' });
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('checkbox', { name: /I am the parent or guardian of this learner/ }).check();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Signup successful! Redirecting to login...')).toBeVisible();
  await expect(page.getByText(/verify the account/i)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });

  const link = await linkFromOutbox(email, '/verify-email');
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByText('Email verified successfully! Redirecting ...')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });

  await loginThroughUi(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('link', { name: 'Welcome, Meera' })).toBeVisible();
  await expect(page.getByText('Ready to learn something new today?')).toBeVisible();
  await expect(page.getByText('Your email is not verified.')).toHaveCount(0);
  await expectAccessible(page);

  const sidebar = page.getByRole('navigation', { name: /main/i });
  for (const [name, path, heading] of [
    ['Practice Quizzes', '/quizzes', /Practice Quizzes/],
    ['Scoreboard', '/quizzes/my-attempts', /My Scoreboard/],
    ['Profile', '/profile', /My Profile/],
    ['Download Certificates', '/my-certifications', /My Certifications/],
    ['Certification Quizzes', '/dashboard', /Welcome, Meera/],
  ] as const) {
    await sidebar.getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expectAccessible(page);
  }

  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe('Are you sure you want to logout?');
    void dialog.accept();
  });
  await sidebar.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([
    null,
    null,
  ]);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('sign-up refuses a password made of the e-mail address with the server message on the field', async ({
  page,
}) => {
  const email = uniqueEmail();
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Meera');
  await page.getByLabel('Last name').fill('Iyer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Grade').selectOption({ label: 'Class 4' });
  await page.getByLabel('Password', { exact: true }).fill(email);
  await page.getByRole('checkbox', { name: /I am the parent or guardian of this learner/ }).check();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  const message = 'The password must not contain your name, your e-mail address or the word QuizQuest.';
  await expect(page.locator('.form-error', { hasText: message })).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
    /must not contain your name, your e-mail address or the word QuizQuest/,
  );
  await expect(page).toHaveURL(/\/signup$/);
  await expectAccessible(page);
});

test('an unverified learner sees the verification banner; a wrong password shows the server message', async ({
  page,
}) => {
  const email = uniqueEmail();
  const signup = await page.request.post('/api/auth/signup', {
    data: { first_name: 'Kabir', last_name: 'Khan', email, password: PASSWORD, grade: 'c-1', consent: true },
  });
  expect(signup.status()).toBe(201);

  await loginThroughUi(page, email, 'Wrong-Password-1');
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expectAccessible(page);

  await page.getByLabel(/^password$/i).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    page.getByText('Your email is not verified. Please check your inbox and verify your account.'),
  ).toBeVisible();
});

test('a parent resets a forgotten password from the mail and logs in with the new one', async ({ page }) => {
  const account = await createVerifiedLearner(page);
  await page.goto('/login');
  await page.getByRole('link', { name: /forgot password/i }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel(/email/i).fill(account.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText(/password reset link has been sent/i)).toBeVisible();
  await expect(page.getByLabel(/email/i)).toHaveValue('');

  const link = await linkFromOutbox(account.email, '/reset-password');
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expectAccessible(page);
  const newPassword = 'Kerala-Backwaters-2026';
  await page.getByLabel(/^new password$/i).fill(newPassword);
  await page.getByLabel(/confirm/i).fill(newPassword);
  await page.getByRole('button', { name: /reset password|save|set/i }).click();
  await expect(page.getByText(/password has been reset/i)).toBeVisible();

  await loginThroughUi(page, account.email, account.password);
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await loginThroughUi(page, account.email, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a used verification link shows the failure text', async ({ page }) => {
  await page.goto('/verify-email?token=this-token-does-not-exist-anywhere');
  await expect(page.getByText('Verification failed. The token may be invalid or expired.')).toBeVisible();
  await expectAccessible(page);
  await page.goto('/verify-email');
  await expect(page.getByText('Verification failed. The token may be invalid or expired.')).toBeVisible();
});
