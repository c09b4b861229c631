import {
  FAMILY_ADMIN_MESSAGE,
  FAMILY_ERROR_CODES,
  LEARNER_LIMIT_MESSAGE,
  LEARNER_NOT_FOUND_MESSAGE,
  MAX_LEARNERS,
  PARENT_PIN_MAX_TRIES,
  PIN_LOCKED_MESSAGE,
  PIN_NOT_SET_MESSAGE,
  PIN_WRONG_MESSAGE,
  type LearnerSummary,
  type LearnersResponse,
  type SelectLearnerResponse,
  type VerifyPinResponse,
} from '@quizquest/shared';
import type { AppDeps } from '../../deps.ts';
import { accountLearners } from '../../entitlements/account-learners.ts';
import { cachedPlanLimits } from '../../entitlements/account-state.ts';
import { signPinProof } from '../../entitlements/parent-pin.ts';
import { learnerWithAccount, sessionUser } from '../../entitlements/session-user.ts';
import { conflict, forbidden, HttpError, notFound, unauthorized } from '../../lib/http-error.ts';
import { mediaUrl } from '../../lib/media.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { limitOrThrow } from '../../lib/rate-limiter.ts';
import { hashToken, newEmailToken } from '../../lib/tokens.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { pinResetMail } from './mails.ts';
import * as queries from './queries.ts';

/**
 * Family accounts (decision 035): the account's learners, switching between them, adding one,
 * the parent PIN and the weekly digest choice. Removing a child and the exports are data rights
 * (features/data-rights).
 */

const MINUTE = 60_000;
const PIN_RESET_TTL_MS = 60 * MINUTE;
export const PASSWORD_WRONG_MESSAGE = 'The password is not correct. Nothing was changed.';
export const PIN_SAVED_MESSAGE = 'The parent PIN is saved.';
export const PIN_REMOVED_MESSAGE = 'The parent PIN is removed.';
export const PIN_RESET_SENT_MESSAGE = 'We sent a link to remove the PIN to the account’s e-mail address.';
export const PIN_RESET_DONE_MESSAGE = 'The parent PIN is removed. You can set a new one on the profile page.';
export const PIN_RESET_FAILED_MESSAGE = 'This link is invalid or has expired. Please ask for a new one.';
export const DIGEST_SAVED_MESSAGE = 'Your choice is saved.';

function learnerAccount(user: AuthUser): string {
  if (user.role === 'admin') throw forbidden(FAMILY_ADMIN_MESSAGE);
  return user.accountId;
}

type LearnerRow = Awaited<ReturnType<typeof accountLearners>>[number];

async function summary(deps: AppDeps, row: LearnerRow, now: Date): Promise<LearnerSummary> {
  const { subscription, limits } = await cachedPlanLimits(deps, row.id, now);
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    grade: row.grade,
    avatar: row.avatarMediaId ? mediaUrl(row.avatarMediaId) : null,
    isAccountHolder: row.id === row.accountId,
    subscription: limits.planId,
    subscriptionEndsAt: subscription ? subscription.endsAt.toISOString() : null,
  };
}

export async function listLearners(deps: AppDeps, user: AuthUser): Promise<LearnersResponse> {
  const accountId = learnerAccount(user);
  const [rows, holder] = await Promise.all([
    accountLearners(deps.db, accountId),
    queries.accountHolder(deps.db, accountId),
  ]);
  if (!holder) throw unauthorized();
  const now = deps.now();
  return {
    learners: await Promise.all(rows.map((row) => summary(deps, row, now))),
    activeLearnerId: user.id,
    maxLearners: MAX_LEARNERS,
    pinSet: holder.pinHash !== null,
    weeklyDigest: holder.weeklyDigest,
  };
}

/**
 * Adds a child under the holder's row lock, so two adds at once cannot pass six. The child takes
 * the account's verification, language and time zone; the parent can change them later.
 */
export async function addLearner(
  deps: AppDeps,
  user: AuthUser,
  input: { first_name: string; last_name: string; grade: string },
): Promise<LearnerSummary> {
  const accountId = learnerAccount(user);
  const row = await deps.db.transaction(async (tx) => {
    const holder = await queries.accountHolder(tx, accountId, true);
    if (!holder) throw unauthorized();
    if ((await queries.countLearners(tx, accountId)) >= MAX_LEARNERS) throw conflict(LEARNER_LIMIT_MESSAGE);
    return queries.insertChild(tx, {
      accountId,
      firstName: input.first_name,
      lastName: input.last_name,
      grade: input.grade,
      isVerified: holder.isVerified,
      language: holder.language,
      timeZone: holder.timeZone,
    });
  });
  return summary(deps, row, deps.now());
}

/** The same answer as a login, for another learner of the same account (same token version). */
export async function selectLearner(
  deps: AppDeps,
  user: AuthUser,
  learnerId: string,
): Promise<SelectLearnerResponse> {
  const accountId = learnerAccount(user);
  const [target, holder] = await Promise.all([
    queries.learnerInAccount(deps.db, accountId, learnerId),
    queries.accountHolder(deps.db, accountId),
  ]);
  if (!target) throw notFound(LEARNER_NOT_FOUND_MESSAGE);
  if (!holder) throw unauthorized();
  const learner = await learnerWithAccount(deps.db, target.id);
  if (!learner) throw notFound(LEARNER_NOT_FOUND_MESSAGE);
  const token = await deps.jwt.sign({ sub: learner.id, tv: holder.tokenVersion });
  return { token, user: await sessionUser(deps.db, learner, deps.now()) };
}

