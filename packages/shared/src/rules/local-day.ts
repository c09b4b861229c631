/**
 * Calendar days in a learner's time zone (Asia/Kolkata by default), for streaks and review due
 * dates: a child's "today" is theirs, not UTC's. Days are ISO strings 'YYYY-MM-DD'.
 */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** True when `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

function parts(date: Date, timeZone: string) {
  const values: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(date)) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  return values as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
}

/** The calendar day that `date` falls on in `timeZone`. */
export function localDay(date: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const { year, month, day } = parts(date, timeZone);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** `day` moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole calendar days from day `from` to day `to` (both YYYY-MM-DD); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The instant a calendar day starts in `timeZone` (its local midnight). */
export function startOfLocalDay(day: string, timeZone: string = DEFAULT_TIME_ZONE): Date {
  const utcMidnight = new Date(`${day}T00:00:00Z`);
  // The zone's offset at that moment, then once more at the corrected moment (a DST change can
  // fall between the two).
  let guess = utcMidnight.getTime();
  for (let i = 0; i < 2; i += 1) {
    const p = parts(new Date(guess), timeZone);
    const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
    guess = utcMidnight.getTime() - (asUtc - guess);
  }
  return new Date(guess);
}
