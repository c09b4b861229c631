import type { APIRequestContext, Page } from '@playwright/test';
import { AnswerKey, packQuiz, submitByKey } from '../support/answers.ts';
import {
  createVerifiedLearner,
  DEMO_ADMIN,
  expect,
  expectAccessible,
  loginThroughUi,
  test,
  type Account,
} from '../support/fixtures.ts';

/*
 * Layout checks over whole pages, so a class of problem is caught and not only the one example a
 * parent reported: every target at least 24 x 24 px (WCAG 2.2 2.5.8), nothing laid over the
 * header's controls, toasts that leave the navigation free, disabled buttons that look disabled,
 * the celebration, and the admin table and sidebar on a wide screen.
 */

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * The bundled Class 3 computers quiz: its right answers are read from the pack and matched by text
 * among the options as drawn (decision 031: a new order and shuffled options every attempt).
 */
const QUIZ = packQuiz('practice/computers.json', { key: 'practice-computers-c3-5' });
const KEY = new AnswerKey(QUIZ);

async function computersQuizId(request: APIRequestContext, learner: Account): Promise<string> {
  const response = await request.post('/api/quizzes/published', {
    headers: bearer(learner.token),
    data: { category: 'Computers', grade: Buffer.from('c-3').toString('base64') },
  });
  expect(response.status()).toBe(200);
  const { quizzes } = (await response.json()) as { quizzes: Array<{ _id: string; title: string }> };
  const quiz = quizzes.find((candidate) => candidate.title === QUIZ.title);
  if (!quiz) throw new Error(`${QUIZ.title} is not published for Class 3`);
  return quiz._id;
}

/** One attempt through the API (open the quiz, answer in the order drawn), all right or all wrong. */
async function submitAttempt(
  request: APIRequestContext,
  learner: Account,
  quizId: string,
  right: boolean,
): Promise<string> {
  const response = await submitByKey(request, learner.token, quizId, KEY, () => right);
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { attemptId: string }).attemptId;
}

interface TargetProblem {
  target: string;
  width: number;
  height: number;
}

/**
 * WCAG 2.2 2.5.8: every visible link, button, input, select and text area is at least 24 x 24 px,
 * unless it is a link inside a sentence (the inline exception) or a 24 px circle around it touches
 * no other target (the spacing exception). A radio, checkbox or file input is measured by the
 * label that wraps it or names it, which is what a finger presses.
 */
async function undersizedTargets(page: Page): Promise<TargetProblem[]> {
  return page.evaluate(() => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [tabindex]:not([tabindex="-1"])';
    const describe = (element: Element) => {
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
      return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${name}"`;
    };
    const measured = (element: Element): Element => {
      if (element instanceof HTMLInputElement && ['radio', 'checkbox', 'file'].includes(element.type)) {
        return element.labels?.[0] ?? element;
      }
      return element;
    };
    const visible = (element: Element) => {
      const rect = element.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) return false;
      if (rect.bottom + window.scrollY <= 0 || rect.right <= 0) return false;
      const style = getComputedStyle(element);
      return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0;
    };
    const inSentence = (element: Element) => {
      if (element.tagName !== 'A' || getComputedStyle(element).display !== 'inline') return false;
      const block = element.parentElement;
      return (block?.textContent ?? '').trim().length > (element.textContent ?? '').trim().length;
    };
    const seen = new Set<Element>();
    const targets: Array<{ element: Element; rect: DOMRect }> = [];
    for (const candidate of Array.from(document.querySelectorAll(selector))) {
      const element = measured(candidate);
      if (seen.has(element) || !visible(element)) continue;
      seen.add(element);
      targets.push({ element, rect: element.getBoundingClientRect() });
    }
    const distanceToRect = (x: number, y: number, rect: DOMRect) => {
      const dx = Math.max(rect.left - x, 0, x - rect.right);
      const dy = Math.max(rect.top - y, 0, y - rect.bottom);
      return Math.hypot(dx, dy);
    };
    const small = (rect: DOMRect) => rect.width < 24 || rect.height < 24;
    const problems: Array<{ target: string; width: number; height: number }> = [];
    for (const { element, rect } of targets) {
      if (!small(rect) || inSentence(element)) continue;
      const x = rect.left + rect.width / 2;
      const y = rect.top + rect.height / 2;
      const crowded = targets.some(
        (other) =>
          other.element !== element &&
          !other.element.contains(element) &&
          !element.contains(other.element) &&
          (small(other.rect)
            ? Math.hypot(
                other.rect.left + other.rect.width / 2 - x,
                other.rect.top + other.rect.height / 2 - y,
              ) < 24
            : distanceToRect(x, y, other.rect) < 12),
      );
      if (crowded) {
        problems.push({
          target: describe(element),
          width: Math.round(rect.width),
          height: Math.round(rect.height),
        });
      }
    }
    return problems;
  });
}

