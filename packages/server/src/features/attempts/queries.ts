import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/index.ts';
import {
  attempts,
  categories,
  certifications,
  questions,
  quizDraws,
  quizzes,
  reviewItems,
  users,
  type AttemptedQuestion,
  type GeneratedDraw,
} from '../../db/schema.ts';
import { practiceCapInForce } from '../../entitlements/plan.ts';

/*
 * A submission sends four statements: BEGIN, lockUserAndReadQuiz, insertAttemptWithinLimits,
 * COMMIT (a certification quiz adds its level check). Both statements, and the history page, run
 * as named prepared statements through Drizzle's public query builder (`.prepare(name)` with
 * `sql.placeholder` values, decision 025): PostgreSQL parses and plans each once per connection.
 * Their SQL pieces are built once, here; a prepared statement belongs to the transaction (or
 * database) it runs on, so each call assembles its builder, which costs microseconds.
 */

const param = (name: string) => sql.placeholder(name);
/** Builds common table expressions outside any database or transaction (they are plain SQL). */
const builder = new QueryBuilder();

export interface PendingDraw {
  id: string;
  questions: AttemptedQuestion[];
  /** A generated quiz's seed and settings (decision 033). */
  generated: GeneratedDraw | null;
}

/**
 * The learner's pending draw of the quiz (decision 031): the questions shown, in the order shown,
 * with their answers; null when the learner has not opened the quiz since their last submission.
 */
const PENDING_DRAW = sql<PendingDraw | null>`(
  select json_build_object(
    'id', ${quizDraws.drawId}, 'questions', ${quizDraws.questions}, 'generated', ${quizDraws.generated}
  ) from ${quizDraws}
  where ${quizDraws.userId} = ${param('userId')}::uuid and ${quizDraws.quizId} = ${quizzes.id}
)`;

const LIVE_QUIZ = sql`${quizzes.id} = ${param('quizId')}::uuid
  and ${quizzes.published}
  and ${quizzes.deletedAt} is null`;

function lockUserAndReadQuizStatement(tx: Tx) {
  return tx
    .select({
      quizId: quizzes.id,
      title: quizzes.title,
      level: quizzes.level,
      subLevel: quizzes.subLevel,
      attemptsAllowed: quizzes.attemptsAllowed,
      passScore: quizzes.passScore,
      hindiTitle: sql<string | null>`${quizzes.translations}->'hi'->>'title'`,
      draw: PENDING_DRAW,
    })
    .from(users)
    .leftJoin(quizzes, LIVE_QUIZ)
    .where(sql`${users.id} = ${param('userId')}::uuid`)
    .for('update', { of: users })
    .prepare('attempts_lock_user_and_read_quiz');
}

interface LockedRow {
  quizId: string | null;
  title: string | null;
  level: number | null;
  subLevel: string | null;
  attemptsAllowed: number | null;
  passScore: number | null;
  hindiTitle: string | null;
  draw: PendingDraw | null;
}

/**
 * The submission's first statement: takes the user's row lock for the rest of the transaction and
 * reads the quiz (published, not deleted) with the learner's pending draw of it. Every submission
 * of one user takes the lock first, so on any number of app instances they run one after another.
 * Null: the account is gone. A null quiz: no such live quiz.
 *
 * The quiz is read with the snapshot this statement started with, before the lock was granted:
 * fine, quiz content is not serialised by the user's lock. The draw is re-read, under the lock, by
 * the next statement, which deletes it: a second submission of the same draw records nothing. The limit checks are
 * not made here for that reason: they belong to the next statement (see insertAttemptWithinLimits).
 */
export async function lockUserAndReadQuiz(tx: Tx, userId: string, quizId: string) {
  const [row]: LockedRow[] = await lockUserAndReadQuizStatement(tx).execute({ userId, quizId });
  if (!row) return null;
  const { quizId: id, title, level, subLevel, attemptsAllowed, passScore } = row;
  // A left join: every quiz column is null together when there is no such live quiz.
  if (id === null || title === null || level === null || attemptsAllowed === null || passScore === null) {
    return { quiz: null };
  }
  return {
    quiz: { id, title, level, subLevel, attemptsAllowed, passScore, hindiTitle: row.hindiTitle },
    draw: row.draw,
  };
}

/** The plan's cap on distinct practice quizzes at the submission, SQL null when unlimited. */
const PLAN_PRACTICE_CAP = practiceCapInForce({
  learnerId: sql`${param('userId')}::uuid`,
  at: sql`${param('submittedAt')}::timestamptz`,
});

