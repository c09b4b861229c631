import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'e2e/test-results/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Config is read once, in config.ts: process.env appears nowhere else in the server.
    files: ['packages/server/src/**/*.ts'],
    ignores: [
      'packages/server/src/config.ts',
      'packages/server/src/**/*.test.ts',
      'packages/server/src/testing/**',
      'packages/server/src/reliability/**',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration in config.ts.' },
        {
          object: 'request',
          property: 'ip',
          message:
            'Use request.clientAddress: per-address limits count an IPv6 client by its /64 (decision 027).',
        },
      ],
    },
  },
  {
    // Feature boundaries (style.md "The house", ARCHITECTURE.md): a feature never imports another
    // feature's insides; what two features share moves down to lib/ (or packages/shared), and
    // lib/ never imports a feature. Tests are held to the same rule.
    files: ['packages/server/src/**/*.ts', 'packages/web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/include': ['packages/server/src/**/*', 'packages/web/src/**/*'],
      // Re-exports and import() count too: neither is a way around the rule.
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'boundaries/elements': [
        { type: 'server-feature', pattern: 'packages/server/src/features/*', capture: ['name'] },
        { type: 'server-entitlements', pattern: 'packages/server/src/entitlements' },
        { type: 'server-lib', pattern: 'packages/server/src/(lib|db|mail|plugins)' },
        { type: 'server-lib', pattern: 'packages/server/src/deps.ts', mode: 'full' },
        { type: 'web-feature', pattern: 'packages/web/src/features/*', capture: ['name'] },
        { type: 'web-lib', pattern: 'packages/web/src/(lib|components)' },
      ],
    },
    rules: {
      'boundaries/element-types': [
        'error',
        {
          default: 'allow',
          rules: [
            {
              from: ['server-feature'],
              disallow: [['server-feature', { name: '!${from.name}' }]],
              message:
                'A server feature must not import another feature (${dependency.name}): move what they share to lib/ or the entitlements layer.',
            },
            {
              from: ['server-lib', 'server-entitlements'],
              disallow: ['server-feature'],
              message: 'lib/ and the entitlements layer must not import a feature (${dependency.name}).',
            },
            {
              from: ['server-lib'],
              disallow: ['server-entitlements'],
              message: 'lib/ sits below the entitlements layer and must not import it.',
            },
            {
              from: ['web-feature'],
              disallow: [['web-feature', { name: '!${from.name}' }]],
              message:
                'A web feature must not import another feature (${dependency.name}): move what they share to lib/ or components/.',
            },
            {
              from: ['web-lib'],
              disallow: ['web-feature'],
              message: 'lib/ and components/ must not import a feature (${dependency.name}).',
            },
          ],
        },
      ],
    },
  },
);