/**
 * The header's controls (menu button, Upgrade, Logout) are what is on top at their centre and
 * near their edges: no toast, banner or other fixed layer lies over them.
 */
async function headerCoverings(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls = Array.from(document.querySelectorAll('header button, header a[href]')).filter(
      (element) => element.getBoundingClientRect().width > 1,
    );
    const problems: string[] = [];
    for (const control of controls) {
      const rect = control.getBoundingClientRect();
      // The centre and four points near the edges, inside even a pill-shaped button.
      const x = rect.left + rect.width / 2;
      const y = rect.top + rect.height / 2;
      const inset = Math.min(rect.width, rect.height) / 2;
      const points = [
        [x, y],
        [x, rect.top + 3],
        [x, rect.bottom - 3],
        [rect.left + inset, y],
        [rect.right - inset, y],
      ] as const;
      for (const [x, y] of points) {
        const top = document.elementFromPoint(x, y);
        if (!top || !(control === top || control.contains(top))) {
          problems.push(
            `${control.textContent?.trim() || control.getAttribute('aria-label')} under ${top?.className}`,
          );
          break;
        }
      }
    }
    // Visible fixed layers (toasts, dialogs' backdrops) must not overlap the header at all; the
    // confetti canvas is click-through and gone within seconds, so it is left out.
    const header = document.querySelector('header')?.getBoundingClientRect();
    if (header) {
      for (const element of Array.from(document.querySelectorAll('body *'))) {
        if (element.closest('header') || element.matches('canvas.confetti')) continue;
        if (getComputedStyle(element).position !== 'fixed') continue;
        const rect = element.getBoundingClientRect();
        if (rect.width < 1 || rect.height < 1) continue;
        if (
          rect.top < header.bottom &&
          rect.bottom > header.top &&
          rect.left < header.right &&
          rect.right > header.left
        ) {
          problems.push(`fixed ${element.tagName.toLowerCase()}.${element.className} over the header`);
        }
      }
    }
    return problems;
  });
}

async function expectHeaderControlsOnTop(page: Page): Promise<void> {
  expect(await headerCoverings(page)).toEqual([]);
}

async function expectPageLayout(page: Page, label: string): Promise<void> {
  await test.step(`${label}: targets, header and axe`, async () => {
    expect(await undersizedTargets(page), `${label}: targets under 24 x 24 px`).toEqual([]);
    await expectHeaderControlsOnTop(page);
    await expectAccessible(page);
  });
}

