import { randomInt } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import {
  CERTIFICATE_CODE_PATTERN,
  completedLevels,
  credentialFileName,
  currentLevel,
  findLevel,
  findPlan,
  findSubLevel,
  firstUnearnedSubLevel,
  isLevelFullyEarned,
  isLevelLocked,
  levelProgress,
  planLevelsMessage,
  type CertificateVerification,
  type CertificationProgress,
  type CertificationRecord,
  type MyCertificationsResponse,
} from '@quizquest/shared';
import type { DbOrTx, Tx } from '../../db/index.ts';
import type { AppDeps } from '../../deps.ts';
import {
  cachedCertifications,
  cachedPlanLimits,
  certificationRows,
  type CertificationRow,
} from '../../entitlements/account-state.ts';
import { requireParentPin } from '../../entitlements/parent-pin.ts';
import { certificateByCode, revocationOf, signCertificateCredential } from '../../lib/credentials.ts';
import { forbidden, notFound } from '../../lib/http-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { limitOrThrow } from '../../lib/rate-limiter.ts';
import { renderCertificatePdf } from './pdf.ts';
import * as queries from './queries.ts';

export const CERTIFICATE_NOT_FOUND_MESSAGE = 'Certificate not found';
export const NO_COMPLETED_LEVEL_MESSAGE =
  'You have not completed a level yet. Earn all 10 certifications of a level to download its certificate.';
export const VERIFY_RATE_MESSAGE = 'Too many certificate checks. Please wait a minute and try again.';
/** Public verifications per address per minute (times deps.rateLimitFactor). */
export const VERIFICATIONS_PER_MINUTE = 60;

export function levelNotCompleteMessage(level: number): string {
  return `Level ${level} is not complete yet. Earn all 10 certifications of Level ${level} to download its certificate.`;
}

/** What earning needs to know of a recorded attempt (the attempts feature's RecordedAttempt fits it). */
export interface ScoredAttempt {
  attemptId: string;
  userId: string;
  quiz: { level: number; subLevel: string | null; passScore: number };
  scoreHundredths: number;
  submittedAt: Date;
}

const toRecord = (row: { certId: string; level: number; earnedAt: Date }): CertificationRecord => ({
  certId: row.certId,
  level: row.level,
  completed: true,
  earnedAt: row.earnedAt.toISOString(),
});

/** Certifications of catalogue sub-levels only: a stray id would never complete anything. */
const ofCatalogue = (rows: CertificationRow[]) =>
  rows.filter((row) => findSubLevel(row.certId)?.level === row.level);

async function earnedRows(db: DbOrTx, userId: string) {
  return ofCatalogue(await certificationRows(db, userId));
}

/** The account cache's copy, for reads outside any transaction (decision 018). */
async function cachedEarnedRows(deps: AppDeps, userId: string) {
  return ofCatalogue(await cachedCertifications(deps, userId));
}

/** The first live quiz of a sub-level: quiz content, cached until a quiz changes. */
async function quizForSubLevel(deps: AppDeps, level: number, subLevel: string) {
  return deps.quizCache.list(JSON.stringify(['sub-level-quiz', level, subLevel]), () =>
    queries.quizForSubLevel(deps.db, level, subLevel),
  );
}

/** GET /certification/progress (spec §3 Progress data; design.md §5). */
export async function progress(deps: AppDeps, userId: string): Promise<CertificationProgress> {
  const now = deps.now();
  const [rows, { limits }] = await Promise.all([
    cachedEarnedRows(deps, userId),
    cachedPlanLimits(deps, userId, now),
  ]);
  const earned = new Set(rows.map((row) => row.certId));
  const level = currentLevel(earned);
  const { completed, required } = levelProgress(level, earned);
  const next = firstUnearnedSubLevel(level, earned);
  const nextQuiz = next ? await quizForSubLevel(deps, level, next.id) : null;
  const locked = isLevelLocked(limits.allowedLevel, level);
  return {
    currentLevel: level,
    levelName: findLevel(level)?.name ?? `Level ${level}`,
    certificationsCompletedInLevel: completed,
    totalRequired: required,
    certifications: rows.filter((row) => row.level === level).map(toRecord),
    nextQuiz: nextQuiz ? { _id: nextQuiz.id, subLevel: next?.id ?? '', title: nextQuiz.title } : null,
    allowedLevel: limits.allowedLevel,
    ...(locked
      ? { subscription_message: planLevelsMessage(findPlan(limits.planId).name, limits.allowedLevel) }
      : {}),
    completedQuizzes: rows.length,
    completedLevels: completedLevels(earned),
  };
}

/** GET /certification/my-certifications: everything earned, and the levels it completes. */
export async function myCertifications(deps: AppDeps, userId: string): Promise<MyCertificationsResponse> {
  const rows = await cachedEarnedRows(deps, userId);
  return {
    certifications: rows.map(toRecord),
    completedLevels: completedLevels(new Set(rows.map((row) => row.certId))),
  };
}

/** A fresh public code, 'K7QM-2XPD-9HTA': 60 random bits, without the look-alikes 0/O and 1/I. */
export function newCertificateCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const group = () => Array.from({ length: 4 }, () => alphabet[randomInt(alphabet.length)]).join('');
  return `${group()}-${group()}-${group()}`;
}

/**
 * The user's certificate of `level`, issued on first need and the same ever after. Concurrent
 * callers race on the unique (user, level) index and all read the one row that won.
 */
async function issueCertificate(db: DbOrTx, userId: string, level: number, now: Date) {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const existing = await queries.certificateOf(db, userId, level);
    if (existing) return existing;
    await queries.insertCertificate(db, { userId, level, code: newCertificateCode(), issuedAt: now });
  }
  throw new Error('could not issue a unique certificate code');
}

