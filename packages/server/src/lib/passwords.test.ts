import { describe, expect, it } from 'vitest';
import {
  BLANK_PASSWORD_MESSAGE,
  COMMON_PASSWORD_MESSAGE,
  PERSONAL_PASSWORD_MESSAGE,
  passwordProblem,
  REPETITIVE_PASSWORD_MESSAGE,
  type PasswordContext,
} from './passwords.ts';

const account: PasswordContext = { email: 'anita.desai@example.com', names: ['Anita', 'Desai'] };
const shortNames: PasswordContext = { email: 'li@example.in', names: ['Li', 'Wu'] };

describe('passwordProblem (decision 021, ASVS 6.2.11)', () => {
  const cases: Array<[string, string, PasswordContext, string | null]> = [
    ['eight spaces', '        ', account, BLANK_PASSWORD_MESSAGE],
    ['tabs and spaces', ' \t \t \t \t', account, BLANK_PASSWORD_MESSAGE],
    ['a common password', 'password123', account, COMMON_PASSWORD_MESSAGE],
    ['a common password in capitals', 'QWERTYUIOP', account, COMMON_PASSWORD_MESSAGE],
    ['one repeated character', 'aaaaaaaa', account, REPETITIVE_PASSWORD_MESSAGE],
    ['three characters in turn', 'abcabcabc', account, REPETITIVE_PASSWORD_MESSAGE],
    ['four different characters', 'abcdabcd', account, null],
    ['the e-mail', 'anita.desai@example.com', account, PERSONAL_PASSWORD_MESSAGE],
    ['the e-mail inside, other case', 'My-ANITA.DESAI@EXAMPLE.COM', account, PERSONAL_PASSWORD_MESSAGE],
    ['the part before @', 'anita.desai', account, PERSONAL_PASSWORD_MESSAGE],
    ['the first name inside', 'anita-2014-rocks', account, PERSONAL_PASSWORD_MESSAGE],
    ['the last name with spaces around', 'Mr  Desai  Home', account, PERSONAL_PASSWORD_MESSAGE],
    ['the site name', 'i-love-QuizQuest', account, PERSONAL_PASSWORD_MESSAGE],
    ['the site name with a space', 'Quiz Quest 2026', account, PERSONAL_PASSWORD_MESSAGE],
    [
      'the part before @ with other case',
      'RK.Sharma.1990',
      { email: 'rk.sharma.1990@example.in' },
      PERSONAL_PASSWORD_MESSAGE,
    ],
    ['a short name inside a longer password', 'Lion-Heart-River-7', shortNames, null],
    ['an unrelated password', 'Mango-Tree-Delhi-9', account, null],
    ['no context given', 'Mango-Tree-Delhi-9', {}, null],
  ];
  it.each(cases)('%s', (_name, password, context, expected) => {
    expect(passwordProblem(password, context)).toBe(expected);
  });
});
