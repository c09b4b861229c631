import {
  findPlan,
  scoreFromHundredths,
  type AdminLearnerDetail,
  type AdminLearnerListResponse,
  type AdminLearnerRow,
} from '@quizquest/shared';
import type { AppDeps } from '../../deps.ts';
import { subscriptionHistory } from '../../entitlements/plan-changes.ts';
import { planTermInForce } from '../../entitlements/plan.ts';
import { notFound } from '../../lib/http-error.ts';
import { isUuid } from '../../lib/ids.ts';
import * as queries from './queries.ts';

export const LEARNER_NOT_FOUND_MESSAGE = 'Learner not found';
export const RECENT_ATTEMPTS = 20;

type Row = NonNullable<Awaited<ReturnType<typeof queries.learnerRow>>>;

function toRow(row: Row): AdminLearnerRow {
  const plan = findPlan(row.planId);
  return {
    _id: row.id,
    name: `${row.firstName} ${row.lastName}`.trim(),
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    grade: row.grade,
    isVerified: row.isVerified,
    createdAt: row.createdAt.toISOString(),
    plan: { id: plan.id, name: plan.name },
    planEndsAt: plan.id !== 'free' && row.planEndsAt ? new Date(row.planEndsAt).toISOString() : null,
    certificationsEarned: Number(row.certificationsEarned),
    attemptsCount: Number(row.attemptsCount),
  };
}

/** GET /admin/learners: learners whose e-mail or name contains the search, newest first. */
export async function listLearners(
  deps: AppDeps,
  params: { query?: string | undefined; page: number; pageSize: number },
): Promise<AdminLearnerListResponse> {
  const query = params.query || undefined;
  const [rows, total] = await Promise.all([
    queries.learnerPage(deps.db, {
      query,
      now: deps.now(),
      limit: params.pageSize,
      offset: (params.page - 1) * params.pageSize,
    }),
    queries.countLearners(deps.db, query),
  ]);
  return { learners: rows.map(toRow), total, page: params.page, pageSize: params.pageSize };
}

/** GET /admin/learners/{id}: the row, the plan history, certifications and latest attempts. */
export async function learnerDetail(deps: AppDeps, userId: string): Promise<AdminLearnerDetail> {
  if (!isUuid(userId)) throw notFound(LEARNER_NOT_FOUND_MESSAGE);
  const now = deps.now();
  const row = await queries.learnerRow(deps.db, userId, now);
  if (!row) throw notFound(LEARNER_NOT_FOUND_MESSAGE);
  const [active, history, earned, issued, recent] = await Promise.all([
    planTermInForce(deps.db, userId, now),
    subscriptionHistory(deps.db, userId, 'newest-first'),
    queries.certificationsOf(deps.db, userId),
    queries.certificatesOf(deps.db, userId),
    queries.recentAttempts(deps.db, userId, RECENT_ATTEMPTS),
  ]);
  return {
    ...toRow(row),
    subscriptions: history.map((subscription) => ({
      _id: subscription.id,
      planId: subscription.planId,
      planName: findPlan(subscription.planId).name,
      startsAt: subscription.startsAt.toISOString(),
      endsAt: subscription.endsAt.toISOString(),
      source: subscription.source,
      cancelledAt: subscription.cancelledAt ? subscription.cancelledAt.toISOString() : null,
      active:
        active !== null &&
        subscription.cancelledAt === null &&
        subscription.planId === active.planId &&
        subscription.endsAt.getTime() === active.endsAt.getTime() &&
        subscription.startsAt.getTime() === active.startsAt.getTime(),
    })),
    certifications: earned.map((certification) => ({
      certId: certification.certId,
      level: certification.level,
      earnedAt: certification.earnedAt.toISOString(),
    })),
    certificates: issued.map((certificate) => ({
      code: certificate.code,
      level: certificate.level,
      issuedAt: certificate.issuedAt.toISOString(),
      revokedAt: certificate.revokedAt ? certificate.revokedAt.toISOString() : null,
      revocationReason: certificate.revokedAt ? certificate.revocationReason : null,
    })),
    recentAttempts: recent.map((attempt) => ({
      _id: attempt.id,
      quizId: attempt.quizId,
      title: attempt.title,
      level: attempt.level,
      score: scoreFromHundredths(attempt.scoreHundredths),
      submittedAt: attempt.submittedAt.toISOString(),
    })),
  };
}
