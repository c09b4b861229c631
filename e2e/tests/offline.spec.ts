import type { Page } from '@playwright/test';
import { AnswerKey, answerShown, packQuiz } from '../support/answers.ts';
import {
  activatePlan,
  createVerifiedLearner,
  expect,
  expectAccessible,
  expectTargetsAtLeast24px,
  loginThroughUi,
  test,
} from '../support/fixtures.ts';

/**
 * Issue 20 on a phone: a quiz saved for offline is taken with the network off, the answers wait on
 * the device and are sent when it is back, exactly one attempt is stored (the same submission sent
 * again is answered with the same attempt), and logout leaves no personal data on the device.
 */

const QUIZ_TITLE = 'Computers: Digital Explorer';
const key = new AnswerKey(packQuiz('practice/computers.json', { key: 'practice-computers-c3-5' }));
const OFFLINE_DB = 'quizquest-offline';
const PERSONAL_CACHE = 'qq-personal';
const MEDIA_CACHE = 'qq-media';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

interface QueuedEntry {
  key: string;
  path: string;
  body: { answers: number[] };
  state: string;
}

/** The outbox as IndexedDB holds it, read in the page. */
function outbox(page: Page): Promise<QueuedEntry[]> {
  return page.evaluate(
    (name) =>
      new Promise<QueuedEntry[]>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          if (!db.objectStoreNames.contains('outbox')) {
            db.close();
            resolve([]);
            return;
          }
          const all = db.transaction('outbox').objectStore('outbox').getAll();
          all.onsuccess = () => {
            db.close();
            resolve(all.result as QueuedEntry[]);
          };
          all.onerror = () => reject(all.error);
        };
      }),
    OFFLINE_DB,
  );
}

const personalCacheEntries = (page: Page) =>
  page.evaluate(async (name) => {
    if (!(await caches.has(name))) return 0;
    return (await (await caches.open(name)).keys()).length;
  }, PERSONAL_CACHE);

const databaseNames = (page: Page) =>
  page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name));

test('a saved quiz is taken offline, sent once when the network is back, and logout clears the device', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const account = await createVerifiedLearner(page, { grade: 'c-3' });
  await loginThroughUi(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The service worker has installed and controls the page: a reload offline comes from it.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 20_000 })
    .toBe(true);

  // Save for offline on the practice card: the badge replaces the button.
  await page.goto('/quizzes');
  await page.getByLabel('Category').selectOption('Computers');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: QUIZ_TITLE }) });
  await card.getByRole('button', { name: /Save for offline/ }).click();
  await expect(card.getByText(/Saved for offline$/)).toBeVisible();
  await expect(card.getByRole('button', { name: /Save for offline/ })).toHaveCount(0);
  await expectAccessible(page);
  await expectTargetsAtLeast24px(page);
  // Another card still offers it.
  await expect(page.getByRole('button', { name: /Save for offline/ }).first()).toBeVisible();

  await card.getByRole('link', { name: 'Start Quiz' }).click();
  await expect(page).toHaveURL(/\/quizzes\/attempt\/[0-9a-f-]{36}$/);
  const quizId = page.url().split('/').pop() ?? '';
  await expect(page.getByRole('heading', { level: 1, name: QUIZ_TITLE })).toBeVisible();

  // The network goes; the attempt page is opened again from the device.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: QUIZ_TITLE })).toBeVisible();
  await expect(page.getByText(/this is the copy of the quiz saved on this device/)).toBeVisible();
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await answerShown(page, key, () => true);
  await page.getByRole('button', { name: 'Submit Quiz' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your answers are saved' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: "You're offline." })).toHaveText(
    "You're offline. Your answers are saved on this device and will be sent when you're back online. Your result opens then.",
  );
  await expectAccessible(page);
  await expectTargetsAtLeast24px(page);
  const queued = await outbox(page);
  expect(queued.map((entry) => entry.state)).toEqual(['queued']);
  const [entry] = queued as [QueuedEntry];

  // The network comes back: the answers go, and the page opens their result.
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/quizzes\/result\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Quiz Result' })).toBeVisible();
  await expect(page.getByText('100.00%', { exact: true })).toBeVisible();
  const attemptId = page.url().split('/').pop();
  await expect.poll(() => outbox(page)).toEqual([]);

  // Exactly one attempt is stored; the same submission sent twice more is answered with it.
  const auth = { Authorization: `Bearer ${account.token}` };
  for (let copy = 0; copy < 2; copy += 1) {
    const again = await page.request.post(entry.path, {
      headers: { ...auth, 'Idempotency-Key': entry.key },
      data: entry.body,
    });
    expect(again.status()).toBe(201);
    expect(((await again.json()) as { attemptId: string }).attemptId).toBe(attemptId);
  }
  const history = await page.request.get('/api/quizzes/history', { headers: auth });
  expect(history.status()).toBe(200);
  const { attempts } = (await history.json()) as {
    attempts: Array<{ _id: string; quiz: { _id: string } }>;
  };
  expect(attempts.filter((attempt) => attempt.quiz._id === quizId).map((attempt) => attempt._id)).toEqual([
    attemptId,
  ]);
  // The saved copy served its draw: it is saved no more.
  await page.goto('/quizzes');
  await page.getByLabel('Category').selectOption('Computers');
  await expect(card.getByRole('heading', { name: QUIZ_TITLE })).toBeVisible();
  await expect(card.getByText(/Saved for offline$/)).toHaveCount(0);

  // Logout: no personal data is left on the device.
  await page.goto('/dashboard');
  await expect(page.getByText(/Certifications Completed/)).toBeVisible();
  expect(await personalCacheEntries(page)).toBeGreaterThan(0);
  expect(await databaseNames(page)).toContain(OFFLINE_DB);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Toggle menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expect.poll(() => databaseNames(page)).not.toContain(OFFLINE_DB);
  await expect.poll(() => personalCacheEntries(page)).toBe(0);
});

