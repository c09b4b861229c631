// The web app's message catalogues (issue 18, docs/i18n.md): English and Hindi have the same ids,
// every id the code uses is in them and every id in them is used, and each Hindi message compiles
// and carries its English message's values and tags.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB_SRC = path.join(root, 'packages/web/src');
const MESSAGES = path.join(WEB_SRC, 'i18n/messages');
const LANGUAGES = ['en', 'hi'];
/** The calls whose first argument is a message id. */
const ID_CALLS = new Set(['t', 'msg', 'translate']);

function catalogue(language) {
  const messages = new Map();
  for (const file of readdirSync(path.join(MESSAGES, language)).filter((name) => name.endsWith('.json'))) {
    const entries = JSON.parse(readFileSync(path.join(MESSAGES, language, file), 'utf8'));
    for (const [id, message] of Object.entries(entries)) messages.set(id, { message, file });
  }
  return messages;
}

function sourceFiles(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Every message id the web app's code names, with where. */
export function usedIds() {
  const used = new Map();
  for (const file of sourceFiles(WEB_SRC)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const note = (id, node) => {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart());
      used.set(id, [...(used.get(id) ?? []), `${path.relative(root, file)}:${line + 1}`]);
    };
    const visit = (node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        ID_CALLS.has(node.expression.text)
      ) {
        const [first] = node.arguments;
        if (first && ts.isStringLiteralLike(first)) note(first.text, first);
      }
      if (
        ts.isJsxAttribute(node) &&
        node.name.getText(source) === 'id' &&
        ts.isJsxAttributes(node.parent) &&
        node.parent.parent.tagName.getText(source) === 'Message' &&
        node.initializer &&
        ts.isStringLiteral(node.initializer)
      ) {
        note(node.initializer.text, node.initializer);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return used;
}

/** The value names and tag numbers of a message: what its translation must keep. */
function placeholders(message) {
  const names = new Set();
  const walk = (tokens) => {
    for (const token of tokens) {
      if (typeof token === 'string') continue;
      const [name, , cases] = token;
      if (name !== '#') names.add(`{${name}}`);
      // Plural and select cases; Lingui adds `offset`, undefined unless the message gives one.
      if (cases && typeof cases === 'object')
        for (const branch of Object.values(cases)) if (branch !== undefined) walk([branch].flat());
    }
  };
  const compiled = compileMessage(message);
  walk(typeof compiled === 'string' ? [] : compiled);
  for (const [, tag] of message.matchAll(/<(\d+)>/g)) names.add(`<${tag}>`);
  return [...names].sort();
}

describe('message catalogues', () => {
  const english = catalogue('en');
  const hindi = catalogue('hi');

  it('have English words for the app', () => {
    expect(english.size).toBeGreaterThan(0);
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    '%s has exactly the English ids, in the same files',
    (language) => {
      const other = catalogue(language);
      expect([...other.keys()].filter((id) => !english.has(id))).toEqual([]);
      expect([...english.keys()].filter((id) => !other.has(id))).toEqual([]);
      expect([...other].filter(([id, { file }]) => english.get(id)?.file !== file).map(([id]) => id)).toEqual(
        [],
      );
    },
  );

  it('never repeat an id in two files', () => {
    for (const language of LANGUAGES) {
      const seen = new Map();
      for (const file of readdirSync(path.join(MESSAGES, language)).filter((name) =>
        name.endsWith('.json'),
      )) {
        for (const id of Object.keys(JSON.parse(readFileSync(path.join(MESSAGES, language, file), 'utf8')))) {
          expect(seen.get(id), `${language}: ${id} is in ${seen.get(id)} and ${file}`).toBeUndefined();
          seen.set(id, file);
        }
      }
    }
  });

  it('name each id after its file: <namespace>.…', () => {
    const misplaced = [...english].filter(
      ([id, { file }]) => !id.startsWith(`${file.replace(/\.json$/, '')}.`),
    );
    expect(misplaced.map(([id, { file }]) => `${id} in ${file}`)).toEqual([]);
  });

  it('hold messages that compile, and a Hindi message keeps the English values and tags', () => {
    const problems = [];
    for (const [id, { message }] of english) {
      const expected = placeholders(message);
      const translated = hindi.get(id)?.message;
      if (typeof translated !== 'string' || translated.trim() === '') {
        problems.push(`${id}: no Hindi message`);
        continue;
      }
      const actual = placeholders(translated);
      if (JSON.stringify(actual) !== JSON.stringify(expected)) {
        problems.push(
          `${id}: Hindi has ${actual.join(' ') || 'nothing'}, English ${expected.join(' ') || 'nothing'}`,
        );
      }
    }
    expect(problems).toEqual([]);
  });

  it('have every id the code uses, and no id the code does not use', () => {
    const used = usedIds();
    const missing = [...used].filter(([id]) => !english.has(id)).map(([id, where]) => `${id} (${where[0]})`);
    expect(missing).toEqual([]);
    expect([...english.keys()].filter((id) => !used.has(id))).toEqual([]);
  });
});
