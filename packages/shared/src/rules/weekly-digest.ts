import { addDays, DEFAULT_TIME_ZONE, localDay, startOfLocalDay } from './local-day.ts';

/**
 * The parent's weekly digest e-mail (decision 035): sent once an ISO week, from Monday 08:00 in
 * India, whichever instance of the app finds it due first (the job's run is claimed in the
 * database per period).
 */
export const WEEKLY_DIGEST_JOB = 'weekly-digest';
/** The local hour on Monday from which the week's digest is due. */
export const WEEKLY_DIGEST_HOUR = 8;
/** The days the digest reports on: the report's shorter window. */
export const WEEKLY_DIGEST_DAYS = 7;

/** Monday 0 … Sunday 6, of a calendar day 'YYYY-MM-DD'. */
function weekday(day: string): number {
  return (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/** The ISO 8601 week of a calendar day, as '2026-W48' (weeks start on Monday; week 1 holds a Thursday). */
export function isoWeek(day: string): string {
  const thursday = addDays(day, 3 - weekday(day));
  const year = thursday.slice(0, 4);
  const week =
    Math.floor(
      (Date.parse(`${thursday}T00:00:00Z`) - Date.parse(`${year}-01-01T00:00:00Z`)) / (7 * 86_400_000),
    ) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/**
 * The week whose digest is due at `now`: the current ISO week (in `timeZone`) once its Monday
 * WEEKLY_DIGEST_HOUR:00 there has passed; null from Monday 00:00 until then.
 */
export function weeklyDigestPeriod(now: Date, timeZone: string = DEFAULT_TIME_ZONE): string | null {
  const today = localDay(now, timeZone);
  const monday = addDays(today, -weekday(today));
  const dueAt = startOfLocalDay(monday, timeZone).getTime() + WEEKLY_DIGEST_HOUR * 3_600_000;
  return now.getTime() >= dueAt ? isoWeek(today) : null;
}
