import type { ReactNode } from 'react';
import type { ResultQuestion } from '@quizquest/shared';
import type { ReadAloud } from '../../../lib/speech.ts';
import { useText } from '../../../i18n/use-text.ts';
import { OptionContent, optionLetter } from './attempt-question.tsx';
import { ResultExplanation } from './result-explanation.tsx';

interface ResultQuestionItemProps {
  question: ResultQuestion;
  /** The option the learner chose. */
  chosen: number | undefined;
  /** 1-based. */
  number: number;
  readAloud: ReadAloud;
  /** Shown under the verdict (the review page says when the question comes back). */
  note?: ReactNode;
}

/**
 * One answered question of a result (the quiz result and the review result alike): the question,
 * the learner's answer marked correct or incorrect, and under a wrong answer the correct answer
 * and its explanation when they are revealed.
 */
export function ResultQuestionItem({ question, chosen, number, readAloud, note }: ResultQuestionItemProps) {
  const t = useText();
  // The server marks each answer; the correct option itself is sent only when revealed.
  const right = question.isCorrect;
  return (
    <li className="result-question">
      <h3 className="question-number">{t('attempts.question.number', { number })}</h3>
      {question.questionText ? <p className="question-text">{question.questionText}</p> : null}
      {question.questionImage ? (
        <img
          className="question-image"
          src={question.questionImage}
          alt={t('attempts.question.picture', { number })}
        />
      ) : null}
      <p className={right ? 'verdict verdict-correct' : 'verdict verdict-incorrect'}>
        <span aria-hidden="true">{right ? '✓ ' : '✗ '}</span>
        {right ? t('attempts.resultQuestion.correct') : t('attempts.resultQuestion.incorrect')}
      </p>
      {note}
      <ul className="result-options">
        {question.options.map((option, optionIndex) => {
          const letter = optionLetter(optionIndex);
          const isChosen = optionIndex === chosen;
          const isCorrect =
            question.correctAnswerIndex !== undefined
              ? optionIndex === question.correctAnswerIndex
              : isChosen && right;
          const classes = ['result-option'];
          if (isCorrect) classes.push('result-option-correct');
          else if (isChosen) classes.push('result-option-wrong');
          return (
            <li key={optionIndex} className={classes.join(' ')}>
              <OptionContent option={option} letter={letter} />
              <span className="result-tags">
                {isChosen ? (
                  <span className="tag tag-chosen">{t('attempts.resultQuestion.yourAnswer')}</span>
                ) : null}
                {isCorrect ? (
                  <span className="tag tag-correct">{t('attempts.resultQuestion.correctAnswer')}</span>
                ) : null}
              </span>
            </li>
          );
        })}
      </ul>
      {right ? null : <ResultExplanation question={question} number={number} readAloud={readAloud} />}
    </li>
  );
}
