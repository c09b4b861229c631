import { eq, sql, type SQL } from 'drizzle-orm';
import { findPlan, limitsForPlan, PAID_PLAN_IDS, type PlanLimits } from '@quizquest/shared';
import type { DbOrTx } from '../db/index.ts';
import { subscriptions } from '../db/schema.ts';

/**
 * The plan in force (design.md §5, decision 025). The rule itself is `planInForce` in
 * packages/shared (not cancelled, started, not ended; of several, the one ending last); this is
 * its one SQL form, which every statement that needs a learner's plan reuses, and which
 * plan-in-force-sql.test.ts holds to the same table as the pure rule.
 */

/** Where a learner's term in force is asked for: values, or SQL (a column, a placeholder). */
export interface TermInForceAt {
  /** The learner's id: a uuid string, or SQL evaluating to one (a placeholder, an outer column). */
  learnerId: string | SQL;
  /** The instant: a Date, or SQL evaluating to a timestamptz. */
  at: Date | SQL;
}

const asLearnerId = (learnerId: string | SQL): SQL =>
  typeof learnerId === 'string' ? sql`${learnerId}::uuid` : learnerId;
const asInstant = (at: Date | SQL): SQL => (at instanceof Date ? sql`${at.toISOString()}::timestamptz` : at);

/**
 * One column of the learner's term in force at `at`, as a scalar sub-query: SQL null when no term
 * is in force. Ties on the end are broken by the database, as they always were.
 */
export function termInForceColumn<T>(
  column: typeof subscriptions.id | typeof subscriptions.planId | typeof subscriptions.endsAt,
  where: TermInForceAt,
): SQL<T | null> {
  const at = asInstant(where.at);
  // Wrapped once more so a single-table select cannot unqualify the columns inside it.
  const body = sql`select ${column} from ${subscriptions}
    where ${subscriptions.userId} = ${asLearnerId(where.learnerId)}
      and ${subscriptions.cancelledAt} is null
      and ${subscriptions.startsAt} <= ${at}
      and ${subscriptions.endsAt} > ${at}
    order by ${subscriptions.endsAt} desc
    limit 1`;
  return sql<T | null>`(${body})`;
}

/** Distinct practice quizzes a learner may attempt, per paid plan id (null: unlimited). */
const PRACTICE_CAPS_BY_PLAN = JSON.stringify(
  Object.fromEntries(PAID_PLAN_IDS.map((planId) => [planId, findPlan(planId).maxQuizzes])),
);
const FREE_PRACTICE_CAP = JSON.stringify(findPlan(null).maxQuizzes);

/**
 * The plan limit the submission enforces in SQL: the cap on distinct practice quizzes of the plan
 * of the learner's term in force at `at`, or the free plan's; SQL null when unlimited. In the
 * jsonb map a missing key (free, unknown or no plan) is SQL null and falls back to the free cap;
 * an unlimited plan's cap is json null, which #>> turns into SQL null.
 */
export function practiceCapInForce(where: TermInForceAt): SQL<number | null> {
  return sql<number | null>`(coalesce(
  ${PRACTICE_CAPS_BY_PLAN}::jsonb -> ${termInForceColumn(subscriptions.planId, where)},
  ${FREE_PRACTICE_CAP}::jsonb
) #>> '{}')::int`;
}

/** The learner's term in force at `now`, if any. */
export async function planTermInForce(db: DbOrTx, learnerId: string, now: Date) {
  const [row] = await db
    .select({
      id: subscriptions.id,
      planId: subscriptions.planId,
      startsAt: subscriptions.startsAt,
      endsAt: subscriptions.endsAt,
    })
    .from(subscriptions)
    .where(eq(subscriptions.id, termInForceColumn<string>(subscriptions.id, { learnerId, at: now })))
    .limit(1);
  return row ?? null;
}

/** The learner's term in force and the limits of its plan (the free plan's without one). */
export async function planLimitsFor(db: DbOrTx, learnerId: string, now: Date) {
  const subscription = await planTermInForce(db, learnerId, now);
  return { subscription, limits: limitsForPlan(subscription, now) };
}

/** What the learner's plan is: the same fields /auth/me, the profile and a plan change report. */
export interface PlanState {
  subscription: PlanLimits['planId'];
  subscriptionEndsAt: string | null;
  quizLimits: { maxQuizzes: number | null; maxAttemptsPerQuiz: number };
  allowedLevel: number;
}

export function planState(subscription: { endsAt: Date } | null, limits: PlanLimits): PlanState {
  return {
    subscription: limits.planId,
    subscriptionEndsAt: subscription ? subscription.endsAt.toISOString() : null,
    quizLimits: { maxQuizzes: limits.maxQuizzes, maxAttemptsPerQuiz: limits.maxAttemptsPerQuiz },
    allowedLevel: limits.allowedLevel,
  };
}

/** The learner's plan state at `now`, read from the database (inside a plan change: under its lock). */
export async function learnerPlanState(db: DbOrTx, learnerId: string, now: Date): Promise<PlanState> {
  const { subscription, limits } = await planLimitsFor(db, learnerId, now);
  return planState(subscription, limits);
}
