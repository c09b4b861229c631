import type { ResultQuestion } from '@quizquest/shared';
import type { ReadAloud } from '../../../lib/speech.ts';
import { OptionContent, optionLetter, SpeakerIcon, StopIcon } from './attempt-question.tsx';

/** The heading over the correct answer and its explanation: learning, not blame (decision 029). */
export const EXPLANATION_HEADING = "Let's learn";

/** What the read-aloud button of an explanation reads: the correct answer, then the explanation. */
export function explanationReadAloudText(question: ResultQuestion, number: number): string {
  const index = question.correctAnswerIndex ?? 0;
  const option = question.options[index];
  const letter = optionLetter(index);
  const answer =
    option?.type === 'text'
      ? `The correct answer is ${letter}: ${option.value}.`
      : `The correct answer is picture ${letter}.`;
  return [`Question ${number}.`, answer, question.explanation ?? ''].filter((text) => text !== '').join(' ');
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
 * Nothing when the answers are hidden (the server then sends neither).
 */
export function ResultExplanation({ question, number, readAloud }: ResultExplanationProps) {
  const correctIndex = question.correctAnswerIndex;
  const correct = correctIndex === undefined ? undefined : question.options[correctIndex];
  if (correctIndex === undefined || !correct) return null;
  const headingId = `explanation-${number}-heading`;
  const speechKey = `explanation-${number}`;
  const speaking = readAloud.speakingKey === speechKey;
  return (
    <section className="result-explanation" aria-labelledby={headingId}>
      <h4 id={headingId} className="result-explanation-heading">
        {EXPLANATION_HEADING}
      </h4>
      <p className="result-explanation-answer">
        <span className="result-explanation-label">Correct answer:</span>{' '}
        <span className="result-explanation-option">
          <OptionContent option={correct} letter={optionLetter(correctIndex)} />
        </span>
      </p>
      {question.explanation ? <p className="result-explanation-text">{question.explanation}</p> : null}
      {question.explanationImage ? (
        <img
          className="result-explanation-image"
          src={question.explanationImage}
          alt={`Picture that explains question ${number}`}
        />
      ) : null}
      {readAloud.supported ? (
        <button
          type="button"
          className="button button-secondary button-small speak-button"
          aria-label={
            speaking
              ? `Stop reading the answer to question ${number}`
              : `Read aloud the answer to question ${number}`
          }
          onClick={() => readAloud.toggle(speechKey, explanationReadAloudText(question, number))}
        >
          {speaking ? <StopIcon /> : <SpeakerIcon />}
          {speaking ? 'Stop reading' : 'Read aloud'}
        </button>
      ) : null}
    </section>
  );
}
