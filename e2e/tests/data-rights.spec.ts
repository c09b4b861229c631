import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  createVerifiedLearner,
  expect,
  expectAccessible,
  loginThroughUi,
  test,
} from '../support/fixtures.ts';

/**
 * Children's data rights (issue #9 item 7, decision 013): a parent downloads the learner's data
 * and deletes the account; no page loads anything from another origin (no analytics, trackers,
 * fonts or scripts of third parties).
 */

/** Every request the page makes to an origin other than the app's (data: and blob: are local). */
function watchForeignRequests(page: Page, appOrigin: string): string[] {
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (url.startsWith('data:') || url.startsWith('blob:')) return;
    if (new URL(url).origin !== appOrigin) foreign.push(url);
  });
  return foreign;
}

/**
 * The page's own markup names no other origin for anything it loads (scripts, styles, images,
 * frames), so a resource the CSP would block is caught too, not only the requests that were made.
 */
async function expectOnlyOwnResources(page: Page): Promise<void> {
  const foreign = await page.evaluate(() =>
    Array.from(
      document.querySelectorAll<HTMLElement>('script[src], link[href], img[src], iframe[src], source[src]'),
    )
      .map((element) => (element as HTMLScriptElement).src || (element as HTMLLinkElement).href)
      .filter((url) => !url.startsWith('data:') && !url.startsWith('blob:'))
      .filter((url) => new URL(url).origin !== window.location.origin),
  );
  expect(foreign).toEqual([]);
}

test('a parent downloads the data, deletes the account with the password, and cannot log in again', async ({
  page,
  baseURL,
}) => {
  const foreign = watchForeignRequests(page, new URL(baseURL ?? '').origin);
  const account = await createVerifiedLearner(page, { firstName: 'Meera' });
  await loginThroughUi(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  // The signed-in pages a parent visits load nothing from elsewhere either.
  for (const path of ['/quizzes', '/my-certifications', '/subscribe']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectOnlyOwnResources(page);
  }

  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Your data' });
  await expect(section).toBeVisible();
  await expectAccessible(page);

  const downloading = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^quizquest-data-\d{4}-\d{2}-\d{2}\.json$/);
  const file = JSON.parse(readFileSync((await download.path()) as string, 'utf8'));
  expect(file.account.email).toBe(account.email);
  expect(file.profile.first_name).toBe('Meera');
  expect(file.consent.text).toMatch(/parent or guardian/);
  expect(JSON.stringify(file)).not.toMatch(/argon2|password/i);
  await expect(section.getByRole('status')).toHaveText('Your data has been downloaded.');

  await section.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete account?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Password')).toBeFocused();
  await expectAccessible(page);

  // Escape closes it without deleting anything.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await section.getByRole('button', { name: 'Delete account' }).click();

  await dialog.getByLabel('Password').fill('Not-The-Password-1');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The password is not correct. Nothing was deleted.');
  await expect(page).toHaveURL(/\/profile$/);

  await dialog.getByLabel('Password').fill(account.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status')).toHaveText('Your account and its personal data have been deleted.');
  await expectAccessible(page);

  // The old token no longer works, and neither does the password.
  const me = await page.request.get('/api/auth/me', {
    headers: { authorization: `Bearer ${account.token}` },
  });
  expect(me.status()).toBe(401);
  await loginThroughUi(page, account.email, account.password);
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page).toHaveURL(/\/login$/);

  expect(foreign).toEqual([]);
});

test('the privacy notice says what is kept, for how long and who sees it, passes axe, and nothing loads from elsewhere', async ({
  page,
  baseURL,
}) => {
  const foreign = watchForeignRequests(page, new URL(baseURL ?? '').origin);
  for (const path of ['/login', '/signup', '/forgot-password', '/privacy']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectOnlyOwnResources(page);
  }
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Notice' })).toBeVisible();
  for (const heading of [
    'What we store',
    'Why we store it',
    'How long we keep it',
    'Who can see it',
    'No trackers, no advertising',
    'Your rights',
    'Grievance contact',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  await expect(page.getByText(/loads no third-party analytics, trackers/)).toBeVisible();
  await expect(page.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  await expectAccessible(page);
  // At the narrowest phone width the notice still fits without sideways scrolling.
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(page);

  expect(foreign).toEqual([]);
});
