import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  chooseVoice,
  isSpeechSupported,
  SPEECH_PART_LENGTH,
  SPEECH_PITCH,
  SPEECH_RATE,
  splitIntoSentences,
  textLanguage,
  useReadAloud,
  type VoiceLike,
} from './speech.ts';

const voice = (name: string, lang: string): VoiceLike => ({ name, lang });

describe('chooseVoice', () => {
  const googleUs = voice('Google US English', 'en-US');
  const zira = voice('Microsoft Zira - English (United States)', 'en-US');
  const googleUkFemale = voice('Google UK English Female', 'en-GB');
  const googleUkMale = voice('Google UK English Male', 'en-GB');
  const hindi = voice('Google हिन्दी', 'hi-IN');
  const ravi = voice('Microsoft Ravi - English (India)', 'en-IN');
  const rishi = voice('Rishi', 'en_IN');
  const amelie = voice('Amélie', 'fr-CA');
  const germanFemale = voice('Anna Female', 'de-DE');

  it.each([
    ['an English female voice first', [hindi, googleUs, ravi, zira], zira],
    ['a female voice by a generic name', [googleUkMale, ravi, googleUkFemale], googleUkFemale],
    ['the first English female voice when there are several', [googleUkFemale, zira], googleUkFemale],
    ['Indian English when no English voice is female', [hindi, googleUs, ravi], ravi],
    ['Indian English written with an underscore', [amelie, rishi], rishi],
    ['not a female voice in another language', [germanFemale, ravi], ravi],
    ['else the first voice', [hindi, googleUs, amelie], hindi],
    ['the first voice when the only female one is not English', [germanFemale, amelie], germanFemale],
  ])('prefers %s', (_name, voices, expected) => {
    expect(chooseVoice(voices)).toBe(expected);
    expect(chooseVoice(voices, 'en')).toBe(expected);
  });

  it('gives null when the browser has no voices (yet)', () => {
    expect(chooseVoice([])).toBeNull();
    expect(chooseVoice([], 'hi')).toBeNull();
  });

  it('does not take a name that merely contains a female name', () => {
    expect(chooseVoice([voice('Java Avalanche', 'en-US'), ravi])).toBe(ravi);
  });
});

/*
 * The voices real browsers list, in their order (names and languages as they report them;
 * genders from web-speech-recommended-voices, json/hi.json and json/en.json).
 */
