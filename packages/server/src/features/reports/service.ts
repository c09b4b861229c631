import {
  completedLevels,
  FAMILY_ADMIN_MESSAGE,
  findSubLevel,
  type CategoryAccuracy,
  type FamilyReportResponse,
} from '@quizquest/shared';
import type { AppDeps } from '../../deps.ts';
import { forbidden } from '../../lib/http-error.ts';
import { learnersStanding } from '../../lib/learner-progress.ts';
import * as queries from './queries.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long a learner's counts of a window are shown again (decision 042): any attempt or review of
 * theirs drops them at once; otherwise only the window's start moves on meanwhile.
 */
export const REPORT_WINDOW_REUSE_MS = 60_000;

/** One learner's counts of the report's window, and when they were read. */
interface WindowCounts {
  days: number;
  readAt: number;
  finished: number;
  seconds: number;
  accuracy: CategoryAccuracy[];
}

/** The learners' counts of `window` (`days` long): from the account cache when read lately. */
async function windowCounts(
  deps: Pick<AppDeps, 'db' | 'accountCache'>,
  ids: string[],
  days: number,
  window: queries.Window,
): Promise<Map<string, WindowCounts>> {
  const now = window.to.getTime();
  return deps.accountCache.getMany<WindowCounts>(
    ids,
    'report-window',
    async (missing) => {
      const [totals, accuracy] = await Promise.all([
        queries.attemptTotals(deps.db, missing, window),
        queries.categoryTotals(deps.db, missing, window),
      ]);
      const counts = new Map<string, WindowCounts>(
        missing.map((id) => [id, { days, readAt: now, finished: 0, seconds: 0, accuracy: [] }]),
      );
      for (const row of totals) {
        const entry = counts.get(row.userId);
        if (entry) Object.assign(entry, { finished: row.finished, seconds: row.seconds });
      }
      for (const row of accuracy) {
        counts
          .get(row.userId)
          ?.accuracy.push({ category: row.category, answered: row.answered, correct: row.correct });
      }
      return counts;
    },
    (counts) => counts.days === days && counts.readAt <= now && now - counts.readAt < REPORT_WINDOW_REUSE_MS,
  );
}

/**
 * The report of every learner of the account (decision 035) over the `days` before `now`: what
 * each did in the window (quizzes, minutes, accuracy per category, certifications earned) and where
 * each stands now (mastery, levels completed, streak, as the dashboard shows them). A fixed number
 * of statements, whatever the number of learners or the length of their histories.
 */
export async function familyReport(
  deps: Pick<AppDeps, 'db' | 'accountCache'>,
  accountId: string,
  days: number,
  now: Date,
): Promise<FamilyReportResponse> {
  const window = { from: new Date(now.getTime() - days * DAY_MS), to: now };
  const [learners, earned] = await Promise.all([
    queries.accountLearners(deps.db, accountId),
    queries.accountCertifications(deps.db, accountId),
  ]);
  const base = { days, from: window.from.toISOString(), to: window.to.toISOString() };
  if (learners.length === 0) return { ...base, learners: [] };
  const ids = learners.map((learner) => learner.id);
  const [counts, standing] = await Promise.all([
    windowCounts(deps, ids, days, window),
    learnersStanding(deps, learners, now),
  ]);
  return {
    ...base,
    learners: learners.map((learner) => {
      // Certifications of catalogue sub-levels only, as the dashboard counts them.
      const certifications = earned.filter(
        (row) => row.userId === learner.id && findSubLevel(row.certId)?.level === row.level,
      );
      const learnerCounts = counts.get(learner.id);
      const learnerStanding = standing.get(learner.id);
      return {
        id: learner.id,
        first_name: learner.firstName,
        last_name: learner.lastName,
        grade: learner.grade,
        quizzesFinished: learnerCounts?.finished ?? 0,
        minutesSpent: Math.round((learnerCounts?.seconds ?? 0) / 60),
        accuracy: learnerCounts?.accuracy ?? [],
        mastery: learnerStanding?.mastery ?? [],
        certificationsEarned: certifications.filter(
          (row) => row.earnedAt >= window.from && row.earnedAt < window.to,
        ).length,
        levelsCompleted: completedLevels(new Set(certifications.map((row) => row.certId))).length,
        streak: { current: learnerStanding?.streak.current ?? 0 },
      };
    }),
  };
}

/** GET /api/reports/family: the requester's own account; an admin account has no children. */
export async function familyReportFor(
  deps: Pick<AppDeps, 'db' | 'now' | 'accountCache'>,
  user: { role: 'learner' | 'admin'; accountId: string },
  days: number,
): Promise<FamilyReportResponse> {
  if (user.role === 'admin') throw forbidden(FAMILY_ADMIN_MESSAGE);
  return familyReport(deps, user.accountId, days, deps.now());
}