/*
 * The second statement's three steps, as common table expressions: what the limits see (facts,
 * checked), then the insert that only happens while they hold (inserted).
 */
const FACTS = builder.$with('facts', { used: sql<number>`used`, cap: sql<number | null>`cap` }).as(sql`
    select used.n as used,
      case when ${param('practice')}::boolean then ${PLAN_PRACTICE_CAP} end as cap
    from (
      select count(*)::int as n
      from (
        select from ${attempts}
        where ${attempts.userId} = ${param('userId')}::uuid and ${attempts.quizId} = ${param('quizId')}::uuid
        limit ${param('attemptsAllowed')}::int
      ) counted
    ) used`);

const CHECKED = builder.$with('checked', {
  used: sql<number>`used`,
  cap: sql<number | null>`cap`,
  distinctPractice: sql<number | null>`distinct_practice`,
}).as(sql`
    select facts.used, facts.cap,
      case when facts.cap is not null then (
        select count(distinct ${attempts.quizId})::int
        from ${attempts} inner join ${quizzes} on ${quizzes.id} = ${attempts.quizId}
        where ${attempts.userId} = ${param('userId')}::uuid and ${quizzes.level} = 0
      ) end as distinct_practice
    from facts`);

/** The submitted draw is still pending (read after the lock: a concurrent copy already cleared it). */
const DRAW_STILL_PENDING = sql`select 1 from ${quizDraws}
      where ${quizDraws.userId} = ${param('userId')}::uuid and ${quizDraws.quizId} = ${param('quizId')}::uuid
        and ${quizDraws.drawId} = ${param('drawId')}::uuid`;

/** When the submitted draw was made: the quiz was opened then (decision 035, the parent's report). */
const DRAW_CREATED_AT = sql`select ${quizDraws.createdAt} from ${quizDraws}
      where ${quizDraws.userId} = ${param('userId')}::uuid and ${quizDraws.quizId} = ${param('quizId')}::uuid
        and ${quizDraws.drawId} = ${param('drawId')}::uuid`;

const INSERTED = builder.$with('inserted', { id: sql<string>`id` }).as(sql`
    insert into ${attempts} (
      user_id, quiz_id, answers, score_hundredths, correct_count, total, snapshot, submitted_at,
      started_at
    )
    select ${param('userId')}::uuid, ${param('quizId')}::uuid, ${param('answers')}::jsonb,
      ${param('score')}::int, ${param('correctCount')}::int, ${param('total')}::int,
      ${param('snapshot')}::jsonb, ${param('submittedAt')}::timestamptz, (${DRAW_CREATED_AT})
    from checked
    where checked.used < ${param('attemptsAllowed')}::int
      and (checked.distinct_practice is null or checked.distinct_practice < checked.cap)
      and exists (${DRAW_STILL_PENDING})
    returning id`);

/** A recorded attempt clears the draw it answered: the next read of the quiz draws again. */
const CLEARED = builder.$with('cleared', { userId: sql<string>`user_id` }).as(sql`
    delete from ${quizDraws}
    where ${quizDraws.userId} = ${param('userId')}::uuid and ${quizDraws.quizId} = ${param('quizId')}::uuid
      and exists (select 1 from inserted)
    returning ${quizDraws.userId}`);

/**
 * A recorded practice attempt puts each question answered wrong into the review box, due at once
 * (decision 032); one already there starts again. Questions deleted since the draw are skipped.
 */
const BOXED = builder.$with('boxed', { questionId: sql<string>`question_id` }).as(sql`
    insert into ${reviewItems} (user_id, question_id, quiz_id, step, due_at, updated_at)
    select ${param('userId')}::uuid, ${questions.id}, ${questions.quizId}, 0,
      ${param('submittedAt')}::timestamptz, ${param('submittedAt')}::timestamptz
    from ${questions}
    where ${questions.id} in (
        select wrong.value::uuid from jsonb_array_elements_text(${param('wrongQuestionIds')}::jsonb) as wrong
      )
      and exists (select 1 from inserted)
    on conflict (user_id, question_id) do update
      set step = 0, due_at = excluded.due_at, updated_at = excluded.updated_at
    returning question_id`);

