import { DOB_MESSAGE, DOB_PAST_MESSAGE, PHONE_MESSAGE, TIME_ZONE_MESSAGE } from '@quizquest/shared';
import { msg } from '../../i18n/i18n.ts';
import type { Translate } from '../../i18n/use-text.ts';

/**
 * The shared profile schema's words (English, the server's too) for the rules the form can break,
 * as message ids. A message not listed here (the server's, already in the learner's language, or
 * a rule added later) is shown as it came.
 */
const SCHEMA_MESSAGES: Record<string, string> = {
  'First name is required': msg('profile.errors.firstNameRequired'),
  'First name must be at most 60 characters': msg('profile.errors.firstNameTooLong'),
  'Last name is required': msg('profile.errors.lastNameRequired'),
  'Last name must be at most 60 characters': msg('profile.errors.lastNameTooLong'),
  'Email cannot be changed': msg('profile.errors.email'),
  [PHONE_MESSAGE]: msg('profile.errors.phone'),
  'Choose Male or Female': msg('profile.errors.gender'),
  [DOB_MESSAGE]: msg('profile.errors.dob'),
  [DOB_PAST_MESSAGE]: msg('profile.errors.dobPast'),
  'The avatar must be an image': msg('profile.errors.avatarNotImage'),
  'The avatar is too large': msg('profile.errors.avatarTooLarge'),
  'Choose a grade from the list': msg('profile.errors.grade'),
  [TIME_ZONE_MESSAGE]: msg('profile.errors.timeZone'),
};

/** One message per field, in the language shown now. */
export function fieldErrorsIn<Field extends string>(
  errors: Partial<Record<Field, string>>,
  t: Translate,
): Partial<Record<Field, string>> {
  const shown: Partial<Record<Field, string>> = {};
  for (const [field, message] of Object.entries(errors) as Array<[Field, string | undefined]>) {
    if (message === undefined) continue;
    const id = SCHEMA_MESSAGES[message];
    shown[field] = id ? t(id) : message;
  }
  return shown;
}
