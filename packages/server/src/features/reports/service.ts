import {
  completedLevels,
  FAMILY_ADMIN_MESSAGE,
  findSubLevel,
  type CategoryAccuracy,
  type FamilyReportResponse,
} from '@quizquest/shared';
import type { AppDeps } from '../../deps.ts';
import { forbidden } from '../../lib/http-error.ts';
import { learnersProgress } from '../../lib/learner-progress.ts';
import * as queries from './queries.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The report of every learner of the account (decision 035) over the `days` before `now`: what
 * each did in the window (quizzes, minutes, accuracy per category, certifications earned) and where
 * each stands now (mastery, levels completed, streak, as the dashboard shows them). A fixed number
 * of statements, whatever the number of learners or the length of their histories.
 */
export async function familyReport(
  deps: Pick<AppDeps, 'db'>,
  accountId: string,
  days: number,
  now: Date,
): Promise<FamilyReportResponse> {
  const window = { from: new Date(now.getTime() - days * DAY_MS), to: now };
  const learners = await queries.accountLearners(deps.db, accountId);
  const base = { days, from: window.from.toISOString(), to: window.to.toISOString() };
  if (learners.length === 0) return { ...base, learners: [] };
  const ids = learners.map((learner) => learner.id);
  const [totals, accuracy, earned, progress] = await Promise.all([
    queries.attemptTotals(deps.db, ids, window),
    queries.categoryTotals(deps.db, ids, window),
    queries.earnedCertifications(deps.db, ids),
    learnersProgress(deps.db, learners, now),
  ]);
  const totalsOf = new Map(totals.map((row) => [row.userId, row]));
  const accuracyOf = new Map<string, CategoryAccuracy[]>();
  for (const row of accuracy) {
    const list = accuracyOf.get(row.userId) ?? [];
    list.push({ category: row.category, answered: row.answered, correct: row.correct });
    accuracyOf.set(row.userId, list);
  }
  return {
    ...base,
    learners: learners.map((learner) => {
      // Certifications of catalogue sub-levels only, as the dashboard counts them.
      const certifications = earned.filter(
        (row) => row.userId === learner.id && findSubLevel(row.certId)?.level === row.level,
      );
      const learnerTotals = totalsOf.get(learner.id);
      const learnerProgress = progress.get(learner.id);
      return {
        id: learner.id,
        first_name: learner.firstName,
        last_name: learner.lastName,
        grade: learner.grade,
        quizzesFinished: learnerTotals?.finished ?? 0,
        minutesSpent: Math.round((learnerTotals?.seconds ?? 0) / 60),
        accuracy: accuracyOf.get(learner.id) ?? [],
        mastery: learnerProgress?.mastery ?? [],
        certificationsEarned: certifications.filter(
          (row) => row.earnedAt >= window.from && row.earnedAt < window.to,
        ).length,
        levelsCompleted: completedLevels(new Set(certifications.map((row) => row.certId))).length,
        streak: { current: learnerProgress?.streak.current ?? 0 },
      };
    }),
  };
}

/** GET /api/reports/family: the requester's own account; an admin account has no children. */
export async function familyReportFor(
  deps: Pick<AppDeps, 'db' | 'now'>,
  user: { role: 'learner' | 'admin'; accountId: string },
  days: number,
): Promise<FamilyReportResponse> {
  if (user.role === 'admin') throw forbidden(FAMILY_ADMIN_MESSAGE);
  return familyReport(deps, user.accountId, days, deps.now());
}
