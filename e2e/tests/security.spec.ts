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
 * Texts from admins and learners are always shown as text (issue #9 item 2), and the pages run
 * under a CSP that the app itself never trips (item 6).
 */

const IMG = '<img src=x onerror="window.__xss=1">';
const SCRIPT = '<script>window.__xss=2</script>';
const NAME = '<img src=x onerror="window.__xss=3">';

declare global {
  interface Window {
    __xss?: number;
    __cspViolations?: string[];
  }
}

/** Records CSP violations from the first script on, so a page that trips the policy fails. */
async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
}

async function expectNothingRan(page: Page) {
  expect(await page.evaluate(() => window.__xss)).toBeUndefined();
  expect(await page.evaluate(() => window.__cspViolations ?? [])).toEqual([]);
  expect(await page.locator('img[src="x"], script:not([src])').count()).toBe(0);
}

test('HTML in a quiz and in a learner’s name shows as text and runs nothing', async ({ page }) => {
  test.setTimeout(120_000);
  await watchCsp(page);

  const adminLogin = await page.request.post('/api/auth/login', { data: DEMO_ADMIN });
  expect(adminLogin.status()).toBe(200);
  const adminToken = (await adminLogin.json()).token as string;
  const title = `Safe text ${Date.now()} <b>bold</b>`;
  const added = await page.request.post('/api/admin/quizzes/add', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: {
      title,
      category: 'Security <i>check</i>',
      grades: ['c-7'],
      level: 0,
      subLevel: '',
      showByDefault: true,
      learnMoreLink: '',
      questions: [
        {
          questionText: `Which one is safe? ${IMG} ${SCRIPT}`,
          questionImage: '',
          correctAnswerIndex: 2,
          options: [IMG, SCRIPT, 'Plain words', '& &amp; &lt;b&gt;'].map((value) => ({
            type: 'text',
            value,
          })),
        },
      ],
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const quizId = (await added.json()).quiz._id as string;

  const learner = await createVerifiedLearner(page, { grade: 'c-7', firstName: NAME });
  await loginThroughUi(page, learner.email, learner.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`Welcome, ${NAME}`, { exact: false })).toBeVisible();
  await expectNothingRan(page);

  await page.goto(`/quizzes/attempt/${quizId}`);
  const question = page.getByRole('group', { name: /^Question 1 / });
  await expect(page.getByText(`Which one is safe? ${IMG} ${SCRIPT}`)).toBeVisible();
  await expect(question.getByText(IMG, { exact: true })).toBeVisible();
  await expect(question.getByText(SCRIPT, { exact: true })).toBeVisible();
  await expect(question.getByText('& &amp; &lt;b&gt;', { exact: true })).toBeVisible();
  await expectNothingRan(page);

  // The options are shuffled for each draw (decision 031): the answer is chosen by its text.
  await question.getByRole('radio', { name: 'Plain words', exact: true }).check();
  await page.getByRole('button', { name: 'Submit Quiz' }).click();
  await expect(page).toHaveURL(/\/quizzes\/result\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Quiz Result' })).toBeVisible();
  await expect(page.getByText(`Which one is safe? ${IMG} ${SCRIPT}`)).toBeVisible();
  await expect(page.getByText(IMG, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(SCRIPT, { exact: true }).first()).toBeVisible();
  await expectNothingRan(page);
  await expectAccessible(page);
});

test('the reset page is served with the full policy, no referrer and no framing', async ({ page }) => {
  await watchCsp(page);
  const response = await page.goto('/reset-password?token=abcdefghijklmnopqrstuvwxyz012345');
  expect(response?.status()).toBe(200);
  const headers = response?.headers() ?? {};
  expect(headers['content-type']).toMatch(/^text\/html/);
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  const csp = headers['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(csp).toContain("frame-ancestors 'none'");
  // Plain HTTP here: no HSTS (it is sent over TLS only).
  expect(headers['strict-transport-security']).toBeUndefined();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The page's own links carry no referrer either.
  expect(await page.evaluate(() => document.referrer)).toBe('');
  expect(await page.evaluate(() => window.__cspViolations ?? [])).toEqual([]);
});
