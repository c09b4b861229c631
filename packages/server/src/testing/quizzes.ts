import { randomUUID } from 'node:crypto';
import type { QuestionTranslations, QuizTranslations } from '@quizquest/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { QUIZ_CHANGED_CHANNEL } from '../lib/quiz-cache.ts';
import { categories, questions, quizGrades, quizzes, type StoredOption } from '../db/schema.ts';

export interface TestQuestion {
  text?: string;
  imageMediaId?: string | null;
  options?: StoredOption[];
  correctIndex?: number;
  explanation?: string | null;
  keepOptionOrder?: boolean;
  translations?: QuestionTranslations | null;
}

export interface TestQuizInput {
  title?: string;
  /** A category name, created when missing; null for a quiz without one. */
  category?: string | null;
  grades?: string[];
  level?: number;
  subLevel?: string | null;
  showByDefault?: boolean;
  published?: boolean;
  deleted?: boolean;
  attemptsAllowed?: number;
  /** A pool: each attempt shows this many of the questions (decision 031). */
  questionsPerAttempt?: number | null;
  learnMoreLink?: string | null;
  /** A Date to order quizzes by creation. */
  createdAt?: Date;
  questions?: TestQuestion[];
  translations?: QuizTranslations | null;
}

export interface TestQuiz {
  id: string;
  title: string;
  /** The correct option index of each question, in order. */
  correctAnswers: number[];
  questionIds: string[];
}

export const textOptions = (...values: string[]): StoredOption[] =>
  values.map((value) => ({ type: 'text', value }));

/** Three four-option questions whose correct answers are 1, 2 and 0. */
export const DEFAULT_TEST_QUESTIONS: TestQuestion[] = [
  { text: 'What is 2 + 2?', options: textOptions('3', '4', '5', '6'), correctIndex: 1 },
  { text: 'Which animal says moo?', options: textOptions('Cat', 'Dog', 'Cow', 'Hen'), correctIndex: 2 },
  {
    text: 'What colour is the sky on a clear day?',
    options: textOptions('Blue', 'Red', 'Green', 'Black'),
    correctIndex: 0,
  },
];

/** The category's id, creating it when missing (names are unique ignoring case). */
export async function ensureCategory(database: Database, name: string): Promise<string> {
  await database.db.insert(categories).values({ name }).onConflictDoNothing();
  const [row] = await database.db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(sql`lower(${categories.name})`, name.toLowerCase()))
    .limit(1);
  if (!row) throw new Error(`category ${name} missing`);
  return row.id;
}

/** Inserts a quiz with its grades, category and questions straight into the database. */
export async function insertQuiz(database: Database, input: TestQuizInput = {}): Promise<TestQuiz> {
  const title = input.title ?? `Quiz ${randomUUID().slice(0, 8)}`;
  const categoryId =
    input.category === null ? null : await ensureCategory(database, input.category ?? 'General Knowledge');
  const level = input.level ?? 0;
  const [quiz] = await database.db
    .insert(quizzes)
    .values({
      title,
      categoryId,
      level,
      subLevel: input.subLevel ?? (level > 0 ? `L${level}-C1` : null),
      showByDefault: input.showByDefault ?? false,
      published: input.published ?? true,
      deletedAt: input.deleted ? new Date() : null,
      attemptsAllowed: input.attemptsAllowed ?? 3,
      questionsPerAttempt: input.questionsPerAttempt ?? null,
      learnMoreLink: input.learnMoreLink ?? null,
      translations: input.translations ?? null,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning({ id: quizzes.id });
  if (!quiz) throw new Error('insertQuiz failed');
  const grades = input.grades ?? ['c-3'];
  if (grades.length > 0) {
    await database.db.insert(quizGrades).values(grades.map((grade) => ({ quizId: quiz.id, grade })));
  }
  const questionInputs = input.questions ?? DEFAULT_TEST_QUESTIONS;
  const inserted =
    questionInputs.length === 0
      ? []
      : await database.db
          .insert(questions)
          .values(
            questionInputs.map((question, position) => ({
              quizId: quiz.id,
              position,
              text: question.text ?? `Question ${position + 1}`,
              imageMediaId: question.imageMediaId ?? null,
              options: question.options ?? textOptions('A', 'B', 'C', 'D'),
              correctIndex: question.correctIndex ?? 0,
              explanation: question.explanation ?? null,
              keepOptionOrder: question.keepOptionOrder ?? false,
              translations: question.translations ?? null,
            })),
          )
          .returning({
            id: questions.id,
            position: questions.position,
            correctIndex: questions.correctIndex,
          });
  const ordered = [...inserted].sort((a, b) => a.position - b.position);
  // Like every quiz write of the app: cached catalogue lists drop what this quiz changes.
  database.announce(QUIZ_CHANGED_CHANNEL, quiz.id);
  return {
    id: quiz.id,
    title,
    correctAnswers: ordered.map((question) => question.correctIndex),
    questionIds: ordered.map((question) => question.id),
  };
}

/** Answers that get exactly the questions at `rightAt` right (every other answer is wrong). */
export function answersFor(quiz: TestQuiz, rightAt: (index: number) => boolean = () => true): number[] {
  return quiz.correctAnswers.map((correct, index) => (rightAt(index) ? correct : correct === 0 ? 1 : 0));
}

/** The part of GET /api/quizzes/{id} a test maps answers with. */
export interface DrawnQuiz {
  questions: Array<{ _id: string; options: Array<{ type: string; value: string }> }>;
}

/**
 * Answers given as authored (per stored question in position order, the stored option's index)
 * in the order of a learner's draw: the drawn questions in the order shown, each answer moved with
 * its option. Returned unchanged when they cannot be mapped (not an array of the pool's length, or
 * an index out of range): bad input stays bad.
 */
export async function answersForDraw(
  database: Database,
  quizId: string,
  drawn: DrawnQuiz,
  answers: unknown,
): Promise<unknown> {
  const stored = await database.db
    .select({ id: questions.id, position: questions.position, options: questions.options })
    .from(questions)
    .where(eq(questions.quizId, quizId))
    .orderBy(asc(questions.position), asc(questions.id));
  if (!Array.isArray(answers) || answers.length !== stored.length) return answers;
  const byId = new Map(stored.map((question, index) => [question.id, { ...question, index }]));
  const mapped: number[] = [];
  for (const question of drawn.questions) {
    const source = byId.get(question._id);
    const answer: unknown = source ? answers[source.index] : undefined;
    if (!source || typeof answer !== 'number') return answers;
    const option = source.options[answer];
    if (!option) return answers;
    const shown = question.options.findIndex(
      (candidate) => candidate.type === option.type && candidate.value === option.value,
    );
    if (shown < 0) return answers;
    mapped.push(shown);
  }
  return mapped;
}
