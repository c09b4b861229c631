/**
 * How the product writes dates (design.md §5: en-IN), in one place for the web app and the
 * certificate PDF. A date is shown in the reader's own time zone (the browser's), except where a
 * zone is named: the certificate's issue date is India's, so the PDF and the verification page
 * print the same day wherever they are read.
 */

/** India's time zone: the zone a certificate is dated in. */
export const INDIA_TIME_ZONE = 'Asia/Kolkata';

/** The date formats the product uses, with an example of each. */
const DATE_FORMATS = {
  /** '21/11/2025' (the admin tables). */
  numeric: { day: 'numeric', month: 'numeric', year: 'numeric' },
  /** '12 March 2026' (certificates, the plan's end). */
  long: { day: 'numeric', month: 'long', year: 'numeric' },
  /** '5 Mar 2026, 10:30 am' (attempts, the admin's last attempt). */
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateFormat = keyof typeof DATE_FORMATS;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(format: DateFormat, timeZone: string | undefined, locale: string): Intl.DateTimeFormat {
  const key = `${locale} ${format} ${timeZone ?? ''}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(locale, { ...DATE_FORMATS[format], timeZone });
    formatters.set(key, cached);
  }
  return cached;
}

/**
 * A date (a Date or an ISO time) written en-IN in `format`, in `timeZone` when given, else in the
 * runtime's own zone; '' for a value that is not a date.
 */
export function formatEnInDate(value: Date | string, format: DateFormat, timeZone?: string): string {
  return formatDateIn('en-IN', value, format, timeZone);
}

/** The same in another locale: 'hi-IN' writes '12 मार्च 2026' (issue 18). */
export function formatDateIn(
  locale: string,
  value: Date | string,
  format: DateFormat,
  timeZone?: string,
): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? '' : formatter(format, timeZone, locale).format(date);
}
