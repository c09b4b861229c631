import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

const MESSAGES_MODULE = 'virtual:quizquest-messages/';
export const MESSAGES_DIR = join(root, 'src/i18n/messages');

/**
 * `virtual:quizquest-messages/<language>`: every catalogue file of src/i18n/messages/<language>/
 * (ICU MessageFormat, one JSON object of id → message per feature) merged and compiled with
 * Lingui's own compiler, so the browser gets ready messages and no MessageFormat parser
 * (decision 034). An id found in two files, or a message that does not parse, fails the build.
 */
function messageCatalogues(): Plugin {
  return {
    name: 'quizquest:message-catalogues',
    resolveId(id) {
      return id.startsWith(MESSAGES_MODULE) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${MESSAGES_MODULE}`)) return undefined;
      const language = id.slice(MESSAGES_MODULE.length + 1);
      if (!/^[a-z]{2}$/.test(language)) this.error(`message-catalogues: no language "${language}"`);
      const folder = join(MESSAGES_DIR, language);
      const compiled: Record<string, unknown> = {};
      const origin: Record<string, string> = {};
      for (const file of readdirSync(folder)
        .filter((name) => name.endsWith('.json'))
        .sort()) {
        const path = join(folder, file);
        this.addWatchFile(path);
        const messages = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
        for (const [messageId, message] of Object.entries(messages)) {
          if (origin[messageId])
            this.error(`message-catalogues: ${messageId} is in ${origin[messageId]} and ${file}`);
          if (typeof message !== 'string')
            this.error(`message-catalogues: ${language}/${file} ${messageId} is not text`);
          origin[messageId] = file;
          try {
            compiled[messageId] = compileMessage(message);
          } catch (error) {
            this.error(`message-catalogues: ${language}/${file} ${messageId}: ${String(error)}`);
          }
        }
      }
      // JSON.parse of one string: faster for the browser to parse than an object literal this size.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`;
    },
  };
}

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
 * Fails the build when chunks import each other statically, directly or in a ring. Rolldown then
 * cannot order their evaluation (chunkPlan groups modules without their imports), and the app
 * breaks at load with a module used before it ran.
 */
function noChunkCycles(): Plugin {
  return {
    name: 'quizquest:no-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const imports = new Map<string, readonly string[]>();
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') imports.set(output.fileName, output.imports);
      }
      const done = new Set<string>();
      const visit = (file: string, path: string[]) => {
        if (path.includes(file)) {
          throw new Error(`no-chunk-cycles: ${[...path.slice(path.indexOf(file)), file].join(' → ')}`);
        }
        if (done.has(file)) return;
        for (const imported of imports.get(file) ?? []) visit(imported, [...path, file]);
        done.add(file);
      };
      for (const file of imports.keys()) visit(file, []);
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
 * The first paint needs no request besides the page (issue #8): the app's stylesheet (about
 * 5 KB compressed) goes into index.html as a <style> (the CSP allows inline styles), and the
 * favicon as a data: URL. Otherwise both take one of the six connections, and the stylesheet
 * blocks the boot screen's paint, while React's download is under way.
 */
function inlineFirstPaint(): Plugin {
  return {
    name: 'quizquest:inline-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const stylesheet = /<link rel="stylesheet"[^>]*? href="\/(assets\/[^"]+\.css)"[^>]*>/g;
        let inlined = 0;
        const withCss = html.replace(stylesheet, (_tag, fileName: string) => {
          const asset = context.bundle?.[fileName];
          if (asset?.type !== 'asset') throw new Error(`inline-first-paint: no asset ${fileName}`);
          const css =
            typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          if (css.includes('</')) throw new Error(`inline-first-paint: ${fileName} cannot be inlined`);
          inlined += 1;
          return `<style>${css}</style>`;
        });
        if (inlined !== 1) throw new Error(`inline-first-paint: expected one stylesheet, found ${inlined}`);
        const icon = readFileSync(join(root, 'public/favicon.svg'), 'utf8').trim();
        const withIcon = withCss.replace(
          'href="/favicon.svg"',
          `href="data:image/svg+xml,${encodeURIComponent(icon).replace(/'/g, '%27')}"`,
        );
        if (withIcon === withCss) throw new Error('inline-first-paint: no favicon link in index.html');
        return withIcon;
      },
    },
  };
}

