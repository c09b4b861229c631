import { z } from 'zod';
import { LanguageField } from '../i18n/language.ts';
import { PAID_PLAN_IDS } from '../catalogue/plans.ts';
import { GradeValue, QuizLimits } from './auth.ts';
import { EARLIEST_DATE, isCalendarDay, isDayInRange } from './dates.ts';
import { TimeZoneField } from './learning.ts';

/**
 * Payloads of the profile (spec §3 Profile, §7 /user/profile), the plans page and plan activation
 * (design.md §5). Optional profile fields are sent as '' or null to clear them.
 */

const requiredName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(60, `${label} must be at most 60 characters`);

/** '' and null both mean "no value". */
const blankToNull = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? null : value;

export const PHONE_MESSAGE = 'Enter a valid phone number (7 to 15 digits)';

/** A plausible phone number: digits with optional +, spaces, dashes, dots and brackets; 7–15 digits. */
export function isPlausiblePhone(value: string): boolean {
  if (!/^\+?[\d\s\-().]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15;
}

export const GENDERS = ['Male', 'Female'] as const;
export type Gender = (typeof GENDERS)[number];

export const DOB_MESSAGE = 'Enter a real date of birth (YYYY-MM-DD)';
export const DOB_PAST_MESSAGE = 'Date of birth must be in the past';
export const DOB_EARLIEST = EARLIEST_DATE;

/** A real calendar date written YYYY-MM-DD (no 2023-02-30), in the date range (not before 1900). */
export function isCalendarDate(value: string): boolean {
  return isCalendarDay(value) && isDayInRange(value);
}

/** True when the YYYY-MM-DD date is before `today` (UTC). */
export function isPastDate(value: string, today: Date): boolean {
  return value < today.toISOString().slice(0, 10);
}

export const ProfileUpdateRequest = z.object({
  first_name: requiredName('First name'),
  last_name: requiredName('Last name'),
  /** The account's e-mail; sent back as shown, it cannot be changed here. */
  email: z.string({ error: 'Email cannot be changed' }).max(254).nullish(),
  phone: z.preprocess(
    blankToNull,
    z
      .string({ error: PHONE_MESSAGE })
      .trim()
      .max(32, PHONE_MESSAGE)
      .refine(isPlausiblePhone, PHONE_MESSAGE)
      .nullish(),
  ),
  gender: z.preprocess(blankToNull, z.enum(GENDERS, { error: 'Choose Male or Female' }).nullish()),
  /** The first 10 characters are used (spec §3), so a full ISO timestamp is accepted too. */
  dob: z.preprocess(
    blankToNull,
    z
      .string({ error: DOB_MESSAGE })
      .max(40, DOB_MESSAGE)
      .transform((value) => value.trim().slice(0, 10))
      .refine(isCalendarDate, DOB_MESSAGE)
      .nullish(),
  ),
  /**
   * A new picture as an image data string, the current avatar URL to keep it, '' or null to
   * remove it; absent keeps it.
   */
  avatar: z
    .string({ error: 'The avatar must be an image' })
    .max(1_500_000, 'The avatar is too large')
    .nullish(),
  grade: GradeValue,
  /** Beside the spec's fields (decision 030): the zone the learner's days count in; absent keeps it. */
  timeZone: TimeZoneField.optional(),
});
export type ProfileUpdateRequest = z.input<typeof ProfileUpdateRequest>;

/** PUT /api/user/language (decision 034): the language switch of the profile and the sidebar. */
export const LanguageRequest = z.object({ language: LanguageField });
export type LanguageRequest = z.input<typeof LanguageRequest>;
export const LanguageResponse = z.object({ language: LanguageField });
export type LanguageResponse = z.infer<typeof LanguageResponse>;

/** A 400 answer: the first problem as message, and one message per field. */
export const FieldErrorsResponse = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});

export const ProfileResponse = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  dob: z.string().nullable(),
  /** The avatar's URL (/api/media/…), or null. */
  avatar: z.string().nullable(),
  grade: z.string(),
  subscription: z.string(),
  subscriptionEndsAt: z.string().nullable(),
  quizLimits: QuizLimits,
  allowedLevel: z.number().int(),
  /** Beside the spec's fields (decision 030): the learner's time zone, e.g. 'Asia/Kolkata'. */
  timeZone: z.string().optional(),
  /** Beside the spec's fields (decision 034): the language the learner reads. */
  language: LanguageField.optional(),
});
export type ProfileResponse = z.infer<typeof ProfileResponse>;

export const PlanWithLink = z.object({
  id: z.enum(PAID_PLAN_IDS),
  name: z.string(),
  price: z.string(),
  amount: z.number(),
  certification: z.number().int(),
  attempts: z.number().int(),
  maxQuizzes: z.number().int().nullable(),
  features: z.object({ socialMediaRecognition: z.boolean() }),
  /** The plan's external payment link, or null when payments are not set up. */
  payment_link: z.string().nullable(),
});
export type PlanWithLink = z.infer<typeof PlanWithLink>;

export const PlansResponse = z.object({
  plans: z.array(PlanWithLink),
  /** The messaging number for support and activation questions. */
  supportNumber: z.string(),
});
export type PlansResponse = z.infer<typeof PlansResponse>;

export const PlanPaymentParams = z.object({ planId: z.string().max(20) });

/**
 * GET /plans/{planId}/payment (signed in): how the learner pays for a plan (decision 020). The
 * payment link when one is configured; else the app's UPI QR code for the exact amount, with a
 * reference naming the learner and plan; else neither, and the page says to message support.
 */
export const PlanPaymentResponse = z.object({
  plan: PlanWithLink,
  /** `QQ-<learner code>-<PLAN>`: no e-mail, nothing secret. */
  reference: z.string(),
  upi: z
    .object({
      /** The `upi://pay` URI the QR code carries. */
      uri: z.string(),
      /** The QR code as an SVG data URL. */
      qrCode: z.string(),
      upiId: z.string(),
      payeeName: z.string(),
    })
    .nullable(),
  supportNumber: z.string(),
});
export type PlanPaymentResponse = z.infer<typeof PlanPaymentResponse>;

export const SUBSCRIPTION_ACTIONS = ['activate', 'extend', 'cancel'] as const;

/** Admin: activate a plan (365 days from now), extend the plan in force by 365 days, or cancel it. */
export const SubscriptionActionRequest = z
  .object({
    action: z.enum(SUBSCRIPTION_ACTIONS, { error: 'Choose activate, extend or cancel' }),
    planId: z.enum(PAID_PLAN_IDS, { error: 'Choose one of the four plans' }).optional(),
  })
  .refine((body) => body.action !== 'activate' || body.planId !== undefined, {
    path: ['planId'],
    message: 'Choose the plan to activate',
  });
export type SubscriptionActionRequest = z.input<typeof SubscriptionActionRequest>;

export const UserIdParams = z.object({ userId: z.string() });

export const SubscriptionStateResponse = z.object({
  message: z.string(),
  subscription: z.string(),
  subscriptionEndsAt: z.string().nullable(),
  quizLimits: QuizLimits,
  allowedLevel: z.number().int(),
});
export type SubscriptionStateResponse = z.infer<typeof SubscriptionStateResponse>;
