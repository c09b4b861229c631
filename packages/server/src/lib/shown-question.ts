import { randomInt } from 'node:crypto';
import {
  arrangeOptions,
  optionOrder,
  type Language,
  type QuestionTranslations,
  type RandomSource,
} from '@quizquest/shared';
import { questions, type AttemptedQuestion, type StoredOption } from '../db/schema.ts';
import { mediaUrl } from './media.ts';

/** Randomness for draws and review sessions: crypto, so no learner can predict a draw. */
export const cryptoRandom: RandomSource = () => randomInt(2 ** 32) / 2 ** 32;

/** A question row as a draw or a review session reads it, with its answer. */
export interface QuestionRow {
  id: string;
  text: string;
  imageMediaId: string | null;
  options: StoredOption[];
  correctIndex: number;
  explanation: string | null;
  explanationImageMediaId: string | null;
  keepOptionOrder: boolean;
  translations: QuestionTranslations | null;
}

/** The columns of a QuestionRow: what a draw and a review session read of a question. */
export const questionRowColumns = {
  id: questions.id,
  text: questions.text,
  imageMediaId: questions.imageMediaId,
  options: questions.options,
  correctIndex: questions.correctIndex,
  explanation: questions.explanation,
  explanationImageMediaId: questions.explanationImageMediaId,
  keepOptionOrder: questions.keepOptionOrder,
  translations: questions.translations,
};

/**
 * The question in the learner's language (decision 034): its Hindi text, options and explanation
 * where it has a Hindi version, an option without Hindi text (an image, a number) as it is; the
 * English question otherwise.
 */
export function inLanguage(question: QuestionRow, language: Language): QuestionRow {
  const hindi = language === 'hi' ? question.translations?.hi : undefined;
  if (!hindi) return question;
  return {
    ...question,
    text: hindi.questionText,
    options: question.options.map((option, index) => {
      const text = hindi.options[index];
      return option.type === 'text' && typeof text === 'string' ? { type: 'text', value: text } : option;
    }),
    explanation: hindi.explanation ?? question.explanation,
  };
}

/**
 * A question as one learner is shown it (decisions 031 and 032): its options in a random order
 * unless it keeps its order, the correct answer moved with them, and the order kept
 * (`optionOrder`) so statistics and results can map it back; in the learner's language, which the
 * draw keeps until it is submitted. Holds the answer: server-side only.
 */
export function shownQuestion(
  row: QuestionRow,
  random: RandomSource = cryptoRandom,
  language: Language = 'en',
): AttemptedQuestion {
  const question = inLanguage(row, language);
  const order = optionOrder(question.options.length, question.keepOptionOrder, random);
  const arranged = arrangeOptions(question.options, question.correctIndex, order);
  return {
    questionId: question.id,
    optionOrder: order,
    questionText: question.text,
    questionImage: question.imageMediaId ? mediaUrl(question.imageMediaId) : null,
    options: arranged.options.map((option) => ({ type: option.type, value: option.value })),
    correctAnswerIndex: arranged.correctIndex,
    explanation: question.explanation,
    explanationImage: question.explanationImageMediaId ? mediaUrl(question.explanationImageMediaId) : null,
  };
}
