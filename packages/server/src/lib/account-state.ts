import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { limitsForPlan } from '@quizquest/shared';
import type { Db, DbOrTx } from '../db/index.ts';
import { attempts, certifications, subscriptions } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';

/**
 * A user's account state for the reads of signed-in requests, from the account cache (decision
 * 018). Never inside a transaction that enforces a limit: those read the database under the
 * user's row lock (the submission, the plan changes).
 */
type StateDeps = Pick<AppDeps, 'db' | 'accountCache'>;

export interface SubscriptionTerm {
  planId: string;
  startsAt: Date;
  endsAt: Date;
}

/** The term in force at `now`: started, not ended, the one ending last (as activeSubscription). */
export function termInForce(terms: SubscriptionTerm[], now: Date): SubscriptionTerm | null {
  let best: SubscriptionTerm | null = null;
  for (const term of terms) {
    if (term.startsAt > now || term.endsAt <= now) continue;
    if (!best || term.endsAt > best.endsAt) best = term;
  }
  return best;
}

/** Every term not cancelled: few per user, and which one is in force depends on the clock. */
async function subscriptionTerms(db: Db, userId: string): Promise<SubscriptionTerm[]> {
  return db
    .select({ planId: subscriptions.planId, startsAt: subscriptions.startsAt, endsAt: subscriptions.endsAt })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), isNull(subscriptions.cancelledAt)));
}

/** The plan in force and its limits, as planLimitsFor reads them. */
export async function cachedPlanLimits(deps: StateDeps, userId: string, now: Date) {
  const terms = await deps.accountCache.get(userId, 'subscriptions', () =>
    subscriptionTerms(deps.db, userId),
  );
  const subscription = termInForce(terms, now);
  return { subscription, limits: limitsForPlan(subscription, now) };
}

export interface CertificationRow {
  certId: string;
  level: number;
  earnedAt: Date;
}

/** The user's certifications in the order they were earned. */
export async function certificationRows(db: DbOrTx, userId: string): Promise<CertificationRow[]> {
  return db
    .select({ certId: certifications.certId, level: certifications.level, earnedAt: certifications.earnedAt })
    .from(certifications)
    .where(eq(certifications.userId, userId))
    .orderBy(asc(certifications.earnedAt), asc(certifications.level), asc(certifications.certId));
}

export async function cachedCertifications(deps: StateDeps, userId: string): Promise<CertificationRow[]> {
  return deps.accountCache.get(userId, 'certifications', () => certificationRows(deps.db, userId));
}

/** How many times the user attempted each quiz they attempted: one grouped index-only scan. */
export async function cachedAttemptCounts(deps: StateDeps, userId: string): Promise<Map<string, number>> {
  return deps.accountCache.get(userId, 'attempt-counts', async () => {
    const rows = await deps.db
      .select({ quizId: attempts.quizId, used: count() })
      .from(attempts)
      .where(eq(attempts.userId, userId))
      .groupBy(attempts.quizId);
    return new Map(rows.map((row) => [row.quizId, Number(row.used)]));
  });
}
