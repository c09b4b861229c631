import type { Language } from '@quizquest/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Read-aloud with the browser's Web Speech API (spec §2 Quiz attempt): rate 1, pitch 1.2. */
export const SPEECH_RATE = 1;
export const SPEECH_PITCH = 1.2;

/**
 * The longest part read as one utterance. Chrome's Google voices stop after about 14 seconds of
 * one utterance (web-speech-recommended-voices, hi.json note); 200 characters take roughly 12.
 */
export const SPEECH_PART_LENGTH = 200;

/** What the voice choice looks at: a SpeechSynthesisVoice, or anything shaped like one in tests. */
export interface VoiceLike {
  name: string;
  lang: string;
}

/*
 * Browsers do not say which voices are female, so the names are the clue: the generic words,
 * and the female voices shipped by Windows, macOS/iOS, Android and Chrome in English and Hindi
 * (Swara on Edge, Kalpana on Windows, Lekha and Kiyara on Apple's systems).
 */
const FEMALE_NAME =
  /\b(female|woman|girl|zira|aria|jenny|sonia|libby|natasha|clara|heera|neerja|samantha|victoria|karen|moira|tessa|fiona|veena|serena|allison|ava|susan|kate|hazel|catherine|nicky|kathy|vicki|princess|swara|kalpana|lekha|kiyara)\b/i;

/*
 * Google's Hindi voices carry numbers, not names: on Chrome desktop "Google हिन्दी" is female; on
 * Android and ChromeOS "Google हिन्दी 1/2 (Natural)", "Chrome OS हिन्दी 1–3" and the engine voices
 * hi-in-x-hia/hic are female, their 3/4, 4/5 and hid/hie male (web-speech-recommended-voices,
 * json/hi.json). `\b` does not see Devanagari letters, so these are matched whole.
 */
const FEMALE_HINDI_NAME =
  /^(google (हिन्दी|हिंदी)( [12] \(natural\))?|chrome os (हिन्दी|हिंदी) [123])$|\bhi-in-x-hi[ac]-|\bhi-in-language\b/i;

/** Devanagari letters (Hindi). The dandas are shared with other Indian scripts, so not counted. */
const DEVANAGARI = /\p{Script=Devanagari}/u;

/** 'en-US', 'en_US' (Chrome on Android) and 'EN-us' alike become 'en-us'. */
function normalisedLang(voice: VoiceLike): string {
  return voice.lang.replaceAll('_', '-').toLowerCase();
}

function primaryLanguage(voice: VoiceLike): string {
  return normalisedLang(voice).split('-')[0] ?? '';
}

export function isEnglishVoice(voice: VoiceLike): boolean {
  return primaryLanguage(voice) === 'en';
}

/** 'hi', 'hi-IN', 'hi_IN', and 'hin': Firefox on Android reports three-letter codes (read-aloud #405). */
export function isHindiVoice(voice: VoiceLike): boolean {
  const language = primaryLanguage(voice);
  return language === 'hi' || language === 'hin';
}

export function isFemaleVoice(voice: VoiceLike): boolean {
  return FEMALE_NAME.test(voice.name) || FEMALE_HINDI_NAME.test(voice.name.trim());
}

/** The language a text is read in: Hindi when it has Devanagari letters, else English. */
export function textLanguage(text: string): Language {
  return DEVANAGARI.test(text) ? 'hi' : 'en';
}

/**
 * The voice for a language (null when none):
 * - English (spec §2): an English female voice, else an Indian-English voice, else the first voice.
 * - Hindi: a Hindi female voice, else any Hindi voice, else null: Hindi is never read by a voice
 *   of another language, which would spell it out or say nothing.
 */
export function chooseVoice<V extends VoiceLike>(voices: readonly V[], language: Language = 'en'): V | null {
  if (language === 'hi') {
    return (
      voices.find((voice) => isHindiVoice(voice) && isFemaleVoice(voice)) ??
      voices.find((voice) => isHindiVoice(voice)) ??
      null
    );
  }
  return (
    voices.find((voice) => isEnglishVoice(voice) && isFemaleVoice(voice)) ??
    voices.find((voice) => normalisedLang(voice) === 'en-in') ??
    voices[0] ??
    null
  );
}

