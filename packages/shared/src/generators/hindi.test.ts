import { describe, expect, it } from 'vitest';
import { inHindi } from './hindi.ts';
import { generateQuestion, MATHS_GENERATORS } from './registry.ts';
import type { GeneratedQuestion, QuestionData } from './types.ts';

const SEEDS = 2000;
const DEVANAGARI = /[\u0900-\u097F]/;
/** An option that is only a number, a fraction, money, a time, a power or an equation's value. */
const NUMBER_LIKE = /^[\d,.:/₹%\u2212x-z=\s⁰¹²³⁴⁵⁶⁷⁸⁹]+$/;

function questionWith(generatorId: string, grade: string, text: RegExp): GeneratedQuestion {
  for (let seed = 0; seed < 20_000; seed += 1) {
    const question = generateQuestion(generatorId, grade, seed);
    if (text.test(question.questionText)) return question;
  }
  throw new Error(`No ${generatorId} question like ${text}`);
}

/** A question of the generator with other numbers, for examples worked by hand. */
function withData(generatorId: string, grade: string, data: QuestionData): GeneratedQuestion {
  return { ...generateQuestion(generatorId, grade, 1), data };
}

describe('inHindi', () => {
  for (const generator of MATHS_GENERATORS) {
    for (const grade of generator.grades) {
      it(`puts every ${generator.id} question of ${grade} in Hindi`, () => {
        for (let seed = 0; seed < SEEDS; seed += 1) {
          const english = generateQuestion(generator.id, grade, seed * 2_654_435_761);
          const hindi = inHindi(english);
          const context = `${generator.id} ${grade} seed ${english.seed}: ${english.questionText}`;
          expect(hindi.questionText, context).toMatch(DEVANAGARI);
          expect(hindi.explanation, context).toMatch(DEVANAGARI);
          expect(hindi.explanation, context).toMatch(/।$/);
          expect(hindi.explanation.length, context).toBeLessThanOrEqual(400);
          const values = hindi.options.map((option) => option.value);
          expect(new Set(values).size, context).toBe(4);
          const right = english.options[english.correctAnswerIndex]?.value ?? '';
          expect(hindi.explanation, context).not.toBe(values[english.correctAnswerIndex]);
          english.options.forEach((option, index) => {
            expect(hindi.options[index]?.type).toBe('text');
            if (NUMBER_LIKE.test(option.value)) expect(values[index], context).toBe(option.value);
          });
          expect(NUMBER_LIKE.test(right) ? values[english.correctAnswerIndex] : right, context).toBe(right);
          for (const text of [hindi.questionText, hindi.explanation, ...values]) {
            expect(text, context).not.toMatch(/undefined|NaN|null|Infinity/);
            expect(text, context).not.toMatch(/\b(paise|hours?|minutes?|a\.m\.|p\.m\.|Quotient)\b/);
          }
          // English words stay only where the question tests English number names.
          if (english.data.kind !== 'number-name') {
            for (const text of [hindi.questionText, hindi.explanation])
              expect(text.replace(/\(?[ap]\.m\.\)?/g, ''), context).not.toMatch(/[A-Za-z]{3,}/);
          }
        }
      });
    }
  }

  it('keeps the question, its English number name and the right answer of a number-name question', () => {
    const question = questionWith('number-names', 'c-4', /^How is/);
    const hindi = inHindi(question);
    expect(hindi.options).toEqual(question.options);
    expect(hindi.questionText).toMatch(/अंग्रेज़ी में शब्दों में कैसे लिखते हैं\?$/);
  });

  it('works a carrying addition in Hindi, column by column', () => {
    const question = withData('add-carry', 'c-2', { kind: 'add', a: 45, b: 38 });
    expect(inHindi(question)).toMatchObject({
      questionText: '45 + 38 कितना होता है?',
      explanation:
        'इकाई जोड़िए: 5 + 8 = 13। 3 लिखिए और 1 हासिल दहाई में ले जाइए। दहाई जोड़िए: 1 + 4 + 3 = 8। इसलिए 45 + 38 = 83।',
    });
    const older = withData('add-carry', 'c-4', { kind: 'add', a: 2745, b: 1386 });
    expect(inHindi(older).explanation).toBe(
      'इकाई: 5 + 6 = 11, 1 लिखिए, 1 हासिल। दहाई: 1 + 4 + 8 = 13, 3 लिखिए, 1 हासिल। सैकड़ा: 1 + 7 + 3 = 11, 1 लिखिए, 1 हासिल। हज़ार: 1 + 2 + 1 = 4। इसलिए 2,745 + 1,386 = 4,131।',
    );
  });

  it('borrows in Hindi (उधार)', () => {
    const question = withData('sub-borrow', 'c-3', { kind: 'subtract', a: 402, b: 157 });
    expect(inHindi(question).explanation).toBe(
      'इकाई: 2, 7 से छोटा है, इसलिए दहाई से 1 उधार लीजिए: 12 − 7 = 5। दहाई: 0 पहले सैकड़े से 1 उधार लेता है और फिर 1 उधार देता है, इसलिए अब यह 9 है। 9 − 5 = 4। सैकड़ा: 4 ने 1 उधार दिया, इसलिए अब यह 3 है। 3 − 1 = 2। इसलिए 402 − 157 = 245।',
    );
  });

  it('asks a fraction of a whole in Hindi with the same fractions as options', () => {
    const question = questionWith(
      'fraction-of-whole',
      'c-3',
      /^A roti is cut into 4 equal pieces\. Riya eats 1\./,
    );
    const hindi = inHindi(question);
    expect(hindi.questionText).toBe(
      'एक रोटी को 4 बराबर टुकड़ों में काटा गया। रिया ने 1 टुकड़ा खाया। उसने रोटी का कितना भाग खाया?',
    );
    expect(hindi.explanation).toBe('कुल 4 बराबर टुकड़े हैं और 1 खाया गया: 4 में से 1, यानी 1/4।');
    expect(hindi.options).toEqual(question.options);
    expect(hindi.options[question.correctAnswerIndex]?.value).toBe('1/4');
  });

  it('adds fractions with unlike denominators in Hindi', () => {
    const question = withData('fractions-unlike', 'c-6', {
      kind: 'fraction-sum',
      op: '+',
      a: [1, 2],
      b: [1, 3],
    });
    expect(inHindi(question)).toMatchObject({
      questionText: '1/2 + 1/3 कितना होता है? जवाब सरलतम रूप में दीजिए।',
      explanation: 'पहले हर एक जैसे बनाइए: 1/2 = 3/6 और 1/3 = 2/6। फिर 3 + 2 = 5, यानी 5/6। इसलिए जवाब 5/6 है।',
    });
  });

  it('writes money with ₹ and पैसे', () => {
    const question = questionWith('money-rupees-paise', 'c-2', /^How many paise make ₹3\.50\?$/);
    const hindi = inHindi(question);
    expect(hindi.questionText).toBe('₹3.50 में कितने पैसे होते हैं?');
    expect(hindi.options[question.correctAnswerIndex]?.value).toBe('350 पैसे');
    expect(hindi.options.every((option) => option.value.endsWith(' पैसे'))).toBe(true);
    expect(hindi.explanation).toBe('₹1 = 100 पैसे, इसलिए ₹3 = 300 पैसे। 50 पैसे और जोड़िए: 350 पैसे।');

    const change = questionWith(
      'money-rupees-paise',
      'c-4',
      /^Meera buys a pencil for ₹[\d.]+ and pays with/,
    );
    expect(inHindi(change).questionText).toMatch(
      /^मीरा ₹[\d.]+ की एक पेंसिल खरीदती है और ₹\d+ का नोट देती है। उसे कितने रुपये वापस मिलेंगे\?$/,
    );
  });

  it('tells the time up to Class 5 as a child says it: सुबह, दोपहर, शाम, रात', () => {
    const duration = {
      ...questionWith('time-duration', 'c-3', /^A film starts at/),
      data: { kind: 'duration', start: 16 * 60 + 45, end: 18 * 60 + 15 } satisfies QuestionData,
    };
    const hindi = inHindi(duration);
    expect(hindi.questionText).toBe(
      'फ़िल्म शाम 4:45 बजे शुरू होती है और शाम 6:15 बजे खत्म होती है। फ़िल्म कितनी देर की है?',
    );
    expect(hindi.explanation).toBe(
      'शाम 4:45 बजे से शाम 5:00 बजे तक 15 मिनट। शाम 6:00 बजे तक 1 घंटा और। फिर शाम 6:15 बजे तक 15 मिनट। कुल: 1 घंटा 30 मिनट।',
    );
    const clock = questionWith('time-24-hour', 'c-4', /^What is 16:30 on the 12-hour clock\?$/);
    const shown = inHindi(clock);
    expect(shown.options[clock.correctAnswerIndex]?.value).toBe('शाम 4:30 बजे');
    expect(clock.options.map((option) => option.value)).toContain('4:30 a.m.');
    expect(shown.options.map((option) => option.value)).toContain('सुबह 4:30 बजे');
    const night = questionWith('time-24-hour', 'c-5', /^What is 2[0-3]:\d\d on the 12-hour clock\?$/);
    expect(inHindi(night).options[night.correctAnswerIndex]?.value).toMatch(/^रात \d+:\d\d बजे$/);
  });

  it('writes पूर्वाह्न and अपराह्न from Class 6, as NCERT does', () => {
    const clock = questionWith('time-24-hour', 'c-6', /^What is 16:30 on the 12-hour clock\?$/);
    const shown = inHindi(clock);
    expect(shown.options[clock.correctAnswerIndex]?.value).toBe('4:30 अपराह्न');
    expect(shown.options.map((option) => option.value)).toContain('4:30 पूर्वाह्न');
    const duration = {
      ...questionWith('time-duration', 'c-6', /^A film starts at/),
      data: { kind: 'duration', start: 10 * 60 + 25, end: 12 * 60 + 50 } satisfies QuestionData,
    };
    expect(inHindi(duration).questionText).toBe(
      'फ़िल्म 10:25 पूर्वाह्न शुरू होती है और 12:50 अपराह्न खत्म होती है। फ़िल्म कितनी देर की है?',
    );
  });

  it('makes the young story verbs agree with one thing or many', () => {
    const one = questionWith('sub-basic', 'Sr-Kg', /^Simran has \d+ sweets\. She gives away 1\./);
    expect(inHindi(one).questionText).toMatch(/^सिमरन के पास \d+ मिठाइयाँ हैं, उसने 1 दे दी। कितनी बचीं\?$/);
    const more = questionWith('add-basic', 'Nursery', /^Riya has \d+ crayons\. She gets 1 more\./);
    expect(inHindi(more).questionText).toMatch(/^रिया के पास \d+ क्रेयॉन हैं, 1 और मिला। अब कितने हैं\?$/);
  });

  it('turns English duration options into Hindi ones, in the same order', () => {
    const question = questionWith('time-duration', 'c-5', /./);
    const hindi = inHindi(question);
    question.options.forEach((option, index) => {
      const hours = /(\d+) hours?/.exec(option.value)?.[1];
      const minutes = /(\d+) minutes?/.exec(option.value)?.[1];
      const value = hindi.options[index]?.value ?? '';
      if (hours) expect(value).toContain(`${hours} ${hours === '1' ? 'घंटा' : 'घंटे'}`);
      if (minutes) expect(value).toContain(`${minutes} मिनट`);
    });
  });

  it('refuses a question it does not know rather than showing English', () => {
    const question = generateQuestion('add-basic', 'c-1', 1);
    expect(() => inHindi({ ...question, data: { kind: 'riddle' } as never })).toThrow(RangeError);
  });
});
