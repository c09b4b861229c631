import { z } from 'zod';
import { GRADE_VALUES } from '../catalogue/grades.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.ts';
import { LanguageField } from '../i18n/language.ts';

const trimmed = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const Email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email({ error: 'Enter a valid email address' }))
  .transform((email) => email.toLowerCase());

export const NewPassword = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const GradeValue = z.enum(GRADE_VALUES, { error: 'Choose a grade from the list' });

export const SignupRequest = z.object({
  first_name: trimmed('First name', 60),
  last_name: trimmed('Last name', 60),
  email: Email,
  password: NewPassword,
  grade: GradeValue,
  consent: z.literal(true, { error: 'A parent or guardian must agree to the privacy notice' }),
  /** Beside the spec's fields (decision 034): the language chosen on the sign-up page; absent: English. */
  language: LanguageField.optional(),
});
export type SignupRequest = z.input<typeof SignupRequest>;

export const LoginRequest = z.object({
  email: Email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024),
});
export type LoginRequest = z.input<typeof LoginRequest>;

const Token = z
  .string({ error: 'Token is required' })
  .min(16, 'The token is invalid or expired')
  .max(256, 'The token is invalid or expired');

export const VerifyEmailRequest = z.object({ token: Token });
export const ForgotPasswordRequest = z.object({ email: Email });
export const ResetPasswordRequest = z.object({ token: Token, password: NewPassword });

/**
 * An answer with a message. `code`, beside the spec's `message` (decision 034), names the
 * condition for a client that acts on it, in whatever language the message is written.
 */
export const MessageResponse = z.object({ message: z.string(), code: z.string().optional() });

/** The conditions a client acts on (see MessageResponse's `code`). */
export const ERROR_CODES = {
  /** 403: the learner has used every attempt of this quiz. */
  attemptLimit: 'attempt-limit',
  /** 409: no pending draw to score: already submitted, or the quiz was not opened. */
  noPendingDraw: 'no-pending-draw',
} as const;

export const Role = z.enum(['learner', 'admin']);
export type Role = z.infer<typeof Role>;

/** The user kept in the browser (spec §3 User). */
export const SessionUser = z.object({
  _id: z.string(),
  email: z.string(),
  role: Role,
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  isVerified: z.boolean(),
  completedQuizzes: z.number().int(),
  grade: z.string(),
  subscription: z.string(),
  /** Beside the spec's fields (decision 034): the learner's language. Sessions stored before it lack it. */
  language: LanguageField.optional(),
});
export type SessionUser = z.infer<typeof SessionUser>;

export const LoginResponse = z.object({ token: z.string(), user: SessionUser });
export type LoginResponse = z.infer<typeof LoginResponse>;

export const QuizLimits = z.object({
  maxQuizzes: z.number().int().nullable(),
  maxAttemptsPerQuiz: z.number().int(),
});

export const MeResponse = SessionUser.extend({
  subscription: z.string(),
  subscriptionEndsAt: z.string().nullable(),
  quizLimits: QuizLimits,
  allowedLevel: z.number().int(),
});
export type MeResponse = z.infer<typeof MeResponse>;

export const GradeSchema = z.object({ _id: z.string(), value: z.string(), label: z.string() });
export const GradesResponse = z.array(GradeSchema);
