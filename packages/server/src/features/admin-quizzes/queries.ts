import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/index.ts';
import type { QuizTranslations } from '@quizquest/shared';
import { attempts, categories, media, questions, quizGrades, quizzes } from '../../db/schema.ts';
import { notifyQuizChanged } from '../../lib/quiz-cache.ts';
import { questionRowColumns } from '../../lib/shown-question.ts';

/**
 * The admin's reads and writes of the quiz catalogue. Deleted quizzes (deleted_at set) are never
 * listed, read or edited here; only the stats still count their attempts.
 */

export interface CreatedRange {
  /** Inclusive start. */
  from?: Date | undefined;
  /** Exclusive end. */
  before?: Date | undefined;
}

export interface QuizFilter extends CreatedRange {
  title?: string | undefined;
}

/** A LIKE pattern matching `text` literally anywhere. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function quizFilter(filter: QuizFilter): SQL | undefined {
  return and(
    isNull(quizzes.deletedAt),
    filter.title ? ilike(quizzes.title, containsPattern(filter.title)) : undefined,
    filter.from ? gte(quizzes.createdAt, filter.from) : undefined,
    filter.before ? lt(quizzes.createdAt, filter.before) : undefined,
  );
}

/**
 * The outer quiz's id inside a correlated sub-query, qualified: drizzle leaves column names bare
 * in a single-table select, where "id" would then mean the sub-query's own table.
 */
const outerQuizId = sql`${quizzes}.${sql.identifier(quizzes.id.name)}`;

/** The quiz's grades, attempts and questions as correlated sub-queries: one statement for a whole page. */
const gradesColumn = sql<
  string[]
>`coalesce((select json_agg(${quizGrades.grade}) from ${quizGrades} where ${quizGrades.quizId} = ${outerQuizId}), '[]'::json)`;
const totalAttemptsColumn = sql<number>`(select count(*) from ${attempts} where ${attempts.quizId} = ${outerQuizId})::int`;
const totalQuestionsColumn = sql<number>`(select count(*) from ${questions} where ${questions.quizId} = ${outerQuizId})::int`;

const pageColumns = {
  id: quizzes.id,
  title: quizzes.title,
  category: categories.name,
  level: quizzes.level,
  subLevel: quizzes.subLevel,
  grades: gradesColumn,
  createdAt: quizzes.createdAt,
  updatedAt: quizzes.updatedAt,
  totalQuestions: totalQuestionsColumn,
};

/** Every attempt on each of these quizzes, whoever made it: one grouped index-only scan. */
export async function attemptTotals(db: DbOrTx, quizIds: string[]): Promise<Map<string, number>> {
  if (quizIds.length === 0) return new Map();
  const rows = await db
    .select({ quizId: attempts.quizId, total: count() })
    .from(attempts)
    .where(inArray(attempts.quizId, quizIds))
    .groupBy(attempts.quizId);
  return new Map(rows.map((row) => [row.quizId, Number(row.total)]));
}

/** A page of live quizzes, newest first, without their attempt counts: one query whatever the page size. */
export async function quizPage(db: DbOrTx, filter: QuizFilter, page: { limit: number; offset: number }) {
  return db
    .select(pageColumns)
    .from(quizzes)
    .leftJoin(categories, eq(categories.id, quizzes.categoryId))
    .where(quizFilter(filter))
    .orderBy(desc(quizzes.createdAt), desc(quizzes.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countQuizzes(db: DbOrTx, filter: QuizFilter): Promise<number> {
  const [row] = await db.select({ total: count() }).from(quizzes).where(quizFilter(filter));
  return Number(row?.total ?? 0);
}

const detailColumns = {
  id: quizzes.id,
  title: quizzes.title,
  category: categories.name,
  level: quizzes.level,
  subLevel: quizzes.subLevel,
  showByDefault: quizzes.showByDefault,
  learnMoreLink: quizzes.learnMoreLink,
  attemptsAllowed: quizzes.attemptsAllowed,
  questionsPerAttempt: quizzes.questionsPerAttempt,
  translations: quizzes.translations,
  version: quizzes.version,
  createdAt: quizzes.createdAt,
  updatedAt: quizzes.updatedAt,
  grades: gradesColumn,
  totalAttempts: totalAttemptsColumn,
};

/** Live quizzes with everything but their questions: one id, or every quiz matching `filter`. */
export async function quizDetails(db: DbOrTx, where: { id: string } | { filter: QuizFilter }) {
  return db
    .select(detailColumns)
    .from(quizzes)
    .leftJoin(categories, eq(categories.id, quizzes.categoryId))
    .where(
      'id' in where ? and(eq(quizzes.id, where.id), isNull(quizzes.deletedAt)) : quizFilter(where.filter),
    )
    .orderBy(desc(quizzes.createdAt), desc(quizzes.id));
}

/** The questions of these quizzes, with their answers, in order. */
export async function questionsOf(db: DbOrTx, quizIds: string[]) {
  if (quizIds.length === 0) return [];
  return db
    .select({ ...questionRowColumns, quizId: questions.quizId })
    .from(questions)
    .where(inArray(questions.quizId, quizIds))
    .orderBy(asc(questions.quizId), asc(questions.position), asc(questions.id));
}

/** Takes the live quiz's row lock for the rest of the transaction; false when there is none. */
export async function lockLiveQuiz(tx: DbOrTx, quizId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: quizzes.id })
    .from(quizzes)
    .where(and(eq(quizzes.id, quizId), isNull(quizzes.deletedAt)))
    .for('update');
  return rows.length === 1;
}

export interface QuizColumns {
  title: string;
  categoryId: string;
  level: number;
  subLevel: string | null;
  showByDefault: boolean;
  learnMoreLink: string | null;
  attemptsAllowed?: number | undefined;
  questionsPerAttempt?: number | null | undefined;
  translations?: QuizTranslations | null | undefined;
}

export async function insertQuiz(tx: DbOrTx, values: QuizColumns, now: Date): Promise<string> {
  const [row] = await tx
    .insert(quizzes)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning({ id: quizzes.id });
  if (!row) throw new Error('insert into quizzes returned no row');
  return row.id;
}

/** Soft delete: the row, its questions and every attempt on it stay. False when no live quiz has this id. */
export async function softDeleteQuiz(db: DbOrTx, quizId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(quizzes)
    .set({ deletedAt: now, version: sql`${quizzes.version} + 1`, updatedAt: now })
    .where(and(eq(quizzes.id, quizId), isNull(quizzes.deletedAt)))
    .returning({ id: quizzes.id });
  if (rows.length === 1) await notifyQuizChanged(db, quizId);
  return rows.length === 1;
}

export async function categoryNames(db: DbOrTx): Promise<string[]> {
  const rows = await db.select({ name: categories.name }).from(categories);
  return rows.map((row) => row.name);
}

/** The stored bytes of these media, for an export that embeds them. */
export async function mediaBytes(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: media.id, mimeType: media.mimeType, bytes: media.bytes })
    .from(media)
    .where(inArray(media.id, ids));
}