/**
 * index.html preloads what every first visit runs (decision 017, issue #8): React and the route table
 * (src/app/start.tsx, which main.tsx imports dynamically so it can start the first page's downloads
 * before React has arrived), and the login page, where every signed-out visit starts (/ sends
 * there). Without these links they would download only after main.tsx has run. Other first visits
 * pay the login page's few KB once.
 */
export const PRELOADED_MODULES = ['src/app/start.tsx', 'src/features/auth/pages/login-page.tsx'];

function preloadFirstLoad(): Plugin {
  return {
    name: 'quizquest:preload-first-load',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunks = Object.values(context.bundle ?? {}).flatMap((output) =>
          output.type === 'chunk' ? [output] : [],
        );
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
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
        for (const module of PRELOADED_MODULES) {
          const chunk = chunks.find((candidate) =>
            candidate.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(`/${module}`)),
          );
          if (!chunk) throw new Error(`preload-first-load: no chunk holds ${module}`);
          add(chunk.fileName);
        }
        return [...preload].map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * The installable app (issue 20, decision 038): the web app manifest and the service worker,
 * src/sw/service-worker.ts built to /service-worker.js with the list of every file of the build to precache
 * (Workbox's injectManifest). The page registers it itself (app/service-worker.ts), after the
 * first page has loaded, and applies an update only on a navigation outside an attempt.
 */
function installableApp() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'service-worker.ts',
    injectRegister: false,
    registerType: 'prompt',
    manifestFilename: 'manifest.webmanifest',
    includeAssets: [],
    manifest: {
      id: '/',
      name: 'QuizQuest',
      short_name: 'QuizQuest',
      description:
        'Fun practice quizzes and level certificates for school children, with progress parents can follow.',
      lang: 'en',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: '#1d4ed8',
      background_color: '#ffffff',
      categories: ['education', 'kids'],
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      rollupFormat: 'iife',
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      globIgnores: ['.vite/**', 'service-worker.js', 'apple-touch-icon.png'],
    },
    devOptions: { enabled: false },
  });
}

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

const SRC = `${root.replaceAll('\\', '/')}src/`;
const ZOD_OR_SHARED = /[\\/]node_modules[\\/]zod[\\/]|[\\/]packages[\\/]shared[\\/]src[\\/]/;
// The schemas of the admin area (its quiz editor and statistics) and of the content pack (the
// server's loader): no learner's page builds them, so they stay out of `learner`.
const STAFF_SCHEMAS = /[\\/]packages[\\/]shared[\\/]src[\\/]schemas[\\/](?:admin|content)\.ts$/;
// The languages (no zod): main.tsx picks the language to load before the app starts, in `boot`;
// the parent PIN's header and lifetime (no zod), which the API client sends (decision 035).
const SHARED_IN_BOOT =
  /[\\/]packages[\\/]shared[\\/]src[\\/](?:i18n[\\/]languages|catalogue[\\/]parent-pin)\.ts$/;
const LEARNER_PAGES = [
  'features/dashboard/pages/dashboard-page.tsx',
  'features/quizzes/pages/practice-quizzes-page.tsx',
  'features/attempts/pages/quiz-attempt-page.tsx',
  'features/attempts/pages/quiz-result-page.tsx',
  'features/attempts/pages/scoreboard-page.tsx',
  'features/profile/pages/profile-page.tsx',
  'features/plans/pages/subscribe-page.tsx',
  'features/certification/pages/my-certifications-page.tsx',
];

/** A module and everything it imports statically; `stop` modules are included, not followed. */
function staticImports(
  graph: ModuleGraph,
  id: string,
  stop: (id: string) => boolean,
  into = new Set<string>(),
) {
  if (into.has(id)) return into;
  into.add(id);
  if (stop(id)) return into;
  for (const imported of graph.getModuleInfo(id)?.importedIds ?? [])
    staticImports(graph, imported, stop, into);
  return into;
}

