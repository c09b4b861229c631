import {
  CONSENT_TEXT,
  DEFAULT_LANGUAGE,
  type Language,
  RESET_TOKEN_TTL_MS,
  VERIFY_TOKEN_TTL_MS,
} from '@quizquest/shared';
import type { AppDeps } from '../../deps.ts';
import { sessionUser } from '../../entitlements/session-user.ts';
import { badRequest, HttpError, tooManyRequests, unauthorized } from '../../lib/http-error.ts';
import { limitOrThrow } from '../../lib/rate-limiter.ts';
import { hashToken, newEmailToken } from '../../lib/tokens.ts';
import { alreadyRegisteredMail, resetMail, verificationMail } from './mails.ts';
import {
  assertAcceptablePassword,
  DUMMY_PASSWORD_HASH,
  hashPassword,
  verifyPassword,
} from '../../lib/passwords.ts';
import * as queries from './queries.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const LOGIN_FAILED_MESSAGE = 'Invalid email or password';
export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for this email, a password reset link has been sent.';
export const VERIFY_FAILED_MESSAGE = 'Verification failed. The token may be invalid or expired.';
export const RESET_FAILED_MESSAGE = 'This reset link is invalid or has expired. Please ask for a new one.';
export const LOGIN_ADDRESS_MESSAGE = 'Too many login attempts. Please wait a few minutes and try again.';

/**
 * The login throttle (decision 021, ASVS 6.3 / NIST SP 800-63B §5.2.2): it slows the address that
 * guesses, never the account. Every limit is multiplied by RATE_LIMIT_FACTOR.
 */
export const LOGIN_LIMITS = {
  /** Login requests per address, successful or not. */
  perAddress: { points: 30, windowMs: 5 * MINUTE },
  /** Failed logins per address over every account. */
  failuresPerAddress: { points: 100, windowMs: 24 * HOUR },
  /** Failures of one account from one address before each further failure blocks the pair. */
  freeFailuresPerPair: 5,
  /** The first block; each further failure doubles it, up to the longest. */
  firstBlockMs: MINUTE,
  longestBlockMs: HOUR,
  /** A pair's failures are forgotten a day after the first (or at a successful login). */
  pairWindowMs: 24 * HOUR,
} as const;

export const RESET_LIMIT = { points: 20, windowMs: 15 * MINUTE };

const scaled = (deps: AppDeps, points: number) => Math.ceil(points * deps.rateLimitFactor);

const minutesText = (ms: number) => {
  const minutes = Math.max(1, Math.ceil(ms / MINUTE));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
};

/**
 * Sign-up answers the same, after the same work, whether or not the e-mail has an account (decision
 * 001): the limits, the password rules and one argon2 hash on the response path; the look-up, the
 * insert and the mail after it (decision 021).
 */
export async function signup(
  deps: AppDeps,
  ip: string,
  input: {
    first_name: string;
    last_name: string;
    email: string;
    password: string;
    grade: string;
    language?: Language | undefined;
  },
) {
  const { perAddress, perEmail } = deps.config.signupLimits;
  await limitOrThrow(
    deps,
    `signup:ip:${ip}`,
    perAddress,
    HOUR,
    'Too many sign-ups from this network. Please try again later.',
  );
  await limitOrThrow(
    deps,
    `signup:email:${input.email}`,
    perEmail,
    HOUR,
    'Too many sign-ups with this e-mail address. Please check your inbox or try again later.',
  );
  assertAcceptablePassword(input.password, {
    email: input.email,
    names: [input.first_name, input.last_name],
  });
  const passwordHash = await hashPassword(input.password);
  const now = deps.now();
  deps.backgroundWork.run('sign-up', () => completeSignup(deps, input, passwordHash, now));
}

