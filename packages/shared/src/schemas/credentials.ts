import { z } from 'zod';
import { CertificateViewQuery } from './certification.ts';

/**
 * Payloads of the verifiable credentials (issue 21, decision 037): every level certificate is
 * also an Open Badges 3.0 credential, signed as a VC-JWT, downloaded, verified and revoked here.
 */

/** The media type of a downloaded credential and of a status list: a compact JWS (VC-JOSE-COSE). */
export const CREDENTIAL_MEDIA_TYPE = 'application/vc+jwt';

/** The longest credential the verifier reads: 64 KB (a QuizQuest credential is about 3 KB). */
export const CREDENTIAL_MAX_LENGTH = 64 * 1024;

/** The download's file name: `quizquest-level-3-credential.jwt`. */
export function credentialFileName(level: number): string {
  return `quizquest-level-${level}-credential.jwt`;
}

/**
 * GET /api/certification/credential?level={n}&includeName=true: a level id, 1 to 10, and whether
 * the learner's name goes into the credential (off unless asked; the parent PIN guards it).
 */
export const CredentialDownloadQuery = CertificateViewQuery.extend({
  includeName: z
    .enum(['true', 'false'], { error: 'includeName is true or false' })
    .optional()
    .transform((value) => value === 'true'),
});
export type CredentialDownloadQuery = z.input<typeof CredentialDownloadQuery>;

export const CREDENTIAL_VERIFY_BODY_MESSAGE = 'Send a credential or a certificate code.';
export const CREDENTIAL_TOO_LARGE_MESSAGE = 'The credential is too large (at most 64 KB).';

/**
 * POST /api/credentials/verify, public: a credential (the compact JWS as downloaded) or a
 * certificate's code, exactly one of them.
 */
export const VerifyCredentialRequest = z
  .object({
    credential: z
      .string({ error: CREDENTIAL_VERIFY_BODY_MESSAGE })
      .trim()
      .min(1, CREDENTIAL_VERIFY_BODY_MESSAGE)
      .max(CREDENTIAL_MAX_LENGTH, CREDENTIAL_TOO_LARGE_MESSAGE)
      .optional(),
    code: z
      .string({ error: CREDENTIAL_VERIFY_BODY_MESSAGE })
      .trim()
      .min(1, CREDENTIAL_VERIFY_BODY_MESSAGE)
      .max(64, CREDENTIAL_VERIFY_BODY_MESSAGE)
      .optional(),
  })
  .refine((body) => (body.credential === undefined) !== (body.code === undefined), {
    message: CREDENTIAL_VERIFY_BODY_MESSAGE,
  });
export type VerifyCredentialRequest = z.input<typeof VerifyCredentialRequest>;

export const CREDENTIAL_STATUSES = ['valid', 'revoked', 'invalid', 'expired'] as const;
export type CredentialStatus = (typeof CREDENTIAL_STATUSES)[number];

/**
 * The verifier's answer. Only `status` and `message` always come; the details come when the
 * credential (or code) is QuizQuest's own: never the learner's e-mail, and a name only when the
 * credential carries one (or the code's first name, as the public certificate check shows it).
 */
export const VerifyCredentialResponse = z.object({
  status: z.enum(CREDENTIAL_STATUSES),
  message: z.string(),
  /** The certificate's public code. */
  code: z.string().optional(),
  level: z.number().int().min(1).max(10).optional(),
  /** The achievement's name, 'QuizQuest Level 3: …'. */
  achievement: z.string().optional(),
  /** ISO time the certificate was issued (the credential's validFrom). */
  issuedAt: z.string().optional(),
  revokedAt: z.string().nullable().optional(),
  revocationReason: z.string().nullable().optional(),
  /** The `kid` of the key that signed the credential. */
  keyId: z.string().optional(),
  name: z.string().nullable().optional(),
});
export type VerifyCredentialResponse = z.infer<typeof VerifyCredentialResponse>;

export const REVOCATION_REASON_MESSAGE = 'The reason must be 3 to 500 characters.';

/** POST /api/admin/certificates/{code}/revoke. */
export const RevokeCertificateRequest = z.object({
  reason: z
    .string({ error: REVOCATION_REASON_MESSAGE })
    .trim()
    .min(3, REVOCATION_REASON_MESSAGE)
    .max(500, REVOCATION_REASON_MESSAGE),
});
export type RevokeCertificateRequest = z.input<typeof RevokeCertificateRequest>;

export const RevokeCertificateResponse = z.object({
  code: z.string(),
  /** ISO time of the revocation. */
  revokedAt: z.string(),
  reason: z.string(),
});
export type RevokeCertificateResponse = z.infer<typeof RevokeCertificateResponse>;

/** A learner's certificate as the admin's learner detail lists it (`certificates`). */
export const AdminLearnerCertificate = z.object({
  code: z.string(),
  level: z.number().int().min(1).max(10),
  issuedAt: z.string(),
  revokedAt: z.string().nullable(),
  revocationReason: z.string().nullable(),
});
export type AdminLearnerCertificate = z.infer<typeof AdminLearnerCertificate>;

/** GET /api/credentials/achievements/{level}. */
export const AchievementParams = z.object({ level: z.string() });

/** GET /api/credentials/status/{listId}. */
export const StatusListParams = z.object({ listId: z.string() });
