import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { attempts, quizDraws, type AttemptedQuestion } from '../db/schema.ts';

/*
 * Reading what a learner was shown back in the order a test wrote it (decision 031). An attempt
 * stores its answers, and a result shows its questions, in the order of the learner's draw:
 * questions shuffled, options shuffled per question. The attempt's snapshot says, per shown
 * question, which stored question it is (`questionId`) and which stored option each shown option
 * is (`optionOrder`); with it a test compares in the authored order it was written in.
 */

/** How one question was shown: the stored question, and the stored index of each shown option. */
export type ShownQuestion = Pick<AttemptedQuestion, 'questionId' | 'optionOrder'>;

/** The snapshot questions of an attempt: what its learner was shown, in the order shown. */
export async function shownQuestionsOf(database: Database, attemptId: string): Promise<AttemptedQuestion[]> {
  const [row] = await database.db
    .select({ snapshot: attempts.snapshot })
    .from(attempts)
    .where(eq(attempts.id, attemptId));
  if (!row) throw new Error(`no attempt ${attemptId}`);
  return row.snapshot.questions;
}

/** The learner's pending draw of the quiz (what GET /api/quizzes/{id} shows), in the order shown. */
export async function pendingDrawOf(
  database: Database,
  userId: string,
  quizId: string,
): Promise<AttemptedQuestion[]> {
  const [row] = await database.db
    .select({ questions: quizDraws.questions })
    .from(quizDraws)
    .where(and(eq(quizDraws.userId, userId), eq(quizDraws.quizId, quizId)));
  if (!row) throw new Error(`no pending draw of ${quizId} for ${userId}`);
  return row.questions;
}

/** For each authored question (questionIds in position order), its place in the shown order. */
function shownPlaces(questionIds: readonly string[], shown: readonly ShownQuestion[]): number[] {
  if (shown.length !== questionIds.length) {
    throw new Error(`${shown.length} questions were shown of ${questionIds.length}: not a whole draw`);
  }
  return questionIds.map((id) => {
    const place = shown.findIndex((question) => question.questionId === id);
    if (place < 0) throw new Error(`question ${id} was not shown`);
    return place;
  });
}

function storedIndex(question: ShownQuestion, shownIndex: number): number {
  const order = question.optionOrder;
  if (!order) throw new Error(`question ${question.questionId} has no option order`);
  const stored = order[shownIndex];
  // Out of range (a wrong answer's index never is): kept as given, so a comparison fails visibly.
  return stored ?? shownIndex;
}

/**
 * Option indexes given per shown question in the shown order of its options (stored answers, a
 * result's correctAnswerIndex), as authored: per stored question in position order, the index of
 * the stored option.
 */
export function answersAsAuthored(
  questionIds: readonly string[],
  shown: readonly ShownQuestion[],
  answers: readonly number[],
): number[] {
  return shownPlaces(questionIds, shown).map((place) => {
    const answer = answers[place];
    if (answer === undefined) throw new Error(`no answer for shown question ${place}`);
    return storedIndex(shown[place] as ShownQuestion, answer);
  });
}

/**
 * Answers written as authored (per stored question, the stored option's index) in the order of a
 * draw: what a learner sends, and what an attempt stores, for them.
 */
export function answersAsShown(
  questionIds: readonly string[],
  shown: readonly ShownQuestion[],
  authored: readonly number[],
): number[] {
  return shown.map((question) => {
    const index = questionIds.indexOf(question.questionId ?? '');
    const answer = authored[index];
    if (index < 0 || answer === undefined) throw new Error(`question ${question.questionId} is not authored`);
    const place = question.optionOrder?.indexOf(answer) ?? -1;
    if (place < 0) throw new Error(`option ${answer} of question ${question.questionId} was not shown`);
    return place;
  });
}

interface ResultQuestion<Option> {
  options: Option[];
  correctAnswerIndex?: number | undefined;
}

/**
 * Questions as shown (a quiz payload's, a result's) as if nothing had been shuffled: in authored
 * order, each question's options in stored order and a correctAnswerIndex it carries the stored
 * index. `shown` says how they were shown (an attempt's snapshot or the pending draw). Everything
 * else is kept, so a test compares them with what it authored.
 */
export function questionsAsAuthored<Option, Question extends ResultQuestion<Option>>(
  questionIds: readonly string[],
  shown: readonly ShownQuestion[],
  questions: readonly Question[],
): Question[] {
  const places = shownPlaces(questionIds, shown);
  return places.map((place, index) => {
    const question = questions[place];
    const order = shown[place]?.optionOrder;
    if (!question || !order || order.length !== question.options.length) {
      throw new Error(`question ${questionIds[index]}: the option order does not fit its options`);
    }
    const options: Option[] = new Array<Option>(order.length);
    order.forEach((stored, shownIndex) => {
      options[stored] = question.options[shownIndex] as Option;
    });
    const unshuffled: Question = { ...question, options };
    if (question.correctAnswerIndex !== undefined) {
      unshuffled.correctAnswerIndex = order[question.correctAnswerIndex] ?? question.correctAnswerIndex;
    }
    return unshuffled;
  });
}

/**
 * A result (GET /api/quizzes/result/{id}, or an attempt of the data export) as if nothing had been
 * shuffled: its questions as questionsAsAuthored reads them, and its answers as authored. `shown`
 * is the attempt's snapshot questions (shownQuestionsOf).
 */
export function resultAsAuthored<
  Option,
  Question extends ResultQuestion<Option>,
  R extends { questions: Question[]; answers: number[] },
>(questionIds: readonly string[], shown: readonly ShownQuestion[], result: R): R {
  return {
    ...result,
    questions: questionsAsAuthored(questionIds, shown, result.questions),
    answers: answersAsAuthored(questionIds, shown, result.answers),
  };
}
