import type { ResultQuestion } from '@quizquest/shared';
import type { ReadAloud } from '../../../lib/speech.ts';
import { useText, type Translate } from '../../../i18n/use-text.ts';
import { OptionContent, optionLetter } from './attempt-question.tsx';
import { SpeakButton } from './speak-button.tsx';
import { contentLanguage, framedInAppLanguage, type SpokenText } from './spoken-text.ts';

/**
 * What the read-aloud button of an explanation reads: the correct answer, then the explanation, in
 * the language of the question's words.
 */
export function explanationReadAloudText(question: ResultQuestion, number: number, t: Translate): SpokenText {
  const index = question.correctAnswerIndex ?? 0;
  const option = question.options[index];
  const letter = optionLetter(index);
  const optionText = option?.type === 'text' ? option.value : null;
  const explanation = question.explanation ?? '';
  const language = contentLanguage([optionText ?? '', explanation]);
  const framed = framedInAppLanguage(language);
  let answer: string;
  if (optionText === null) {
    answer = framed ? t('attempts.readAloud.correctAnswerPicture', { letter }) : `${letter}.`;
  } else {
    answer = framed
      ? t('attempts.readAloud.correctAnswerText', { letter, text: optionText })
      : `${letter}: ${optionText}.`;
  }
  const intro = framed ? t('attempts.readAloud.questionIntro', { number }) : `${number}.`;
  return { text: [intro, answer, explanation].filter((text) => text !== '').join(' '), language };
}

interface ResultExplanationProps {
  question: ResultQuestion;
  /** 1-based. */
  number: number;
  readAloud: ReadAloud;
}

/**
 * Under a wrong answer whose result reveals the answers: the correct answer and, when the
 * question has one, its explanation (text and picture), with a button that reads both aloud.
 * Nothing when the answers are hidden (the server then sends neither). The heading speaks of
 * learning, not blame (decision 029).
 */
export function ResultExplanation({ question, number, readAloud }: ResultExplanationProps) {
  const t = useText();
  const correctIndex = question.correctAnswerIndex;
  const correct = correctIndex === undefined ? undefined : question.options[correctIndex];
  if (correctIndex === undefined || !correct) return null;
  const headingId = `explanation-${number}-heading`;
  return (
    <section className="result-explanation" aria-labelledby={headingId}>
      <h4 id={headingId} className="result-explanation-heading">
        {t('attempts.explanation.heading')}
      </h4>
      <p className="result-explanation-answer">
        <span className="result-explanation-label">{t('attempts.explanation.correctAnswer')}</span>{' '}
        <span className="result-explanation-option">
          <OptionContent option={correct} letter={optionLetter(correctIndex)} />
        </span>
      </p>
      {question.explanation ? <p className="result-explanation-text">{question.explanation}</p> : null}
      {question.explanationImage ? (
        <img
          className="result-explanation-image"
          src={question.explanationImage}
          alt={t('attempts.explanation.picture', { number })}
        />
      ) : null}
      <SpeakButton
        readAloud={readAloud}
        speechKey={`explanation-${number}`}
        spoken={explanationReadAloudText(question, number, t)}
        readLabel={t('attempts.explanation.readAloud', { number })}
        stopLabel={t('attempts.explanation.stopReading', { number })}
        noVoiceLabel={t('attempts.explanation.noHindiVoice', { number })}
      />
    </section>
  );
}
