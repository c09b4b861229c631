import {
  ACCOUNT_EXPORT_FORMAT,
  LAST_LEARNER_REMOVAL_MESSAGE,
  LEARNER_NOT_FOUND_MESSAGE,
  REMOVE_LEARNER_WRONG_PASSWORD,
  type AccountExportFile,
  DATA_EXPORT_FORMAT,
  DATA_EXPORT_VERSION,
  DELETE_ACCOUNT_ADMIN_REFUSED,
  DELETE_ACCOUNT_WRONG_PASSWORD,
  markedQuestions,
  remainingAttempts,
  revealsCorrectAnswers,
  scoreFromHundredths,
  type DataExportFile,
} from '@quizquest/shared';
import type { AppDeps } from '../../deps.ts';
import { accountLearners } from '../../entitlements/account-learners.ts';
import { subscriptionHistory } from '../../entitlements/plan-changes.ts';
import { revokeLearnersCertificates, signCertificateCredential } from '../../lib/credentials.ts';
import { conflict, forbidden, notFound, unauthorized } from '../../lib/http-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { limitOrThrow } from '../../lib/rate-limiter.ts';
import * as queries from './queries.ts';
import { redactPaymentEvent } from './redact-payment-event.ts';

const MINUTE = 60_000;
const FOREIGN_KEY_VIOLATION = '23503';

/** Everything stored about one learner (decision 013): only their own rows. */
export async function exportData(deps: AppDeps, userId: string): Promise<DataExportFile> {
  const account = await queries.accountRow(deps.db, userId);
  if (!account) throw unauthorized();
  return exportLearner(deps, account);
}

/** One learner of the requester's account (decision 035); 404 for anyone else's. */
export async function exportChild(deps: AppDeps, user: AuthUser, learnerId: string): Promise<DataExportFile> {
  const account = await queries.accountRow(deps.db, learnerId);
  if (!account || account.accountId !== user.accountId) throw notFound(LEARNER_NOT_FOUND_MESSAGE);
  return exportLearner(deps, account);
}

/** The whole account: each learner's file, the holder first. */
export async function exportAccount(deps: AppDeps, user: AuthUser): Promise<AccountExportFile> {
  const learners: DataExportFile[] = [];
  for (const learner of await accountLearners(deps.db, user.accountId)) {
    const account = await queries.accountRow(deps.db, learner.id);
    if (account) learners.push(await exportLearner(deps, account));
  }
  return {
    format: ACCOUNT_EXPORT_FORMAT,
    version: DATA_EXPORT_VERSION,
    exportedAt: deps.now().toISOString(),
    learners,
  };
}

type LearnerAccountRow = NonNullable<Awaited<ReturnType<typeof queries.accountRow>>>;