function insertAttemptWithinLimitsStatement(tx: Tx) {
  return tx
    .with(FACTS, CHECKED, INSERTED, CLEARED, BOXED)
    .select({
      used: sql<number>`checked.used`,
      cap: sql<number | null>`checked.cap`,
      distinct_practice: sql<number | null>`checked.distinct_practice`,
      attempt_id: sql<string | null>`(select inserted.id from inserted)`,
      draw_pending: sql<boolean>`exists (${DRAW_STILL_PENDING})`,
    })
    .from(CHECKED)
    .prepare('attempts_insert_within_limits');
}

interface LimitedInsertRow {
  used: number;
  cap: number | null;
  distinct_practice: number | null;
  attempt_id: string | null;
  draw_pending: boolean;
}

export interface AttemptValues {
  userId: string;
  quizId: string;
  answers: number[];
  score: number;
  correctCount: number;
  total: number;
  snapshot: (typeof attempts.$inferInsert)['snapshot'];
  submittedAt: Date;
  /** The answered draw: the insert happens only while it is still pending. */
  drawId: string;
  /** Questions answered wrong that go into the review box (practice quizzes only). */
  wrongQuestionIds: string[];
}

export interface LimitedInsert {
  /** The new attempt's id; null when a limit refused it or the draw was gone (nothing was written). */
  attemptId: string | null;
  /** The user's attempts of this quiz before this one, counted up to attemptsAllowed. */
  used: number;
  /** The plan's distinct practice cap, read only for a practice quiz on a capped plan. */
  cap: number | null;
  /** Distinct practice quizzes attempted so far, counted only when `cap` is read. */
  distinctPractice: number | null;
  /** False: the draw was submitted already (a concurrent copy) or replaced; nothing was written. */
  drawPending: boolean;
}

/**
 * The submission's second statement: records the attempt only while the limits hold, and says
 * which one refused it otherwise. It must run after lockUserAndReadQuiz, never inside it: in READ
 * COMMITTED a statement sees what was committed when it started, so only a statement started
 * after the lock was granted counts every attempt and subscription change of the submissions and
 * plan changes (which take the same lock) that went before.
 *
 * The limits, as in design.md §5: the quiz's attempts limit (counted up to `attemptsAllowed`
 * only), and for a practice quiz (level 0) the plan's cap on distinct practice quizzes
 * (PLAN_PRACTICE_CAP): once it is reached, no practice attempt is recorded, a re-attempt of a
 * quiz already attempted included (decision 023, as the list shows Upgrade Now for all).
 * Certification quizzes are gated by the plan's levels.
 */
export async function insertAttemptWithinLimits(
  tx: Tx,
  values: AttemptValues,
  quiz: { level: number; attemptsAllowed: number },
): Promise<LimitedInsert> {
  if (quiz.attemptsAllowed < 1)
    return { attemptId: null, used: 0, cap: null, distinctPractice: null, drawPending: true };
  const [row]: LimitedInsertRow[] = await insertAttemptWithinLimitsStatement(tx).execute({
    userId: values.userId,
    quizId: values.quizId,
    answers: JSON.stringify(values.answers),
    score: values.score,
    correctCount: values.correctCount,
    total: values.total,
    snapshot: JSON.stringify(values.snapshot),
    submittedAt: values.submittedAt.toISOString(),
    attemptsAllowed: quiz.attemptsAllowed,
    practice: quiz.level === 0,
    drawId: values.drawId,
    wrongQuestionIds: JSON.stringify(values.wrongQuestionIds),
  });
  if (!row) throw new Error('the attempt insert returned no row');
  return {
    attemptId: row.attempt_id,
    used: row.used,
    cap: row.cap,
    distinctPractice: row.distinct_practice,
    drawPending: row.draw_pending,
  };
}

/** The attempt's owner's attempts of its quiz, all of them (the reveal rule's "attempts left"). */
const ownerAttemptsOfQuiz = sql<number>`(
  select count(*)::int from ${attempts} as owner_attempts
  where owner_attempts.user_id = ${attempts.userId} and owner_attempts.quiz_id = ${attempts.quizId}
)`;

/** The attempt's owner has earned the certification of the quiz's sub-level. */
const ownerEarnedSubLevel = sql<boolean>`exists (
  select 1 from ${certifications}
  where ${certifications.userId} = ${attempts.userId} and ${certifications.certId} = ${quizzes.subLevel}
)`;

