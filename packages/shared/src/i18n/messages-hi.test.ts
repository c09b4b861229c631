import { describe, expect, it } from 'vitest';
import { maxQuizzesMessage } from '../rules/attempt-limits.ts';
import { certificationLevelProblem, planLevelsMessage } from '../rules/certification.ts';
import { localiseMessage } from './messages-hi.ts';

describe('localiseMessage', () => {
  it.each([
    ['Please log in to continue', 'आगे बढ़ने के लिए कृपया लॉग इन करें'],
    ['Invalid email or password', 'ईमेल या पासवर्ड सही नहीं है'],
    ['Quiz not found', 'क्विज़ नहीं मिला'],
    ['Choose English or Hindi', 'अंग्रेज़ी या हिन्दी चुनें'],
  ])('puts the exact message %j in Hindi', (english, hindi) => {
    expect(localiseMessage(english, 'hi')).toBe(hindi);
  });

  it.each([
    [maxQuizzesMessage(25), 'आपके प्लान में ज़्यादा से ज़्यादा 25 क्विज़ दिए जा सकते हैं। अभी अपग्रेड करें।'],
    [
      certificationLevelProblem({ level: 4, allowedLevel: 3, currentLevel: 3, planName: 'Growth Plan' }),
      'लेवल 4 लॉक है। आपके Growth Plan में लेवल 1 से 3 तक शामिल हैं। यह लेवल खोलने के लिए अपना प्लान अपग्रेड करें।',
    ],
    [
      planLevelsMessage('Free Plan', 0),
      'आपके Free Plan में सर्टिफ़िकेशन लेवल शामिल नहीं हैं। यह लेवल खोलने के लिए अपना प्लान अपग्रेड करें।',
    ],
    ['First name must be at most 60 characters', 'पहला नाम ज़्यादा से ज़्यादा 60 अक्षरों का हो सकता है'],
    ['pageSize must be a number from 1 to 100', 'pageSize 1 से 100 तक की कोई संख्या होनी चाहिए'],
    [
      'Too many failed logins for this account from your network. Please wait 7 minutes and try again, or reset your password.',
      'आपके नेटवर्क से इस खाते में लॉग इन की बहुत सारी कोशिशें नाकाम रहीं। कृपया 7 मिनट रुककर फिर से कोशिश करें, या अपना पासवर्ड रीसेट करें।',
    ],
    [
      'The image of option 2 in Question 5 is too large (at most 5 MB)',
      'सवाल 5 के विकल्प 2 की तस्वीर का साइज़ बहुत बड़ा है (ज़्यादा से ज़्यादा 5 MB)',
    ],
    ['A quiz titled "Fun with Fractions" already exists', '"Fun with Fractions" नाम का क्विज़ पहले से मौजूद है'],
    [
      'Level 3 is not complete yet. Earn all 10 certifications of Level 3 to download its certificate.',
      'लेवल 3 अभी पूरा नहीं हुआ है। इसका प्रमाणपत्र डाउनलोड करने के लिए लेवल 3 के सभी 10 सर्टिफ़िकेशन पूरे करें।',
    ],
  ])('puts %j in Hindi with its values kept', (english, hindi) => {
    expect(localiseMessage(english ?? '', 'hi')).toBe(hindi);
  });

  it('keeps a repeated value only when it repeats', () => {
    const mixed =
      'Level 3 is not complete yet. Earn all 10 certifications of Level 4 to download its certificate.';
    expect(localiseMessage(mixed, 'hi')).toBe(mixed);
  });

  it('leaves a message it does not know in English, never empty', () => {
    expect(localiseMessage('Something nobody wrote down', 'hi')).toBe('Something nobody wrote down');
    expect(localiseMessage('The moon is locked. Nobody knows why.', 'hi')).toBe(
      'The moon is locked. Nobody knows why.',
    );
    expect(localiseMessage('Level 2 is locked. An unknown reason.', 'hi')).toBe(
      'Level 2 is locked. An unknown reason.',
    );
  });

  it('leaves an image message for an unknown place in English', () => {
    const message = 'The banner is too large (at most 5 MB)';
    expect(localiseMessage(message, 'hi')).toBe(message);
  });

  it('leaves English as it is', () => {
    for (const message of ['Please log in to continue', maxQuizzesMessage(3), 'Anything at all']) {
      expect(localiseMessage(message, 'en')).toBe(message);
    }
  });
});
