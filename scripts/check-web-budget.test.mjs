import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { htmlScripts, LOGIN_BUDGET_BYTES, measureLoginBudget } from './check-web-budget.mjs';

const dirs = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Random bytes: gzip cannot shrink them, so sizes near the budget are easy to build. */
const incompressible = (bytes) => randomBytes(bytes);

const gz = (text) => gzipSync(text, { level: 9 }).length;

/**
 * A dist directory shaped like Vite's: index.html loads the entry and preloads its static import
 * and the app's chunk (src/app/start.tsx, which the entry imports dynamically at once); the login
 * page is a lazy chunk with a static import of its own; the dashboard is lazy too.
 */
function makeDist({ files = {}, manifest = {}, modules = {}, html } = {}) {
  const dist = mkdtempSync(path.join(tmpdir(), 'qq-budget-'));
  dirs.push(dist);
  const chunkFiles = {
    'assets/index.js': 'entry();',
    'assets/react.js': 'react();',
    'assets/app.js': 'app();',
    'assets/login-page.js': 'login();',
    'assets/text-field.js': 'field();',
    'assets/dashboard-page.js': 'dashboard();',
    'assets/tour.js': 'tour();',
    'assets/stats-chart.js': 'chart();',
    ...files,
  };
  const fullManifest = {
    'index.html': {
      file: 'assets/index.js',
      src: 'index.html',
      isEntry: true,
      imports: ['_react.js'],
      dynamicImports: [
        '_app.js',
        'src/features/auth/pages/login-page.tsx',
        'src/features/dashboard/pages/dashboard-page.tsx',
      ],
    },
    '_react.js': { file: 'assets/react.js', name: 'react' },
    '_app.js': { file: 'assets/app.js', name: 'app', imports: ['_react.js'] },
    'src/features/auth/pages/login-page.tsx': {
      file: 'assets/login-page.js',
      src: 'src/features/auth/pages/login-page.tsx',
      isDynamicEntry: true,
      imports: ['_react.js', 'index.html', '_text-field.js'],
    },
    '_text-field.js': { file: 'assets/text-field.js', name: 'text-field', imports: ['_react.js'] },
    'src/features/dashboard/pages/dashboard-page.tsx': {
      file: 'assets/dashboard-page.js',
      src: 'src/features/dashboard/pages/dashboard-page.tsx',
      isDynamicEntry: true,
      imports: ['_react.js', '_text-field.js'],
      dynamicImports: ['src/features/dashboard/components/dashboard-tour.tsx'],
    },
    'src/features/dashboard/components/dashboard-tour.tsx': {
      file: 'assets/tour.js',
      src: 'src/features/dashboard/components/dashboard-tour.tsx',
      isDynamicEntry: true,
    },
    'src/features/admin/pages/stats.tsx': {
      file: 'assets/stats-chart.js',
      src: 'src/features/admin/pages/stats.tsx',
      isDynamicEntry: true,
    },
    ...manifest,
  };
  const chunkModules = {
    'assets/index.js': ['index.html', 'src/main.tsx', '../../node_modules/react-dom/client.js'],
    'assets/react.js': ['../../node_modules/react/index.js'],
    'assets/app.js': ['src/app/routes.tsx', 'src/app/start.tsx'],
    'assets/login-page.js': ['src/features/auth/pages/login-page.tsx'],
    'assets/text-field.js': ['src/components/text-field.tsx'],
    'assets/dashboard-page.js': [
      'src/features/dashboard/pages/dashboard-page.tsx',
      'src/lib/open-pdf.ts',
      'src/features/dashboard/components/level-confetti.tsx',
    ],
    'assets/tour.js': [
      'src/features/dashboard/components/dashboard-tour.tsx',
      '../../node_modules/react-joyride/dist/index.mjs',
    ],
    'assets/stats-chart.js': [
      'src/features/admin/pages/stats.tsx',
      'src/features/admin/components/stats-chart.tsx',
    ],
    ...modules,
  };
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, '.vite'));
  for (const [file, text] of Object.entries(chunkFiles)) writeFileSync(path.join(dist, file), text);
  // An override of undefined removes that chunk (JSON.stringify leaves it out).
  writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(fullManifest));
  writeFileSync(path.join(dist, '.vite/chunk-modules.json'), JSON.stringify(chunkModules));
  writeFileSync(
    path.join(dist, 'index.html'),
    html ??
      `<!doctype html><html><head>
    <script type="module" crossorigin src="/assets/index.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react.js">
    <link rel="modulepreload" crossorigin href="/assets/app.js">
    <style>body{margin:0}</style>
  </head><body><div id="root"></div></body></html>`,
  );
  return dist;
}