/**
 * The attempt-recorded hook (wired in app.ts): a certification quiz passed at or above its pass
 * score earns its sub-level, once. It runs inside the submit transaction with the user's row
 * locked, and the unique index makes a repeat a no-op, so concurrent passes earn exactly once.
 * The pass that completes a level also issues the level's certificate, dated that moment.
 */
export async function recordEarnedCertification(tx: Tx, attempt: ScoredAttempt): Promise<void> {
  const { quiz } = attempt;
  if (quiz.level < 1 || !quiz.subLevel) return;
  const subLevel = findSubLevel(quiz.subLevel);
  if (!subLevel || subLevel.level !== quiz.level) return;
  if (attempt.scoreHundredths < quiz.passScore * 100) return;
  const earned = await queries.insertCertification(tx, {
    userId: attempt.userId,
    certId: subLevel.id,
    level: subLevel.level,
    attemptId: attempt.attemptId,
    earnedAt: attempt.submittedAt,
  });
  if (!earned) return;
  const held = new Set((await earnedRows(tx, attempt.userId)).map((row) => row.certId));
  if (isLevelFullyEarned(subLevel.level, held)) {
    await issueCertificate(tx, attempt.userId, subLevel.level, attempt.submittedAt);
  }
}

/** GET /certification/view?level={n}: the certificate of a complete level; 403 otherwise. */
export async function levelCertificate(deps: AppDeps, userId: string, level: number) {
  const levelInfo = findLevel(level);
  const rows = await earnedRows(deps.db, userId);
  if (!levelInfo || !isLevelFullyEarned(level, new Set(rows.map((row) => row.certId)))) {
    throw forbidden(levelNotCompleteMessage(level));
  }
  const [name, certificate] = await Promise.all([
    queries.learnerName(deps.db, userId),
    issueCertificate(deps.db, userId, level, deps.now()),
  ]);
  if (!name) throw notFound('Account not found');
  const pdf = await renderCertificatePdf({
    learnerName: `${name.firstName} ${name.lastName}`.trim(),
    language: name.language,
    level: levelInfo,
    issuedAt: certificate.issuedAt,
    code: certificate.code,
    verifyUrl: `${deps.config.appUrl}/certificates/verify/${certificate.code}`,
  });
  return { pdf, fileName: `quizquest-level-${level}-certificate.pdf` };
}

/** GET /api/certificates/download: the certificate of the highest complete level. */
export async function highestCertificate(deps: AppDeps, userId: string) {
  const rows = await earnedRows(deps.db, userId);
  const highest = completedLevels(new Set(rows.map((row) => row.certId))).at(-1);
  if (highest === undefined) throw forbidden(NO_COMPLETED_LEVEL_MESSAGE);
  return levelCertificate(deps, userId, highest);
}

/** GET /api/certificates/verify/{code}, public: the first name, level and date, nothing more. */
export async function verifyCertificate(
  deps: AppDeps,
  ip: string,
  rawCode: string,
): Promise<CertificateVerification> {
  await limitOrThrow(
    deps,
    `certificate-verify:ip:${ip}`,
    VERIFICATIONS_PER_MINUTE,
    60_000,
    VERIFY_RATE_MESSAGE,
  );
  const code = rawCode.trim().toUpperCase();
  if (!CERTIFICATE_CODE_PATTERN.test(code)) throw notFound(CERTIFICATE_NOT_FOUND_MESSAGE);
  const row = await certificateByCode(deps.db, code);
  if (!row) throw notFound(CERTIFICATE_NOT_FOUND_MESSAGE);
  return {
    valid: true,
    code: row.code,
    firstName: row.firstName,
    level: row.level,
    levelName: findLevel(row.level)?.name ?? `Level ${row.level}`,
    issuedAt: row.issuedAt.toISOString(),
    revokedAt: row.revokedAt ? row.revokedAt.toISOString() : null,
    revocationReason: row.revokedAt ? row.revocationReason : null,
  };
}

export const CREDENTIAL_OF_REVOKED_MESSAGE =
  'This certificate was revoked, so its credential cannot be downloaded.';

/**
 * GET /certification/credential?level={n}: the level's certificate as a signed Open Badges 3.0
 * credential (decision 037), 403 until the level is complete or once the certificate is revoked.
 * The learner's name goes in only when asked, and then, on an account with a parent PIN, only with
 * a fresh proof of it (403 `pin-required`).
 */
export async function levelCredential(
  deps: AppDeps,
  user: AuthUser,
  query: { level: number; includeName: boolean },
  headers: IncomingHttpHeaders,
) {
  const { level } = query;
  const rows = await earnedRows(deps.db, user.id);
  if (!findLevel(level) || !isLevelFullyEarned(level, new Set(rows.map((row) => row.certId)))) {
    throw forbidden(levelNotCompleteMessage(level));
  }
  if (query.includeName) await requireParentPin(deps, user, headers);
  const [name, certificate] = await Promise.all([
    query.includeName ? queries.learnerName(deps.db, user.id) : null,
    issueCertificate(deps.db, user.id, level, deps.now()),
  ]);
  if (await revocationOf(deps.db, certificate.id)) throw forbidden(CREDENTIAL_OF_REVOKED_MESSAGE);
  const credential = await signCertificateCredential(
    deps,
    { id: certificate.id, level, code: certificate.code, issuedAt: certificate.issuedAt },
    { email: user.email, name: name ? `${name.firstName} ${name.lastName}`.trim() : null },
  );
  return { credential, fileName: credentialFileName(level) };
}
