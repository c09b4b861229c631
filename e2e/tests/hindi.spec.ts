import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import { AnswerKey, inHindi, packImageUrls, packQuiz, submitByKey } from '../support/answers.ts';
import {
  activatePlan,
  expect,
  expectAccessible,
  linkFromOutbox,
  PASSWORD,
  test,
  uniqueEmail,
} from '../support/fixtures.ts';

/*
 * Issue 18 in a real browser: a parent who reads Hindi signs a child up on the Hindi pages, the
 * child takes a Level 1 quiz in Hindi with a question read aloud in a Hindi voice, sees the result
 * in Hindi, finishes the level and downloads a certificate in Hindi; axe checks the Hindi pages.
 */

/** A Hindi message of the web app's catalogue, its {values} filled in. */
function hindi(id: string, values: Record<string, string | number> = {}): string {
  const namespace = id.split('.')[0];
  const file = new URL(`../../packages/web/src/i18n/messages/hi/${namespace}.json`, import.meta.url);
  let text = (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>)[id];
  if (text === undefined) throw new Error(`No Hindi message ${id}`);
  for (const [name, value] of Object.entries(values)) text = text.replaceAll(`{${name}}`, String(value));
  return text;
}

/**
 * Headless Chromium has no voices: the page gets a speechSynthesis with the voices Chrome lists on
 * a desktop (English, and Google हिन्दी), which records what it is asked to say and in which voice.
 */
async function fakeVoices(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const spoken: Array<{ text: string; lang: string; voice: string | null }> = [];
    const voices = [
      {
        name: 'Google US English',
        lang: 'en-US',
        default: true,
        localService: false,
        voiceURI: 'Google US English',
      },
      { name: 'Google हिन्दी', lang: 'hi-IN', default: false, localService: false, voiceURI: 'Google हिन्दी' },
    ];
    class Utterance extends EventTarget {
      text: string;
      lang = '';
      voice: { name: string } | null = null;
      rate = 1;
      pitch = 1;
      onend: ((event: Event) => void) | null = null;
      onerror: ((event: Event) => void) | null = null;
      constructor(text: string) {
        super();
        this.text = text;
      }
    }
    const synth = {
      speaking: false,
      pending: false,
      paused: false,
      onvoiceschanged: null,
      getVoices: () => voices,
      speak(utterance: Utterance) {
        spoken.push({ text: utterance.text, lang: utterance.lang, voice: utterance.voice?.name ?? null });
        setTimeout(() => utterance.onend?.(new Event('end')), 20);
      },
      cancel() {},
      pause() {},
      resume() {},
      addEventListener() {},
      removeEventListener() {},
    };
    Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
    Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: Utterance, configurable: true });
    Object.defineProperty(window, '__spoken', { value: spoken, configurable: true });
  });
}

const spokenOn = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __spoken: Array<{ text: string; lang: string; voice: string | null }> })
        .__spoken,
  );

const level1 = (subLevel: string) => packQuiz('certification/level-01.json', { subLevel });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

