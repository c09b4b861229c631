import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { badRequest } from './http-error.ts';
import { serverPath } from './package-root.ts';
import { createWorkQueue } from './work-queue.ts';

// OWASP's argon2id parameters: m = 19 MiB, t = 2, p = 1.
const ARGON2_OPTIONS = {
  algorithm: 2 /* Argon2id */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

const commonPasswords = new Set(
  readFileSync(serverPath('src', 'lib', 'common-passwords.txt'), 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#')),
);

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose a less predictable one.';
export const BLANK_PASSWORD_MESSAGE = 'The password cannot be only spaces.';
export const REPETITIVE_PASSWORD_MESSAGE = 'The password needs at least 4 different characters.';
export const PERSONAL_PASSWORD_MESSAGE =
  'The password must not contain your name, your e-mail address or the word QuizQuest.';

/** Words of the account and of the site that a password must not contain (ASVS 6.2.11). */
export interface PasswordContext {
  email?: string;
  names?: string[];
}

const squash = (text: string) => text.toLowerCase().replace(/\s+/g, '');

/**
 * Why a new password is refused, or null when it is acceptable (decision 021): only white space,
 * a common password, fewer than 4 different characters, or a word of the account or the site:
 * the e-mail address, the person's names or 'QuizQuest' inside it (names of 4 characters or more:
 * a short name would forbid too many passwords, and alone it is shorter than the minimum), or the
 * e-mail's part before @ as the whole password. Case and spaces are ignored.
 */
export function passwordProblem(password: string, context: PasswordContext = {}): string | null {
  if (password.trim() === '') return BLANK_PASSWORD_MESSAGE;
  if (isCommonPassword(password)) return COMMON_PASSWORD_MESSAGE;
  if (new Set(password).size < 4) return REPETITIVE_PASSWORD_MESSAGE;
  const squashed = squash(password);
  const email = squash(context.email ?? '');
  const localPart = email.split('@')[0] ?? '';
  const inside = [
    email,
    'quizquest',
    ...(context.names ?? []).map(squash).filter((name) => name.length >= 4),
  ];
  if (
    (localPart !== '' && squashed === localPart) ||
    inside.some((word) => word !== '' && squashed.includes(word))
  ) {
    return PERSONAL_PASSWORD_MESSAGE;
  }
  return null;
}

/** 400 with the reason on the password field when the new password is refused. */
export function assertAcceptablePassword(password: string, context: PasswordContext): void {
  const problem = passwordProblem(password, context);
  if (problem) throw badRequest(problem, { password: problem });
}

/**
 * Every argon2 run goes through one queue: as many at once as the machine has cores, 32 per core
 * waiting, then 503 (decision 021). Unbounded, 300 concurrent requests each held 19 MiB and a
 * thread, and every other request waited behind them.
 */
const cores = availableParallelism();
export const passwordWork = createWorkQueue({ concurrency: cores, maxQueued: 32 * cores });

export function hashPassword(password: string): Promise<string> {
  return passwordWork.run(() => hash(password, ARGON2_OPTIONS));
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return passwordWork.run(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}

/**
 * A hash to verify against when the account does not exist, so both paths cost the same: the
 * argon2id hash, with the same parameters, of a random string nobody kept.
 */
export const DUMMY_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$sT7/KCLef/FkTnKfrLo2pA$ctrf0GAw1tL4o5/ezdaWp4ErNLMUWJZNsqTgj66w4ZU';
