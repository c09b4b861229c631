import type { ReadAloud } from '../../../lib/speech.ts';
import { useText } from '../../../i18n/use-text.ts';
import type { SpokenText } from './spoken-text.ts';
import '../attempts.css';

interface SpeakButtonProps {
  readAloud: ReadAloud;
  /** Which text this button reads: one reading at a time per page. */
  speechKey: string;
  /** What is read, and in which language's voice. */
  spoken: SpokenText;
  /** The button's accessible names, translated: to read, to stop, and when there is no voice. */
  readLabel: string;
  stopLabel: string;
  noVoiceLabel: string;
}

/**
 * The speaker button of a question or an explanation. Hindi is never read by a voice of another
 * language: on a device without a Hindi voice the button stays (focusable, so a screen reader
 * finds it) but says there is none and reads nothing. Nothing where the browser cannot speak.
 */
export function SpeakButton({
  readAloud,
  speechKey,
  spoken,
  readLabel,
  stopLabel,
  noVoiceLabel,
}: SpeakButtonProps) {
  const t = useText();
  if (!readAloud.supported) return null;
  if (!readAloud.canSpeak(spoken.language)) {
    return (
      <button
        type="button"
        className="button button-secondary button-small speak-button"
        aria-disabled="true"
        aria-label={noVoiceLabel}
      >
        <SpeakerIcon />
        {t('attempts.readAloud.noHindiVoice')}
      </button>
    );
  }
  const speaking = readAloud.speakingKey === speechKey;
  return (
    <button
      type="button"
      className="button button-secondary button-small speak-button"
      aria-label={speaking ? stopLabel : readLabel}
      onClick={() => readAloud.toggle(speechKey, spoken.text, spoken.language)}
    >
      {speaking ? <StopIcon /> : <SpeakerIcon />}
      {speaking ? t('attempts.readAloud.stop') : t('attempts.readAloud.read')}
    </button>
  );
}

/* Drawn rather than emoji: not every device has an emoji font. */
function SpeakerIcon() {
  return (
    <svg className="speak-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
      <path
        d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

function StopIcon() {
  return (
    <svg className="speak-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="6" y="6" width="12" height="12" rx="2" fill="currentColor" />
    </svg>
  );
}