test('every signed-in page at 360 px: targets of at least 24 x 24 px and nothing over the menu button', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  const learner = await createVerifiedLearner(page);
  const quizId = await computersQuizId(page.request, learner);
  const attemptId = await submitAttempt(page.request, learner, quizId, false);
  await loginThroughUi(page, learner.email, learner.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(/Certifications Completed/)).toBeVisible();
  await expectPageLayout(page, '/dashboard');

  // The menu open: its entries are targets too, and nothing lies over it.
  await page.getByRole('button', { name: 'Toggle menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expectPageLayout(page, '/dashboard with the menu open');
  await page.getByRole('button', { name: 'Toggle menu' }).click();

  const pages: Array<[string, RegExp | string]> = [
    ['/quizzes', 'Select a category take part in the Quiz.'],
    [`/quizzes/attempt/${quizId}`, 'Submit Quiz'],
    [`/quizzes/result/${attemptId}`, 'Back to Scoreboard'],
    ['/quizzes/my-attempts', 'View Details'],
    ['/my-certifications', /Expand All|Collapse All/],
    ['/profile', 'Save Profile'],
    ['/subscribe', 'Upgrade Your Plan'],
  ];
  for (const [path, ready] of pages) {
    await page.goto(path);
    await expect(page.getByText(ready).first()).toBeVisible();
    await expectPageLayout(page, path);
  }

  await page.evaluate(() => localStorage.clear());
  await loginThroughUi(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/quiz-dashboard$/);
  await expect(page.getByRole('table')).toBeVisible();
  await expectPageLayout(page, '/admin/quiz-dashboard');
  await page.goto('/admin/learners');
  await expect(page.getByRole('table')).toBeVisible();
  await expectPageLayout(page, '/admin/learners');
});

test('the layout checks themselves catch a small target and a layer over the header', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const learner = await createVerifiedLearner(page);
  await loginThroughUi(page, learner.email, learner.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(/Certifications Completed/)).toBeVisible();
  expect(await undersizedTargets(page)).toEqual([]);
  expect(await headerCoverings(page)).toEqual([]);

  // Two 14 x 19 px buttons side by side, as small as the toasts' close buttons were: too close
  // for the spacing exception.
  await page.evaluate(() => {
    const pair = document.createElement('span');
    for (const name of ['tiny one', 'tiny two']) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'x';
      button.setAttribute('aria-label', name);
      button.style.cssText = 'width:14px;height:19px;padding:0;margin:0;min-width:0;min-height:0';
      pair.append(button);
    }
    document.querySelector('main h1')?.after(pair);
  });
  expect(await undersizedTargets(page)).toEqual([
    { target: 'button "tiny one"', width: 14, height: 19 },
    { target: 'button "tiny two"', width: 14, height: 19 },
  ]);

  // A full-width fixed layer at the top, as the toasts were.
  await page.evaluate(() => {
    const layer = document.createElement('div');
    layer.className = 'layer';
    layer.style.cssText = 'position:fixed;top:0;left:0;width:100vw;height:64px;z-index:9999;background:#fff';
    document.body.append(layer);
  });
  const coverings = await headerCoverings(page);
  expect(coverings).toContain('fixed div.layer over the header');
  expect(coverings.some((problem) => problem.startsWith('Toggle menu under'))).toBe(true);
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`at ${viewport.width} px a toast leaves the header and the menu free and closes with a 44 px button`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const learner = await createVerifiedLearner(page);
    const quizId = await computersQuizId(page.request, learner);
    await loginThroughUi(page, learner.email, learner.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`/quizzes/attempt/${quizId}`);
    await page.getByRole('button', { name: 'Submit Quiz' }).click();
    const toast = page
      .getByRole('alert')
      .filter({ hasText: 'Please answer all questions before submitting the quiz.' });
    await expect(toast).toBeVisible();
    await expectHeaderControlsOnTop(page);
    const close = toast.getByRole('button', { name: 'close' });
    const box = await close.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect(await undersizedTargets(page)).toEqual([]);
    // Still top-right: its right edge is at the window's right, its top under the header.
    const toastBox = await page.locator('.Toastify__toast').first().boundingBox();
    const headerBox = await page.locator('header').boundingBox();
    expect(toastBox?.y ?? 0).toBeGreaterThanOrEqual((headerBox?.y ?? 0) + (headerBox?.height ?? 0));
    expect((toastBox?.x ?? 0) + (toastBox?.width ?? 0)).toBeGreaterThan(viewport.width - 24);
    await expectAccessible(page);

    if (viewport === PHONE) {
      // With the menu open, a toast covers none of its entries: a failed list load raises one
      // while the menu stays open above the category select.
      await close.click();
      await expect(toast).toHaveCount(0);
      await page.goto('/quizzes');
      await expect(page.getByText('Select a category take part in the Quiz.')).toBeVisible();
      await page.getByRole('button', { name: 'Toggle menu' }).click();
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav).toBeVisible();
      await page.route('**/api/quizzes/published', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' }),
      );
      await page.getByLabel('Category').selectOption('Maths');
      const failed = page.getByRole('alert').filter({ hasText: 'Error loading quizzes.' });
      await expect(failed).toBeVisible();
      await expect(nav).toBeVisible();
      await expectHeaderControlsOnTop(page);
      const shown = await page.locator('.Toastify__toast').first().boundingBox();
      expect(shown).not.toBeNull();
      for (const link of await nav.getByRole('link').all()) {
        const linkBox = await link.boundingBox();
        if (!shown || !linkBox) continue;
        const overlaps = shown.y < linkBox.y + linkBox.height && shown.y + shown.height > linkBox.y;
        expect(overlaps, `the toast lies over ${await link.textContent()}`).toBe(false);
      }
    }
  });
}

