import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// One fresh embedded database per run; the tests read the mail outbox under it.
process.env.QQ_E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'qq-e2e-'));
const port = Number(process.env.QQ_E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--headless',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-quic',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // npm start's own script: builds the web app when stale, then runs the server.
    command: 'node ../scripts/start.mjs',
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseURL,
      DATA_DIR: process.env.QQ_E2E_DATA_DIR,
      DEMO_ADMIN_PASSWORD: 'Demo-Admin-E2E-2026',
      RATE_LIMIT_FACTOR: '50',
      // Payment links are configuration; the specs intercept them, nothing leaves the machine.
      // Growth and Pro have none: Pay opens the app's UPI QR page for them (decision 020).
      PAYMENT_LINK_PLAN59: 'https://rzp.io/l/quizquest-e2e-starter',
      PAYMENT_LINK_PLAN299: 'https://rzp.io/l/quizquest-e2e-ultimate',
      UPI_ID: 'quizquest.e2e@okaxis',
      UPI_PAYEE_NAME: 'QuizQuest E2E',
      SUPPORT_NUMBER: '+91 90000 12345',
      LOG_LEVEL: 'warn',
    },
  },
});