/** Where a sentence ends: . ! ? before a space or the end (not "3.14"), or a danda, with closing quotes. */
const SENTENCE_END = /[.!?]+["'”’)\]]*(?=\s|$)|[।॥]+["'”’)\]]*/gu;
/** Where a clause ends: a comma, semicolon or colon before a space (not "1,000"). */
const CLAUSE_END = /[,;:]+["'”’)\]]*(?=\s)/gu;
const SPACE = /\s+/gu;

/** The text cut after each match of `boundary`, the pieces trimmed, none empty, nothing dropped. */
function cutAfter(text: string, boundary: RegExp): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (const match of text.matchAll(boundary)) {
    const end = match.index + match[0].length;
    pieces.push(text.slice(start, end));
    start = end;
  }
  pieces.push(text.slice(start));
  return pieces.map((piece) => piece.trim()).filter((piece) => piece !== '');
}

const CUTS = [
  (text: string) => cutAfter(text, SENTENCE_END),
  (text: string) => cutAfter(text, CLAUSE_END),
  (text: string) => text.split(SPACE).filter((word) => word !== ''),
];

/** Joins neighbouring pieces with a space as long as the part stays within `maxLength`. */
function packed(pieces: readonly string[], maxLength: number): string[] {
  const parts: string[] = [];
  for (const piece of pieces) {
    const last = parts.at(-1);
    if (last !== undefined && last.length + 1 + piece.length <= maxLength) {
      parts[parts.length - 1] = `${last} ${piece}`;
    } else {
      parts.push(piece);
    }
  }
  return parts;
}

function partsOf(text: string, maxLength: number, depth: number): string[] {
  const cut = CUTS[depth];
  if (text.length <= maxLength || cut === undefined) return [text];
  return packed(
    cut(text).flatMap((piece) => partsOf(piece, maxLength, depth + 1)),
    maxLength,
  );
}

/**
 * The text in parts of at most `maxLength` characters, each read as its own utterance: whole
 * sentences (. ! ? । ॥) together while they fit, a longer sentence cut at commas, then at spaces.
 * A text that fits stays one part, so short questions are read in one breath. Only a single word
 * longer than `maxLength` makes a longer part. Joining the parts with spaces gives the text back,
 * up to its whitespace.
 */
export function splitIntoSentences(text: string, maxLength = SPEECH_PART_LENGTH): string[] {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  return partsOf(trimmed, maxLength, 0);
}

/** Whether this browser can speak: the speaker buttons are hidden where it cannot. */
export function isSpeechSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'speechSynthesis' in window &&
    typeof window.speechSynthesis?.speak === 'function' &&
    typeof window.SpeechSynthesisUtterance === 'function'
  );
}

export interface ReadAloud {
  supported: boolean;
  /** The key of the text being read now, or null. */
  speakingKey: string | null;
  /**
   * Reads `text` aloud in `language` (by default the text's own: Hindi when it has Devanagari),
   * or stops when `key` is the one being read. A language the device has no voice for is not read.
   */
  toggle: (key: string, text: string, language?: Language) => void;
  /**
   * Whether the device has a voice for `language`, so a button can say there is none instead of
   * reading. English is always readable where speech is (spec §2: else the first voice); Hindi
   * needs a listed Hindi voice. Updates when the browser's voice list does. Chrome on Android
   * also lists languages whose voices are not installed yet, which no page can tell apart.
   */
  canSpeak: (language: Language) => boolean;
}

interface Reading {
  key: string;
  utterances: SpeechSynthesisUtterance[];
}

/** The browser's voices; Chrome's list is empty until its first 'voiceschanged'. */
function voicesOf(synth: SpeechSynthesis): SpeechSynthesisVoice[] {
  return synth.getVoices();
}

/**
 * One reader per page: starting a text stops the one before; leaving the page stops reading.
 * Chrome lists its voices only after a 'voiceschanged' event, so the list is kept current.
 * A text's parts are queued together with the browser, which reads them one after another and
 * drops them all on cancel().
 */
export function useReadAloud(): ReadAloud {
  const [supported] = useState(isSpeechSupported);
  const [speakingKey, setSpeakingKey] = useState<string | null>(null);
  const [voices, setVoices] = useState<SpeechSynthesisVoice[]>(() =>
    supported ? voicesOf(window.speechSynthesis) : [],
  );
  const current = useRef<Reading | null>(null);

  useEffect(() => {
    if (!supported) return;
    const synth = window.speechSynthesis;
    const loadVoices = () => setVoices(voicesOf(synth));
    loadVoices();
    synth.addEventListener?.('voiceschanged', loadVoices);
    return () => {
      synth.removeEventListener?.('voiceschanged', loadVoices);
      current.current = null;
      synth.cancel();
    };
  }, [supported]);

  const canSpeak = useCallback(
    (language: Language) => supported && (language === 'en' || chooseVoice(voices, language) !== null),
    [supported, voices],
  );

  const toggle = useCallback(
    (key: string, text: string, language: Language = textLanguage(text)) => {
      if (!supported) return;
      const synth = window.speechSynthesis;
      const stopping = current.current?.key === key;
      current.current = null;
      synth.cancel();
      // The voices of the last render can be a step behind the browser's: ask it once more.
      const available = voices.length > 0 ? voices : voicesOf(synth);
      const voice = chooseVoice(available, language);
      const parts = splitIntoSentences(text);
      if (stopping || parts.length === 0 || (language === 'hi' && voice === null)) {
        setSpeakingKey(null);
        return;
      }
      const reading: Reading = { key, utterances: [] };
      const stop = () => {
        // A cancelled reading's utterances also end, later: only the current reading clears the state.
        if (current.current !== reading) return;
        current.current = null;
        setSpeakingKey(null);
      };
      reading.utterances = parts.map((part, index) => {
        const utterance = new SpeechSynthesisUtterance(part);
        if (voice) {
          utterance.voice = voice;
          utterance.lang = voice.lang;
        }
        utterance.rate = SPEECH_RATE;
        utterance.pitch = SPEECH_PITCH;
        const last = index === parts.length - 1;
        utterance.onend = () => {
          if (last) stop();
        };
        utterance.onerror = () => {
          // A part that fails ends the reading: the rest would be read out of context.
          if (current.current !== reading) return;
          stop();
          synth.cancel();
        };
        return utterance;
      });
      current.current = reading;
      setSpeakingKey(key);
      for (const utterance of reading.utterances) synth.speak(utterance);
    },
    [supported, voices],
  );

  return { supported, speakingKey, toggle, canSpeak };
}
