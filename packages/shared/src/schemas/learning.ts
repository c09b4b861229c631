import { z } from 'zod';
import { MASTERY_LEVELS } from '../rules/mastery.ts';
import { isTimeZone } from '../rules/local-day.ts';

/**
 * The learner's streak, daily goal and mastery per category (issue 16, decision 030), and the
 * profile's time zone that their days are counted in. Added beside the spec's API.
 */

export const TIME_ZONE_MESSAGE = 'Choose a time zone from the list';

/**
 * An IANA zone name ('Asia/Kolkata', 'UTC', 'Etc/GMT+5') that this runtime knows. Offsets such as
 * '+05:30' are refused: PostgreSQL reads a bare offset with the opposite sign (POSIX), so the
 * days counted on the server would disagree with the screen.
 */
export function isTimeZoneName(value: string): boolean {
  return /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(value) && isTimeZone(value);
}

export const TimeZoneField = z
  .string({ error: TIME_ZONE_MESSAGE })
  .trim()
  .max(64, TIME_ZONE_MESSAGE)
  .refine(isTimeZoneName, TIME_ZONE_MESSAGE);

export const MasteryLevelValue = z.enum(MASTERY_LEVELS);

export const CategoryMastery = z.object({
  /** The quiz's category; practice quizzes without one are 'General'. */
  category: z.string(),
  level: MasteryLevelValue,
  /** Recent answers counted (at most the mastery window) and how many were right. */
  answered: z.number().int(),
  correct: z.number().int(),
});
export type CategoryMastery = z.infer<typeof CategoryMastery>;

/** GET /learning/summary (signed in): the learner's own days, goal and mastery. */
export const LearningSummaryResponse = z.object({
  timeZone: z.string(),
  /** The learner's local calendar day, YYYY-MM-DD. */
  today: z.string(),
  streak: z.object({ current: z.number().int(), goalMetToday: z.boolean() }),
  dailyGoal: z.object({ target: z.number().int(), done: z.number().int() }),
  mastery: z.array(CategoryMastery),
  /** Questions due in the review box now (decision 032). */
  reviewDue: z.number().int(),
});
export type LearningSummaryResponse = z.infer<typeof LearningSummaryResponse>;
