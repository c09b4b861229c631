import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_ADMIN = { email: 'admin@quizquest.local', password: 'Demo-Admin-E2E-2026' };
export const PASSWORD = 'Mango-Tree-Delhi-9';

export function uniqueEmail(label = 'parent'): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

const outboxDir = () => path.join(process.env.QQ_E2E_DATA_DIR ?? '', 'outbox');

/** The newest link mailed to `to` whose path starts with `pathPrefix`, read from the real outbox. */
export async function linkFromOutbox(to: string, pathPrefix: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => {
      let files: string[] = [];
      try {
        files = readdirSync(outboxDir()).sort();
      } catch {
        return undefined;
      }
      for (const file of files.reverse()) {
        const raw = readFileSync(path.join(outboxDir(), file), 'utf8');
        if (!new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'mi').test(raw)) continue;
        const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        const match = new RegExp(`(https?://[^\\s"<]+${pathPrefix}\\?token=[A-Za-z0-9_-]+)`).exec(text);
        if (match) {
          link = match[1];
          return link;
        }
      }
      return undefined;
    })
    .toBeTruthy();
  return link as string;
}

/** axe-core on the page as it is now: no serious or critical violation. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const bad = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    bad.map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    ),
  ).toEqual([]);
}

/** Every link and button on the page is at least 24 × 24 px (WCAG 2.5.8). */
export async function expectTargetsAtLeast24px(page: Page) {
  const small = await page.locator('main a:visible, main button:visible').evaluateAll((elements) =>
    elements
      .map((element) => ({ text: element.textContent?.trim() ?? '', box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 24 || box.height < 24)
      .map(({ text, box }) => `${text}: ${Math.round(box.width)}×${Math.round(box.height)}`),
  );
  expect(small).toEqual([]);
}

export interface Account {
  email: string;
  password: string;
  token: string;
}

/** A verified learner made through the real API and the real verification mail. */
export async function createVerifiedLearner(
  page: Page,
  options: { grade?: string; firstName?: string } = {},
): Promise<Account> {
  const email = uniqueEmail('learner');
  const signup = await page.request.post('/api/auth/signup', {
    data: {
      first_name: options.firstName ?? 'Priya',
      last_name: 'Nair',
      email,
      password: PASSWORD,
      grade: options.grade ?? 'c-3',
      consent: true,
    },
  });
  expect(signup.status()).toBe(201);
  const link = await linkFromOutbox(email, '/verify-email');
  const token = new URL(link).searchParams.get('token');
  const verify = await page.request.post('/api/auth/verify-email', { data: { token } });
  expect(verify.status()).toBe(200);
  const login = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  return { email, password: PASSWORD, token: (await login.json()).token };
}

/** Puts the learner on a paid plan the way the product does: the admin activates it. */
export async function activatePlan(
  request: APIRequestContext,
  learner: Account,
  planId: string,
): Promise<void> {
  const me = await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${learner.token}` } });
  const { _id: userId } = (await me.json()) as { _id: string };
  const login = await request.post('/api/auth/login', { data: DEMO_ADMIN });
  const { token: adminToken } = (await login.json()) as { token: string };
  const activation = await request.post(`/api/admin/users/${userId}/subscription`, {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { action: 'activate', planId },
  });
  expect(activation.status()).toBe(200);
}

/** Logs in through the login page. */
export async function loginThroughUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/^e-?mail/i).fill(email);
  await page.getByLabel(/^password$/i).fill(password);
  await page.getByRole('button', { name: /^login$/i }).click();
}

/**
 * The dashboard tour (spec §4) opens over the page on a learner's first dashboard visit. Specs
 * about something else start with it marked as seen; the tour's own spec sets
 * `test.use({ dashboardTourSeen: false })`.
 */
export const test = base.extend<{ dashboardTourSeen: boolean }>({
  dashboardTourSeen: [true, { option: true }],
  page: async ({ page, dashboardTourSeen }, use) => {
    if (dashboardTourSeen) {
      await page.addInitScript(() => {
        try {
          localStorage.setItem('dashboardTourCompleted', 'true');
        } catch {
          // about:blank and other opaque origins have no storage.
        }
      });
    }
    await use(page);
  },
});
export { expect };
