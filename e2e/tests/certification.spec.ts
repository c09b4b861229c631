import type { APIRequestContext, Page } from '@playwright/test';
import {
  AnswerKey,
  answerShown,
  packImageUrls,
  packQuiz,
  shownCount,
  submitByKey,
} from '../support/answers.ts';
import {
  activatePlan,
  createVerifiedLearner,
  DEMO_ADMIN,
  expect,
  expectAccessible,
  loginThroughUi,
  test,
} from '../support/fixtures.ts';

/**
 * Level 1 of the bundled content pack: the right answer of each question, found by its text among
 * the options as drawn (decision 031: a new order and shuffled options every attempt).
 */
const level1 = (subLevel: string) => packQuiz('certification/level-01.json', { subLevel });

/** The answer key of a sub-level; its pictures named by the URLs the stored quiz serves them at. */
async function answerKey(request: APIRequestContext, quizId: string, subLevel: string): Promise<AnswerKey> {
  const pack = level1(subLevel);
  return new AnswerKey(pack, await packImageUrls(request, quizId, pack));
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

interface Progress {
  currentLevel: number;
  nextQuiz: { _id: string; subLevel: string } | null;
  completedLevels: number[];
}

async function progressOf(request: APIRequestContext, token: string): Promise<Progress> {
  const response = await request.get('/api/certification/progress', { headers: bearer(token) });
  expect(response.status()).toBe(200);
  return (await response.json()) as Progress;
}

/** Pixels with any paint on the confetti canvas. */
const paintedPixels = (page: Page) =>
  page.locator('canvas.confetti').evaluate((canvas: HTMLCanvasElement) => {
    const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data;
    let painted = 0;
    for (let index = 3; index < (data?.length ?? 0); index += 4) if ((data?.[index] ?? 0) > 0) painted += 1;
    return painted;
  });

const card = (page: Page) => page.getByRole('region', { name: /Certification Progress$/ });
const tour = (page: Page) => page.getByRole('alertdialog');

/**
 * Spec §4: every step shows Next (Finish on the last), Back and Skip, each a full-size target;
 * Back is there but disabled on the first step, Skip stays on the last.
 */
async function expectTourButtons(page: Page, first: boolean, last: boolean) {
  for (const name of [last ? 'Finish' : 'Next', 'Back', 'Skip']) {
    const button = tour(page).getByRole('button', { name, exact: true });
    await expect(button).toBeVisible();
    if (name === 'Back' && first) await expect(button).toBeDisabled();
    else await expect(button).toBeEnabled();
    const box = await button.boundingBox();
    expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(44);
  }
}

/**
 * Clicks a tour button until the step with `text` shows: a click that lands while the tooltip is
 * still moving to its target is ignored by react-joyride, as it would be for a real tap.
 */
async function tourTo(page: Page, button: 'Next' | 'Back', text: string) {
  await expect(async () => {
    const current = (await tour(page).textContent()) ?? '';
    if (!current.includes(text)) await tour(page).getByRole('button', { name: button }).click();
    await expect(tour(page)).toContainText(text, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

test('a free learner sees Level 1 locked and reaches /subscribe with Upgrade Plan', async ({ page }) => {
  const learner = await createVerifiedLearner(page, { firstName: 'Anaya' });
  await loginThroughUi(page, learner.email, learner.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  await expect(page.getByRole('heading', { name: 'Level 1 Certification Progress' })).toBeVisible();
  await expect(card(page).locator('.level-status')).toHaveText('🔒 Locked');
  await expect(card(page)).toContainText('Upgrade your plan to unlock this level.');
  await expect(card(page).getByText('0 / 10 Certifications Completed')).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  await expect(card(page).getByText('🔒 Locked')).toHaveCount(11);
  await expect(page.getByRole('link', { name: /Click to Start/ })).toHaveCount(0);
  await expect(page.getByText('You earned a certificate!')).toHaveCount(0);
  await expectAccessible(page);

  await card(page).getByRole('link', { name: '🔓 Upgrade Plan' }).click();
  await expect(page).toHaveURL(/\/subscribe$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Upgrade Your Plan');
  await expectAccessible(page);
});

test.describe('the dashboard tour', () => {
  test.use({ dashboardTourSeen: false });

  const STEPS = [
    'This is your main navigation. Use it to move between different pages.',
    'Certification Quizzes brings you back to this dashboard from any page.',
    'Climb your level here',
    'See every certification you have earned',
    'Practise with quizzes for your grade',
    'Check historical scores for each quiz attempted till date.',
    'Manage your profile and upgrade your subscription plan.',
    'If you reach the quiz limit, click here to upgrade your plan.',
  ];

  test('runs its 8 steps once after the progress loads; Finish stores the flag and a reload does not show it again', async ({
    page,
  }) => {
    const learner = await createVerifiedLearner(page);
    await loginThroughUi(page, learner.email, learner.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(card(page).getByText('0 / 10 Certifications Completed')).toBeVisible();

    await expect(tour(page)).toContainText(STEPS[0] as string);
    await expect(tour(page).getByRole('button', { name: 'Skip' })).toBeVisible();
    await expectAccessible(page);
    for (const [index, text] of STEPS.entries()) {
      await expect(tour(page)).toContainText(text);
      await expectTourButtons(page, index === 0, index === STEPS.length - 1);
      if (index === 1) {
        await tourTo(page, 'Back', STEPS[0] as string);
        await tourTo(page, 'Next', text);
      }
      const next = STEPS[index + 1];
      if (next !== undefined) await tourTo(page, 'Next', next);
    }
    expect(await page.evaluate(() => localStorage.getItem('dashboardTourCompleted'))).toBeNull();
    await tour(page).getByRole('button', { name: 'Finish' }).click();
    await expect(tour(page)).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('dashboardTourCompleted'))).toBe('true');

    await page.reload();
    await expect(card(page).getByText('0 / 10 Certifications Completed')).toBeVisible();
    await page.waitForTimeout(1500);
    await expect(tour(page)).toHaveCount(0);
  });

  test('on a phone the tour unfolds the menu for its sidebar steps; Skip stores the flag and folds it again', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const learner = await createVerifiedLearner(page);
    await loginThroughUi(page, learner.email, learner.password);
    await expect(page).toHaveURL(/\/dashboard$/);

    await expect(tour(page)).toContainText(STEPS[0] as string);
    await expectTourButtons(page, true, false);
    const toggle = page.getByRole('button', { name: 'Toggle menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await tourTo(page, 'Next', STEPS[1] as string);
    await expectTourButtons(page, false, false);
    await expectAccessible(page);
    for (const text of STEPS.slice(2)) await tourTo(page, 'Next', text);
    await expectTourButtons(page, false, true);
    await expectAccessible(page);

    await tour(page).getByRole('button', { name: 'Skip' }).click();
    await expect(tour(page)).toHaveCount(0);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(await page.evaluate(() => localStorage.getItem('dashboardTourCompleted'))).toBe('true');

    await page.reload();
    await expect(card(page).getByText('0 / 10 Certifications Completed')).toBeVisible();
    await page.waitForTimeout(1500);
    await expect(tour(page)).toHaveCount(0);
  });
});

test('a learner on a paid plan earns all ten sub-levels of Level 1, downloads the certificate and anyone can verify it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const learner = await createVerifiedLearner(page, { firstName: 'Ishaan' });
  await activatePlan(page.request, learner, 'plan59');
  await loginThroughUi(page, learner.email, learner.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  await expect(page.getByRole('heading', { name: 'Level 1 Certification Progress' })).toBeVisible();
  await expect(card(page).locator('.level-status')).toHaveText('✅ In Progress');
  await expect(card(page).getByText('0 / 10 Certifications Completed')).toBeVisible();
  const start = card(page).getByRole('link', { name: /Alphabet Adventurer.*Click to Start/ });
  await expect(start).toHaveAttribute('target', '_blank');
  await expectAccessible(page);

  // The first quiz the way a child takes it: its tile opens it in a new tab.
  const [quizTab] = await Promise.all([page.waitForEvent('popup'), start.click()]);
  await expect(quizTab).toHaveURL(/\/quizzes\/attempt\/[^/]+$/);
  await expect(quizTab.getByRole('heading', { level: 1 })).toHaveText('Alphabet Adventurer');
  // The quiz is titled after its sub-level: the breadcrumb names it once, on a phone too.
  for (const viewport of [
    { width: 360, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    await quizTab.setViewportSize(viewport);
    await expect(quizTab.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem')).toHaveText([
      'Level 1',
      'Alphabet Adventurer',
    ]);
    await expectAccessible(quizTab);
  }
  await answerShown(quizTab, new AnswerKey(level1('L1-C1')));
  await quizTab.getByRole('button', { name: 'Submit Quiz' }).click();
  await expect(quizTab).toHaveURL(/\/quizzes\/result\/[^/]+$/);
  await expect(quizTab.getByRole('main')).toContainText('100.00%');
  await quizTab.close();

  // Back on the dashboard tab, which refreshes when it is looked at again.
  await page.bringToFront();
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(card(page).getByText('1 / 10 Certifications Completed')).toBeVisible();
  await expect(card(page).getByRole('link', { name: /Number Ninja.*Click to Start/ })).toBeVisible();

  // The other nine through the same API the quiz page uses (open, then submit in the order
  // drawn), each answered right.
  for (let taken = 2; taken <= 10; taken += 1) {
    const { nextQuiz } = await progressOf(page.request, learner.token);
    if (!nextQuiz) throw new Error('Level 1 has no next quiz');
    expect(nextQuiz.subLevel).toBe(`L1-C${taken}`);
    const key = await answerKey(page.request, nextQuiz._id, nextQuiz.subLevel);
    const submitted = await submitByKey(page.request, learner.token, nextQuiz._id, key);
    expect(submitted.status(), await submitted.text()).toBe(201);
    expect(((await submitted.json()) as { score: number }).score).toBe(100);
  }
  expect((await progressOf(page.request, learner.token)).completedLevels).toEqual([1]);

  await page.reload();
  await expect(page.getByText('🎉 Congratulations! Level 1 Completed!')).toBeVisible();
  // The level's confetti: 400 pieces in the air within the first second.
  await expect(page.locator('canvas.confetti')).toHaveCount(1);
  await page.waitForTimeout(700);
  expect(await paintedPixels(page)).toBeGreaterThan(8_000);
  await expect(card(page).getByText('10 / 10 Certifications Completed')).toBeVisible();
  await expect(card(page).getByText('✅ Completed')).toHaveCount(10);
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '10');
  await expect(page.getByText('You earned a certificate!')).toBeVisible();
  await expectAccessible(page);

  // On a phone that asks for less motion: a still band of confetti, no canvas.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.reload();
  await expect(page.getByText('🎉 Congratulations! Level 1 Completed!')).toBeVisible();
  await expect(card(page).getByTestId('still-celebration')).toBeVisible();
  await page.waitForTimeout(300);
  await expect(page.locator('canvas.confetti')).toHaveCount(0);
  await expectAccessible(page);
  await page.emulateMedia({ reducedMotion: null });
  await page.setViewportSize({ width: 1280, height: 720 });

  // The level certificate opens in a new tab from a blob: the token never goes into a URL.
  const [certificateTab, certificate] = await Promise.all([
    page.waitForEvent('popup'),
    page.waitForResponse((response) => response.url().includes('/api/certification/view?level=1')),
    page.getByRole('button', { name: '🎓 View Level 1 Certificate' }).click(),
  ]);
  expect(certificate.status()).toBe(200);
  expect(certificate.headers()['content-type']).toContain('application/pdf');
  await expect.poll(() => certificateTab.url()).toMatch(/^blob:/);
  await certificateTab.close();
  // The tab holds the file as a blob; the same file is read here to find its code.
  const pdf = await (
    await page.request.get('/api/certification/view?level=1', { headers: bearer(learner.token) })
  ).body();
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const code = /Certificate ([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4})/.exec(pdf.toString('latin1'))?.[1];
  expect(code).toBeDefined();

  // The banner's Download gives the certificate of the highest complete level: the same one.
  const [downloadTab, download] = await Promise.all([
    page.waitForEvent('popup'),
    page.waitForResponse((response) => response.url().includes('/api/certificates/download')),
    page.getByRole('button', { name: 'Download', exact: true }).click(),
  ]);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toContain('application/pdf');
  await expect.poll(() => downloadTab.url()).toMatch(/^blob:/);
  await downloadTab.close();
  const highest = await page.request.get('/api/certificates/download', { headers: bearer(learner.token) });
  expect(highest.headers()['content-type']).toContain('application/pdf');
  expect((await highest.body()).toString('latin1')).toContain(`Certificate ${code}`);

  // Anyone, signed in or not, can check it on the page its QR code opens.
  const stranger = await browser.newContext();
  const verifier = await stranger.newPage();
  await verifier.goto(`/certificates/verify/${code}`);
  await expect(verifier.getByText('This certificate is genuine.')).toBeVisible();
  const confirmation = verifier.getByRole('main');
  await expect(confirmation).toContainText('Ishaan');
  await expect(confirmation).toContainText('Level 1');
  await expect(confirmation).toContainText(code as string);
  // Only the first name: the learner's last name stays private.
  await expect(confirmation).not.toContainText('Nair');
  await expectAccessible(verifier);
  await verifier.goto('/certificates/verify/AAAA-BBBB-CCCC');
  await expect(verifier.getByText('Certificate not found.')).toBeVisible();
  await stranger.close();
});

test('a failed certification attempt is marked without its answer key, and sub-levels open in order', async ({
  page,
}) => {
  const learner = await createVerifiedLearner(page, { firstName: 'Kavya' });
  await activatePlan(page.request, learner, 'plan59');

  // L1-C7 before L1-C1 is refused, on the quiz page's read and on submit (decision 023).
  const admin = await page.request.post('/api/auth/login', { data: DEMO_ADMIN });
  const { token: adminToken } = (await admin.json()) as { token: string };
  const found = await page.request.get('/api/admin/quizzes?title=Pattern%20Detective', {
    headers: bearer(adminToken),
  });
  const seventh = (
    (await found.json()) as { quizzes: Array<{ _id: string; subLevel: string | null }> }
  ).quizzes.find((quiz) => quiz.subLevel === 'L1-C7');
  if (!seventh) throw new Error('no L1-C7 quiz in the content pack');
  const order = 'Earn Alphabet Adventurer (L1-C1) first: the certifications of Level 1 are earned in order.';
  const read = await page.request.get(`/api/quizzes/${seventh._id}`, { headers: bearer(learner.token) });
  expect(read.status()).toBe(403);
  expect(await read.json()).toEqual({ message: order });
  const early = await page.request.post(`/api/quizzes/submit/${seventh._id}`, {
    headers: bearer(learner.token),
    data: { answers: level1('L1-C7').questions.map(() => 0) },
  });
  expect(early.status()).toBe(403);

  // L1-C1 answered with only its first question (as shown) right.
  const { nextQuiz } = await progressOf(page.request, learner.token);
  expect(nextQuiz?.subLevel).toBe('L1-C1');
  const key = new AnswerKey(level1('L1-C1'));
  // A pool of 25 showing 10 (issue 17): the result lists the questions the draw showed.
  const questionCount = shownCount(level1('L1-C1'));
  await loginThroughUi(page, learner.email, learner.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/quizzes/attempt/${nextQuiz?._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Alphabet Adventurer');
  await answerShown(page, key, (number) => number === 1);
  await page.getByRole('button', { name: 'Submit Quiz' }).click();
  await expect(page).toHaveURL(/\/quizzes\/result\/[^/]+$/);
  const attemptId = page.url().split('/').pop() ?? '';

  const questions = page.locator('.result-question');
  await expect(questions).toHaveCount(questionCount);
  await expect(questions.nth(0).locator('.verdict')).toHaveClass(/verdict-correct/);
  await expect(questions.nth(1).locator('.verdict')).toHaveClass(/verdict-incorrect/);
  // The wrong answer is marked, and no other option is shown as the right one.
  await expect(questions.nth(1).getByText('Your answer')).toBeVisible();
  await expect(questions.nth(1).getByText('Correct answer', { exact: true })).toHaveCount(0);
  await expect(
    page.getByText(
      'The correct answers are shown once you earn this certification or have no attempts left.',
    ),
  ).toBeVisible();
  await expectAccessible(page);

  const result = await page.request.get(`/api/quizzes/result/${attemptId}`, {
    headers: bearer(learner.token),
  });
  expect(await result.text()).not.toContain('correctAnswerIndex');

  // Earned on the retake: every attempt of the sub-level now shows its answers.
  const passed = await submitByKey(page.request, learner.token, nextQuiz?._id ?? '', key);
  expect(passed.status(), await passed.text()).toBe(201);
  await page.reload();
  await expect(questions.nth(1).getByText('Correct answer', { exact: true })).toBeVisible();
  await expect(
    page.getByText(
      'The correct answers are shown once you earn this certification or have no attempts left.',
    ),
  ).toHaveCount(0);
});