describe('check-web-budget', () => {
  it('reads the module script and the modulepreload links of index.html, not the styles', () => {
    const html = `<script type="module" crossorigin src="/assets/a.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/b.js">
      <link rel="stylesheet" href="/assets/c.css"><link rel="icon" href="/favicon.svg">`;
    expect([...htmlScripts(html)]).toEqual(['assets/a.js', 'assets/b.js']);
  });

  it("sums the gzipped entry, its static imports, the app's and the login page's chunks, not lazy pages", () => {
    const result = measureLoginBudget(makeDist());
    expect(result.chunks.map((chunk) => chunk.file).sort()).toEqual([
      'assets/app.js',
      'assets/index.js',
      'assets/login-page.js',
      'assets/react.js',
      'assets/text-field.js',
    ]);
    const expected = gz('entry();') + gz('react();') + gz('app();') + gz('login();') + gz('field();');
    expect(result.total).toBe(expected);
    expect(result.problems).toEqual([]);
  });

  it('passes up to 100 KB gzipped and fails above it', () => {
    const under = measureLoginBudget(
      makeDist({ files: { 'assets/index.js': incompressible(LOGIN_BUDGET_BYTES - 3000) } }),
    );
    expect(under.total).toBeGreaterThan(LOGIN_BUDGET_BYTES - 3000);
    expect(under.total).toBeLessThanOrEqual(LOGIN_BUDGET_BYTES);
    expect(under.problems).toEqual([]);

    const over = measureLoginBudget(
      makeDist({ files: { 'assets/index.js': incompressible(LOGIN_BUDGET_BYTES + 500) } }),
    );
    expect(over.total).toBeGreaterThan(LOGIN_BUDGET_BYTES);
    expect(over.problems).toEqual([
      `/login's initial JavaScript is ${over.total} bytes gzipped, over ${LOGIN_BUDGET_BYTES}`,
    ]);
  });

  it('names lazy-only code that ends up among the initial chunks, by module or chunk source', () => {
    const dist = makeDist({
      modules: {
        'assets/text-field.js': ['src/components/text-field.tsx', 'src/lib/open-pdf.ts'],
        'assets/index.js': ['index.html', '../../node_modules/react-confetti/dist/index.mjs'],
      },
      manifest: {
        'src/features/auth/pages/login-page.tsx': {
          file: 'assets/login-page.js',
          src: 'src/features/auth/pages/login-page.tsx',
          isDynamicEntry: true,
          imports: ['_react.js', '_text-field.js', 'src/features/admin/pages/stats.tsx'],
        },
      },
    });
    const { problems } = measureLoginBudget(dist);
    expect(problems).toEqual(
      expect.arrayContaining([
        "confetti (react-confetti) is in /login's initial assets/index.js",
        "PDF code is in /login's initial assets/text-field.js",
        "admin area is in /login's initial assets/stats-chart.js",
        "charts is in /login's initial assets/stats-chart.js",
      ]),
    );
    expect(problems).toHaveLength(4);
  });

  it('fails when index.html and the manifest disagree about what the entry loads', () => {
    const html = `<script type="module" src="/assets/index.js"></script>
      <link rel="modulepreload" href="/assets/app.js">`;
    const { problems } = measureLoginBudget(makeDist({ html }));
    expect(problems).toEqual(["index.html does not load the entry's import assets/react.js"]);
  });

  it("fails when index.html does not preload the app's chunk, which would then wait for the entry", () => {
    const html = `<script type="module" src="/assets/index.js"></script>
      <link rel="modulepreload" href="/assets/react.js">`;
    const { problems } = measureLoginBudget(makeDist({ html }));
    expect(problems).toEqual(['index.html does not preload assets/app.js, which main.tsx imports at once']);
  });

  it('finds the login page in a shared chunk by its modules, and counts that chunk', () => {
    const dist = makeDist({
      files: { 'assets/auth.js': 'auth();' },
      manifest: {
        'index.html': {
          file: 'assets/index.js',
          src: 'index.html',
          isEntry: true,
          imports: ['_react.js'],
          dynamicImports: ['_app.js', '_auth.js'],
        },
        'src/features/auth/pages/login-page.tsx': undefined,
        '_auth.js': { file: 'assets/auth.js', name: 'auth', imports: ['_react.js', '_text-field.js'] },
      },
      modules: {
        'assets/auth.js': ['src/features/auth/api.ts', 'src/features/auth/pages/login-page.tsx'],
      },
    });
    const result = measureLoginBudget(dist);
    expect(result.problems).toEqual([]);
    expect(result.chunks.map((chunk) => chunk.file)).toContain('assets/auth.js');
    expect(result.chunks.map((chunk) => chunk.file)).not.toContain('assets/login-page.js');
  });

  it("accepts index.html preloading the login page's chunks, and nothing else", () => {
    const html = `<script type="module" src="/assets/index.js"></script>
      <link rel="modulepreload" href="/assets/react.js">
      <link rel="modulepreload" href="/assets/app.js">
      <link rel="modulepreload" href="/assets/login-page.js">
      <link rel="modulepreload" href="/assets/text-field.js">`;
    expect(measureLoginBudget(makeDist({ html })).problems).toEqual([]);

    const withTour = `${html}<link rel="modulepreload" href="/assets/tour.js">`;
    expect(measureLoginBudget(makeDist({ html: withTour })).problems).toEqual([
      'index.html loads assets/tour.js, not part of /login',
    ]);
  });

  it('fails when a lazy-only kind is nowhere in the build, so its check cannot pass vacuously', () => {
    const dist = makeDist({
      modules: { 'assets/tour.js': ['src/features/dashboard/components/walkthrough.tsx'] },
      manifest: {
        'src/features/dashboard/pages/dashboard-page.tsx': {
          file: 'assets/dashboard-page.js',
          src: 'src/features/dashboard/pages/dashboard-page.tsx',
          isDynamicEntry: true,
        },
        'src/features/dashboard/components/dashboard-tour.tsx': undefined,
        'src/features/dashboard/components/walkthrough.tsx': {
          file: 'assets/tour.js',
          src: 'src/features/dashboard/components/walkthrough.tsx',
          isDynamicEntry: true,
        },
      },
    });
    expect(measureLoginBudget(dist).problems).toEqual([
      'no tour (react-joyride) found in the build: update LAZY_ONLY in check-web-budget.mjs',
    ]);
  });

  it('fails when the login page is part of the entry instead of a lazy chunk', () => {
    const dist = makeDist({
      manifest: {
        'index.html': {
          file: 'assets/index.js',
          src: 'index.html',
          isEntry: true,
          imports: ['_react.js', 'src/features/auth/pages/login-page.tsx'],
          dynamicImports: ['_app.js', 'src/features/dashboard/pages/dashboard-page.tsx'],
        },
        'src/features/auth/pages/login-page.tsx': {
          file: 'assets/login-page.js',
          src: 'src/features/auth/pages/login-page.tsx',
          imports: ['_react.js', '_text-field.js'],
        },
      },
      html: `<script type="module" src="/assets/index.js"></script>
        <link rel="modulepreload" href="/assets/react.js">
        <link rel="modulepreload" href="/assets/login-page.js">
        <link rel="modulepreload" href="/assets/text-field.js">
        <link rel="modulepreload" href="/assets/app.js">`,
    });
    expect(measureLoginBudget(dist).problems).toEqual([
      'src/features/auth/pages/login-page.tsx is not a lazily loaded chunk',
    ]);
  });

  it('asks for a build when the dist has no manifest', () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'qq-budget-'));
    dirs.push(dist);
    expect(() => measureLoginBudget(dist)).toThrow(/manifest.json is missing: run `npm run build`/);
  });
});
