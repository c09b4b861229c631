// npm run check:budget: the web size budget of issue #8 (decision 017), read from the built
// app. /login's initial JavaScript — the entry chunk and its static imports, the app's chunk that
// main.tsx imports at once (src/app/start.tsx: React and the route table), the login page's chunk,
// and their static imports; index.html loads or preloads all of them — gzipped (level 9) one file
// at a time, must total at most 100 KB; the admin area, the tour, confetti, charts and PDF code
// must not be among those chunks. Run it after `npm run build`.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const DEFAULT_DIST = path.join(root, 'packages/web/dist');
export const LOGIN_BUDGET_BYTES = 100 * 1024;
export const LOGIN_PAGE_SRC = 'src/features/auth/pages/login-page.tsx';
/** React and the route table: main.tsx imports it as soon as it runs, index.html preloads it. */
export const START_SRC = 'src/app/start.tsx';

/** Code that only some signed-in pages use: it loads lazily, where used, never with /login. */
export const LAZY_ONLY = [
  { name: 'admin area', pattern: /(^|\/)src\/features\/admin\// },
  { name: 'tour (react-joyride)', pattern: /\/react-joyride\/|dashboard-tour/ },
  { name: 'confetti (react-confetti)', pattern: /confetti/ },
  { name: 'charts', pattern: /chart/i },
  { name: 'PDF code', pattern: /pdf/i },
];

function readJson(file) {
  if (!existsSync(file)) {
    throw new Error(`${path.relative(root, file)} is missing: run \`npm run build\` first`);
  }
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** The script and modulepreload files index.html loads, as dist-relative paths. */
export function htmlScripts(html) {
  const files = new Set();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isModuleScript = tag.startsWith('<script') && /\btype="module"/.test(tag);
    const isPreload = tag.startsWith('<link') && /\brel="modulepreload"/.test(tag);
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if ((isModuleScript || isPreload) && url) files.add(url.replace(/^\//, ''));
  }
  return files;
}

/** A manifest key and every chunk it imports statically, transitively (not its dynamic imports). */
export function staticClosure(manifest, key, into = new Set()) {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The Vite manifest has no entry ${key}`);
  into.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/**
 * The manifest key of the chunk holding the source module `src`: its own key when it is a chunk's
 * entry module, else the chunk whose modules (chunk-modules.json) include it — a page Vite's
 * chunking put into a shared chunk (vite.config.ts, chunkPlan). Null when no chunk holds it.
 */
export function keyHolding(manifest, chunkModules, src) {
  if (manifest[src]) return src;
  return Object.keys(manifest).find((key) => (chunkModules[manifest[key].file] ?? []).includes(src)) ?? null;
}

/** Whether some chunk imports `key` dynamically (or it is a dynamic entry of its own). */
function isLoadedLazily(manifest, key) {
  if (manifest[key]?.isDynamicEntry) return true;
  return Object.values(manifest).some((chunk) => (chunk.dynamicImports ?? []).includes(key));
}

/**
 * Measures /login's initial JavaScript in a built dist directory. Returns the chunks (manifest key,
 * file, raw and gzipped bytes, lazy-only code found in it), the gzipped total and the problems
 * found; an empty `problems` means the budget holds.
 */
export function measureLoginBudget(dist = DEFAULT_DIST) {
  const manifest = readJson(path.join(dist, '.vite/manifest.json'));
  const chunkModules = readJson(path.join(dist, '.vite/chunk-modules.json'));
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const problems = [];

  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('The Vite manifest has no entry chunk');
  const entrySet = staticClosure(manifest, entryKey);

  const loginKey = keyHolding(manifest, chunkModules, LOGIN_PAGE_SRC);
  if (!loginKey) throw new Error(`The Vite manifest has no chunk for ${LOGIN_PAGE_SRC}`);
  if (entrySet.has(loginKey) || !isLoadedLazily(manifest, loginKey)) {
    problems.push(`${LOGIN_PAGE_SRC} is not a lazily loaded chunk`);
  }
  const startKey = keyHolding(manifest, chunkModules, START_SRC);
  if (!startKey) throw new Error(`The Vite manifest has no chunk for ${START_SRC}`);
  const startSet = staticClosure(manifest, startKey, new Set(entrySet));
  const initial = staticClosure(manifest, loginKey, new Set(startSet));

  // index.html loads the entry and its imports and preloads the app's chunks (else they would
  // download only after main.tsx has run), and may preload the login page's chunks: nothing else,
  // or the sum below would not be what /login downloads.
  const fromHtml = htmlScripts(html);
  const initialFiles = new Set([...initial].map((key) => manifest[key].file));
  for (const file of fromHtml) {
    if (!initialFiles.has(file)) problems.push(`index.html loads ${file}, not part of /login`);
  }
  for (const key of entrySet) {
    const { file } = manifest[key];
    if (!fromHtml.has(file)) problems.push(`index.html does not load the entry's import ${file}`);
  }
  for (const key of startSet) {
    const { file } = manifest[key];
    if (!entrySet.has(key) && !fromHtml.has(file)) {
      problems.push(`index.html does not preload ${file}, which main.tsx imports at once`);
    }
  }

  const chunks = [...initial].map((key) => {
    const { file, src, name } = manifest[key];
    const bytes = readFileSync(path.join(dist, file));
    const sources = [key, src, name, ...(chunkModules[file] ?? [])].filter(Boolean);
    const lazyOnly = LAZY_ONLY.filter(({ pattern }) => sources.some((s) => pattern.test(s)));
    return {
      key,
      file,
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      lazyOnly: lazyOnly.map(({ name: what }) => what),
    };
  });

  for (const chunk of chunks) {
    if (!chunkModules[chunk.file]) problems.push(`chunk-modules.json does not list ${chunk.file}`);
    for (const what of chunk.lazyOnly) problems.push(`${what} is in /login's initial ${chunk.file}`);
  }
  // Each lazy-only kind must exist in the build, or its check above proves nothing.
  const allSources = Object.entries(manifest).flatMap(([key, { file, src, dynamicImports }]) => [
    key,
    src ?? '',
    ...(dynamicImports ?? []),
    ...(chunkModules[file] ?? []),
  ]);
  for (const { name, pattern } of LAZY_ONLY) {
    if (!allSources.some((s) => pattern.test(s))) {
      problems.push(`no ${name} found in the build: update LAZY_ONLY in check-web-budget.mjs`);
    }
  }

  const total = chunks.reduce((sum, chunk) => sum + chunk.gzip, 0);
  if (total > LOGIN_BUDGET_BYTES) {
    problems.push(`/login's initial JavaScript is ${total} bytes gzipped, over ${LOGIN_BUDGET_BYTES}`);
  }
  return { chunks, total, budget: LOGIN_BUDGET_BYTES, problems };
}

function formatKb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function main() {
  const distFlag = process.argv.indexOf('--dist');
  const dist = distFlag > 0 ? path.resolve(process.argv[distFlag + 1] ?? '') : DEFAULT_DIST;
  const { chunks, total, budget, problems } = measureLoginBudget(dist);
  console.log("/login's initial JavaScript (gzip level 9, per file):");
  for (const chunk of [...chunks].sort((a, b) => b.gzip - a.gzip)) {
    console.log(
      `  ${formatKb(chunk.gzip).padStart(9)}  ${formatKb(chunk.raw).padStart(9)} raw  ${chunk.file}`,
    );
  }
  console.log(`  ${formatKb(total).padStart(9)}  total (${total} bytes), budget ${formatKb(budget)}`);
  if (problems.length > 0) {
    for (const problem of problems) console.error(`FAIL: ${problem}`);
    process.exit(1);
  }
  console.log('OK: within budget; admin, tour, confetti, charts and PDF code load lazily.');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (error) {
    console.error(`FAIL: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