const CHROME_DESKTOP = [
  voice('Google Deutsch', 'de-DE'),
  voice('Google US English', 'en-US'),
  voice('Google UK English Female', 'en-GB'),
  voice('Google UK English Male', 'en-GB'),
  voice('Google español', 'es-ES'),
  voice('Google français', 'fr-FR'),
  voice('Google हिन्दी', 'hi-IN'),
  voice('Google Bahasa Indonesia', 'id-ID'),
  voice('Google 日本語', 'ja-JP'),
];
/** Chrome on Windows lists the system's voices first: here an Indian Windows with Hindi installed. */
const CHROME_WINDOWS = [
  voice('Microsoft Hemant - Hindi (India)', 'hi-IN'),
  voice('Microsoft Kalpana - Hindi (India)', 'hi-IN'),
  voice('Microsoft Ravi - English (India)', 'en-IN'),
  voice('Microsoft Heera - English (India)', 'en-IN'),
  voice('Microsoft David - English (United States)', 'en-US'),
  ...CHROME_DESKTOP,
];
const EDGE = [
  voice('Microsoft David - English (United States)', 'en-US'),
  voice('Microsoft Mark - English (United States)', 'en-US'),
  voice('Microsoft Guy Online (Natural) - English (United States)', 'en-US'),
  voice('Microsoft Aria Online (Natural) - English (United States)', 'en-US'),
  voice('Microsoft Prabhat Online (Natural) - English (India)', 'en-IN'),
  voice('Microsoft Neerja Online (Natural) - English (India)', 'en-IN'),
  voice('Microsoft Madhur Online (Natural) - Hindi (India)', 'hi-IN'),
  voice('Microsoft Swara Online (Natural) - Hindi (India)', 'hi-IN'),
];
/** Chrome on Android lists languages, not voices, with underscores: no name says female. */
const ANDROID_CHROME = [
  voice('Bengali India', 'bn_IN'),
  voice('English United States', 'en_US'),
  voice('English United Kingdom', 'en_GB'),
  voice('English India', 'en_IN'),
  voice('Hindi India', 'hi_IN'),
  voice('Tamil India', 'ta_IN'),
];
/** ChromeOS shows the Android engine's voices: hi-in-x-hid is male, hi-in-x-hia female. */
const CHROME_OS = [
  voice('Chrome OS US English 1', 'en-US'),
  voice('Android Speech Recognition and Synthesis from Google hi-in-x-hid-network', 'hi-IN'),
  voice('Android Speech Recognition and Synthesis from Google hi-in-x-hia-network', 'hi-IN'),
  voice('Google हिन्दी 3 (Natural)', 'hi-IN'),
  voice('Google हिन्दी 1 (Natural)', 'hi-IN'),
];
const IOS_SAFARI = [
  voice('Maged', 'ar-SA'),
  voice('Anna', 'de-DE'),
  voice('Karen', 'en-AU'),
  voice('Daniel', 'en-GB'),
  voice('Moira', 'en-IE'),
  voice('Rishi', 'en-IN'),
  voice('Veena', 'en-IN'),
  voice('Samantha', 'en-US'),
  voice('Neel', 'hi-IN'),
  voice('Lekha', 'hi-IN'),
];
/** Firefox on an English Windows: no Hindi voice at all. */
const NO_HINDI = [
  voice('Microsoft David - English (United States)', 'en-US'),
  voice('Microsoft Mark - English (United States)', 'en-US'),
  voice('Microsoft Zira - English (United States)', 'en-US'),
];

describe('chooseVoice on real voice lists', () => {
  it.each([
    ['Chrome desktop', CHROME_DESKTOP, 'Google UK English Female', 'Google हिन्दी'],
    [
      'Chrome on Windows',
      CHROME_WINDOWS,
      'Microsoft Heera - English (India)',
      'Microsoft Kalpana - Hindi (India)',
    ],
    [
      'Edge',
      EDGE,
      'Microsoft Aria Online (Natural) - English (United States)',
      'Microsoft Swara Online (Natural) - Hindi (India)',
    ],
    ['Android Chrome', ANDROID_CHROME, 'English India', 'Hindi India'],
    [
      'ChromeOS',
      CHROME_OS,
      'Chrome OS US English 1',
      'Android Speech Recognition and Synthesis from Google hi-in-x-hia-network',
    ],
    ['iOS Safari', IOS_SAFARI, 'Karen', 'Lekha'],
  ])('%s: English and Hindi voices', (_browser, voices, english, hindi) => {
    expect(chooseVoice(voices, 'en')?.name).toBe(english);
    expect(chooseVoice(voices, 'hi')?.name).toBe(hindi);
  });

  it('never reads Hindi with a voice of another language', () => {
    expect(chooseVoice(NO_HINDI, 'hi')).toBeNull();
    expect(chooseVoice(NO_HINDI, 'en')?.name).toBe('Microsoft Zira - English (United States)');
    const withoutHindi = CHROME_DESKTOP.filter((entry) => !entry.lang.startsWith('hi'));
    expect(chooseVoice(withoutHindi, 'hi')).toBeNull();
  });

  it.each([
    [
      'Edge with only the male online voice',
      [EDGE[4], EDGE[6]],
      'Microsoft Madhur Online (Natural) - Hindi (India)',
    ],
    ['Windows with only Hemant', [CHROME_WINDOWS[0], CHROME_WINDOWS[2]], 'Microsoft Hemant - Hindi (India)'],
    ['the male Google voices, numbered', [CHROME_OS[3], CHROME_OS[0]], 'Google हिन्दी 3 (Natural)'],
  ])('takes any Hindi voice when none is female: %s', (_case, voices, expected) => {
    expect(
      chooseVoice(
        voices.filter((entry) => entry !== undefined),
        'hi',
      )?.name,
    ).toBe(expected);
  });

  it.each([
    ['hi', 'hi'],
    ['hi_IN', 'hi_IN'],
    ['upper case', 'HI-in'],
  ])('knows a Hindi voice by its language written as %s', (_case, lang) => {
    const hindi = voice('Hindi', lang);
    expect(chooseVoice([voice('Samantha', 'en-US'), hindi], 'hi')).toBe(hindi);
  });

  it('does not take a Hindi-sounding language for Hindi', () => {
    expect(chooseVoice([voice('Hmong', 'hmn-US'), voice('Hiligaynon', 'hil-PH')], 'hi')).toBeNull();
  });
});

