import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEEKLY_DIGEST_JOB } from '@quizquest/shared';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import { createAccountCache } from '../../lib/account-cache.ts';
import { attempts, digestSends, scheduledRuns, users } from '../../db/schema.ts';
import type { Mail, Mailer } from '../../mail/mailer.ts';
import { insertChild, insertUser, openTestDatabase } from '../../testing/index.ts';
import { answersFor, insertQuiz, type TestQuiz } from '../../testing/quizzes.ts';
import { runWeeklyDigest, startWeeklyDigest } from './digest.ts';

/**
 * The weekly digest (decision 035): due from Monday 08:00 in India, sent once a week to each
 * account holder who asked for it, whatever the number of instances running the job at once.
 * Each "instance" here is the job with its own mailer on the one database.
 */

let database: Database;
let dataDir: string;
let quiz: TestQuiz;
const config = () => loadConfig({ DATA_DIR: dataDir, APP_URL: 'http://localhost:3000', NODE_ENV: 'test' });

/** Monday 23 November 2026, 08:30 in Kolkata: the week 2026-W48's digest is due. */
const MONDAY = new Date('2026-11-23T03:00:00Z');
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'qq-digest-'));
  quiz = await insertQuiz(database, { title: 'Digest maths', category: 'Maths' });
});
afterAll(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A mailer that keeps what it was given; `refuse` makes it fail for those addresses. */
function recordingMailer(refuse: Set<string> = new Set()) {
  const sent: Mail[] = [];
  const mailer: Mailer = {
    send: async (mail) => {
      if (refuse.has(mail.to))
        throw Object.assign(new Error(`550 mailbox ${mail.to} unavailable`), { code: 'EENVELOPE' });
      sent.push(mail);
    },
    close: () => {},
  };
  return { mailer, sent };
}

/** A logger that keeps every line as JSON, to prove no e-mail address is ever written. */
function recordingLogger() {
  const lines: string[] = [];
  const write = (...args: unknown[]) => {
    lines.push(
      JSON.stringify(args, (_key, value: unknown) => (value instanceof Error ? value.message : value)),
    );
  };
  const logger = {
    level: 'info',
    info: write,
    error: write,
    warn: write,
    debug: write,
    trace: write,
    fatal: write,
    silent: () => {},
    child: () => logger,
  };
  return { log: logger as unknown as FastifyBaseLogger, lines };
}

/** An instance's job; its account cache never started, so it keeps nothing (inserts bypass it). */
function instance(now: () => Date, mailer: Mailer) {
  return { db: database.db, mailer, config: config(), now, accountCache: createAccountCache(database) };
}

/** An account holder (and so its first child), with the digest chosen or not. */
async function holder(values: {
  weeklyDigest: boolean;
  verified?: boolean;
  language?: 'en' | 'hi';
  role?: 'learner' | 'admin';
}) {
  const user = await insertUser(database, {
    isVerified: values.verified ?? true,
    ...(values.role ? { role: values.role } : {}),
  });
  await database.db
    .update(users)
    .set({ weeklyDigest: values.weeklyDigest, language: values.language ?? 'en' })
    .where(eq(users.id, user.id));
  return user;
}

async function attempt(userId: string, submittedAt: Date, minutes: number) {
  await database.db.insert(attempts).values({
    userId,
    quizId: quiz.id,
    answers: answersFor(quiz),
    score: 10_000,
    correctCount: quiz.correctAnswers.length,
    total: quiz.correctAnswers.length,
    snapshot: { title: quiz.title, questions: [] },
    submittedAt,
    startedAt: new Date(submittedAt.getTime() - minutes * 60_000),
  });
}

const mailsTo = (mails: Mail[], to: string) => mails.filter((mail) => mail.to === to);

describe('the weekly digest', () => {
  it('is not sent before Monday 08:00 in India, and claims nothing then', async () => {
    const { mailer, sent } = recordingMailer();
    const { log } = recordingLogger();
    const early = new Date('2026-11-30T02:00:00Z'); // Monday 07:30 in Kolkata, week 2026-W49
    expect(
      await runWeeklyDigest(
        instance(() => early, mailer),
        log,
      ),
    ).toBeNull();
    expect(sent).toEqual([]);
    const runs = await database.db
      .select()
      .from(scheduledRuns)
      .where(and(eq(scheduledRuns.job, WEEKLY_DIGEST_JOB), eq(scheduledRuns.period, '2026-W49')));
    expect(runs).toEqual([]);
  });

  it('two instances at once send each account its mail exactly once, in the parent’s language', async () => {
    const english = await holder({ weeklyDigest: true });
    const child = await insertChild(database, english.id, { firstName: 'Asha' });
    const hindi = await holder({ weeklyDigest: true, language: 'hi' });
    const optedOut = await holder({ weeklyDigest: false });
    const unverified = await holder({ weeklyDigest: true, verified: false });
    const admin = await holder({ weeklyDigest: true, role: 'admin' });
    await attempt(english.id, new Date(MONDAY.getTime() - 2 * DAY), 12);
    await attempt(child.id, new Date(MONDAY.getTime() - DAY), 45);
    await attempt(child.id, new Date(MONDAY.getTime() - 3 * DAY), 5);
    await attempt(child.id, new Date(MONDAY.getTime() - 8 * DAY), 5); // before the week

    const first = recordingMailer();
    const second = recordingMailer();
    const logger = recordingLogger();
    const runs = await Promise.all([
      runWeeklyDigest(
        instance(() => MONDAY, first.mailer),
        logger.log,
      ),
      runWeeklyDigest(
        instance(() => MONDAY, second.mailer),
        logger.log,
      ),
    ]);
    // One instance won the week's run; the other did nothing.
    expect(runs.filter((run) => run !== null)).toHaveLength(1);
    expect(runs.find((run) => run !== null)).toMatchObject({ period: '2026-W48', failed: 0 });

    const mails = [...first.sent, ...second.sent];
    expect(mailsTo(mails, english.email)).toHaveLength(1);
    expect(mailsTo(mails, hindi.email)).toHaveLength(1);
    for (const nobody of [optedOut, unverified, admin]) expect(mailsTo(mails, nobody.email)).toEqual([]);

    const [englishMail] = mailsTo(mails, english.email);
    expect(englishMail?.subject).toBe('Your QuizQuest weekly summary');
    expect(englishMail?.link).toBe('http://localhost:3000/family-report');
    expect(englishMail?.text).toContain('Here is what your children did on QuizQuest in the last 7 days:');
    expect(englishMail?.text).toContain(
      'Test Learner: Quizzes finished: 1. Minutes spent: 12. Answers right: 3 of 3. Certifications earned: 0. Current streak: 0 days.',
    );
    // 30 (45 capped) + 5 minutes; the attempt of eight days ago is not in the week.
    expect(englishMail?.text).toContain('Asha Child: Quizzes finished: 2. Minutes spent: 35.');
    expect(englishMail?.html).toContain('href="http://localhost:3000/family-report"');

    const [hindiMail] = mailsTo(mails, hindi.email);
    expect(hindiMail?.subject).toBe('QuizQuest: आपका हफ़्ते का सारांश');
    expect(hindiMail?.text).toContain('नमस्ते,');
    expect(hindiMail?.text).toContain('पिछले 7 दिनों में आपके बच्चे ने QuizQuest पर यह किया:');
    expect(hindiMail?.text).toContain('Test Learner: पूरे किए क्विज़: 0। बिताए मिनट: 0।');
    expect(hindiMail?.link).toBe('http://localhost:3000/family-report');

    const [run] = await database.db
      .select()
      .from(scheduledRuns)
      .where(and(eq(scheduledRuns.job, WEEKLY_DIGEST_JOB), eq(scheduledRuns.period, '2026-W48')));
    expect(run?.finishedAt).toBeInstanceOf(Date);
    // The log names no one.
    for (const user of [english, hindi]) {
      expect(logger.lines.join('\n')).not.toContain(user.email);
    }

    // Later the same week: already sent, nothing again.
    const again = recordingMailer();
    const wednesday = new Date(MONDAY.getTime() + 2 * DAY);
    expect(
      await runWeeklyDigest(
        instance(() => wednesday, again.mailer),
        logger.log,
      ),
    ).toBeNull();
    expect(again.sent).toEqual([]);

    // The next Monday: the next week's digest.
    const nextWeek = recordingMailer();
    const nextMonday = new Date(MONDAY.getTime() + 7 * DAY);
    expect(
      await runWeeklyDigest(
        instance(() => nextMonday, nextWeek.mailer),
        logger.log,
      ),
    ).toMatchObject({
      period: '2026-W49',
    });
    expect(mailsTo(nextWeek.sent, english.email)).toHaveLength(1);
    expect(mailsTo(nextWeek.sent, hindi.email)).toHaveLength(1);
  });

  it('takes over a run its instance left unfinished, skipping the accounts already mailed', async () => {
    const week = '2027-W02';
    const monday = new Date('2027-01-11T04:00:00Z'); // Monday 09:30 in Kolkata
    const mailed = await holder({ weeklyDigest: true });
    const waiting = await holder({ weeklyDigest: true });
    await database.db
      .insert(scheduledRuns)
      .values({ job: WEEKLY_DIGEST_JOB, period: week, startedAt: new Date(monday.getTime() - 2 * HOUR) });
    await database.db.insert(digestSends).values({ accountId: mailed.id, period: week });

    const { mailer, sent } = recordingMailer();
    const { log } = recordingLogger();
    expect(
      await runWeeklyDigest(
        instance(() => monday, mailer),
        log,
      ),
    ).toMatchObject({ period: week });
    expect(mailsTo(sent, mailed.email)).toEqual([]);
    expect(mailsTo(sent, waiting.email)).toHaveLength(1);

    // A run started a moment ago is left to its instance.
    const young = '2027-W03';
    const later = new Date(monday.getTime() + 7 * DAY);
    await database.db
      .insert(scheduledRuns)
      .values({ job: WEEKLY_DIGEST_JOB, period: young, startedAt: later });
    const other = recordingMailer();
    expect(
      await runWeeklyDigest(
        instance(() => new Date(later.getTime() + 10 * 60_000), other.mailer),
        log,
      ),
    ).toBeNull();
    expect(other.sent).toEqual([]);
  });

  it('goes on after a mail that fails, and logs it without the address', async () => {
    const monday = new Date('2027-02-01T03:00:00Z');
    const refused = await holder({ weeklyDigest: true });
    const fine = await holder({ weeklyDigest: true });
    const { mailer, sent } = recordingMailer(new Set([refused.email]));
    const { log, lines } = recordingLogger();
    const run = await runWeeklyDigest(
      instance(() => monday, mailer),
      log,
    );
    expect(run).toMatchObject({ period: '2027-W05', failed: 1 });
    expect(mailsTo(sent, fine.email)).toHaveLength(1);
    expect(lines.join('\n')).toContain(refused.id);
    expect(lines.join('\n')).not.toContain(refused.email);
  });

  it('runs from the timer once it is due, and stops with the app', async () => {
    const monday = new Date('2027-03-01T03:00:00Z'); // week 2027-W09
    const parent = await holder({ weeklyDigest: true });
    const { mailer, sent } = recordingMailer();
    const { log } = recordingLogger();
    const stop = startWeeklyDigest(
      instance(() => monday, mailer),
      log,
      20,
    );
    const deadline = Date.now() + 10_000;
    while (mailsTo(sent, parent.email).length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // Checked again and again: the week is sent once.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await stop();
    expect(mailsTo(sent, parent.email)).toHaveLength(1);
  });
});