/** Live quizzes whose title is one of these, ignoring case. */
export async function liveTitlesAmong(db: DbOrTx, titles: string[]): Promise<Set<string>> {
  if (titles.length === 0) return new Set();
  const lowered = titles.map((title) => title.toLowerCase());
  const rows = await db
    .select({ title: quizzes.title })
    .from(quizzes)
    .where(and(isNull(quizzes.deletedAt), inArray(sql`lower(${quizzes.title})`, lowered)));
  return new Set(rows.map((row) => row.title.toLowerCase()));
}

/**
 * Attempts per quiz submitted in [from, before): count, mean score (hundredths) and the latest.
 * Deleted quizzes count too: their attempts happened.
 */
export async function attemptStats(db: DbOrTx, params: CreatedRange & { quizId?: string | undefined }) {
  const attemptCount = count();
  return db
    .select({
      quizId: quizzes.id,
      title: quizzes.title,
      deletedAt: quizzes.deletedAt,
      attempts: attemptCount,
      averageHundredths: sql<string>`avg(${attempts.score})`,
      lastAttempt: sql<Date>`max(${attempts.submittedAt})`.mapWith(attempts.submittedAt),
    })
    .from(attempts)
    .innerJoin(quizzes, eq(quizzes.id, attempts.quizId))
    .where(
      and(
        params.quizId ? eq(attempts.quizId, params.quizId) : undefined,
        params.from ? gte(attempts.submittedAt, params.from) : undefined,
        params.before ? lt(attempts.submittedAt, params.before) : undefined,
      ),
    )
    .groupBy(quizzes.id, quizzes.title, quizzes.deletedAt)
    .orderBy(desc(attemptCount), asc(quizzes.title), asc(quizzes.id));
}

/**
 * The quiz's attempts in the range, counted per question shown (decision 031): how often each was
 * shown and answered right, by the question id in each attempt's snapshot (snapshots taken
 * before draws carry none and are not counted), with the question's current text and place, or the
 * text last shown when it has since been removed. One statement; the attempts are read through
 * attempts_quiz_submitted_idx.
 */
export async function questionStats(db: DbOrTx, params: CreatedRange & { quizId: string }) {
  const result = (await db.execute(sql`
    with shown as (
      select shown.question->>'questionId' as question_id,
        shown.question->>'questionText' as text,
        ${attempts.submittedAt} as submitted_at,
        coalesce((${attempts.answers}->((shown.position - 1)::int))::int
          = (shown.question->>'correctAnswerIndex')::int, false) as correct
      from ${attempts}
        cross join lateral jsonb_array_elements(${attempts.snapshot}->'questions')
          with ordinality as shown(question, position)
      where ${attempts.quizId} = ${params.quizId}::uuid
        and shown.question ? 'questionId'
        ${params.from ? sql`and ${attempts.submittedAt} >= ${params.from.toISOString()}::timestamptz` : sql``}
        ${params.before ? sql`and ${attempts.submittedAt} < ${params.before.toISOString()}::timestamptz` : sql``}
    ),
    counted as (
      select question_id, count(*)::int as shown, count(*) filter (where correct)::int as correct,
        (array_agg(text order by submitted_at desc))[1] as last_text
      from shown group by question_id
    )
    select counted.question_id, counted.shown, counted.correct,
      coalesce(${questions.text}, counted.last_text) as question_text,
      ${questions.position} as position
    from counted
      left join ${questions} on ${questions.id}::text = counted.question_id and ${questions.quizId} = ${params.quizId}::uuid
    order by ${questions.position} nulls last, counted.question_id`)) as unknown as
    { rows: QuestionStatsRow[] } | QuestionStatsRow[];
  return Array.isArray(result) ? result : result.rows;
}

interface QuestionStatsRow {
  question_id: string;
  shown: number;
  correct: number;
  question_text: string;
  position: number | null;
}