test("the dashboard's next certification quiz is saved with its pictures, which show offline", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const account = await createVerifiedLearner(page, { grade: 'c-3' });
  await activatePlan(page.request, account, 'plan59');
  await loginThroughUi(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 20_000 })
    .toBe(true);

  const card = page.getByRole('region', { name: 'Level 1 Certification Progress' });
  await expect(card.getByText('Next quiz: Alphabet Adventurer')).toBeVisible();
  await card.getByRole('button', { name: /Save for offline/ }).click();
  await expect(card.getByText(/Saved for offline$/)).toBeVisible();
  await expectAccessible(page);
  await expectTargetsAtLeast24px(page);

  // The draw saved is the learner's pending draw; its pictures are in the media cache.
  const href = await card.getByRole('link', { name: /Alphabet Adventurer/ }).getAttribute('href');
  const quizId = href?.split('/').pop() ?? '';
  const draw = await page.request.get(`/api/quizzes/${quizId}`, {
    headers: { Authorization: `Bearer ${account.token}` },
  });
  const { questions } = (await draw.json()) as { questions: Array<{ questionImage: string | null }> };
  const images = questions.flatMap((question) => (question.questionImage ? [question.questionImage] : []));
  expect(images.length).toBeGreaterThan(0);
  const cached = await page.evaluate(async (name) => {
    const cache = await caches.open(name);
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  }, MEDIA_CACHE);
  expect(cached).toEqual(expect.arrayContaining(images));

  // Offline, the attempt opens from the device with its pictures.
  await context.setOffline(true);
  await page.goto(`/quizzes/attempt/${quizId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Alphabet Adventurer' })).toBeVisible();
  await expect(page.getByText(/this is the copy of the quiz saved on this device/)).toBeVisible();
  const picture = page.locator('img.question-image').first();
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((image) => (image as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);

  // A quiz not saved says plainly that it needs the internet.
  await page.goto('/quizzes/attempt/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('alert')).toHaveText(
    'This quiz needs the internet: it is not saved on this device. Please connect to the internet and try again.',
  );
  await expectAccessible(page);
  await context.setOffline(false);
});
