import type { AttemptQuestion as Question } from '@quizquest/shared';
import type { ReadAloud } from '../../../lib/speech.ts';
import { useText, type Translate } from '../../../i18n/use-text.ts';
import { SpeakButton } from './speak-button.tsx';
import { contentLanguage, framedInAppLanguage, type SpokenText } from './spoken-text.ts';

/** 'A', 'B', 'C', … for the options. */
export function optionLetter(index: number): string {
  return String.fromCharCode(65 + (index % 26));
}

/** An option as the attempt and the result show it: its letter, then its picture or its text. */
export function OptionContent({ option, letter }: { option: Question['options'][number]; letter: string }) {
  const t = useText();
  return (
    <>
      <span className="choice-letter" aria-hidden="true">
        {letter}
      </span>
      {option.type === 'image' ? (
        <img className="choice-image" src={option.value} alt={t('attempts.option.picture', { letter })} />
      ) : (
        <span className="choice-text">{option.value}</span>
      )}
    </>
  );
}

/**
 * What the speaker button reads: the question, then its text options with their letters, in the
 * language of the question's words.
 */
export function readAloudText(
  question: Pick<Question, 'questionText' | 'options'>,
  number: number,
  t: Translate,
): SpokenText {
  const textOptions = question.options.flatMap((option, index) =>
    option.type === 'text' ? [{ letter: optionLetter(index), text: option.value }] : [],
  );
  const language = contentLanguage([question.questionText, ...textOptions.map((option) => option.text)]);
  const framed = framedInAppLanguage(language);
  const parts = [
    framed ? t('attempts.readAloud.questionIntro', { number }) : `${number}.`,
    question.questionText,
    ...textOptions.map((option) =>
      framed ? t('attempts.readAloud.option', option) : `${option.letter}: ${option.text}.`,
    ),
  ];
  return { text: parts.filter((text) => text !== '').join(' '), language };
}

interface AttemptQuestionProps {
  question: Question;
  index: number;
  answer: number | undefined;
  onAnswer: (option: number) => void;
  readAloud: ReadAloud;
  disabled: boolean;
}

/** One numbered question with its optional image, its speaker button and big radio choices. */
export function AttemptQuestion({
  question,
  index,
  answer,
  onAnswer,
  readAloud,
  disabled,
}: AttemptQuestionProps) {
  const t = useText();
  const number = index + 1;
  return (
    <fieldset className="question" id={`question-${number}`} disabled={disabled}>
      <legend className="question-legend">
        <span className="question-number">{t('attempts.question.number', { number })}</span>{' '}
        {question.questionText ? <span className="question-text">{question.questionText}</span> : null}
      </legend>
      <SpeakButton
        readAloud={readAloud}
        speechKey={`question-${number}`}
        spoken={readAloudText(question, number, t)}
        readLabel={t('attempts.question.readAloud', { number })}
        stopLabel={t('attempts.question.stopReading', { number })}
        noVoiceLabel={t('attempts.question.noHindiVoice', { number })}
      />
      {question.questionImage ? (
        <img
          className="question-image"
          src={question.questionImage}
          alt={t('attempts.question.picture', { number })}
        />
      ) : null}
      <div className="choices">
        {question.options.map((option, optionIndex) => {
          const letter = optionLetter(optionIndex);
          const chosen = answer === optionIndex;
          return (
            <label key={optionIndex} className={chosen ? 'choice choice-chosen' : 'choice'}>
              <input
                type="radio"
                className="choice-input"
                name={`answer-${number}`}
                value={optionIndex}
                checked={chosen}
                onChange={() => onAnswer(optionIndex)}
              />
              <OptionContent option={option} letter={letter} />
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