/**
 * Attempts with what their result pages need, and what the reveal rule needs to know of each
 * owner: their attempts of the quiz, its limit, whether it is deleted, and whether they earned its
 * sub-level. By id only: the caller checks that the viewer owns the attempt (or is an admin). Read
 * by several ids at once when results are asked together (lib/read-batcher.ts).
 */
export async function attemptsForResult(db: DbOrTx, attemptIds: string[]) {
  const rows = await db
    .select({
      id: attempts.id,
      userId: attempts.userId,
      quizId: attempts.quizId,
      answers: attempts.answers,
      scoreHundredths: attempts.score,
      correctCount: attempts.correctCount,
      total: attempts.total,
      snapshot: attempts.snapshot,
      submittedAt: attempts.submittedAt,
      level: quizzes.level,
      subLevel: quizzes.subLevel,
      attemptsAllowed: quizzes.attemptsAllowed,
      quizDeleted: sql<boolean>`${quizzes.deletedAt} is not null`,
      ownerAttempts: ownerAttemptsOfQuiz,
      subLevelEarned: ownerEarnedSubLevel,
    })
    .from(attempts)
    .innerJoin(quizzes, eq(quizzes.id, attempts.quizId))
    .where(inArray(attempts.id, attemptIds));
  return new Map(rows.map((row) => [row.id, row]));
}

export type AttemptType = 'practice' | 'certification';

/** The levels a history type covers, as bounds: one statement shape for every filter. */
function levelBounds(type: AttemptType | undefined): { minLevel: number; maxLevel: number } {
  if (type === 'practice') return { minLevel: 0, maxLevel: 0 };
  if (type === 'certification') return { minLevel: 1, maxLevel: 32_767 };
  return { minLevel: 0, maxLevel: 32_767 };
}

function historyPageStatement(db: DbOrTx) {
  return db
    .select({
      id: attempts.id,
      quizId: attempts.quizId,
      title: attempts.quizTitle,
      category: categories.name,
      level: quizzes.level,
      subLevel: quizzes.subLevel,
      scoreHundredths: attempts.score,
      correctCount: attempts.correctCount,
      total: attempts.total,
      answers: attempts.answers,
      submittedAt: attempts.submittedAt,
    })
    .from(attempts)
    .innerJoin(quizzes, eq(quizzes.id, attempts.quizId))
    .leftJoin(categories, eq(categories.id, quizzes.categoryId))
    .where(
      sql`${attempts.userId} = ${param('userId')}::uuid
        and ${attempts.submittedAt} < ${param('before')}::timestamptz
        and ${quizzes.level} between ${param('minLevel')}::int and ${param('maxLevel')}::int`,
    )
    .orderBy(desc(attempts.submittedAt), desc(attempts.id))
    .limit(param('limit'))
    .prepare('attempts_history_page');
}

interface HistoryRow {
  id: string;
  quizId: string;
  title: string;
  category: string | null;
  level: number;
  subLevel: string | null;
  scoreHundredths: number;
  correctCount: number;
  total: number;
  answers: number[];
  submittedAt: Date;
}

/**
 * A page of the user's attempts, newest first, in one query (no query per row). The title as
 * attempted, like the result page, from its own column: the snapshot is not read. One named
 * prepared statement for every filter (no `before`: 'infinity'), so it is parsed and planned once
 * per connection.
 */
export async function historyPage(
  db: DbOrTx,
  userId: string,
  params: { type: AttemptType | undefined; limit: number; before: Date | undefined },
): Promise<HistoryRow[]> {
  return historyPageStatement(db).execute({
    userId,
    before: params.before ? params.before.toISOString() : 'infinity',
    ...levelBounds(params.type),
    limit: params.limit,
  });
}

/** Per quiz the user has attempted: its level, attempts allowed and the user's attempts on it. */
export async function attemptedQuizzes(db: DbOrTx, userId: string) {
  // Counted first, joined after: the count is an index-only scan of attempts_user_quiz_idx, and the
  // join touches one quizzes row per quiz rather than one per attempt.
  const used = db
    .select({ quizId: attempts.quizId, used: count().as('used') })
    .from(attempts)
    .where(eq(attempts.userId, userId))
    .groupBy(attempts.quizId)
    .as('used');
  const rows = await db
    .select({
      quizId: used.quizId,
      level: quizzes.level,
      attemptsAllowed: quizzes.attemptsAllowed,
      used: used.used,
    })
    .from(used)
    .innerJoin(quizzes, eq(quizzes.id, used.quizId));
  return rows.map((row) => ({ ...row, used: Number(row.used) }));
}
