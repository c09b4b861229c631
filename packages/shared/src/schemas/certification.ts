import { z } from 'zod';

/**
 * Payloads of the certification API (spec §3 Progress data, Certification record; §7
 * /certification/* and /api/certificates/*). The server builds them, the web reads them: both
 * import these schemas so the contract lives in one place.
 */

/** A sub-level certification (spec §3 Certification record): certId is a sub-level id, 'L1-C3'. */
export const CertificationRecord = z.object({
  certId: z.string(),
  level: z.number().int().min(1).max(10),
  completed: z.boolean(),
  /** ISO time it was earned. */
  earnedAt: z.string(),
});
export type CertificationRecord = z.infer<typeof CertificationRecord>;

/** GET /certification/progress: the level the learner is climbing now (spec §3 Progress data). */
export const CertificationProgress = z.object({
  /** 1-based level id the learner is on: the lowest level not yet complete (10 when all are). */
  currentLevel: z.number().int().min(1).max(10),
  /** 'Level N' of currentLevel. */
  levelName: z.string(),
  certificationsCompletedInLevel: z.number().int().min(0),
  totalRequired: z.number().int().min(1),
  /** The learner's certifications in currentLevel. */
  certifications: z.array(CertificationRecord),
  /** The quiz of the next sub-level to earn in currentLevel; null when the level is complete or has no published quiz. */
  nextQuiz: z.object({ _id: z.string(), subLevel: z.string(), title: z.string() }).nullable(),
  /** Highest level the learner's plan permits (0 on the free plan). */
  allowedLevel: z.number().int().min(0).max(10),
  /** Why the current level is locked, when it is. */
  subscription_message: z.string().optional(),
  /** Certifications earned in total, over every level. */
  completedQuizzes: z.number().int().min(0),
  /** Level ids whose ten sub-levels are all earned. */
  completedLevels: z.array(z.number().int().min(1).max(10)),
});
export type CertificationProgress = z.infer<typeof CertificationProgress>;

/** GET /certification/my-certifications: every certification earned, oldest first. */
export const MyCertificationsResponse = z.object({
  certifications: z.array(CertificationRecord),
  completedLevels: z.array(z.number().int().min(1).max(10)),
});
export type MyCertificationsResponse = z.infer<typeof MyCertificationsResponse>;

/** GET /api/certificates/verify/{code}: public, shows only what a verifier needs. */
export const CertificateVerification = z.object({
  valid: z.literal(true),
  code: z.string(),
  firstName: z.string(),
  level: z.number().int().min(1).max(10),
  levelName: z.string(),
  /** ISO date the certificate was issued. */
  issuedAt: z.string(),
  /** ISO time an admin revoked the certificate (decision 037); null while it stands. */
  revokedAt: z.string().nullable(),
  /** Why it was revoked; null while it stands. */
  revocationReason: z.string().nullable(),
});
export type CertificateVerification = z.infer<typeof CertificateVerification>;

export const CERTIFICATE_CODE_PATTERN = /^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/;

/** GET /certification/view?level={n}: a level id, 1 to 10. */
export const CertificateViewQuery = z.object({
  level: z.coerce
    .number({ error: 'level is a number from 1 to 10' })
    .int('level is a number from 1 to 10')
    .min(1, 'level is a number from 1 to 10')
    .max(10, 'level is a number from 1 to 10'),
});
export type CertificateViewQuery = z.input<typeof CertificateViewQuery>;

/** GET /api/certificates/verify/{code}: checked against CERTIFICATE_CODE_PATTERN by the service (a bad one is a 404). */
export const CertificateCodeParams = z.object({ code: z.string() });
