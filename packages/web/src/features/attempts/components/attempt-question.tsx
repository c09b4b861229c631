import type { AttemptQuestion as Question } from '@quizquest/shared';
import type { ReadAloud } from '../../../lib/speech.ts';

/** 'A', 'B', 'C', … for the options. */
export function optionLetter(index: number): string {
  return String.fromCharCode(65 + (index % 26));
}

/** An option as the attempt and the result show it: its letter, then its picture or its text. */
export function OptionContent({ option, letter }: { option: Question['options'][number]; letter: string }) {
  return (
    <>
      <span className="choice-letter" aria-hidden="true">
        {letter}
      </span>
      {option.type === 'image' ? (
        <img className="choice-image" src={option.value} alt={`Picture ${letter}`} />
      ) : (
        <span className="choice-text">{option.value}</span>
      )}
    </>
  );
}

/** What the speaker button reads: the question, then its text options with their letters. */
export function readAloudText(question: Pick<Question, 'questionText' | 'options'>, number: number): string {
  const options = question.options
    .map((option, index) => (option.type === 'text' ? `${optionLetter(index)}: ${option.value}.` : null))
    .filter((text) => text !== null);
  return [`Question ${number}.`, question.questionText, ...options].filter((text) => text !== '').join(' ');
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
  const number = index + 1;
  const speechKey = `question-${number}`;
  const speaking = readAloud.speakingKey === speechKey;
  return (
    <fieldset className="question" id={`question-${number}`} disabled={disabled}>
      <legend className="question-legend">
        <span className="question-number">Question {number}</span>{' '}
        {question.questionText ? <span className="question-text">{question.questionText}</span> : null}
      </legend>
      {readAloud.supported ? (
        <button
          type="button"
          className="button button-secondary button-small speak-button"
          aria-label={speaking ? `Stop reading question ${number}` : `Read aloud question ${number}`}
          onClick={() => readAloud.toggle(speechKey, readAloudText(question, number))}
        >
          {speaking ? <StopIcon /> : <SpeakerIcon />}
          {speaking ? 'Stop reading' : 'Read aloud'}
        </button>
      ) : null}
      {question.questionImage ? (
        <img className="question-image" src={question.questionImage} alt={`Picture for question ${number}`} />
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

/* Drawn rather than emoji: not every device has an emoji font. */
export function SpeakerIcon() {
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

export function StopIcon() {
  return (
    <svg className="speak-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="6" y="6" width="12" height="12" rx="2" fill="currentColor" />
    </svg>
  );
}
