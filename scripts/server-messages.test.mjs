// The server's messages in Hindi (issue 18, decision 034): every text the server and the shared
// schemas can send as a message or a field error has a Hindi entry in localiseMessage
// (packages/shared/src/i18n/messages-hi.ts). The texts are collected from the source with the
// TypeScript compiler: the HTTP error helpers' arguments, *_MESSAGE constants and *Message /
// *Problem functions, `{ message }` bodies, and the zod error texts of the shared schemas. A
// template literal is checked through sample values for its placeholders.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { localiseMessage } from '../packages/shared/src/i18n/messages-hi.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FOLDERS = ['packages/server/src', 'packages/shared/src'];
/** The table itself, not a source of messages. */
const MESSAGES_HI = path.join(root, 'packages/shared/src/i18n/messages-hi.ts');
/** Calls whose first argument is a message. */
const HELPERS = new Set([
  'badRequest',
  'unauthorized',
  'forbidden',
  'notFound',
  'conflict',
  'tooManyRequests',
]);
/** Where zod error texts live: `{ error }`, and any argument after the first of a schema method. */
const SCHEMA_FOLDERS = ['packages/shared/src/schemas/', 'packages/shared/src/i18n/'];

/** Texts that are never shown to a user, each with why. */
const NEVER_SHOWN = new Map([
  // config.ts: a deployment's wrong TRUST_PROXY, printed at start-up for the operator.
  [
    '"true" would trust every X-Forwarded-For hop, so any client could choose its own address. Give the number of proxies in front of the app (e.g. TRUST_PROXY=1) or their addresses (e.g. TRUST_PROXY=10.0.0.5,10.0.1.0/24)',
    'config.ts',
  ],
  [
    'must be false, a number of proxy hops from 1 to 10, or a comma-separated list of proxy addresses or CIDR ranges',
    'config.ts',
  ],
  // profile.ts: the replacement text of a .replace() in a schema's transform, not a message.
  ['', 'profile.ts'],
  // certification.ts: planLevelsMessage's sentence joined from a branch and a constant; its whole
  // outputs are checked below and in messages-hi.test.ts.
  ['${included} ${UPGRADE_TO_UNLOCK_MESSAGE}', 'certification.ts'],
  // content/loader.ts: the content pack's image checks, in the loader's error for the operator who
  // runs content:load or starts the server; no request ever answers with them.
  ['is larger than ${MEDIA_MAX_BYTES / 1024 / 1024} MB', 'loader.ts'],
  ['is not a PNG, JPEG, WebP or GIF image', 'loader.ts'],
  ['has no dimensions', 'loader.ts'],
  ['cannot be decoded or is too large', 'loader.ts'],
]);

/** Values tried for a template's placeholders: numbers, a label, a plan, an image's place… */
const SAMPLES = [
  '7',
  'First name',
  'Growth Plan',
  'image',
  'image of Question 2',
  '3 minutes',
  'quizzes',
  'Upgrade your plan to unlock this level.',
];

function sourceFiles(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    if (file === MESSAGES_HI) return [];
    return /\.ts$/.test(entry.name) && !/\.(test|reliability)\.ts$/.test(entry.name) ? [file] : [];
  });
}

