import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@quizquest/shared';
import { msg } from '../../i18n/i18n.ts';
import type { MessageValues, Translate } from '../../i18n/use-text.ts';

/**
 * The shared schemas' checks run in the browser before anything is sent, and their messages are
 * English (packages/shared): each one the sign-in forms can show maps to its message id here, so a
 * learner reading Hindi sees Hindi. The server translates the messages it sends itself.
 */
interface ValidationMessage {
  id: string;
  values?: MessageValues;
}

const VALIDATION_MESSAGES: ReadonlyMap<string, ValidationMessage> = new Map<string, ValidationMessage>([
  ['First name is required', { id: msg('auth.validation.firstNameRequired') }],
  [
    'First name must be at most 60 characters',
    { id: msg('auth.validation.firstNameTooLong'), values: { max: 60 } },
  ],
  ['Last name is required', { id: msg('auth.validation.lastNameRequired') }],
  [
    'Last name must be at most 60 characters',
    { id: msg('auth.validation.lastNameTooLong'), values: { max: 60 } },
  ],
  ['Email is required', { id: msg('auth.validation.emailRequired') }],
  ['Email must be at most 254 characters', { id: msg('auth.validation.emailTooLong'), values: { max: 254 } }],
  ['Enter a valid email address', { id: msg('auth.validation.emailInvalid') }],
  ['Choose a grade from the list', { id: msg('auth.validation.gradeRequired') }],
  ['Password is required', { id: msg('auth.validation.passwordRequired') }],
  [
    `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
    { id: msg('auth.validation.passwordTooShort'), values: { min: PASSWORD_MIN_LENGTH } },
  ],
  [
    `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
    { id: msg('auth.validation.passwordTooLong'), values: { max: PASSWORD_MAX_LENGTH } },
  ],
  ['A parent or guardian must agree to the privacy notice', { id: msg('auth.validation.consentRequired') }],
]);

/** A shared schema's message in the language shown now; a message not listed stays as it is. */
export function translateValidation(message: string, t: Translate): string {
  const known = VALIDATION_MESSAGES.get(message);
  return known ? t(known.id, known.values) : message;
}

/** Each field's message of `fieldErrorsOf`, in the language shown now. */
export function translateFieldErrors<Field extends string>(
  errors: Partial<Record<Field, string>>,
  t: Translate,
): Partial<Record<Field, string>> {
  const translated: Partial<Record<Field, string>> = {};
  for (const [field, message] of Object.entries(errors) as Array<[Field, string | undefined]>) {
    if (message !== undefined) translated[field] = translateValidation(message, t);
  }
  return translated;
}