/**
 * Which chunk a module goes to (issue #8). Over HTTP/1.1 every request costs a round trip and one
 * of six connections, so a first visit loads a few larger files, not a cascade of small ones:
 * - `boot`: what main.tsx needs to start the first page's downloads (index.html preloads it);
 * - `app`: React, the router and the route table (start.tsx, imported by main.tsx at once and
 *   preloaded by index.html, so it downloads while main.tsx already runs);
 * - `login`: the login page and what it alone needs (preloaded too);
 * - `learner`: what the signed-in pages share — their layout and its stylesheets, zod, and
 *   packages/shared with the schemas of every learner feature — so a signed-in page is its own
 *   chunk plus this one. Split per feature (as it was), the schemas and the layout's helpers made
 *   about 25 requests of 1-2 KB each before a signed-in page could show, which cost more on a
 *   phone's connection (bench:web) than building a few schemas the page does not use.
 * Everything else is split by Rolldown as usual.
 */
function chunkPlan(graph: ModuleGraph): Map<string, string> {
  const plan = new Map<string, string>();
  const stop = (id: string) => ZOD_OR_SHARED.test(id) && !SHARED_IN_BOOT.test(id);
  const main = `${SRC}main.tsx`;
  const boot = staticImports(graph, main, stop);
  // What main.tsx needs besides itself, in one chunk rather than one per module the app shares.
  for (const id of boot) if (id !== main && !stop(id)) plan.set(id, 'boot');
  for (const id of staticImports(graph, `${SRC}app/start.tsx`, stop)) {
    if (!plan.has(id) && !stop(id) && id !== main) plan.set(id, 'app');
  }
  const login = `${SRC}features/auth/pages/login-page.tsx`;
  for (const id of staticImports(graph, login, stop)) {
    if (!plan.has(id) && !stop(id) && id !== main) plan.set(id, 'login');
  }
  const layout = `${SRC}app/app-layout.tsx`;
  const pages = LEARNER_PAGES.map((page) => `${SRC}${page}`);
  const uses = new Map<string, number>();
  for (const root of [layout, ...pages]) {
    // The layout's code is on every signed-in page: it counts as shared.
    const weight = root === layout ? 2 : 1;
    for (const id of staticImports(graph, root, (dep) => ZOD_OR_SHARED.test(dep))) {
      uses.set(id, (uses.get(id) ?? 0) + weight);
    }
  }
  // The schemas the learner's pages use are in `learner` too (chunkOf), so a module of theirs that
  // reaches one joins it without the chunks importing each other.
  for (const [id, count] of uses) {
    if (count >= 2 && !stop(id) && !plan.has(id) && !pages.includes(id)) {
      plan.set(id, 'learner');
    }
  }
  return plan;
}

/** zod and packages/shared go with the learner's pages, but for the admin area's schemas. */
function chunkOf(plan: Map<string, string>, id: string): string | null {
  const planned = plan.get(id);
  // The app's stylesheet stays with the entry, which index.html inlines (inlineFirstPaint); the
  // layout's shared stylesheets go with `learner` (one file rather than one per component).
  if (/\.css($|\?)/.test(id)) return planned === 'learner' ? planned : null;
  if (planned) return planned;
  return ZOD_OR_SHARED.test(id) && !STAFF_SCHEMAS.test(id) ? 'learner' : null;
}

export default defineConfig({
  root,
  plugins: [
    react(),
    messageCatalogues(),
    chunkModulesReport(),
    noChunkCycles(),
    preloadFirstLoad(),
    inlineFirstPaint(),
    precompress(),
    installableApp(),
  ],
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
      output: {
        codeSplitting: {
          // A group takes only the modules chunkPlan names, never their imports: React stays in `app`.
          includeDependenciesRecursively: false,
          groups: [
            {
              debugName: 'chunkPlan',
              name: (() => {
                let plan: Map<string, string> | null = null;
                return (id: string, graph: ModuleGraph) => {
                  plan ??= chunkPlan(graph);
                  return chunkOf(plan, id.replaceAll('\\', '/'));
                };
              })(),
            },
          ],
        },
      },
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
