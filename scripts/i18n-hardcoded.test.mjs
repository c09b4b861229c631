// No user-visible text written in the web app's code outside the message catalogues (issue 18,
// docs/i18n.md): JSX text, text in JSX expressions, the attributes people read or hear
// (aria-label, title, placeholder, alt, label …), and the texts of toasts, confirms and document
// titles. Only the brand name and symbols may be written as they are.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB_SRC = path.join(root, 'packages/web/src');

/** Attributes whose value a person reads or hears. */
const VISIBLE_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'alt',
  'title',
  'placeholder',
  'label',
  'subtitle',
  'heading',
  'message',
  'description',
  'emptyText',
  'confirmLabel',
  'cancelLabel',
]);
/** Calls whose first argument is shown to a person. */
const VISIBLE_CALLS = new Set([
  'toast',
  'success',
  'error',
  'info',
  'warning',
  'confirm',
  'alert',
  'useDocumentTitle',
]);
/** Words that are the same in every language. */
const ALLOWED = new Set(['QuizQuest']);

const hasWords = (text) =>
  /\p{L}{2,}/u.test(text) && !ALLOWED.has(text.trim()) && !/^(https?:\/\/|mailto:)\S*$/.test(text.trim());

function sourceFiles(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' || entry.name === 'i18n' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')
      ? [file]
      : [];
  });
}

/** The hard-coded texts of one source file, as `file:line: text`. */
export function hardCodedTexts(file, code) {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found = [];
  const note = (node, text) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    found.push(`${path.relative(root, file)}:${line + 1}: ${text.trim().replace(/\s+/g, ' ')}`);
  };
  const visit = (node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) note(node, node.text);
    if (ts.isJsxExpression(node) && node.expression && ts.isStringLiteralLike(node.expression)) {
      const parent = node.parent;
      const inAttribute = ts.isJsxAttribute(parent);
      const visible = !inAttribute || VISIBLE_ATTRIBUTES.has(parent.name.getText(source));
      if (visible && hasWords(node.expression.text)) note(node, node.expression.text);
    }
    if (
      ts.isJsxAttribute(node) &&
      VISIBLE_ATTRIBUTES.has(node.name.getText(source)) &&
      node.initializer &&
      ts.isStringLiteral(node.initializer) &&
      hasWords(node.initializer.text)
    ) {
      note(node, `${node.name.getText(source)}="${node.initializer.text}"`);
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee)
        ? callee.text
        : ts.isPropertyAccessExpression(callee)
          ? callee.name.text
          : '';
      const [first] = node.arguments;
      // console.error('…') is a log line for developers, not a text on screen.
      const logged =
        ts.isPropertyAccessExpression(callee) &&
        ts.isIdentifier(callee.expression) &&
        callee.expression.text === 'console';
      if (
        !logged &&
        VISIBLE_CALLS.has(name) &&
        first &&
        ts.isStringLiteralLike(first) &&
        hasWords(first.text)
      ) {
        note(node, `${name}('${first.text}')`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the web app', () => {
  it('writes no user-visible text outside the message catalogues', () => {
    const found = sourceFiles(WEB_SRC).flatMap((file) => hardCodedTexts(file, readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });

  it('finds hard-coded texts of each kind (the check itself)', () => {
    const code = `
      export function Page() {
        useDocumentTitle('Profile');
        toast.success('Saved!');
        console.error('Failed to load');
        return (
          <main aria-label="Main area" className="page">
            <h1>My Profile</h1>
            <p>{'Loaded'}</p>
            <img alt="A cat" src="/cat.png" />
            <span>{t('profile.title')}</span>
            <b>QuizQuest</b> <i>— 42 ✓</i> <input placeholder="https://" />
          </main>
        );
      }`;
    expect(
      hardCodedTexts(path.join(WEB_SRC, 'probe.tsx'), code).map((line) =>
        line.split(': ').slice(1).join(': '),
      ),
    ).toEqual([
      "useDocumentTitle('Profile')",
      "success('Saved!')",
      'aria-label="Main area"',
      'My Profile',
      'Loaded',
      'alt="A cat"',
    ]);
  });
});
