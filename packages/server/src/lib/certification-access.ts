import { eq } from 'drizzle-orm';
import { certificationLevelProblem, currentLevel, findPlan } from '@quizquest/shared';
import type { DbOrTx } from '../db/index.ts';
import { certifications } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { planLimitsFor } from './account.ts';
import { cachedCertifications, cachedPlanLimits } from './account-state.ts';
import { forbidden } from './http-error.ts';

/** The sub-level ids whose certification the user has earned. */
export async function earnedCertIds(db: DbOrTx, userId: string): Promise<Set<string>> {
  const rows = await db
    .select({ certId: certifications.certId })
    .from(certifications)
    .where(eq(certifications.userId, userId));
  return new Set(rows.map((row) => row.certId));
}

/**
 * Refuses (403) a certification quiz of `level` the learner may not take (design.md §5): a level
 * above the plan's allowedLevel, or one whose earlier levels are not all complete. Practice
 * quizzes (level 0) are always open. Shared by the quiz page's GET and the submission, so a
 * locked quiz can neither be read nor answered.
 */
export async function assertCertificationLevelOpen(
  db: DbOrTx,
  userId: string,
  level: number,
  now: Date,
): Promise<void> {
  if (level < 1) return;
  // One after the other: inside a transaction both run on its single connection anyway.
  const { limits } = await planLimitsFor(db, userId, now);
  const earned = await earnedCertIds(db, userId);
  refuseLockedLevel(level, limits, earned);
}

/** The same gate for a read outside any transaction (the quiz page): from the account cache. */
export async function assertCertificationLevelOpenForRead(
  deps: Pick<AppDeps, 'db' | 'accountCache'>,
  userId: string,
  level: number,
  now: Date,
): Promise<void> {
  if (level < 1) return;
  const [{ limits }, rows] = await Promise.all([
    cachedPlanLimits(deps, userId, now),
    cachedCertifications(deps, userId),
  ]);
  refuseLockedLevel(level, limits, new Set(rows.map((row) => row.certId)));
}

function refuseLockedLevel(
  level: number,
  limits: { allowedLevel: number; planId: string },
  earned: Set<string>,
): void {
  const problem = certificationLevelProblem({
    level,
    allowedLevel: limits.allowedLevel,
    currentLevel: currentLevel(earned),
    planName: findPlan(limits.planId).name,
  });
  if (problem) throw forbidden(problem);
}
