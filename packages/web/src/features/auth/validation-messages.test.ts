import {
  ForgotPasswordRequest,
  PASSWORD_MAX_LENGTH,
  ResetPasswordRequest,
  SignupRequest,
} from '@quizquest/shared';
import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/i18n.ts';
import { showInHindi } from '../../test/language.ts';
import { translateFieldErrors, translateValidation } from './validation-messages.ts';

const TOKEN = 'a-reset-token-of-enough-length';

/** Bad input of every kind the sign-in forms can send, and the schemas that check it in the browser. */
const BAD_INPUT = [
  SignupRequest.safeParse({
    first_name: '',
    last_name: ' ',
    email: '',
    grade: '',
    password: '',
    consent: false,
  }),
  SignupRequest.safeParse({
    first_name: 'A'.repeat(61),
    last_name: 'R'.repeat(61),
    email: `${'a'.repeat(250)}@example.com`,
    grade: 'class 13',
    password: 'short',
  }),
  SignupRequest.safeParse({ first_name: 'Asha', last_name: 'Rao', email: 'not an address', grade: 'c-3' }),
  ForgotPasswordRequest.safeParse({ email: 'asha@' }),
  ForgotPasswordRequest.safeParse({ email: ' ' }),
  ResetPasswordRequest.safeParse({ token: TOKEN, password: 'x'.repeat(PASSWORD_MAX_LENGTH + 1) }),
];
const MESSAGES = [
  ...new Set(
    BAD_INPUT.flatMap((result) => result.error?.issues ?? [])
      .filter((issue) => issue.path[0] !== 'token')
      .map((issue) => issue.message),
  ),
];

describe('validation messages of the sign-in forms', () => {
  it('checks enough bad input to see every kind of message', () => {
    expect(MESSAGES.length).toBeGreaterThanOrEqual(12);
  });

  it.each(MESSAGES)('shows %j letter for letter in English', (message) => {
    expect(translateValidation(message, translate)).toBe(message);
  });

  it.each(MESSAGES)('has Hindi words for %j', (message) => {
    showInHindi();
    const hindi = translateValidation(message, translate);
    expect(hindi).not.toBe(message);
    expect(hindi).toMatch(/[\u0900-\u097f]/);
  });

  it('keeps the numbers of a limit and leaves a message it does not know as it is', () => {
    showInHindi();
    expect(translateValidation('Password must be at least 8 characters', translate)).toBe(
      'पासवर्ड कम से कम 8 अक्षरों का होना चाहिए',
    );
    expect(
      translateFieldErrors(
        { email: 'Email is required', password: 'This password is too common.' },
        translate,
      ),
    ).toEqual({ email: 'ईमेल लिखना ज़रूरी है', password: 'This password is too common.' });
  });
});
