import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Writes .vite/chunk-modules.json (chunk file → the source modules bundled into it) beside the
 * manifest, which names only each chunk's entry module; scripts/check-web-budget.mjs reads both.
 */
function chunkModulesReport(): Plugin {
  return {
    name: 'quizquest:chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const report: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        report[output.fileName] = Object.keys(output.modules)
          .map((id) => relative(root, id.replace(/^\0/, '').replace(/\?.*$/, '')).replaceAll('\\', '/'))
          .sort();
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-modules.json',
        source: `${JSON.stringify(report, null, 2)}\n`,
      });
    },
  };
}

/**
 * Writes a .br and a .gz copy beside every text file of the build; the server sends the one the
 * browser accepts (@fastify/static preCompressed), so no request pays for compressing it.
 */
function precompress(): Plugin {
  return {
    name: 'quizquest:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? '';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(fileName) || fileName.startsWith('.vite/')) continue;
        const file = join(outDir, fileName);
        const source = readFileSync(file);
        if (source.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(source, {
            params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY },
          }),
        );
      }
    },
  };
}

/**
 * Every signed-out visit starts at /login (/ sends there), so index.html also preloads the login
 * page's lazy chunk and its imports: they download beside the entry instead of after it has run.
 * Other first visits pay those few KB once (decision 017).
 */
function preloadLoginPage(): Plugin {
  return {
    name: 'quizquest:preload-login-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunks = Object.values(context.bundle ?? {}).flatMap((output) =>
          output.type === 'chunk' ? [output] : [],
        );
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const login = chunks.find((chunk) =>
          chunk.facadeModuleId?.endsWith('/src/features/auth/pages/login-page.tsx'),
        );
        if (!login) throw new Error('preload-login-page: no chunk for login-page.tsx');
        const skip = new Set<string>();
        const loadedByEntry = (fileName: string) => {
          if (skip.has(fileName)) return;
          skip.add(fileName);
          for (const imported of byFile.get(fileName)?.imports ?? []) loadedByEntry(imported);
        };
        for (const chunk of chunks) if (chunk.isEntry) loadedByEntry(chunk.fileName);
        const preload = new Set<string>();
        const add = (fileName: string) => {
          if (skip.has(fileName) || preload.has(fileName)) return;
          preload.add(fileName);
          for (const imported of byFile.get(fileName)?.imports ?? []) add(imported);
        };
        add(login.fileName);
        return [...preload].map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), chunkModulesReport(), preloadLoginPage(), precompress()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': 'http://localhost:3000' },
  },
  preview: { port: 4173 },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // The size budget check (scripts/check-web-budget.mjs) follows the chunks through it.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // packages/shared is pure (design.md §1: no I/O), so what a page does not use of it, zod
        // included, is left out of that page's code.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]shared[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
  test: {
    name: 'web',
    root,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    testTimeout: 15_000,
  },
});