async function exportLearner(deps: AppDeps, account: LearnerAccountRow): Promise<DataExportFile> {
  const userId = account.id;
  const [
    avatar,
    subscriptions,
    attempts,
    certifications,
    certificates,
    paymentEvents,
    reviewBox,
    reviewAnswers,
  ] = await Promise.all([
    account.avatarMediaId ? queries.mediaBytes(deps.db, account.avatarMediaId) : null,
    subscriptionHistory(deps.db, userId),
    queries.attemptsOf(deps.db, userId),
    queries.certificationsOf(deps.db, userId),
    queries.certificatesOf(deps.db, userId),
    queries.paymentEventsOf(deps.db, account),
    queries.reviewBoxOf(deps.db, userId),
    queries.reviewAnswersOf(deps.db, userId),
  ]);
  // Each certificate's credential signed now (decision 037), without the learner's name; one after
  // the other, as a first signing allocates its status entry.
  const credentials: DataExportFile['credentials'] = [];
  for (const certificate of certificates) {
    credentials.push({
      level: certificate.level,
      code: certificate.code,
      credential: await signCertificateCredential(deps, certificate, { email: account.email, name: null }),
    });
  }
  const iso = (date: Date | null) => (date ? date.toISOString() : null);
  const earnedSubLevels = new Set(certifications.map((row) => row.certId));
  const attemptsPerQuiz = new Map<string, number>();
  for (const row of attempts) attemptsPerQuiz.set(row.quizId, (attemptsPerQuiz.get(row.quizId) ?? 0) + 1);
  return {
    format: DATA_EXPORT_FORMAT,
    version: DATA_EXPORT_VERSION,
    exportedAt: deps.now().toISOString(),
    account: {
      id: account.id,
      email: account.email,
      role: account.role,
      isVerified: account.isVerified,
      createdAt: account.createdAt.toISOString(),
      updatedAt: account.updatedAt.toISOString(),
    },
    profile: {
      first_name: account.firstName,
      last_name: account.lastName,
      grade: account.grade,
      phone: account.phone,
      gender: account.gender,
      dob: account.dob,
      // The picture itself, so the file is complete on its own and outlives the account.
      avatar: avatar ? `data:${avatar.mimeType};base64,${avatar.bytes}` : null,
      timeZone: account.timeZone,
      language: account.language,
    },
    consent: { text: account.consentText, givenAt: iso(account.consentAt) },
    subscriptions: subscriptions.map((row) => ({
      planId: row.planId,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      source: row.source,
      paymentReference: row.paymentReference,
      cancelledAt: iso(row.cancelledAt),
      createdAt: row.createdAt.toISOString(),
    })),
    attempts: attempts.map((row) => ({
      ...exportedAnswers(row, attemptsPerQuiz.get(row.quizId) ?? 0, earnedSubLevels),
      id: row.id,
      quizId: row.quizId,
      quizTitle: row.snapshot.title,
      level: row.level,
      subLevel: row.subLevel,
      score: scoreFromHundredths(row.scoreHundredths),
      correctCount: row.correctCount,
      totalQuestions: row.total,
      submittedAt: row.submittedAt.toISOString(),
    })),
    certifications: certifications.map((row) => ({
      certId: row.certId,
      level: row.level,
      attemptId: row.attemptId,
      earnedAt: row.earnedAt.toISOString(),
    })),
    certificates: certificates.map((row) => ({
      level: row.level,
      code: row.code,
      issuedAt: row.issuedAt.toISOString(),
      verifyUrl: `${deps.config.appUrl}/certificates/verify/${row.code}`,
    })),
    credentials,
    // Pending draws and review sessions are left out: they are working state holding answer keys.
    reviewBox: reviewBox.map((row) => ({ ...row, dueAt: row.dueAt.toISOString() })),
    reviewAnswers: reviewAnswers.map((row) => ({ ...row, answeredAt: row.answeredAt.toISOString() })),
    paymentEvents: paymentEvents.map((row) => ({
      providerEventId: row.providerEventId,
      receivedAt: row.receivedAt.toISOString(),
      payload: row.payload,
    })),
  };
}

type ExportedAttemptRow = Awaited<ReturnType<typeof queries.attemptsOf>>[number];

/**
 * An attempt's answers and questions as its result page shows them to the learner (the reveal
 * rule): the export must not hand over a certification quiz's answer key the result withholds.
 */
function exportedAnswers(row: ExportedAttemptRow, used: number, earnedSubLevels: ReadonlySet<string>) {
  const reveal = revealsCorrectAnswers({
    level: row.level,
    subLevelEarned: row.subLevel !== null && earnedSubLevels.has(row.subLevel),
    attemptsRemaining: row.quizDeletedAt ? 0 : remainingAttempts(row.attemptsAllowed, used),
    viewerIsAdmin: false,
  });
  return {
    answers: row.answers,
    questions: markedQuestions(
      row.snapshot.questions.map((question) => ({
        ...question,
        options: question.options.map((option) => ({ type: option.type, value: option.value })),
      })),
      row.answers,
      reveal,
    ),
  };
}

function isForeignKeyViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === FOREIGN_KEY_VIOLATION) return true;
  }
  return false;
}

/**
 * The limits of a request that checks the account's password (the same as logging in, per address
 * and per account, so a child's token and the parent's share them); admins are refused. Answers
 * the account's key, reset once the password was right.
 */
async function limitPasswordConfirmation(deps: AppDeps, user: AuthUser, ip: string): Promise<string> {
  await limitOrThrow(
    deps,
    `delete-account:ip:${ip}`,
    30,
    5 * MINUTE,
    'Too many attempts. Please wait a few minutes and try again.',
  );
  const accountKey = `delete-account:account:${user.accountId}`;
  await limitOrThrow(
    deps,
    accountKey,
    10,
    15 * MINUTE,
    'Too many attempts for this account. Please wait 15 minutes and try again.',
  );
  if (user.role === 'admin') throw forbidden(DELETE_ACCOUNT_ADMIN_REFUSED);
  return accountKey;
}

/** The account's password re-entered; 403, not 401, when wrong: the session is fine (a 401 signs the browser out). */
async function confirmPassword(deps: AppDeps, accountId: string, password: string, wrongMessage: string) {
  const passwordHash = await queries.passwordHashOf(deps.db, accountId);
  if (passwordHash === null) throw unauthorized();
  if (!(await verifyPassword(passwordHash, password))) throw forbidden(wrongMessage);
}

