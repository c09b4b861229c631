import { eq } from 'drizzle-orm';
import { certificationLevelProblem, currentLevel, findPlan, subLevelOrderProblem } from '@quizquest/shared';
import type { DbOrTx } from '../db/index.ts';
import { certifications } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { forbidden } from '../lib/http-error.ts';
import { cachedCertifications, cachedPlanLimits } from './account-state.ts';
import { planLimitsFor } from './plan.ts';

/** The sub-level ids whose certification the learner has earned. */
export async function earnedCertIds(db: DbOrTx, learnerId: string): Promise<Set<string>> {
  const rows = await db
    .select({ certId: certifications.certId })
    .from(certifications)
    .where(eq(certifications.userId, learnerId));
  return new Set(rows.map((row) => row.certId));
}

/** What the gate needs of a quiz: its level (0 = practice) and its sub-level id. */
export interface GatedQuiz {
  level: number;
  subLevel: string | null;
}

/**
 * Refuses (403) a certification quiz the learner may not take (design.md §5, decision 023): a
 * level above the plan's allowedLevel, one whose earlier levels are not all complete, or a
 * sub-level that is not the next unearned one of its level (earned ones stay open to retake).
 * Practice quizzes (level 0) are always open. Shared by the quiz page's GET and the submission,
 * so a locked quiz can neither be read nor answered. In the submission it runs after the learner's
 * row lock, so it sees every certification earned by the submissions before it.
 */
export async function assertCertificationQuizOpen(
  db: DbOrTx,
  learnerId: string,
  quiz: GatedQuiz,
  now: Date,
): Promise<void> {
  if (quiz.level < 1) return;
  // One after the other: inside a transaction both run on its single connection anyway.
  const { limits } = await planLimitsFor(db, learnerId, now);
  const earned = await earnedCertIds(db, learnerId);
  refuseClosedQuiz(quiz, limits, earned);
}

/** The same gate for a read outside any transaction (the quiz page): from the account cache. */
export async function assertCertificationQuizOpenForRead(
  deps: Pick<AppDeps, 'db' | 'accountCache'>,
  learnerId: string,
  quiz: GatedQuiz,
  now: Date,
): Promise<void> {
  if (quiz.level < 1) return;
  const [{ limits }, rows] = await Promise.all([
    cachedPlanLimits(deps, learnerId, now),
    cachedCertifications(deps, learnerId),
  ]);
  refuseClosedQuiz(quiz, limits, new Set(rows.map((row) => row.certId)));
}

function refuseClosedQuiz(
  quiz: GatedQuiz,
  limits: { allowedLevel: number; planId: string },
  earned: Set<string>,
): void {
  const problem =
    certificationLevelProblem({
      level: quiz.level,
      allowedLevel: limits.allowedLevel,
      currentLevel: currentLevel(earned),
      planName: findPlan(limits.planId).name,
    }) ?? subLevelOrderProblem({ level: quiz.level, subLevelId: quiz.subLevel, earned });
  if (problem) throw forbidden(problem);
}
