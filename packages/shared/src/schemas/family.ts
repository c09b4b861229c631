import { z } from 'zod';
import { CategoryMastery } from './learning.ts';
import { GradeValue, SessionUser } from './auth.ts';
import { DATA_EXPORT_VERSION, DataExportFile } from './data-rights.ts';

/**
 * Family accounts (issue 19, decision 035): one parent's account holds one to six learners. The
 * spec's routes keep acting on the active learner; these are added beside them.
 */

/** At most this many learners in one account. */
export const MAX_LEARNERS = 6;
export {
  PARENT_PIN_HEADER,
  PARENT_PIN_LENGTH,
  PARENT_PIN_MAX_TRIES,
  PARENT_PIN_PROOF_SECONDS,
} from '../catalogue/parent-pin.ts';

export const PIN_REQUIRED_MESSAGE = 'Enter the parent PIN to continue.';
export const PIN_WRONG_MESSAGE = 'That PIN is not correct.';
export const PIN_LOCKED_MESSAGE =
  'The parent PIN is locked after too many wrong tries. Reset it from the link we sent by e-mail.';
export const PIN_NOT_SET_MESSAGE = 'No parent PIN is set.';
export const LEARNER_LIMIT_MESSAGE = `An account can have at most ${MAX_LEARNERS} children.`;
export const LEARNER_NOT_FOUND_MESSAGE = 'Child not found';
export const LAST_LEARNER_REMOVAL_MESSAGE =
  'An account keeps at least one child. To remove this one, delete the account instead.';
export const REMOVE_LEARNER_WRONG_PASSWORD = 'The password is not correct. Nothing was removed.';
export const FAMILY_ADMIN_MESSAGE = 'Admin accounts have no children.';

/** The codes a client acts on, beside the message (as ERROR_CODES). */
export const FAMILY_ERROR_CODES = {
  /** 403: the action needs the parent PIN: ask for it, verify it, send the proof again. */
  pinRequired: 'pin-required',
  /** 403: a wrong PIN. */
  pinWrong: 'pin-wrong',
  /** 423: too many wrong PINs: reset by e-mail. */
  pinLocked: 'pin-locked',
} as const;

const name = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(60, `${label} must be at most 60 characters`);

/** One learner of the account, as the chooser, the sidebar and the profile show it. */
export const LearnerSummary = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  grade: z.string(),
  /** The avatar's URL, or null. */
  avatar: z.string().nullable(),
  /**
   * The learner whose row holds the account's sign-in (the first child). Removing that child
   * hands the sign-in to the next child (decision 035); the last child goes only with the account.
   */
  isAccountHolder: z.boolean(),
  /** The plan in force for this learner ('free' when none). */
  subscription: z.string(),
  subscriptionEndsAt: z.string().nullable(),
});
export type LearnerSummary = z.infer<typeof LearnerSummary>;

/** GET /api/learners */
export const LearnersResponse = z.object({
  learners: z.array(LearnerSummary),
  /** The learner the request's token acts on. */
  activeLearnerId: z.string(),
  maxLearners: z.number().int(),
  /** Whether the parent set a PIN (the guarded actions then ask for it). */
  pinSet: z.boolean(),
  /** Whether the parent asked for the weekly digest e-mail. */
  weeklyDigest: z.boolean(),
});
export type LearnersResponse = z.infer<typeof LearnersResponse>;

/** POST /api/learners */
export const AddLearnerRequest = z.object({
  first_name: name('First name'),
  last_name: name('Last name'),
  grade: GradeValue,
});
export type AddLearnerRequest = z.input<typeof AddLearnerRequest>;

/** DELETE /api/learners/{id} */
export const RemoveLearnerRequest = z.object({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024),
});
export type RemoveLearnerRequest = z.input<typeof RemoveLearnerRequest>;

export const LearnerIdParams = z.object({ id: z.uuid({ error: LEARNER_NOT_FOUND_MESSAGE }) });

/** POST /api/learners/{id}/select: the same answer as login, for that learner. */
export const SelectLearnerResponse = z.object({ token: z.string(), user: SessionUser });
export type SelectLearnerResponse = z.infer<typeof SelectLearnerResponse>;

export const ParentPin = z
  .string({ error: 'The PIN is four digits' })
  .regex(/^\d{4}$/, 'The PIN is four digits');

/** PUT /api/account/pin: set or change the PIN (`pin`), or remove it (`pin: null`); the password confirms. */
export const SetPinRequest = z.object({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024),
  pin: ParentPin.nullable(),
});
export type SetPinRequest = z.input<typeof SetPinRequest>;

/** POST /api/account/pin/verify */
export const VerifyPinRequest = z.object({ pin: ParentPin });
export type VerifyPinRequest = z.input<typeof VerifyPinRequest>;

/** The proof a guarded request carries in the `x-parent-pin` header until it expires. */
export const VerifyPinResponse = z.object({ pinToken: z.string(), expiresAt: z.string() });
export type VerifyPinResponse = z.infer<typeof VerifyPinResponse>;

/** POST /api/account/pin/reset-confirm: the link the PIN reset e-mail carried removes the PIN. */
export const ResetPinRequest = z.object({
  token: z
    .string({ error: 'Token is required' })
    .min(16, 'The token is invalid or expired')
    .max(256, 'The token is invalid or expired'),
});

/** PUT /api/account/digest */
export const DigestRequest = z.object({ weeklyDigest: z.boolean({ error: 'Choose on or off' }) });
export type DigestRequest = z.input<typeof DigestRequest>;

export const REPORT_DAYS = [7, 30] as const;

/** GET /api/reports/family?days=7|30 */
export const FamilyReportQuery = z.object({
  days: z.enum(['7', '30'], { error: 'Choose 7 or 30 days' }).default('7').transform(Number),
});

export const CategoryAccuracy = z.object({
  category: z.string(),
  answered: z.number().int(),
  correct: z.number().int(),
});
export type CategoryAccuracy = z.infer<typeof CategoryAccuracy>;

export const LearnerReport = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  grade: z.string(),
  /** Quizzes submitted in the window (practice, certification and review sessions are not quizzes). */
  quizzesFinished: z.number().int(),
  /** Minutes from opening to submitting each of those quizzes, each counted at most 30 minutes. */
  minutesSpent: z.number().int(),
  /** Questions answered and answered right in those quizzes, per category. */
  accuracy: z.array(CategoryAccuracy),
  /** Mastery per category now (the dashboard's). */
  mastery: z.array(CategoryMastery),
  /** Sub-levels earned in the window, and levels completed in all. */
  certificationsEarned: z.number().int(),
  levelsCompleted: z.number().int(),
  streak: z.object({ current: z.number().int() }),
});
export type LearnerReport = z.infer<typeof LearnerReport>;

export const FamilyReportResponse = z.object({
  days: z.number().int(),
  /** The window: from (inclusive) to (exclusive), ISO instants. */
  from: z.string(),
  to: z.string(),
  learners: z.array(LearnerReport),
});
export type FamilyReportResponse = z.infer<typeof FamilyReportResponse>;

export const ACCOUNT_EXPORT_FORMAT = 'quizquest-account-export';

/** GET /api/account/export: the whole account, one learner's export file per child. */
export const AccountExportFile = z.object({
  format: z.literal(ACCOUNT_EXPORT_FORMAT),
  version: z.literal(DATA_EXPORT_VERSION),
  exportedAt: z.string(),
  learners: z.array(DataExportFile),
});
export type AccountExportFile = z.infer<typeof AccountExportFile>;
