import { and, asc, desc, eq, gt, isNull } from 'drizzle-orm';
import { findPlan, PLAN_DURATION_DAYS, type PaidPlanId } from '@quizquest/shared';
import type { DbOrTx } from '../db/index.ts';
import { subscriptions, users } from '../db/schema.ts';
import { databaseErrorCode } from '../lib/database-errors.ts';
import { conflict, notFound } from '../lib/http-error.ts';
import { isUuid } from '../lib/ids.ts';
import { learnerPlanState, planTermInForce, type PlanState } from './plan.ts';

/**
 * THE activation service (design.md §5, decision 025): every change to a learner's plan goes
 * through here, from the admin API, the admin Learners page and the payment webhook alike.
 *
 * Rows are never rewritten in place beyond closing them, so the table is the plan's history:
 * - activate: the plan in force (if any) is closed at `now` and a new row runs now → now + 365 days;
 * - extend: the plan in force is closed at `now` and a new row of the same plan runs
 *   now → (its end + 365 days), so the end moves by exactly 365 days and the row says who did it;
 * - cancel: the plan in force gets cancelledAt/cancelledBy; the learner is on free from `now`.
 * After a row's end the learner is simply back on free: nothing earned (attempts, certifications,
 * certificates) is touched by any of this.
 */

export const PLAN_DURATION_MS = PLAN_DURATION_DAYS * 24 * 60 * 60 * 1000;

export type SubscriptionSource = 'admin' | 'webhook';

export interface ActivatePlanInput {
  /** The learner whose plan changes (the field keeps the column's name). */
  userId: string;
  planId: PaidPlanId;
  /** The admin's user id; null when the payment webhook activates. */
  actorId: string | null;
  source: SubscriptionSource;
  now: Date;
  /** The provider's payment id, when a payment caused this. */
  paymentReference?: string | null;
}

export interface ExtendPlanInput {
  userId: string;
  actorId: string | null;
  source: SubscriptionSource;
  now: Date;
  paymentReference?: string | null;
}

export interface CancelPlanInput {
  userId: string;
  /** The admin's user id. */
  actorId: string;
  now: Date;
}

export const NO_ACTIVE_PLAN_MESSAGE = 'This learner has no active plan';

/**
 * Locks the learner's row so concurrent changes to one learner's plan happen one after the other
 * (the submission takes the same lock).
 */
async function lockLearner(tx: DbOrTx, learnerId: string): Promise<void> {
  if (!isUuid(learnerId)) throw notFound('User not found');
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, learnerId)).for('update');
  if (!user) throw notFound('User not found');
}

/** Ends every row still running or starting later at `now` (the plan is being replaced). */
async function closeRunningRows(tx: DbOrTx, learnerId: string, now: Date): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ endsAt: now })
    .where(
      and(
        eq(subscriptions.userId, learnerId),
        isNull(subscriptions.cancelledAt),
        gt(subscriptions.endsAt, now),
      ),
    );
}

/**
 * Closes the running terms at `now` and starts the new one there, ending at `endsAt`: the one
 * write of activate and extend, so the history keeps every change as a row of its own.
 */
async function replaceTermInForce(
  tx: DbOrTx,
  input: ExtendPlanInput,
  planId: string,
  endsAt: Date,
): Promise<void> {
  await closeRunningRows(tx, input.userId, input.now);
  await tx.insert(subscriptions).values({
    userId: input.userId,
    planId,
    startsAt: input.now,
    endsAt,
    source: input.source,
    activatedBy: input.actorId,
    paymentReference: input.paymentReference ?? null,
  });
}

/** Activates a paid plan for 365 days from `now`, replacing the plan in force. */
export async function activatePlan(db: DbOrTx, input: ActivatePlanInput): Promise<PlanState> {
  const plan = findPlan(input.planId);
  if (plan.id === 'free') throw notFound('Plan not found');
  return db.transaction(async (tx) => {
    await lockLearner(tx, input.userId);
    await replaceTermInForce(tx, input, plan.id, new Date(input.now.getTime() + PLAN_DURATION_MS));
    return learnerPlanState(tx, input.userId, input.now);
  });
}

