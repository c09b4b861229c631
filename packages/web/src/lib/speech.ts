import { useCallback, useEffect, useRef, useState } from 'react';

/** Read-aloud with the browser's Web Speech API (spec §2 Quiz attempt): rate 1, pitch 1.2. */
export const SPEECH_RATE = 1;
export const SPEECH_PITCH = 1.2;

/** What the voice choice looks at: a SpeechSynthesisVoice, or anything shaped like one in tests. */
export interface VoiceLike {
  name: string;
  lang: string;
}

/*
 * Browsers do not say which voices are female, so the names are the clue: the generic words,
 * and the female voices shipped by Windows, macOS/iOS, Android and Chrome in English.
 */
const FEMALE_NAME =
  /\b(female|woman|girl|zira|aria|jenny|sonia|libby|natasha|clara|heera|neerja|samantha|victoria|karen|moira|tessa|fiona|veena|serena|allison|ava|susan|kate|hazel|catherine|nicky|kathy|vicki|princess)\b/i;

function normalisedLang(voice: VoiceLike): string {
  return voice.lang.replace('_', '-').toLowerCase();
}

export function isEnglishVoice(voice: VoiceLike): boolean {
  const lang = normalisedLang(voice);
  return lang === 'en' || lang.startsWith('en-');
}

export function isFemaleVoice(voice: VoiceLike): boolean {
  return FEMALE_NAME.test(voice.name);
}

/** Spec §2: an English female voice, else an Indian-English voice, else the first voice (null when none). */
export function chooseVoice<V extends VoiceLike>(voices: readonly V[]): V | null {
  return (
    voices.find((voice) => isEnglishVoice(voice) && isFemaleVoice(voice)) ??
    voices.find((voice) => normalisedLang(voice) === 'en-in') ??
    voices[0] ??
    null
  );
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
  /** Reads `text` aloud, or stops when `key` is the one being read. */
  toggle: (key: string, text: string) => void;
}

/**
 * One reader per page: starting a text stops the one before; leaving the page stops reading.
 * Chrome lists its voices only after a 'voiceschanged' event, so the list is kept current.
 */
export function useReadAloud(): ReadAloud {
  const [supported] = useState(isSpeechSupported);
  const [speakingKey, setSpeakingKey] = useState<string | null>(null);
  const voices = useRef<SpeechSynthesisVoice[]>([]);
  const current = useRef<{ key: string; utterance: SpeechSynthesisUtterance } | null>(null);

  useEffect(() => {
    if (!supported) return;
    const synth = window.speechSynthesis;
    const loadVoices = () => {
      voices.current = synth.getVoices();
    };
    loadVoices();
    synth.addEventListener?.('voiceschanged', loadVoices);
    return () => {
      synth.removeEventListener?.('voiceschanged', loadVoices);
      current.current = null;
      synth.cancel();
    };
  }, [supported]);

  const toggle = useCallback(
    (key: string, text: string) => {
      if (!supported) return;
      const synth = window.speechSynthesis;
      const stopping = current.current?.key === key;
      current.current = null;
      synth.cancel();
      if (stopping) {
        setSpeakingKey(null);
        return;
      }
      const utterance = new SpeechSynthesisUtterance(text);
      const available = voices.current.length > 0 ? voices.current : synth.getVoices();
      const voice = chooseVoice(available);
      if (voice) {
        utterance.voice = voice;
        utterance.lang = voice.lang;
      }
      utterance.rate = SPEECH_RATE;
      utterance.pitch = SPEECH_PITCH;
      const finished = () => {
        // A cancelled utterance also ends, later: only the one still current clears the state.
        if (current.current?.utterance !== utterance) return;
        current.current = null;
        setSpeakingKey(null);
      };
      utterance.onend = finished;
      utterance.onerror = finished;
      current.current = { key, utterance };
      setSpeakingKey(key);
      synth.speak(utterance);
    },
    [supported],
  );

  return { supported, speakingKey, toggle };
}
