import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Visual checks (`npm run test:visual`): files ending in .visual.ts compare what a system program
 * draws (poppler's pdftoppm) with committed reference images. Kept out of `npm test`, which needs
 * nothing installed but Node; .ci/run installs poppler-utils and runs them.
 */
export default defineConfig({
  test: {
    name: 'visual',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['src/**/*.visual.ts'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