async function completeSignup(
  deps: AppDeps,
  input: {
    first_name: string;
    last_name: string;
    email: string;
    grade: string;
    language?: Language | undefined;
  },
  passwordHash: string,
  now: Date,
) {
  const existing = await queries.findUserByEmail(deps.db, input.email);
  if (existing) {
    // Same answer as a new sign-up, so the form cannot be used to find out who has an account.
    await deps.mailer.send(
      alreadyRegisteredMail(
        existing.email,
        existing.firstName,
        `${deps.config.appUrl}/login`,
        existing.language,
      ),
    );
    return;
  }
  const { token, hash } = newEmailToken();
  const created = await deps.db.transaction(async (tx) => {
    const user = await queries.insertUser(tx, {
      email: input.email,
      passwordHash,
      firstName: input.first_name,
      lastName: input.last_name,
      grade: input.grade,
      language: input.language ?? DEFAULT_LANGUAGE,
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
    verificationMail(
      created.email,
      created.firstName,
      `${deps.config.appUrl}/verify-email?token=${token}`,
      created.language,
    ),
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

/**
 * Login, throttled per address and per account-and-address pair (decision 021): an attacker's
 * address slows down, the owner from any other address, or after a password reset, gets in.
 */
export async function login(deps: AppDeps, ip: string, input: { email: string; password: string }) {
  const limits = LOGIN_LIMITS;
  await limitOrThrow(
    deps,
    `login:ip:${ip}`,
    limits.perAddress.points,
    limits.perAddress.windowMs,
    LOGIN_ADDRESS_MESSAGE,
  );
  const addressFailures = deps.rateLimiter.counter(
    'login-failures-by-address',
    scaled(deps, limits.failuresPerAddress.points),
    limits.failuresPerAddress.windowMs,
  );
  const addressKey = ip;
  if ((await addressFailures.count(addressKey)) >= scaled(deps, limits.failuresPerAddress.points)) {
    throw tooManyRequests('Too many failed logins from this network. Please try again tomorrow.');
  }

  const user = await queries.findUserByEmail(deps.db, input.email);
  // The account's token version is part of the pair: a password reset starts it afresh.
  const pairKey = `${input.email}:${user?.tokenVersion ?? 0}:${ip}`;
  const pairFailures = deps.rateLimiter.counter(
    'login-failures-by-pair',
    scaled(deps, limits.freeFailuresPerPair),
    limits.pairWindowMs,
  );
  const pairBlock = deps.rateLimiter.counter('login-block-by-pair', 1, limits.longestBlockMs);
  const blockedMs = await pairBlock.blockedMs(pairKey);
  if (blockedMs > 0) {
    throw tooManyRequests(
      `Too many failed logins for this account from your network. Please wait ${minutesText(blockedMs)} and try again, or reset your password.`,
    );
  }

  const valid = await verifyPassword(user?.passwordHash ?? DUMMY_PASSWORD_HASH, input.password);
  if (!user || !valid) {
    await addressFailures.add(addressKey);
    const failures = await pairFailures.add(pairKey);
    const beyond = failures - scaled(deps, limits.freeFailuresPerPair);
    if (beyond >= 0) {
      await pairBlock.block(
        pairKey,
        Math.min(limits.longestBlockMs, limits.firstBlockMs * 2 ** Math.min(beyond, 20)),
      );
    }
    throw unauthorized(LOGIN_FAILED_MESSAGE);
  }
  await Promise.all([pairFailures.delete(pairKey), pairBlock.delete(pairKey)]);
  const token = await deps.jwt.sign({ sub: user.id, tv: user.tokenVersion });
  return { token, user: await sessionUser(deps.db, user, deps.now()) };
}

/**
 * The same work on the response path whether or not the e-mail has an account (the limits); the
 * look-up, the token and the mail after the response (decision 021).
 */
export async function forgotPassword(deps: AppDeps, ip: string, email: string) {
  await limitOrThrow(
    deps,
    `forgot:ip:${ip}`,
    10,
    15 * MINUTE,
    'Too many requests. Please wait a few minutes and try again.',
  );
  // Per address, quietly: the answer must not differ whether or not the account exists.
  if (!(await deps.rateLimiter.hit(`forgot:email:${email}`, scaled(deps, 3), HOUR))) return;
  const now = deps.now();
  deps.backgroundWork.run('forgot-password', () => sendResetLink(deps, email, now));
}

async function sendResetLink(deps: AppDeps, email: string, now: Date) {
  const user = await queries.findUserByEmail(deps.db, email);
  if (!user) return;
  const { token, hash } = newEmailToken();
  await queries.insertEmailToken(deps.db, {
    userId: user.id,
    purpose: 'reset',
    tokenHash: hash,
    expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
  });
  await deps.mailer.send(
    resetMail(
      user.email,
      user.firstName,
      `${deps.config.appUrl}/reset-password?token=${token}`,
      user.language,
    ),
  );
}

/**
 * Limited per address; the token is checked before any hashing, so fake tokens cost one indexed
 * read; the new password is checked against the account's own words; the token is consumed in
 * the same transaction that sets the password, so a link works once even when used twice at once.
 */
export async function resetPassword(deps: AppDeps, ip: string, input: { token: string; password: string }) {
  await limitOrThrow(
    deps,
    `reset:ip:${ip}`,
    RESET_LIMIT.points,
    RESET_LIMIT.windowMs,
    'Too many requests. Please wait a few minutes and try again.',
  );
  const now = deps.now();
  const tokenHash = hashToken(input.token);
  const owner = await queries.findLiveTokenOwner(deps.db, 'reset', tokenHash, now);
  if (!owner) throw new HttpError(400, RESET_FAILED_MESSAGE);
  assertAcceptablePassword(input.password, {
    email: owner.email,
    names: [owner.firstName, owner.lastName],
  });
  const passwordHash = await hashPassword(input.password);
  const done = await deps.db.transaction(async (tx) => {
    const userId = await queries.consumeEmailToken(tx, 'reset', tokenHash, now);
    if (!userId) return false;
    await queries.resetPassword(tx, userId, passwordHash, now);
    return true;
  });
  if (!done) throw new HttpError(400, RESET_FAILED_MESSAGE);
}
