// The English catalogue holds the product spec's on-screen texts letter for letter (issue 18):
// every text the spec quotes for a screen (§2) or a state (§4) is an English message, or part of
// one, with the spec's placeholders (N, M, {…}) standing for the message's values.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The product spec as the project was given it (docs/spec/README.md): its texts are the contract.
const SPEC = path.join(root, 'docs/spec/product-spec.md');
const ENGLISH = path.join(root, 'packages/web/src/i18n/messages/en');

/** Spec texts that are not the web app's words, and where they live instead. */
const ELSEWHERE = new Map([
  ['true', 'the value of the dashboardTourCompleted flag, not a text'],
  ['Free Plan', "a plan's name: data of the plan catalogue (packages/shared/src/catalogue/plans.ts)"],
  ['Password reset email sent', "the server's message (the page shows what the server sends)"],
]);

/** The texts the spec quotes in §2 (screens and routes) and §4 (states and transitions). */
export function specTexts(spec) {
  const part = (from, to) => spec.slice(spec.indexOf(from), spec.indexOf(to));
  const text =
    part('## 2. Screens and routes', '## 3. Entities') + part('## 4. States and transitions', '## 5.');
  // A quote opens and closes where no letter touches it: the apostrophe of "child's" is not one.
  return [
    ...new Set([...text.matchAll(/(?<!\p{L})'([^'\n]*?\p{L}[^'\n]*?)'(?!\p{L})/gu)].map((match) => match[1])),
  ];
}

/** Every English message written out, its values standing as 7 (plurals take their 'other' form). */
function englishMessages() {
  const messages = {};
  for (const file of readdirSync(ENGLISH).filter((name) => name.endsWith('.json'))) {
    Object.assign(messages, JSON.parse(readFileSync(path.join(ENGLISH, file), 'utf8')));
  }
  const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
  const compiled = Object.fromEntries(
    Object.entries(messages).map(([id, message]) => [id, compileMessage(message)]),
  );
  i18n.load('en', compiled);
  i18n.activate('en');
  return Object.keys(messages).map((id) => {
    const names = [...messages[id].matchAll(/\{\s*(\w+)/g)].map((match) => match[1]);
    return i18n._(id, Object.fromEntries(names.map((name) => [name, 7])));
  });
}

/** The spec text as a pattern: its placeholders ({…}, a lone N or M) match any value. */
function pattern(text) {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(escaped.replace(/\\\{[^}]*\\\}/g, '.+?').replace(/\b[NM]\b/g, '.+?'), 'u');
}

describe('the English catalogue', () => {
  const spec = readFileSync(SPEC, 'utf8');
  const texts = specTexts(spec);
  const messages = englishMessages();

  it('finds the texts the spec quotes', () => {
    expect(texts.length).toBeGreaterThan(50);
    expect(texts).toContain('Welcome Back');
    expect(texts).toContain('N / M Certifications Completed');
    expect(texts).not.toContain('s subscription_message, or by default ');
  });

  it.each(specTexts(readFileSync(SPEC, 'utf8')).filter((text) => !ELSEWHERE.has(text)))(
    'holds "%s" letter for letter',
    (text) => {
      const wanted = pattern(text);
      expect(messages.some((message) => wanted.test(message))).toBe(true);
    },
  );
});
