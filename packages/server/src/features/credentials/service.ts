import {
  CERTIFICATE_CODE_PATTERN,
  findLevel,
  type RevokeCertificateResponse,
  type VerifyCredentialResponse,
} from '@quizquest/shared';
import { STATUS_LIST_SIZE } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import {
  certificateByCode,
  certificateOfCredential,
  newestStatusList,
  revocationAt,
  revokeCertificate,
  revokedIndexes,
  type Revocation,
} from '../../lib/credentials.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { achievement, checkCredential, issuerProfile, signStatusList } from '../../lib/open-badges.ts';
import { limitOrThrow } from '../../lib/rate-limiter.ts';
import * as queries from './queries.ts';

export const CREDENTIAL_VALID_MESSAGE =
  'This credential is valid: QuizQuest issued it and has not revoked it.';
export const CREDENTIAL_REVOKED_MESSAGE = 'This credential was revoked by QuizQuest.';
export const CREDENTIAL_EXPIRED_MESSAGE = 'This credential has expired.';
export const CREDENTIAL_INVALID_MESSAGE =
  'This credential is not valid: it was changed, or QuizQuest did not issue it.';
export const CODE_VALID_MESSAGE = 'This certificate is valid.';
export const CODE_REVOKED_MESSAGE = 'This certificate was revoked by QuizQuest.';
export const CODE_UNKNOWN_MESSAGE = 'No certificate has this code.';
export const CREDENTIAL_VERIFY_RATE_MESSAGE =
  'Too many credential checks. Please wait a minute and try again.';
export const ALREADY_REVOKED_MESSAGE = 'This certificate is already revoked.';
export const CERTIFICATE_NOT_FOUND_MESSAGE = 'Certificate not found';
export const ACHIEVEMENT_NOT_FOUND_MESSAGE = 'Achievement not found';
export const STATUS_LIST_NOT_FOUND_MESSAGE = 'Status list not found';
/** Public verifications per address per minute (times deps.rateLimitFactor). */
export const CREDENTIAL_VERIFICATIONS_PER_MINUTE = 60;

/** GET /.well-known/jwks.json. */
export function jwks(deps: AppDeps) {
  return deps.credentialKeys.jwks;
}

/** GET /api/credentials/issuer. */
export function issuer(deps: AppDeps) {
  return issuerProfile(deps.config.appUrl);
}

/** GET /api/credentials/achievements/{level}: levels 1 to 10, written as plain digits. */
export function levelAchievement(deps: AppDeps, rawLevel: string) {
  const found = /^(?:[1-9]|10)$/.test(rawLevel) ? achievement(deps.config.appUrl, Number(rawLevel)) : null;
  if (!found) throw notFound(ACHIEVEMENT_NOT_FOUND_MESSAGE);
  return found;
}

/** GET /api/credentials/status/{listId}: the signed list, for lists 1 to the newest. */
export async function statusList(deps: AppDeps, rawListId: string): Promise<string> {
  const listId = /^[1-9]\d{0,8}$/.test(rawListId) ? Number(rawListId) : 0;
  if (listId === 0 || listId > (await newestStatusList(deps.db)))
    throw notFound(STATUS_LIST_NOT_FOUND_MESSAGE);
  return signStatusList(deps.credentialKeys, {
    appUrl: deps.config.appUrl,
    listId,
    size: STATUS_LIST_SIZE,
    revoked: await revokedIndexes(deps.db, listId),
    now: deps.now(),
  });
}

const revocationFields = (revocation: Revocation | null) => ({
  revokedAt: revocation ? revocation.revokedAt.toISOString() : null,
  revocationReason: revocation ? revocation.reason : null,
});

async function verifyCode(deps: AppDeps, rawCode: string): Promise<VerifyCredentialResponse> {
  const code = rawCode.trim().toUpperCase();
  const row = CERTIFICATE_CODE_PATTERN.test(code) ? await certificateByCode(deps.db, code) : null;
  if (!row) return { status: 'invalid', message: CODE_UNKNOWN_MESSAGE };
  const revocation = row.revokedAt ? { revokedAt: row.revokedAt, reason: row.revocationReason ?? '' } : null;
  return {
    status: revocation ? 'revoked' : 'valid',
    message: revocation ? CODE_REVOKED_MESSAGE : CODE_VALID_MESSAGE,
    code: row.code,
    level: row.level,
    achievement: `QuizQuest ${findLevel(row.level)?.name ?? `Level ${row.level}`}`,
    issuedAt: row.issuedAt.toISOString(),
    ...revocationFields(revocation),
    name: row.firstName,
  };
}

async function verifyToken(deps: AppDeps, token: string): Promise<VerifyCredentialResponse> {
  const check = await checkCredential(deps.credentialKeys, deps.config.appUrl, token, deps.now());
  if (check.result === 'invalid') return { status: 'invalid', message: CREDENTIAL_INVALID_MESSAGE };
  const { claims } = check;
  const [revocation, issued] = await Promise.all([
    revocationAt(deps.db, claims.status.listId, claims.status.index),
    certificateOfCredential(deps.db, claims.credentialId),
  ]);
  const status = revocation ? 'revoked' : check.result === 'expired' ? 'expired' : 'valid';
  const messages = {
    revoked: CREDENTIAL_REVOKED_MESSAGE,
    expired: CREDENTIAL_EXPIRED_MESSAGE,
    valid: CREDENTIAL_VALID_MESSAGE,
  };
  const code = issued?.code ?? claims.code;
  return {
    status,
    message: messages[status],
    ...(code ? { code } : {}),
    level: claims.level,
    achievement: claims.achievement,
    issuedAt: claims.issuedAt,
    ...revocationFields(revocation),
    keyId: claims.keyId,
    name: claims.name,
  };
}

/**
 * POST /api/credentials/verify, public: a credential or a certificate code. Every verdict is a
 * 200 (`invalid` for anything that is not a QuizQuest credential); never the learner's e-mail.
 */
export async function verify(
  deps: AppDeps,
  ip: string,
  body: { credential?: string | undefined; code?: string | undefined },
): Promise<VerifyCredentialResponse> {
  await limitOrThrow(
    deps,
    `credential-verify:ip:${ip}`,
    CREDENTIAL_VERIFICATIONS_PER_MINUTE,
    60_000,
    CREDENTIAL_VERIFY_RATE_MESSAGE,
  );
  if (body.credential !== undefined) return verifyToken(deps, body.credential);
  return verifyCode(deps, body.code ?? '');
}

/** POST /api/admin/certificates/{code}/revoke: 404 unknown code, 409 already revoked. */
export async function revoke(
  deps: AppDeps,
  adminId: string,
  rawCode: string,
  reason: string,
): Promise<RevokeCertificateResponse> {
  const code = rawCode.trim().toUpperCase();
  if (!CERTIFICATE_CODE_PATTERN.test(code)) throw notFound(CERTIFICATE_NOT_FOUND_MESSAGE);
  return deps.db.transaction(async (tx) => {
    const certificate = await queries.lockCertificateByCode(tx, code);
    if (!certificate) throw notFound(CERTIFICATE_NOT_FOUND_MESSAGE);
    const revocation = await revokeCertificate(tx, {
      certificateId: certificate.id,
      reason,
      revokedBy: adminId,
      now: deps.now(),
    });
    if (!revocation) throw conflict(ALREADY_REVOKED_MESSAGE);
    return {
      code: certificate.code,
      revokedAt: revocation.revokedAt.toISOString(),
      reason: revocation.reason,
    };
  });
}
