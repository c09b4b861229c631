// npm run build:server: the server as one JavaScript file, packages/server/dist/server.js, which
// `npm start` runs instead of the TypeScript sources through the tsx loader (decision 039). The
// workspace package @quizquest/shared is bundled in (it is TypeScript); every other package stays
// an import resolved from node_modules at run time. The source map keeps stack traces pointing at
// the .ts files when node runs with --enable-source-maps.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_BUNDLE = path.join(root, 'packages/server/dist/server.js');

/** Bare imports (packages and node: builtins) stay imports, except the workspace's own packages. */
const externalPackages = {
  name: 'external-packages',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@quizquest/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: [path.join(root, 'packages/server/src/server.ts')],
  outfile: SERVER_BUNDLE,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Class and function names as written, for logs and errors that print them.
  keepNames: true,
  plugins: [externalPackages],
  logLevel: 'warning',
});
console.log(`Built ${path.relative(root, SERVER_BUNDLE)}`);
