import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../support/fixtures.ts';

/**
 * QuizQuest installs from the browser (issue 20 item 1): a manifest Chromium accepts with no
 * installability error, icons of the sizes it names, a service worker that takes the page, and the
 * app shell opening with the network off.
 */

test('Chromium finds the app installable, and its shell opens offline', async ({
  playwright,
  launchOptions,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // A profile of its own: Chromium never offers to install from an incognito window, which is
  // what every other spec's context is.
  const profile = mkdtempSync(path.join(tmpdir(), 'qq-install-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...launchOptions,
    baseURL,
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  try {
    await installAndGoOffline(page, context);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

async function installAndGoOffline(page: Page, context: BrowserContext) {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();

  // The service worker installs (its precache complete) and takes this page.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 20_000 })
    .toBe(true);

  // Chromium's own installability check (what Lighthouse's installable-manifest audit asked).
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: Array<{ errorId: string }>;
  };
  expect(installabilityErrors.map((error) => error.errorId)).toEqual([]);
  const { url, errors } = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
  expect(url).toMatch(/\/manifest\.webmanifest$/);
  expect(errors).toEqual([]);

  const manifestResponse = await page.request.get('/manifest.webmanifest');
  expect(manifestResponse.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await manifestResponse.json()) as {
    start_url: string;
    display: string;
    icons: Array<{ src: string; sizes: string; purpose: string }>;
  };
  expect(manifest.start_url).toBe('/dashboard');
  expect(manifest.display).toBe('standalone');
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of manifest.icons) {
    const size = Number(icon.sizes.split('x')[0]);
    const drawn = await page.evaluate(async (src) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      return [image.naturalWidth, image.naturalHeight];
    }, icon.src);
    expect(drawn, icon.src).toEqual([size, size]);
  }

  // The service worker's script is revalidated on every check, under the same strict CSP.
  const script = await page.request.get('/service-worker.js');
  expect(script.headers()['cache-control']).toBe('no-cache');
  expect(script.headers()['content-security-policy']).toContain("script-src 'self'");

  // With the network off, the app opens from the precache and says it is offline.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  // Chromium's emulated offline leaves navigator.onLine true after a reload; the first request
  // that gets no answer tells the app instead.
  await page.getByLabel(/^e-?mail/i).fill('offline@example.com');
  await page.getByLabel(/^password$/i).fill('Mango-Tree-Delhi-9');
  await page.getByRole('button', { name: /^login$/i }).click();
  await expect(page.getByText(/you are offline/i)).toBeVisible();
  await expectAccessible(page);
  // Back online, the app notices by itself within seconds.
  await context.setOffline(false);
  await expect(page.getByText(/you are offline/i)).toHaveCount(0, { timeout: 20_000 });
}