describe('textLanguage', () => {
  it.each([
    ['Which planet is called the Red Planet?', 'en'],
    ['Pi is about 3.14.', 'en'],
    ['', 'en'],
    ['लाल ग्रह किसे कहते हैं?', 'hi'],
    ['Question 1. लाल ग्रह किसे कहते हैं? A: मंगल.', 'hi'],
  ])('%j is read in %s', (text, language) => {
    expect(textLanguage(text)).toBe(language);
  });
});

/** The text with its whitespace made single spaces: what the parts must give back. */
const squeezed = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('splitIntoSentences', () => {
  it('keeps a text that fits as one part, so a question is read in one breath', () => {
    const question =
      'Question 1. Which part of the computer looks like a TV screen? A: Mouse. B: Keyboard. C: Monitor. D: Speaker.';
    expect(splitIntoSentences(question)).toEqual([question]);
  });

  it('cuts English at sentence ends, keeping whole sentences together while they fit', () => {
    expect(splitIntoSentences('Mars is red. Its dust has rust! Is Earth blue? Yes.', 30)).toEqual([
      'Mars is red.',
      'Its dust has rust!',
      'Is Earth blue? Yes.',
    ]);
  });

  it('cuts Hindi after the danda and the double danda, with or without a space after it', () => {
    const text = 'भारत की राजधानी नई दिल्ली है। गंगा भारत की सबसे लंबी नदी है। हिमालय भारत के उत्तर में है॥ पहला।दूसरा।';
    expect(splitIntoSentences(text, 40)).toEqual([
      'भारत की राजधानी नई दिल्ली है।',
      'गंगा भारत की सबसे लंबी नदी है।',
      'हिमालय भारत के उत्तर में है॥ पहला।',
      'दूसरा।',
    ]);
  });

  it('cuts a long sentence at commas, semicolons and colons, not inside numbers', () => {
    expect(
      splitIntoSentences(
        'Pi is about 3.14, and a lakh is 1,00,000, which is written with commas in India; so read it slowly: one lakh',
        40,
      ),
    ).toEqual([
      'Pi is about 3.14,',
      'and a lakh is 1,00,000,',
      'which is written with commas in India;',
      'so read it slowly: one lakh',
    ]);
  });

  it('cuts a long run without punctuation at spaces', () => {
    expect(splitIntoSentences('one two three four five six seven eight nine ten eleven twelve', 20)).toEqual([
      'one two three four',
      'five six seven eight',
      'nine ten eleven',
      'twelve',
    ]);
  });

  it('keeps closing quotes with their sentence and gives nothing for an empty text', () => {
    expect(splitIntoSentences('  He said "Stop." Then\n\n he left.  ', 10)).toEqual([
      'He said',
      '"Stop."',
      'Then he',
      'left.',
    ]);
    expect(splitIntoSentences('')).toEqual([]);
    expect(splitIntoSentences(' \n ')).toEqual([]);
  });

  const longEnglish =
    'Mars looks red because the dust on it is full of rust, like an old bicycle left out in the rain. ' +
    'Iron in the rocks meets the little oxygen there is and turns orange-red; the wind then spreads that fine dust ' +
    'over the whole planet, so from Earth it shines like a red star! Is it hot? No: it is colder than Antarctica.';
  const longHindi =
    'मंगल लाल दिखता है क्योंकि उसकी धूल में जंग है, जैसे बारिश में छोड़ी गई पुरानी साइकिल में। ' +
    'चट्टानों का लोहा थोड़ी-सी ऑक्सीजन से मिलकर नारंगी-लाल हो जाता है; फिर हवा उस महीन धूल को पूरे ग्रह पर फैला देती है। ' +
    'क्या वह गरम है? नहीं, वह अंटार्कटिका से भी ठंडा है॥';
  const noSpaces = 'a'.repeat(250);

  it.each([
    ['English', longEnglish, SPEECH_PART_LENGTH],
    ['Hindi', longHindi, SPEECH_PART_LENGTH],
    ['English, short parts', longEnglish, 25],
    ['Hindi, short parts', longHindi, 25],
    ['one word longer than a part', `Read ${noSpaces} now.`, 100],
  ])('never drops a character and keeps parts short: %s', (_case, text, maxLength) => {
    const parts = splitIntoSentences(text, maxLength);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.join(' ')).toBe(squeezed(text));
    for (const part of parts) {
      expect(part === noSpaces || part.length <= maxLength).toBe(true);
    }
  });

  it('reads the long English explanation in parts of whole sentences that fit together', () => {
    expect(splitIntoSentences(longEnglish)).toEqual([
      'Mars looks red because the dust on it is full of rust, like an old bicycle left out in the rain.',
      'Iron in the rocks meets the little oxygen there is and turns orange-red; the wind then spreads that fine dust over the whole planet, so from Earth it shines like a red star! Is it hot?',
      'No: it is colder than Antarctica.',
    ]);
  });
});

