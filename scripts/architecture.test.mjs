import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The feature boundaries (eslint.config.js, decision 028) hold: each snippet is linted by the repo's
 * own ESLint config as if it were a file at `file`, and its imports are resolved against the real
 * tree. A feature importing another feature, or lib/ importing a feature, fails `npm run lint`.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const server = 'packages/server/src';
const web = 'packages/web/src';

/** A module of the entitlements layer, whatever it is called. */
const entitlementsModule = readdirSync(path.join(root, server, 'entitlements')).find(
  (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
);

/** A snippet importing `from` and using what it imports, so no other rule has anything to say. */
const importing = (...specifiers) =>
  specifiers.map((specifier, index) => `import { value${index} } from '${specifier}';`).join('\n') +
  `\nexport const probe = [${specifiers.map((_, index) => `value${index}`).join(', ')}];\n`;

let eslint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function lint(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((message) => ({ rule: message.ruleId, text: message.message }));
}

describe('feature boundaries (npm run lint)', () => {
  const refused = [
    [
      'a server feature importing another feature',
      `${server}/features/profile/probe.ts`,
      '../payments/service.ts',
      'A server feature must not import another feature (payments)',
    ],
    [
      'a server feature test importing another feature',
      `${server}/features/data-rights/probe.test.ts`,
      '../certification/service.ts',
      'A server feature must not import another feature (certification)',
    ],
    [
      'a nested server feature file importing another feature',
      `${server}/features/admin-quizzes/parts/probe.ts`,
      '../../content/loader.ts',
      'A server feature must not import another feature (content)',
    ],
    [
      'lib/ importing a feature',
      `${server}/lib/probe.ts`,
      '../features/media/routes.ts',
      'lib/ and the entitlements layer must not import a feature (media)',
    ],
    [
      'db/ importing a feature',
      `${server}/db/probe.ts`,
      '../features/auth/service.ts',
      'lib/ and the entitlements layer must not import a feature (auth)',
    ],
    [
      'deps.ts importing a feature',
      `${server}/deps.ts`,
      './features/quizzes/service.ts',
      'lib/ and the entitlements layer must not import a feature (quizzes)',
    ],
    [
      'the entitlements layer importing a feature',
      `${server}/entitlements/probe.ts`,
      '../features/payments/service.ts',
      'lib/ and the entitlements layer must not import a feature (payments)',
    ],
    [
      'lib/ importing the entitlements layer',
      `${server}/lib/probe.ts`,
      `../entitlements/${entitlementsModule}`,
      'lib/ sits below the entitlements layer',
    ],
    [
      'a web feature importing another web feature',
      `${web}/features/profile/pages/probe-page.tsx`,
      '../../plans/api.ts',
      'A web feature must not import another feature (plans)',
    ],
    [
      'web lib/ importing a web feature',
      `${web}/lib/probe.ts`,
      '../features/plans/api.ts',
      'lib/ and components/ must not import a feature (plans)',
    ],
    [
      'a web component importing a web feature',
      `${web}/components/probe.tsx`,
      '../features/profile/api.ts',
      'lib/ and components/ must not import a feature (profile)',
    ],
  ];

  it.each(refused)('refuses %s', async (_case, file, specifier, expected) => {
    const messages = await lint(file, importing(specifier));
    expect(messages).toHaveLength(1);
    expect(messages[0]?.rule).toBe('boundaries/element-types');
    expect(messages[0]?.text).toContain(expected);
  });

  it('refuses a re-export or an import() of another feature', async () => {
    const file = `${server}/features/profile/probe.ts`;
    for (const code of [
      "export { value } from '../payments/service.ts';\n",
      "export * from '../payments/service.ts';\n",
      "export const probe = () => import('../payments/service.ts');\n",
    ]) {
      const messages = await lint(file, code);
      expect(messages.map((message) => message.rule)).toEqual(['boundaries/element-types']);
    }
  });

  const allowed = [
    [
      'a server feature importing its own files, lib/, db/ and deps.ts',
      `${server}/features/profile/probe.ts`,
      ['./service.ts', '../../lib/media.ts', '../../db/schema.ts', '../../deps.ts', '@quizquest/shared'],
    ],
    [
      'a server feature importing the entitlements layer',
      `${server}/features/profile/probe.ts`,
      [`../../entitlements/${entitlementsModule}`],
    ],
    [
      'a server feature test importing test support',
      `${server}/features/data-rights/probe.test.ts`,
      ['../../testing/index.ts', '../../testing/payments.ts', './service.ts'],
    ],
    [
      'test support importing any feature',
      `${server}/testing/probe.ts`,
      ['../features/payments/service.ts', '../features/certification/service.ts'],
    ],
    [
      'the app wiring every feature',
      `${server}/probe.ts`,
      ['./features/auth/routes.ts', './features/media/routes.ts', './lib/jwt.ts'],
    ],
    [
      'the security suite importing features',
      `${server}/security/probe.test.ts`,
      ['../features/auth/service.ts', '../features/payments/service.ts'],
    ],
    [
      'the entitlements layer importing lib/ and db/',
      `${server}/entitlements/probe.ts`,
      ['../lib/http-error.ts', '../db/schema.ts'],
    ],
    ['lib/ importing lib/ and db/', `${server}/lib/probe.ts`, ['./http-error.ts', '../db/schema.ts']],
    [
      'a nested web feature file importing its own feature, web lib/ and components/',
      `${web}/features/admin/components/probe.tsx`,
      ['../lib/format.ts', '../../../lib/api-client.ts', '../../../components/modal.tsx'],
    ],
  ];

  it.each(allowed)('allows %s', async (_case, file, specifiers) => {
    expect(await lint(file, importing(...specifiers))).toEqual([]);
  });
});