async function checkPassword(deps: AppDeps, ip: string, accountId: string, password: string) {
  await limitOrThrow(
    deps,
    `pin-password:ip:${ip}`,
    30,
    5 * MINUTE,
    'Too many attempts. Please wait a few minutes and try again.',
  );
  await limitOrThrow(
    deps,
    `pin-password:account:${accountId}`,
    10,
    15 * MINUTE,
    'Too many attempts for this account. Please wait 15 minutes and try again.',
  );
  const holder = await queries.accountHolder(deps.db, accountId);
  if (!holder?.passwordHash) throw unauthorized();
  // 403, not 401: the session is fine, only this confirmation failed (a 401 signs the browser out).
  if (!(await verifyPassword(holder.passwordHash, password))) throw forbidden(PASSWORD_WRONG_MESSAGE);
  return holder;
}

/** Sets, changes or (`pin: null`) removes the PIN; the account's password confirms it. */
export async function setPin(
  deps: AppDeps,
  user: AuthUser,
  ip: string,
  input: { password: string; pin: string | null },
): Promise<{ message: string }> {
  const accountId = learnerAccount(user);
  await checkPassword(deps, ip, accountId, input.password);
  const pinHash = input.pin === null ? null : await hashPassword(input.pin);
  await queries.setPin(deps.db, accountId, pinHash, deps.now());
  return { message: input.pin === null ? PIN_REMOVED_MESSAGE : PIN_SAVED_MESSAGE };
}

/**
 * Checks the PIN and answers a proof for the guarded actions. Each try is counted before it is
 * checked (so tries at once cannot exceed the limit); the fifth wrong one locks the PIN until it
 * is reset by e-mail.
 */
export async function verifyPin(deps: AppDeps, user: AuthUser, pin: string): Promise<VerifyPinResponse> {
  const accountId = learnerAccount(user);
  const attempt = await queries.takePinTry(deps.db, accountId);
  if (!attempt) {
    const holder = await queries.accountHolder(deps.db, accountId);
    if (!holder) throw unauthorized();
    if (holder.pinHash === null) throw conflict(PIN_NOT_SET_MESSAGE);
    throw new HttpError(423, PIN_LOCKED_MESSAGE, undefined, FAMILY_ERROR_CODES.pinLocked);
  }
  if (!(await verifyPassword(attempt.pinHash, pin))) {
    if (attempt.pinFailures >= PARENT_PIN_MAX_TRIES) {
      throw new HttpError(423, PIN_LOCKED_MESSAGE, undefined, FAMILY_ERROR_CODES.pinLocked);
    }
    throw forbidden(PIN_WRONG_MESSAGE, FAMILY_ERROR_CODES.pinWrong);
  }
  await queries.clearPinTries(deps.db, accountId, attempt.pinVersion);
  const { token, expiresAt } = await signPinProof(deps, accountId, attempt.pinVersion);
  return { pinToken: token, expiresAt: expiresAt.toISOString() };
}

/** E-mails the account a link that removes the PIN (the mailbox proves the parent). */
export async function requestPinReset(
  deps: AppDeps,
  user: AuthUser,
  ip: string,
): Promise<{ message: string }> {
  const accountId = learnerAccount(user);
  await limitOrThrow(
    deps,
    `pin-reset:ip:${ip}`,
    10,
    15 * MINUTE,
    'Too many requests. Please wait a few minutes and try again.',
  );
  await limitOrThrow(
    deps,
    `pin-reset:account:${accountId}`,
    3,
    60 * MINUTE,
    'Too many requests. Please wait an hour and try again.',
  );
  const holder = await queries.accountHolder(deps.db, accountId);
  if (!holder?.email) throw unauthorized();
  if (holder.pinHash === null) throw conflict(PIN_NOT_SET_MESSAGE);
  const now = deps.now();
  const { token, hash } = newEmailToken();
  await queries.insertPinResetToken(deps.db, {
    userId: accountId,
    tokenHash: hash,
    expiresAt: new Date(now.getTime() + PIN_RESET_TTL_MS),
  });
  await deps.mailer.send(
    pinResetMail(
      holder.email,
      holder.firstName,
      `${deps.config.appUrl}/pin/reset?token=${token}`,
      holder.language,
    ),
  );
  return { message: PIN_RESET_SENT_MESSAGE };
}

/** The e-mailed link: removes the PIN once; public, as the password reset link is. */
export async function confirmPinReset(
  deps: AppDeps,
  ip: string,
  token: string,
): Promise<{ message: string }> {
  await limitOrThrow(
    deps,
    `pin-reset-confirm:ip:${ip}`,
    20,
    15 * MINUTE,
    'Too many requests. Please wait a few minutes and try again.',
  );
  const now = deps.now();
  const done = await deps.db.transaction(async (tx) => {
    const accountId = await queries.consumePinResetToken(tx, hashToken(token), now);
    if (!accountId) return false;
    await queries.setPin(tx, accountId, null, now);
    return true;
  });
  if (!done) throw new HttpError(400, PIN_RESET_FAILED_MESSAGE);
  return { message: PIN_RESET_DONE_MESSAGE };
}

export async function setDigest(
  deps: AppDeps,
  user: AuthUser,
  weeklyDigest: boolean,
): Promise<{ message: string }> {
  await queries.setWeeklyDigest(deps.db, learnerAccount(user), weeklyDigest, deps.now());
  return { message: DIGEST_SAVED_MESSAGE };
}
