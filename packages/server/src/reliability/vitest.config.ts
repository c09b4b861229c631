import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The reliability suite (`npm run test:reliability`): real server processes, real databases,
 * injected faults. Kept out of `npm test` (its files end in .reliability.ts) and run one file
 * at a time, since every file starts servers of its own.
 */
export default defineConfig({
  test: {
    name: 'reliability',
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['src/reliability/**/*.reliability.ts'],
    environment: 'node',
    // The Redis file builds apps in process with the test helpers, which need the template database.
    globalSetup: ['./src/testing/global-setup.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
