import { expect, expectAccessible, test } from '../support/fixtures.ts';

test('the privacy notice is linked from sign-up and says what is stored, why and for how long', async ({
  page,
}) => {
  await page.goto('/signup');
  // The consent label links to the notice (in a new tab, so the form keeps what was typed).
  await expect(page.getByRole('link', { name: 'privacy notice', exact: true })).toHaveAttribute(
    'href',
    '/privacy',
  );
  await page.getByRole('link', { name: 'Privacy notice', exact: true }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const heading of ['What we store', 'Why we store it', 'How long we keep it', 'Your rights']) {
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
  await expect(page.getByText(/Digital Personal Data Protection Act, 2023/)).toBeVisible();
  await expectAccessible(page);
});
