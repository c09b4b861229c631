import { ProfileUpdateRequest } from '@quizquest/shared';
import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/i18n.ts';
import { fieldErrorsOf } from '../../lib/form-errors.ts';
import { showInHindi } from '../../test/language.ts';
import { fieldErrorsIn } from './field-errors.ts';

const valid = { first_name: 'Asha', last_name: 'Rao', email: 'asha@example.com', grade: 'c-3' };

/** The field errors the shared schema gives for a body, as the profile form shows them. */
function shown(patch: Record<string, unknown>): Record<string, string | undefined> {
  const parsed = ProfileUpdateRequest.safeParse({ ...valid, ...patch });
  if (parsed.success) throw new Error('the body was accepted');
  return fieldErrorsIn(fieldErrorsOf(parsed.error), translate);
}

describe('the profile form’s field errors', () => {
  it.each<[string, Record<string, unknown>, string, string]>([
    ['no first name', { first_name: ' ' }, 'first_name', 'पहला नाम लिखना ज़रूरी है'],
    ['a long last name', { last_name: 'x'.repeat(61) }, 'last_name', 'उपनाम 60 अक्षरों से लंबा नहीं हो सकता'],
    ['a word for a phone', { phone: 'call me' }, 'phone', 'सही फ़ोन नंबर लिखें (7 से 15 अंक)'],
    ['another gender', { gender: 'Other' }, 'gender', 'लड़का या लड़की चुनें'],
    ['no real date', { dob: '2020-02-30' }, 'dob', 'सही जन्म तिथि लिखें (YYYY-MM-DD)'],
    ['a grade not listed', { grade: 'c-13' }, 'grade', 'सूची में से कोई कक्षा चुनें'],
    ['an unknown zone', { timeZone: 'Mars/Olympus' }, 'timeZone', 'सूची में से कोई टाइम ज़ोन चुनें'],
    ['a huge avatar', { avatar: 'x'.repeat(1_500_001) }, 'avatar', 'प्रोफ़ाइल फ़ोटो बहुत बड़ी है'],
  ])('says the schema’s rule in Hindi: %s', (_, patch, field, expected) => {
    showInHindi();
    expect(shown(patch)[field]).toBe(expected);
  });

  it('keeps the schema’s English words in English', () => {
    expect(shown({ first_name: '' }).first_name).toBe('First name is required');
    expect(shown({ phone: 'call me' }).phone).toBe('Enter a valid phone number (7 to 15 digits)');
  });

  it('shows a message it does not know (the server’s, already translated) as it came', () => {
    showInHindi();
    expect(fieldErrorsIn({ dob: 'जन्म तिथि आज से पहले की होनी चाहिए' }, translate)).toEqual({
      dob: 'जन्म तिथि आज से पहले की होनी चाहिए',
    });
  });
});