/** Every message text in the source: a string, or a template's literal parts around its values. */
export function messageTexts() {
  const texts = new Map();
  for (const folder of FOLDERS) {
    for (const file of sourceFiles(path.join(root, folder))) {
      const relative = path.relative(root, file);
      const isSchema = SCHEMA_FOLDERS.some((prefix) => relative.startsWith(prefix));
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      const constants = new Map();
      const gather = (node) => {
        if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
          constants.set(node.name.text, node.initializer);
        }
        ts.forEachChild(node, gather);
      };
      gather(source);

      const note = (node, why) => {
        if (!node) return;
        if (ts.isIdentifier(node) && constants.has(node.text)) return note(constants.get(node.text), why);
        if (ts.isParenthesizedExpression(node)) return note(node.expression, why);
        if (ts.isConditionalExpression(node)) {
          note(node.whenTrue, why);
          return note(node.whenFalse, why);
        }
        let parts;
        if (ts.isStringLiteralLike(node)) parts = [node.text];
        else if (ts.isTemplateExpression(node)) {
          parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
        } else return;
        const text = ts.isTemplateExpression(node)
          ? [
              node.head.text,
              ...node.templateSpans.map(
                (span) => `\${${span.expression.getText(source)}}${span.literal.text}`,
              ),
            ].join('')
          : parts[0];
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        texts.set(text, { parts, where: `${relative}:${line + 1} (${why})` });
      };
      const returns = (node, why) => {
        if (ts.isReturnStatement(node)) note(node.expression, why);
        if (!ts.isFunctionLike(node)) ts.forEachChild(node, (child) => returns(child, why));
      };

      const visit = (node) => {
        if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
          const callee = node.expression;
          const name = ts.isIdentifier(callee)
            ? callee.text
            : ts.isPropertyAccessExpression(callee)
              ? callee.name.text
              : '';
          const args = node.arguments ?? [];
          if (HELPERS.has(name)) note(args[0], name);
          if (name === 'HttpError') note(args[1], name);
          if (name === 'limitOrThrow') note(args[4], name);
          if (isSchema && ts.isPropertyAccessExpression(callee)) {
            for (const argument of args.slice(1)) note(argument, `zod .${name}()`);
          }
        }
        // The helpers' default messages: `(message = 'Please log in to continue') => …`.
        if (ts.isParameter(node) && ts.isIdentifier(node.name) && node.name.text === 'message') {
          note(node.initializer, 'default message');
        }
        if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
          const name = node.name.text;
          if (/_MESSAGE$/.test(name)) note(node.initializer, name);
          if (/(Message|Problem)$/.test(name) && ts.isArrowFunction(node.initializer)) {
            const body = node.initializer.body;
            if (ts.isBlock(body)) returns(body, name);
            else note(body, name);
          }
        }
        if (ts.isFunctionDeclaration(node) && node.name && /(Message|Problem)$/.test(node.name.text)) {
          if (node.body) ts.forEachChild(node.body, (child) => returns(child, node.name.text));
        }
        if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name)) {
          if (node.name.text === 'message') note(node.initializer, '{ message }');
          if (isSchema && node.name.text === 'error') {
            const value = node.initializer;
            if (ts.isArrowFunction(value) || ts.isFunctionExpression(value)) {
              if (ts.isBlock(value.body)) returns(value.body, '{ error }');
              else note(value.body, '{ error }');
            } else note(value, '{ error }');
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
  }
  return texts;
}

const isHindi = (english) => {
  const hindi = localiseMessage(english, 'hi');
  return hindi !== english && /[\u0900-\u097F]/.test(hindi);
};

/** Whether some choice of sample values for a template's placeholders has a Hindi entry. */
function templateHasHindi(parts) {
  const holes = parts.length - 1;
  const choose = (index, text) => {
    if (index === holes) return isHindi(text);
    return SAMPLES.some((sample) => choose(index + 1, `${text}${sample}${parts[index + 1]}`));
  };
  return choose(0, parts[0]);
}

describe('server messages in Hindi', () => {
  const texts = messageTexts();

  it('finds the messages (the collector still sees the source)', () => {
    for (const known of [
      'Please log in to continue',
      'Invalid email or password',
      'The request body is not valid JSON',
      'Something went wrong on our side. Please try again.',
      '${label} must be at most ${max} characters',
      'Max ${maxQuizzes} Quizzes can be attempted. Upgrade Now.',
    ]) {
      expect(texts.has(known), known).toBe(true);
    }
    expect(texts.size).toBeGreaterThan(150);
  });

  it('has a Hindi entry for every message a user can see', () => {
    const missing = [...texts]
      .filter(([text]) => !NEVER_SHOWN.has(text))
      .filter(([, { parts }]) => !templateHasHindi(parts))
      .map(([text, { where }]) => `${where}: ${text}`);
    expect(missing).toEqual([]);
  });

  it('lists only texts that still exist as never shown', () => {
    for (const text of NEVER_SHOWN.keys()) expect(texts.has(text), text).toBe(true);
  });
});