class FakeUtterance {
  voice: VoiceLike | null = null;
  lang = '';
  rate = 0;
  pitch = 0;
  onend: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly text: string) {}
}

/**
 * A browser's speech queue: speak() queues, the test finishes the utterance being read, cancel()
 * empties the queue and fails what was in it (Chrome's 'interrupted'/'canceled' errors), at once.
 */
function stubSpeech(initialVoices: VoiceLike[]) {
  let voices = initialVoices;
  const queue: FakeUtterance[] = [];
  const listeners = new Set<() => void>();
  const synth = {
    speak: vi.fn((utterance: FakeUtterance) => {
      queue.push(utterance);
    }),
    cancel: vi.fn(() => {
      for (const utterance of queue.splice(0)) utterance.onerror?.();
    }),
    getVoices: vi.fn(() => voices),
    addEventListener: vi.fn((type: string, listener: () => void) => {
      if (type === 'voiceschanged') listeners.add(listener);
    }),
    removeEventListener: vi.fn((type: string, listener: () => void) => {
      if (type === 'voiceschanged') listeners.delete(listener);
    }),
  };
  vi.stubGlobal('speechSynthesis', synth);
  vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
  return {
    synth,
    queue,
    spoken: () => synth.speak.mock.calls.map(([utterance]) => utterance),
    /** The browser ends the utterance it is reading and goes on with the next. */
    finish: () => act(() => queue.shift()?.onend?.()),
    /** The browser's voice list changes (Chrome: once it has loaded them). */
    changeVoices: (next: VoiceLike[]) => {
      voices = next;
      act(() => {
        for (const listener of listeners) listener();
      });
    },
  };
}

