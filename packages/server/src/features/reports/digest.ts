import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { WEEKLY_DIGEST_DAYS, WEEKLY_DIGEST_JOB, weeklyDigestPeriod } from '@quizquest/shared';
import type { DbOrTx } from '../../db/index.ts';
import { digestSends, scheduledRuns, users } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { weeklyDigestMail } from './digest-mail.ts';
import { familyReport } from './service.ts';

/**
 * The weekly digest (decision 035): once an ISO week, from Monday 08:00 in India, every account
 * holder who asked for it gets one e-mail with each child's figures of the last seven days. Any
 * number of instances may run the job at once: the run is claimed per week in scheduled_runs and
 * each account's mail per week in digest_sends before it is written to the mail path, so each
 * account gets the week's digest at most once. E-mail addresses are never logged.
 */

type DigestDeps = Pick<AppDeps, 'db' | 'mailer' | 'config' | 'now' | 'accountCache'>;

/**
 * A run that started this long ago and never finished (its instance stopped) is taken over by the
 * next check; the accounts it already mailed are skipped (digest_sends).
 */
const ABANDONED_RUN_MS = 60 * 60 * 1000;

/** How often each instance checks whether the week's digest is due. */
export const DIGEST_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** Claims the week's run: true only for the one caller whose insert won (or took over an abandoned run). */
async function claimRun(db: DbOrTx, period: string, now: Date): Promise<boolean> {
  const abandonedBefore = new Date(now.getTime() - ABANDONED_RUN_MS);
  const claimed = await db
    .insert(scheduledRuns)
    .values({ job: WEEKLY_DIGEST_JOB, period, startedAt: now })
    .onConflictDoUpdate({
      target: [scheduledRuns.job, scheduledRuns.period],
      set: { startedAt: now },
      setWhere: and(
        isNull(scheduledRuns.finishedAt),
        sql`${scheduledRuns.startedAt} < ${abandonedBefore.toISOString()}::timestamptz`,
      ),
    })
    .returning({ job: scheduledRuns.job });
  return claimed.length > 0;
}

/** The account holders who asked for the digest: verified learner accounts (never an admin's). */
async function digestRecipients(db: DbOrTx) {
  const rows = await db
    .select({ accountId: users.id, email: users.email, language: users.language })
    .from(users)
    .where(
      and(
        eq(users.id, users.accountId),
        eq(users.weeklyDigest, true),
        eq(users.role, 'learner'),
        eq(users.isVerified, true),
      ),
    )
    .orderBy(users.id);
  return rows.flatMap((row) => (row.email ? [{ ...row, email: row.email }] : []));
}

/** Claims one account's mail of the week: true only for the one caller whose insert won. */
async function claimSend(db: DbOrTx, accountId: string, period: string, now: Date): Promise<boolean> {
  const claimed = await db
    .insert(digestSends)
    .values({ accountId, period, sentAt: now })
    .onConflictDoNothing()
    .returning({ accountId: digestSends.accountId });
  return claimed.length > 0;
}

export interface DigestRun {
  period: string;
  sent: number;
  failed: number;
}

/**
 * Sends the week's digest if it is due and this caller wins the week's run; null when it is not
 * due or another run has it. A mail that fails is logged (by account id) and not retried.
 */
export async function runWeeklyDigest(deps: DigestDeps, log: FastifyBaseLogger): Promise<DigestRun | null> {
  const startedAt = deps.now();
  const period = weeklyDigestPeriod(startedAt);
  if (period === null || !(await claimRun(deps.db, period, startedAt))) return null;
  const run: DigestRun = { period, sent: 0, failed: 0 };
  for (const recipient of await digestRecipients(deps.db)) {
    const now = deps.now();
    if (!(await claimSend(deps.db, recipient.accountId, period, now))) continue;
    try {
      const report = await familyReport(deps, recipient.accountId, WEEKLY_DIGEST_DAYS, now);
      if (report.learners.length === 0) continue;
      await deps.mailer.send(
        weeklyDigestMail(
          recipient.email,
          report.learners,
          `${deps.config.appUrl}/family-report`,
          recipient.language,
        ),
      );
      run.sent += 1;
    } catch (error) {
      run.failed += 1;
      // The error's text may quote the address (an SMTP refusal): only its kind is logged.
      const { name, code } =
        error instanceof Error ? (error as Error & { code?: unknown }) : { name: 'Error' };
      log.error({ accountId: recipient.accountId, period, error: name, code }, 'Weekly digest mail failed');
    }
  }
  await deps.db
    .update(scheduledRuns)
    .set({ finishedAt: deps.now() })
    .where(and(eq(scheduledRuns.job, WEEKLY_DIGEST_JOB), eq(scheduledRuns.period, period)));
  log.info({ ...run }, 'Weekly digest sent');
  return run;
}

/**
 * Checks at once and then every `intervalMs` whether the week's digest is due, and runs it (one
 * run at a time per instance). The timer does not keep the process alive; the returned function
 * stops it and waits for a run under way.
 */
export function startWeeklyDigest(
  deps: DigestDeps,
  log: FastifyBaseLogger,
  intervalMs = DIGEST_CHECK_INTERVAL_MS,
): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const check = () => {
    if (running || stopped) return;
    running = runWeeklyDigest(deps, log)
      .catch((error: unknown) => {
        log.error({ err: error }, 'Weekly digest run failed');
      })
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(check, intervalMs);
  timer.unref();
  const first = setTimeout(check, 0);
  first.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    clearTimeout(first);
    await running;
  };
}
