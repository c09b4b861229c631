import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  chooseVoice,
  isSpeechSupported,
  SPEECH_PITCH,
  SPEECH_RATE,
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
  });

  it('gives null when the browser has no voices (yet)', () => {
    expect(chooseVoice([])).toBeNull();
  });

  it('does not take a name that merely contains a female name', () => {
    expect(chooseVoice([voice('Java Avalanche', 'en-US'), ravi])).toBe(ravi);
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

function stubSpeech(voices: VoiceLike[]) {
  const synth = {
    speak: vi.fn(),
    cancel: vi.fn(),
    getVoices: vi.fn(() => voices),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  };
  vi.stubGlobal('speechSynthesis', synth);
  vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
  return synth;
}

describe('useReadAloud', () => {
  it('is unsupported where the browser has no speech synthesis', () => {
    expect(isSpeechSupported()).toBe(false);
    const { result } = renderHook(() => useReadAloud());
    expect(result.current.supported).toBe(false);
  });

  it('speaks with the chosen voice at rate 1 and pitch 1.2, and stops on a second press', () => {
    const ravi = voice('Microsoft Ravi - English (India)', 'en-IN');
    const synth = stubSpeech([voice('Google हिन्दी', 'hi-IN'), ravi]);
    const { result } = renderHook(() => useReadAloud());
    expect(result.current.supported).toBe(true);

    act(() => result.current.toggle('q1', 'Which part of the computer looks like a TV screen?'));
    const utterance = synth.speak.mock.calls[0]?.[0] as FakeUtterance;
    expect(utterance.text).toBe('Which part of the computer looks like a TV screen?');
    expect(utterance.voice).toBe(ravi);
    expect(utterance.lang).toBe('en-IN');
    expect([utterance.rate, utterance.pitch]).toEqual([SPEECH_RATE, SPEECH_PITCH]);
    expect([SPEECH_RATE, SPEECH_PITCH]).toEqual([1, 1.2]);
    expect(result.current.speakingKey).toBe('q1');

    act(() => result.current.toggle('q1', 'ignored'));
    expect(synth.speak).toHaveBeenCalledTimes(1);
    expect(synth.cancel).toHaveBeenCalled();
    expect(result.current.speakingKey).toBeNull();
  });

  it('moves to another question, ignoring the end of the cancelled one, and clears when done', () => {
    const synth = stubSpeech([]);
    const { result, unmount } = renderHook(() => useReadAloud());
    act(() => result.current.toggle('q1', 'One'));
    const first = synth.speak.mock.calls[0]?.[0] as FakeUtterance;
    expect(first.voice).toBeNull();
    act(() => result.current.toggle('q2', 'Two'));
    act(() => first.onerror?.());
    expect(result.current.speakingKey).toBe('q2');
    const second = synth.speak.mock.calls[1]?.[0] as FakeUtterance;
    act(() => second.onend?.());
    expect(result.current.speakingKey).toBeNull();

    synth.cancel.mockClear();
    unmount();
    expect(synth.cancel).toHaveBeenCalledTimes(1);
  });
});