test('a Hindi family signs up, takes Level 1 read aloud in Hindi, sees the result and downloads a Hindi certificate', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  await fakeVoices(context);

  // The public pages switch to Hindi, and the choice stays on this device.
  await page.goto('/login');
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'हिन्दी' }).click();
  await expect(page.getByRole('heading', { name: hindi('auth.login.title') })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expectAccessible(page);

  // Sign-up in Hindi: the account keeps Hindi as its language.
  await page.getByRole('link', { name: 'साइन अप करें' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole('heading', { name: hindi('auth.signup.title') })).toBeVisible();
  await expectAccessible(page);
  const email = uniqueEmail('hindi');
  await page.getByLabel(hindi('auth.signup.firstName')).fill('आरव');
  await page.getByLabel(hindi('auth.signup.lastName')).fill('शर्मा');
  await page.getByLabel(hindi('auth.signup.email')).fill(email);
  await page.getByLabel(hindi('auth.signup.grade')).selectOption('Sr-Kg');
  await page.getByLabel(hindi('auth.signup.password'), { exact: true }).fill(PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: hindi('auth.signup.submit'), exact: true }).click();
  await expect(page.getByRole('heading', { name: hindi('auth.signup.checkEmailTitle') })).toBeVisible();

  await page.goto(await linkFromOutbox(email, '/verify-email'));
  await expect(page.getByText(hindi('auth.verifyEmail.verified'))).toBeVisible();

  const login = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  const { token, user } = (await login.json()) as { token: string; user: { language?: string } };
  expect(user.language).toBe('hi');
  await activatePlan(page.request, { email, password: PASSWORD, token }, 'plan59');

  // Login in Hindi, then the dashboard in Hindi.
  await page.goto('/login');
  await page.getByLabel(hindi('auth.login.email')).fill(email);
  await page.getByLabel(hindi('auth.login.password'), { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: hindi('auth.login.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const card = page.getByRole('region', { name: hindi('dashboard.levelCard.title', { level: 1 }) });
  await expect(card).toBeVisible();
  await expectAccessible(page);

  // The first sub-level in Hindi, its first question read aloud in the Hindi voice.
  const [quizTab] = await Promise.all([
    page.waitForEvent('popup'),
    card.getByRole('link', { name: /अक्षर खोजी/ }).click(),
  ]);
  await expect(quizTab.getByRole('heading', { level: 1 })).toHaveText('अक्षर खोजी');
  await expect(quizTab.locator('html')).toHaveAttribute('lang', 'hi');
  await quizTab.getByRole('button', { name: hindi('attempts.question.readAloud', { number: 1 }) }).click();
  await expect.poll(async () => (await spokenOn(quizTab)).length).toBeGreaterThan(0);
  const [first] = await spokenOn(quizTab);
  expect(first?.voice).toBe('Google हिन्दी');
  expect(first?.lang).toBe('hi-IN');
  expect(first?.text).toMatch(/[\u0900-\u097f]/);
  await expectAccessible(quizTab);

  const quizId = new URL(quizTab.url()).pathname.split('/').pop() as string;
  const firstKey = new AnswerKey(
    inHindi(level1('L1-C1')),
    await packImageUrls(page.request, quizId, level1('L1-C1')),
  );
  const count = await quizTab.locator('fieldset.question').count();
  for (let number = 1; number <= count; number += 1) {
    const group = quizTab.locator(`#question-${number}`);
    const questionText = ((await group.locator('legend .question-text').textContent()) ?? '').trim();
    expect(questionText).toMatch(/[\u0900-\u097f]|'/);
    const options = await group.locator('label.choice .choice-text').allTextContents();
    const index = options.findIndex((text) =>
      firstKey.isCorrect(questionText, { type: 'text', value: text.trim() }),
    );
    await group.getByRole('radio').nth(index).check();
  }
  await quizTab.getByRole('button', { name: hindi('attempts.attempt.submit') }).click();
  await expect(quizTab).toHaveURL(/\/quizzes\/result\/[^/]+$/);
  await expect(quizTab.getByRole('main')).toContainText('100.00%');
  await expect(quizTab.getByRole('heading', { name: hindi('attempts.result.heading') })).toBeVisible();
  // The result keeps the title the quiz was shown with, and its questions in Hindi.
  await expect(quizTab.getByRole('main')).toContainText('अक्षर खोजी');
  await expect(quizTab.getByRole('main')).toContainText(
    hindi('attempts.result.correctCount', { total: 10, correct: 10 }),
  );
  await expectAccessible(quizTab);
  await quizTab.close();

  // The other nine sub-levels through the API the quiz page uses; their draws come in Hindi.
  for (let taken = 2; taken <= 10; taken += 1) {
    const progress = await page.request.get('/api/certification/progress', { headers: bearer(token) });
    const { nextQuiz } = (await progress.json()) as { nextQuiz: { _id: string; subLevel: string } };
    const pack = level1(nextQuiz.subLevel);
    const key = new AnswerKey(inHindi(pack), await packImageUrls(page.request, nextQuiz._id, pack));
    const submitted = await submitByKey(page.request, token, nextQuiz._id, key);
    expect(submitted.status(), await submitted.text()).toBe(201);
  }

  // The level's certificate, in Hindi words and with the name in Devanagari.
  await page.reload();
  await expect(page.getByText(hindi('dashboard.levelCard.congratulations', { level: 1 }))).toBeVisible();
  await expectAccessible(page);
  const [certificateTab, certificate] = await Promise.all([
    page.waitForEvent('popup'),
    page.waitForResponse((response) => response.url().includes('/api/certification/view?level=1')),
    page.getByRole('button', { name: hindi('dashboard.levelCard.viewCertificate', { level: 1 }) }).click(),
  ]);
  expect(certificate.status()).toBe(200);
  expect(certificate.headers()['content-type']).toContain('application/pdf');
  await certificateTab.close();
  const pdf = await (
    await page.request.get('/api/certification/view?level=1', { headers: bearer(token) })
  ).body();
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // The Devanagari font is embedded (subset) for the Hindi words and the name.
  expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansDevanagari/);
});
