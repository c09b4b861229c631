import { CONSENT_TEXT, RESET_TOKEN_TTL_MS, VERIFY_TOKEN_TTL_MS } from '@quizquest/shared';
import type { AppDeps } from '../../deps.ts';
import { sessionUser } from '../../lib/account.ts';
import { badRequest, HttpError, tooManyRequests, unauthorized } from '../../lib/http-error.ts';
import { hashToken, newEmailToken } from '../../lib/tokens.ts';
import { alreadyRegisteredMail, resetMail, verificationMail } from './mails.ts';
import {
  COMMON_PASSWORD_MESSAGE,
  dummyPasswordHash,
  hashPassword,
  isCommonPassword,
  verifyPassword,
} from './passwords.ts';
import * as queries from './queries.ts';

const MINUTE = 60_000;
export const LOGIN_FAILED_MESSAGE = 'Invalid email or password';
export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for this email, a password reset link has been sent.';
export const VERIFY_FAILED_MESSAGE = 'Verification failed. The token may be invalid or expired.';
export const RESET_FAILED_MESSAGE = 'This reset link is invalid or has expired. Please ask for a new one.';

async function limit(deps: AppDeps, key: string, max: number, windowMs: number, message?: string) {
  const allowed = await deps.rateLimiter.hit(key, Math.ceil(max * deps.rateLimitFactor), windowMs);
  if (!allowed) throw tooManyRequests(message);
}

function rejectCommonPassword(password: string) {
  if (isCommonPassword(password))
    throw badRequest(COMMON_PASSWORD_MESSAGE, { password: COMMON_PASSWORD_MESSAGE });
}

export async function signup(
  deps: AppDeps,
  ip: string,
  input: { first_name: string; last_name: string; email: string; password: string; grade: string },
) {
  await limit(
    deps,
    `signup:ip:${ip}`,
    10,
    60 * MINUTE,
    'Too many sign-ups from this network. Please try again later.',
  );
  rejectCommonPassword(input.password);
  const now = deps.now();
  const existing = await queries.findUserByEmail(deps.db, input.email);
  if (existing) {
    // Same answer as a new sign-up, so the form cannot be used to find out who has an account.
    await deps.mailer.send(
      alreadyRegisteredMail(existing.email, existing.firstName, `${deps.config.appUrl}/login`),
    );
    return;
  }
  const passwordHash = await hashPassword(input.password);
  const { token, hash } = newEmailToken();
  const created = await deps.db.transaction(async (tx) => {
    const user = await queries.insertUser(tx, {
      email: input.email,
      passwordHash,
      firstName: input.first_name,
      lastName: input.last_name,
      grade: input.grade,
      consentAt: now,
      consentText: CONSENT_TEXT,
    });
    if (!user) return null; // a concurrent sign-up with the same e-mail won
    await queries.insertEmailToken(tx, {
      userId: user.id,
      purpose: 'verify',
      tokenHash: hash,
      expiresAt: new Date(now.getTime() + VERIFY_TOKEN_TTL_MS),
    });
    return user;
  });
  if (!created) return;
  await deps.mailer.send(
    verificationMail(created.email, created.firstName, `${deps.config.appUrl}/verify-email?token=${token}`),
  );
}

export async function verifyEmail(deps: AppDeps, token: string) {
  const now = deps.now();
  const verified = await deps.db.transaction(async (tx) => {
    const userId = await queries.consumeEmailToken(tx, 'verify', hashToken(token), now);
    if (userId) await queries.markVerified(tx, userId, now);
    return userId !== null;
  });
  if (!verified) throw badRequest(VERIFY_FAILED_MESSAGE);
}

export async function login(deps: AppDeps, ip: string, input: { email: string; password: string }) {
  await limit(
    deps,
    `login:ip:${ip}`,
    30,
    5 * MINUTE,
    'Too many login attempts. Please wait a few minutes and try again.',
  );
  const accountKey = `login:account:${input.email}`;
  await limit(
    deps,
    accountKey,
    10,
    15 * MINUTE,
    'Too many login attempts for this account. Please wait 15 minutes and try again.',
  );
  const user = await queries.findUserByEmail(deps.db, input.email);
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user || !valid) throw unauthorized(LOGIN_FAILED_MESSAGE);
  await deps.rateLimiter.reset(accountKey);
  const token = await deps.jwt.sign({ sub: user.id, tv: user.tokenVersion });
  return { token, user: await sessionUser(deps.db, user, deps.now()) };
}

export async function forgotPassword(deps: AppDeps, ip: string, email: string) {
  await limit(
    deps,
    `forgot:ip:${ip}`,
    10,
    15 * MINUTE,
    'Too many requests. Please wait a few minutes and try again.',
  );
  // Per address, quietly: the answer must not differ whether or not the account exists.
  if (
    !(await deps.rateLimiter.hit(`forgot:email:${email}`, Math.ceil(3 * deps.rateLimitFactor), 60 * MINUTE))
  )
    return;
  const user = await queries.findUserByEmail(deps.db, email);
  if (!user) return;
  const now = deps.now();
  const { token, hash } = newEmailToken();
  await queries.insertEmailToken(deps.db, {
    userId: user.id,
    purpose: 'reset',
    tokenHash: hash,
    expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
  });
  await deps.mailer.send(
    resetMail(user.email, user.firstName, `${deps.config.appUrl}/reset-password?token=${token}`),
  );
}

export async function resetPassword(deps: AppDeps, input: { token: string; password: string }) {
  rejectCommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const now = deps.now();
  const done = await deps.db.transaction(async (tx) => {
    const userId = await queries.consumeEmailToken(tx, 'reset', hashToken(input.token), now);
    if (!userId) return false;
    await queries.resetPassword(tx, userId, passwordHash, now);
    return true;
  });
  if (!done) throw new HttpError(400, RESET_FAILED_MESSAGE);
}