test('a disabled button looks disabled: grey, not the blue of Start Quiz, with readable text', async ({
  page,
}) => {
  const learner = await createVerifiedLearner(page);
  const quizId = await computersQuizId(page.request, learner);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await submitAttempt(page.request, learner, quizId, false);
  }
  await loginThroughUi(page, learner.email, learner.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.goto('/quizzes');
    await page.getByLabel('Category').selectOption('Computers');
    const disabled = page.getByRole('button', { name: 'No Attempts Left' });
    await expect(disabled).toBeDisabled();
    const enabled = page.getByRole('link', { name: 'Upgrade', exact: true });
    const look = (locator: typeof disabled) =>
      locator.evaluate((element) => {
        const style = getComputedStyle(element);
        return { background: style.backgroundColor, color: style.color, opacity: style.opacity };
      });
    const off = await look(disabled);
    const on = await look(enabled);
    expect(off.background).not.toBe(on.background);
    expect(off.opacity).toBe('1');
    const contrast = await disabled.evaluate((element) => {
      const rgb = (value: string) => (value.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
      const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
        const channel = (c: number) => {
          const s = c / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
      };
      const style = getComputedStyle(element);
      const [a, b] = [luminance(rgb(style.color)), luminance(rgb(style.backgroundColor))].sort(
        (x, y) => y - x,
      );
      return ((a ?? 0) + 0.05) / ((b ?? 0) + 0.05);
    });
    expect(contrast).toBeGreaterThanOrEqual(4.5);
    // Grey, not a paler blue: red, green and blue within a few steps of each other.
    const [r = 0, g = 0, b = 0] = (off.background.match(/\d+/g) ?? []).map(Number);
    expect(Math.max(r, g, b) - Math.min(r, g, b)).toBeLessThan(16);
    await expectAccessible(page);
  }
});

/** Pixels with any paint on the confetti canvas. */
const paintedPixels = (page: Page) =>
  page.locator('canvas.confetti').evaluate((canvas: HTMLCanvasElement) => {
    const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data;
    let painted = 0;
    for (let index = 3; index < (data?.length ?? 0); index += 4) if ((data?.[index] ?? 0) > 0) painted += 1;
    return painted;
  });

test('a perfect score bursts into confetti within a second, and is a still picture with reduced motion', async ({
  page,
}) => {
  const learner = await createVerifiedLearner(page);
  const quizId = await computersQuizId(page.request, learner);
  const attemptId = await submitAttempt(page.request, learner, quizId, true);
  await loginThroughUi(page, learner.email, learner.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.goto(`/quizzes/result/${attemptId}`);
    await expect(page.getByText('100.00%', { exact: true })).toBeVisible();
    await expect(page.locator('canvas.confetti')).toHaveCount(1);
    await page.waitForTimeout(700);
    // 400 pieces in the air: tens of thousands of painted pixels (a 5 s trickle from the top
    // edge has two or three pieces on screen at this point, a few hundred pixels).
    expect(await paintedPixels(page)).toBeGreaterThan(8_000);
    await expectHeaderControlsOnTop(page);
    await expectAccessible(page);
  }

  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.goto(`/quizzes/result/${attemptId}`);
    await expect(page.getByText('100.00%', { exact: true })).toBeVisible();
    const still = page.getByTestId('still-celebration');
    await expect(still).toBeVisible();
    await page.waitForTimeout(300);
    await expect(page.locator('canvas.confetti')).toHaveCount(0);
    expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
    await expectAccessible(page);
  }
});

/** The colour of one pixel of a PNG, decoded by the browser in a blank page. */
async function pixelOf(page: Page, png: Buffer, x: number, y: number): Promise<number[]> {
  const blank = await page.context().newPage();
  try {
    return await blank.evaluate(
      async ({ data, x, y }) => {
        const image = new Image();
        image.src = `data:image/png;base64,${data}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext('2d');
        context?.drawImage(image, 0, 0);
        return Array.from(context?.getImageData(x, y, 1, 1).data ?? []).slice(0, 3);
      },
      { data: png.toString('base64'), x, y },
    );
  } finally {
    await blank.close();
  }
}

test('at 1280 px the admin table keeps Edit, Stats and Delete on one line and the sidebar reaches the foot of the page', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await loginThroughUi(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/quiz-dashboard$/);
  const rows = page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: 'Delete' }) });
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();
  expect(count).toBeGreaterThan(5);
  for (let index = 0; index < count; index += 1) {
    const tops = await Promise.all(
      [/^Edit/, /^Stats/, /^Delete/].map(
        async (name) => (await rows.nth(index).getByRole('button', { name }).boundingBox())?.y,
      ),
    );
    expect(new Set(tops).size, `row ${index + 1}: Edit, Stats and Delete on one line`).toBe(1);
  }
  await expectAccessible(page);

  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height).toBeGreaterThan(DESKTOP.height * 1.5);
  const whole = await page.screenshot({ fullPage: true });
  const sidebarBlue = [30, 58, 138];
  expect(await pixelOf(page, whole, 20, DESKTOP.height / 2)).toEqual(sidebarBlue);
  expect(await pixelOf(page, whole, 20, height - 20)).toEqual(sidebarBlue);
});
