import { asc, count, eq } from 'drizzle-orm';
import { limitsForPlan, planInForce, type PlanTerm } from '@quizquest/shared';
import type { Db, DbOrTx } from '../db/index.ts';
import { attempts, certifications, subscriptions } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';

/**
 * A learner's account state for the reads of signed-in requests, from the account cache (decision
 * 018). Never inside a transaction that enforces a limit: those read the database under the
 * learner's row lock (the submission, the plan changes).
 */
type StateDeps = Pick<AppDeps, 'db' | 'accountCache'>;

type LearnerTerm = PlanTerm & { planId: string };

/** Every term of the learner: few, and which one is in force depends on the clock. */
async function planTerms(db: Db, learnerId: string): Promise<LearnerTerm[]> {
  return db
    .select({
      planId: subscriptions.planId,
      startsAt: subscriptions.startsAt,
      endsAt: subscriptions.endsAt,
      cancelledAt: subscriptions.cancelledAt,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, learnerId));
}

/** The plan in force and its limits, as planLimitsFor reads them, by the rule `planInForce`. */
export async function cachedPlanLimits(deps: StateDeps, learnerId: string, now: Date) {
  const terms = await deps.accountCache.get(learnerId, 'subscriptions', () => planTerms(deps.db, learnerId));
  const subscription = planInForce(terms, now);
  return { subscription, limits: limitsForPlan(subscription, now) };
}

export interface CertificationRow {
  certId: string;
  level: number;
  earnedAt: Date;
}

/** The learner's certifications in the order they were earned. */
export async function certificationRows(db: DbOrTx, learnerId: string): Promise<CertificationRow[]> {
  return db
    .select({ certId: certifications.certId, level: certifications.level, earnedAt: certifications.earnedAt })
    .from(certifications)
    .where(eq(certifications.userId, learnerId))
    .orderBy(asc(certifications.earnedAt), asc(certifications.level), asc(certifications.certId));
}

export async function cachedCertifications(deps: StateDeps, learnerId: string): Promise<CertificationRow[]> {
  return deps.accountCache.get(learnerId, 'certifications', () => certificationRows(deps.db, learnerId));
}

/** How many times the learner attempted each quiz they attempted: one grouped index-only scan. */
export async function cachedAttemptCounts(deps: StateDeps, learnerId: string): Promise<Map<string, number>> {
  return deps.accountCache.get(learnerId, 'attempt-counts', async () => {
    const rows = await deps.db
      .select({ quizId: attempts.quizId, used: count() })
      .from(attempts)
      .where(eq(attempts.userId, learnerId))
      .groupBy(attempts.quizId);
    return new Map(rows.map((row) => [row.quizId, Number(row.used)]));
  });
}