/**
 * Erases the account after the parent re-entered its password (decision 013). One transaction:
 * the payment events about it lose every personal field, the certificates are revoked ('Account
 * deleted', decision 037: the credentials handed out stop verifying), the user's row goes (and with
 * it the e-mail tokens, plans, certifications and certificates), the attempts stay without a user for the
 * statistics, and the avatar goes when nobody else uses the same picture. A wrong password
 * changes nothing. Admin accounts are refused, so the app can never be left without an admin.
 */
export async function deleteAccount(deps: AppDeps, user: AuthUser, ip: string, password: string) {
  const accountKey = await limitPasswordConfirmation(deps, user, ip);
  await confirmPassword(deps, user.accountId, password, DELETE_ACCOUNT_WRONG_PASSWORD);

  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    // Every learner of the account (decision 035): the holder's row goes, the children's with it.
    const rows = await queries.lockAccountForDeletion(tx, user.accountId);
    if (!rows) throw unauthorized(); // deleted meanwhile by a concurrent request
    const redacted = new Set<string>();
    for (const row of rows) {
      for (const event of await queries.paymentEventsOf(tx, row)) {
        if (redacted.has(event.id)) continue;
        redacted.add(event.id);
        await queries.replacePaymentEventPayload(tx, event.id, redactPaymentEvent(event.payload, now));
      }
    }
    // Their certificates' credentials stop verifying (decision 037) before the rows go.
    await revokeLearnersCertificates(
      tx,
      rows.map((row) => row.id),
      now,
    );
    await queries.deleteUser(tx, user.accountId);
    await releaseAvatars(
      tx,
      rows.map((row) => row.avatarMediaId),
    );
  });
  await deps.rateLimiter.reset(accountKey);
}

type DeletionTx = Parameters<Parameters<AppDeps['db']['transaction']>[0]>[0];

/** The erased learners' pictures, each unless someone else uses it. */
async function releaseAvatars(tx: DeletionTx, avatarIds: Array<string | null>) {
  for (const avatarId of new Set(avatarIds)) {
    if (!avatarId) continue;
    try {
      // A savepoint: if someone starts using the same picture this instant, it simply stays.
      await tx.transaction(async (savepoint) => {
        await queries.deleteMediaIfUnused(savepoint, avatarId);
      });
    } catch (error) {
      if (!isForeignKeyViolation(error)) throw error;
    }
  }
}

/**
 * Removes one child after the parent re-entered the password (decision 035): that child's data is
 * erased as account deletion erases a learner's (certificates revoked, then plans, certifications,
 * certificates, review box, draws; attempts stay without a user for the statistics; payments made
 * for that child lose their personal fields). Removing the first child, whose row holds the account, first hands the account
 * to the next child (the earliest added); the last child goes only with the account.
 */
export async function removeLearner(
  deps: AppDeps,
  user: AuthUser,
  ip: string,
  learnerId: string,
  password: string,
): Promise<void> {
  const accountKey = await limitPasswordConfirmation(deps, user, ip);
  const target = await queries.accountRow(deps.db, learnerId);
  if (!target || target.accountId !== user.accountId) throw notFound(LEARNER_NOT_FOUND_MESSAGE);

  await confirmPassword(deps, user.accountId, password, REMOVE_LEARNER_WRONG_PASSWORD);

  const now = deps.now();
  const learnerIds = await deps.db.transaction(async (tx) => {
    // Every learner of the account locked, in one order, so removals at once wait for each other.
    const rows = await queries.lockLearnersForRemoval(tx, user.accountId);
    const row = rows.find((candidate) => candidate.id === learnerId);
    if (!row) throw notFound(LEARNER_NOT_FOUND_MESSAGE); // removed meanwhile
    const successor =
      row.id === user.accountId ? rows.find((candidate) => candidate.id !== row.id) : undefined;
    if (row.id === user.accountId && !successor) throw conflict(LAST_LEARNER_REMOVAL_MESSAGE);
    for (const event of await queries.paymentEventsOf(tx, { id: row.id, email: null })) {
      await queries.replacePaymentEventPayload(tx, event.id, redactPaymentEvent(event.payload, now));
    }
    await revokeLearnersCertificates(tx, [row.id], now);
    if (successor) await queries.handOverAccount(tx, row.id, successor.id);
    await queries.deleteUser(tx, row.id);
    if (successor) await queries.finishHandOver(tx, successor.id);
    await releaseAvatars(tx, [row.avatarMediaId]);
    return rows.map((candidate) => candidate.id);
  });
  // The removed child's tokens stop here at once, and after a hand-over every learner's cached
  // account changes; other instances hear the rows' triggers.
  for (const id of learnerIds) deps.accountCache.invalidate(id);
  await deps.rateLimiter.reset(accountKey);
}
