import { z } from 'zod';
import { GENDERS } from './profile.ts';
import { ResultQuestion } from './quizzes.ts';

/**
 * The parent's data rights (DPDP Act 2023, COPPA; decision 013): a copy of everything stored about
 * the learner (GET /api/user/export) and the erasure of the account (POST /api/user/delete-account).
 */

export const DATA_EXPORT_FORMAT = 'quizquest-learner-data';
export const DATA_EXPORT_VERSION = 1;

/** The download's file name for a day (YYYY-MM-DD, UTC). */
export function dataExportFileName(day: string): string {
  return `quizquest-data-${day}.json`;
}

export const DELETE_ACCOUNT_WRONG_PASSWORD = 'The password is not correct. Nothing was deleted.';
export const DELETE_ACCOUNT_ADMIN_REFUSED =
  'An admin account cannot be deleted here. Only learner accounts can delete themselves.';
export const ACCOUNT_DELETED_MESSAGE = 'Your account and its personal data have been deleted.';

export const DeleteAccountRequest = z.object({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024),
});
export type DeleteAccountRequest = z.input<typeof DeleteAccountRequest>;

export const DataExportAttempt = z.object({
  id: z.string(),
  quizId: z.string(),
  /** The quiz's title as attempted. */
  quizTitle: z.string(),
  level: z.number().int(),
  subLevel: z.string().nullable(),
  /** Percentage with two decimals. */
  score: z.number(),
  correctCount: z.number().int(),
  totalQuestions: z.number().int(),
  /** The option chosen per question, in order. */
  answers: z.array(z.number().int()),
  /**
   * The questions as they were attempted, each answer marked; the correct answers as the result
   * page reveals them (a certification quiz still open to the learner keeps them hidden).
   */
  questions: z.array(ResultQuestion),
  submittedAt: z.string(),
});
export type DataExportAttempt = z.infer<typeof DataExportAttempt>;

/** GET /api/user/export: one JSON file a parent can keep or hand to another service. */
export const DataExportFile = z.object({
  format: z.literal(DATA_EXPORT_FORMAT),
  version: z.literal(DATA_EXPORT_VERSION),
  exportedAt: z.string(),
  account: z.object({
    id: z.string(),
    email: z.string(),
    role: z.enum(['learner', 'admin']),
    isVerified: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  profile: z.object({
    first_name: z.string(),
    last_name: z.string(),
    grade: z.string(),
    phone: z.string().nullable(),
    gender: z.enum(GENDERS).nullable(),
    dob: z.string().nullable(),
    /** The profile picture itself, as an image data string (data:image/…;base64,…), or null. */
    avatar: z.string().nullable(),
    /** The zone the learner's days count in (decision 030). */
    timeZone: z.string(),
    /** The language the learner reads (decision 034). */
    language: z.string(),
  }),
  consent: z.object({
    /** The words the parent agreed to at sign-up, and when; null for accounts made by an admin. */
    text: z.string().nullable(),
    givenAt: z.string().nullable(),
  }),
  /** Every plan the account has had, oldest first. */
  subscriptions: z.array(
    z.object({
      planId: z.string(),
      startsAt: z.string(),
      endsAt: z.string(),
      source: z.enum(['admin', 'webhook']),
      paymentReference: z.string().nullable(),
      cancelledAt: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  /** Every quiz attempt, oldest first. */
  attempts: z.array(DataExportAttempt),
  certifications: z.array(
    z.object({
      certId: z.string(),
      level: z.number().int(),
      attemptId: z.string().nullable(),
      earnedAt: z.string(),
    }),
  ),
  certificates: z.array(
    z.object({
      level: z.number().int(),
      code: z.string(),
      issuedAt: z.string(),
      verifyUrl: z.string(),
    }),
  ),
  /**
   * Each certificate as an Open Badges 3.0 credential (decision 037), signed at the export: a
   * VC-JWT without the learner's name, revoked ones included (their status list says so).
   */
  credentials: z.array(
    z.object({
      level: z.number().int(),
      code: z.string(),
      credential: z.string(),
    }),
  ),
  /** The review box (decision 032): practice questions answered wrong, their step and next due date. */
  reviewBox: z.array(
    z.object({
      questionId: z.string(),
      quizId: z.string(),
      questionText: z.string(),
      step: z.number().int(),
      dueAt: z.string(),
    }),
  ),
  /** Every answer given in a review session. */
  reviewAnswers: z.array(
    z.object({
      questionId: z.string(),
      quizId: z.string(),
      correct: z.boolean(),
      answeredAt: z.string(),
    }),
  ),
  /** The payment provider's messages about this account's payments, as received. */
  paymentEvents: z.array(
    z.object({
      providerEventId: z.string(),
      receivedAt: z.string(),
      payload: z.unknown(),
    }),
  ),
});
export type DataExportFile = z.infer<typeof DataExportFile>;