/** Adds 365 days to the end of the plan in force. 409 when the learner has none. */
export async function extendPlan(db: DbOrTx, input: ExtendPlanInput): Promise<PlanState> {
  return db.transaction(async (tx) => {
    await lockLearner(tx, input.userId);
    const current = await planTermInForce(tx, input.userId, input.now);
    if (!current) throw conflict(NO_ACTIVE_PLAN_MESSAGE);
    await replaceTermInForce(
      tx,
      input,
      current.planId,
      new Date(current.endsAt.getTime() + PLAN_DURATION_MS),
    );
    return learnerPlanState(tx, input.userId, input.now);
  });
}

/** Cancels the plan in force; the learner is on free from `now`. 409 when the learner has none. */
export async function cancelPlan(db: DbOrTx, input: CancelPlanInput): Promise<PlanState> {
  return db.transaction(async (tx) => {
    await lockLearner(tx, input.userId);
    const current = await planTermInForce(tx, input.userId, input.now);
    if (!current) throw conflict(NO_ACTIVE_PLAN_MESSAGE);
    await tx
      .update(subscriptions)
      .set({ cancelledAt: input.now, cancelledBy: input.actorId })
      .where(
        and(
          eq(subscriptions.userId, input.userId),
          isNull(subscriptions.cancelledAt),
          gt(subscriptions.endsAt, input.now),
        ),
      );
    return learnerPlanState(tx, input.userId, input.now);
  });
}

/** True when a plan row already carries this payment (it was applied before). */
async function paymentApplied(tx: DbOrTx, paymentReference: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.paymentReference, paymentReference))
    .limit(1);
  return row !== undefined;
}

const UNIQUE_VIOLATION = '23505';

/**
 * A payment for a plan: the same plan as the one in force extends it by 365 days (a renewal),
 * any other plan replaces it from now (an upgrade or a change). A payment is applied once
 * (decision 020): null when a plan row already carries it. The check runs under the learner's
 * lock, so copies for one learner wait for each other; the unique index on the payment reference refuses
 * any copy that got past it (another user, another instance) and is answered null too.
 */
export async function applyPayment(
  db: DbOrTx,
  input: Omit<ActivatePlanInput, 'actorId' | 'source'> & { paymentReference: string },
): Promise<PlanState | null> {
  try {
    return await db.transaction(async (tx) => {
      await lockLearner(tx, input.userId);
      if (await paymentApplied(tx, input.paymentReference)) return null;
      const current = await planTermInForce(tx, input.userId, input.now);
      const common = { ...input, actorId: null, source: 'webhook' as const };
      return current?.planId === input.planId ? extendPlan(tx, common) : activatePlan(tx, common);
    });
  } catch (error) {
    if (databaseErrorCode(error) === UNIQUE_VIOLATION) return null;
    throw error;
  }
}

export interface SubscriptionHistoryRow {
  id: string;
  planId: string;
  startsAt: Date;
  endsAt: Date;
  source: SubscriptionSource;
  activatedBy: string | null;
  paymentReference: string | null;
  cancelledAt: Date | null;
  cancelledBy: string | null;
  createdAt: Date;
}

/**
 * The order of a plan history: as written (oldest first: the plan changes' own record and the
 * learner's data export) or newest term first (the admin Learners page).
 */
export type HistoryOrder = 'as-written' | 'newest-first';

const HISTORY_ORDER = {
  'as-written': [asc(subscriptions.createdAt), asc(subscriptions.startsAt), asc(subscriptions.id)],
  'newest-first': [desc(subscriptions.startsAt), desc(subscriptions.createdAt)],
} as const;

/** Every plan row of a learner: who activated, extended or cancelled it and when. */
export async function subscriptionHistory(
  db: DbOrTx,
  learnerId: string,
  order: HistoryOrder = 'as-written',
): Promise<SubscriptionHistoryRow[]> {
  return db
    .select({
      id: subscriptions.id,
      planId: subscriptions.planId,
      startsAt: subscriptions.startsAt,
      endsAt: subscriptions.endsAt,
      source: subscriptions.source,
      activatedBy: subscriptions.activatedBy,
      paymentReference: subscriptions.paymentReference,
      cancelledAt: subscriptions.cancelledAt,
      cancelledBy: subscriptions.cancelledBy,
      createdAt: subscriptions.createdAt,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, learnerId))
    .orderBy(...HISTORY_ORDER[order]);
}