describe('useReadAloud', () => {
  it('is unsupported where the browser has no speech synthesis', () => {
    expect(isSpeechSupported()).toBe(false);
    const { result } = renderHook(() => useReadAloud());
    expect(result.current.supported).toBe(false);
    expect(result.current.canSpeak('en')).toBe(false);
    expect(result.current.canSpeak('hi')).toBe(false);
  });

  it('speaks with the chosen voice at rate 1 and pitch 1.2, and stops on a second press', () => {
    const ravi = voice('Microsoft Ravi - English (India)', 'en-IN');
    const { synth, spoken } = stubSpeech([voice('Google हिन्दी', 'hi-IN'), ravi]);
    const { result } = renderHook(() => useReadAloud());
    expect(result.current.supported).toBe(true);

    act(() => result.current.toggle('q1', 'Which part of the computer looks like a TV screen?'));
    const [utterance] = spoken();
    expect(utterance?.text).toBe('Which part of the computer looks like a TV screen?');
    expect(utterance?.voice).toBe(ravi);
    expect(utterance?.lang).toBe('en-IN');
    expect([utterance?.rate, utterance?.pitch]).toEqual([SPEECH_RATE, SPEECH_PITCH]);
    expect([SPEECH_RATE, SPEECH_PITCH]).toEqual([1, 1.2]);
    expect(result.current.speakingKey).toBe('q1');

    act(() => result.current.toggle('q1', 'ignored'));
    expect(synth.speak).toHaveBeenCalledTimes(1);
    expect(synth.cancel).toHaveBeenCalled();
    expect(result.current.speakingKey).toBeNull();
  });

  it('moves to another question, ignoring the end of the cancelled one, and clears when done', () => {
    const { synth, spoken, finish } = stubSpeech([]);
    const { result, unmount } = renderHook(() => useReadAloud());
    act(() => result.current.toggle('q1', 'One'));
    const [first] = spoken();
    expect(first?.voice).toBeNull();
    act(() => result.current.toggle('q2', 'Two'));
    act(() => first?.onend?.());
    expect(result.current.speakingKey).toBe('q2');
    finish();
    expect(result.current.speakingKey).toBeNull();

    synth.cancel.mockClear();
    unmount();
    expect(synth.cancel).toHaveBeenCalledTimes(1);
  });

  const explanation = [
    'Mars looks red because the dust on it is full of rust, like an old bicycle left out in the rain.',
    'Iron in the rocks meets the little oxygen there is and turns orange-red; the wind then spreads that fine dust over the whole planet, so from Earth it shines like a red star! Is it hot?',
    'No: it is colder than Antarctica.',
  ];

  it('queues a long text in parts, read in order with one voice, and clears after the last', () => {
    const { spoken, finish } = stubSpeech(CHROME_DESKTOP);
    const { result } = renderHook(() => useReadAloud());
    act(() => result.current.toggle('answer-3', explanation.join(' ')));
    const parts = spoken();
    expect(parts.map((part) => part.text)).toEqual(explanation);
    for (const part of parts) {
      expect(part.voice?.name).toBe('Google UK English Female');
      expect([part.lang, part.rate, part.pitch]).toEqual(['en-GB', 1, 1.2]);
    }
    finish();
    finish();
    expect(result.current.speakingKey).toBe('answer-3');
    finish();
    expect(result.current.speakingKey).toBeNull();
  });

  it('stops every queued part on a second press, and a new reading survives the old parts ending', () => {
    const { synth, queue, spoken, finish } = stubSpeech(EDGE);
    const { result } = renderHook(() => useReadAloud());
    act(() => result.current.toggle('answer-3', explanation.join(' ')));
    finish();
    act(() => result.current.toggle('answer-3', explanation.join(' ')));
    expect(queue).toEqual([]);
    expect(result.current.speakingKey).toBeNull();

    act(() => result.current.toggle('answer-3', explanation.join(' ')));
    const [, , oldLast] = spoken().slice(3);
    act(() => result.current.toggle('question-1', 'Which planet is called the Red Planet?'));
    act(() => oldLast?.onend?.());
    expect(result.current.speakingKey).toBe('question-1');
    expect(spoken().at(-1)?.text).toBe('Which planet is called the Red Planet?');
    expect(synth.speak).toHaveBeenCalledTimes(7);
    finish();
    expect(result.current.speakingKey).toBeNull();
  });

  it('ends the whole reading when one part fails', () => {
    const { synth, queue } = stubSpeech(IOS_SAFARI);
    const { result } = renderHook(() => useReadAloud());
    act(() => result.current.toggle('answer-3', explanation.join(' ')));
    act(() => queue[0]?.onerror?.());
    expect(queue).toEqual([]);
    expect(synth.cancel).toHaveBeenCalledTimes(2);
    expect(result.current.speakingKey).toBeNull();
  });

  const hindiQuestion = 'प्रश्न 1. लाल ग्रह किसे कहते हैं? A: मंगल. B: पृथ्वी.';

  it.each([
    ['Chrome desktop', CHROME_DESKTOP, 'Google हिन्दी', 'hi-IN'],
    ['Edge', EDGE, 'Microsoft Swara Online (Natural) - Hindi (India)', 'hi-IN'],
    ['Android Chrome', ANDROID_CHROME, 'Hindi India', 'hi_IN'],
    ['iOS Safari', IOS_SAFARI, 'Lekha', 'hi-IN'],
  ])('reads Hindi text with a Hindi voice on %s', (_browser, voices, name, lang) => {
    const { spoken } = stubSpeech(voices);
    const { result } = renderHook(() => useReadAloud());
    expect(result.current.canSpeak('hi')).toBe(true);
    act(() => result.current.toggle('question-1', hindiQuestion));
    expect(spoken().map((part) => [part.text, part.voice?.name, part.lang])).toEqual([
      [hindiQuestion, name, lang],
    ]);
    expect(result.current.speakingKey).toBe('question-1');
  });

  it('reads in the language the caller names, whatever the script', () => {
    const { spoken } = stubSpeech(CHROME_DESKTOP);
    const { result } = renderHook(() => useReadAloud());
    act(() => result.current.toggle('question-1', 'Namaste', 'hi'));
    expect(spoken()[0]?.voice?.name).toBe('Google हिन्दी');
    act(() => result.current.toggle('question-2', hindiQuestion, 'en'));
    expect(spoken()[1]?.voice?.name).toBe('Google UK English Female');
  });

  it('does not read Hindi where the device has no Hindi voice, and says so', () => {
    const { synth } = stubSpeech(NO_HINDI);
    const { result } = renderHook(() => useReadAloud());
    expect(result.current.canSpeak('en')).toBe(true);
    expect(result.current.canSpeak('hi')).toBe(false);
    act(() => result.current.toggle('question-1', 'Which planet is called the Red Planet?'));
    expect(result.current.speakingKey).toBe('question-1');
    act(() => result.current.toggle('question-2', hindiQuestion));
    expect(synth.speak).toHaveBeenCalledTimes(1);
    expect(result.current.speakingKey).toBeNull();
  });

  it("learns of Chrome's voices when they arrive, and stops listening when the page goes", () => {
    const { synth, spoken, changeVoices } = stubSpeech([]);
    const { result, unmount } = renderHook(() => useReadAloud());
    expect(result.current.canSpeak('hi')).toBe(false);
    expect(result.current.canSpeak('en')).toBe(true);

    changeVoices(CHROME_DESKTOP);
    expect(result.current.canSpeak('hi')).toBe(true);
    act(() => result.current.toggle('question-1', hindiQuestion));
    expect(spoken()[0]?.voice?.name).toBe('Google हिन्दी');

    changeVoices(NO_HINDI);
    expect(result.current.canSpeak('hi')).toBe(false);

    unmount();
    expect(synth.removeEventListener).toHaveBeenCalledWith('voiceschanged', expect.any(Function));
    expect(synth.addEventListener.mock.calls[0]?.[1]).toBe(synth.removeEventListener.mock.calls[0]?.[1]);
  });
});
