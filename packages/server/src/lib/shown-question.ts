import { randomInt } from 'node:crypto';
import { arrangeOptions, optionOrder, type RandomSource } from '@quizquest/shared';
import type { AttemptedQuestion, StoredOption } from '../db/schema.ts';
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
}

/**
 * A question as one learner is shown it (decisions 031 and 032): its options in a random order
 * unless it keeps its order, the correct answer moved with them, and the order kept
 * (`optionOrder`) so statistics and results can map it back. Holds the answer: server-side only.
 */
export function shownQuestion(question: QuestionRow, random: RandomSource = cryptoRandom): AttemptedQuestion {
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
