import { z } from 'zod';

/**
 * Every date a client sends goes through these (decision 023): a filter day or instant, the
 * scoreboard's cursor, a date of birth. Each has a range, so no value reaches the database that
 * PostgreSQL cannot hold (year 0, year 10000 after adding a day) or that means nothing here.
 */

/** The first and last day a date input may name (inclusive, UTC). */
export const EARLIEST_DATE = '1900-01-01';
export const LATEST_DATE = '2100-12-31';
export const DATE_RANGE_MESSAGE = `A date must be from ${EARLIEST_DATE} to ${LATEST_DATE}`;
export const DATE_FORMAT_MESSAGE = 'A date must be YYYY-MM-DD or an ISO date and time';

const EARLIEST_INSTANT = Date.parse(`${EARLIEST_DATE}T00:00:00.000Z`);
const LATEST_INSTANT = Date.parse(`${LATEST_DATE}T23:59:59.999Z`);
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD: no 2024-02-30, no 2023-13-01. */
export function isCalendarDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0 to 99 as 1900 to 1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** True when the instant lies from EARLIEST_DATE's first moment to LATEST_DATE's last (UTC). */
export function isInstantInRange(instant: Date): boolean {
  const time = instant.getTime();
  return !Number.isNaN(time) && time >= EARLIEST_INSTANT && time <= LATEST_INSTANT;
}

/** True when the YYYY-MM-DD day lies from EARLIEST_DATE to LATEST_DATE. */
export function isDayInRange(value: string): boolean {
  return value >= EARLIEST_DATE && value <= LATEST_DATE;
}

const isIsoInstant = (value: string) => z.iso.datetime({ offset: true }).safeParse(value).success;

/** An ISO instant with an offset whose calendar parts are real (no 2024-02-30T…). */
function isRealInstant(value: string): boolean {
  return isIsoInstant(value) && isCalendarDay(value.slice(0, 10)) && !Number.isNaN(Date.parse(value));
}

/**
 * A day ('2026-03-14', a whole UTC day) or an instant ('2026-03-14T00:00:00+05:30'), within the
 * range; '' means none. The list and stats filters are inclusive: a day as an end date includes
 * all of that day. A browser that wants its own local days sends instants.
 */
export const DateFilter = z
  .string({ error: DATE_FORMAT_MESSAGE })
  .trim()
  .refine((value) => value === '' || DAY.test(value) || isIsoInstant(value), DATE_FORMAT_MESSAGE)
  .refine(
    (value) => value === '' || (DAY.test(value) ? isCalendarDay(value) : isRealInstant(value)),
    'Not a valid date',
  )
  .refine(
    (value) => value === '' || (DAY.test(value) ? isDayInRange(value) : isInstantInRange(new Date(value))),
    DATE_RANGE_MESSAGE,
  )
  .optional()
  .transform((value) => (value ? value : undefined));

/** The instant a DateFilter starts at (`edge` 'start') or the instant just after it ends ('end'). */
export function dateFilterBound(value: string, edge: 'start' | 'end'): Date {
  if (DAY.test(value)) {
    const start = new Date(`${value}T00:00:00.000Z`);
    return edge === 'start' ? start : new Date(start.getTime() + 24 * 60 * 60 * 1000);
  }
  const instant = new Date(value);
  return edge === 'start' ? instant : new Date(instant.getTime() + 1);
}

/** An ISO instant with an offset, within the range; `label` names the field in its messages. */
export function boundedInstant(label: string) {
  const format = `${label} must be an ISO date and time`;
  return z
    .string({ error: format })
    .refine(isIsoInstant, format)
    .refine(isRealInstant, format)
    .refine(
      (value) => isInstantInRange(new Date(value)),
      `${label} must be a date and time from ${EARLIEST_DATE} to ${LATEST_DATE}`,
    );
}
