import { numberInWords } from '../format/number-words.ts';

/**
 * How numbers, money, times and fractions are written for the child: Indian digit grouping
 * (12,345 and 1,23,456), the ₹ symbol with two paise digits, a true minus sign, British spelling.
 */

export const MINUS = '\u2212';

/** Indian grouping: the last three digits, then pairs: 1,23,45,678. */
export function formatNumber(value: number): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`formatNumber(${value}) needs a whole number`);
  const digits = String(Math.abs(value));
  let grouped = digits.slice(-3);
  for (let end = digits.length - 3; end > 0; end -= 2) {
    grouped = `${digits.slice(Math.max(0, end - 2), end)},${grouped}`;
  }
  return value < 0 ? `${MINUS}${grouped}` : grouped;
}

/** A decimal given as whole units of 10^-places (1625, 2 → 16.25), without trailing zeros. */
export function formatDecimal(units: number, places: number): string {
  const scale = 10 ** places;
  const sign = units < 0 ? MINUS : '';
  const whole = Math.floor(Math.abs(units) / scale);
  const fraction = String(Math.abs(units) % scale)
    .padStart(places, '0')
    .replace(/0+$/, '');
  return `${sign}${formatNumber(whole)}${fraction ? `.${fraction}` : ''}`;
}

/** ₹ with rupees and two paise digits: 1250 paise → ₹12.50. */
export function formatRupees(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`formatRupees(${paise})`);
  return `₹${formatNumber(Math.floor(paise / 100))}.${String(paise % 100).padStart(2, '0')}`;
}

export function formatFraction(numerator: number, denominator: number): string {
  return `${numerator < 0 ? MINUS : ''}${Math.abs(numerator)}/${denominator}`;
}

const MINUTES_PER_DAY = 24 * 60;

/** Minutes after midnight → "3:45" (a 12-hour clock face: 12:10, never 0:10). */
export function formatClock(minutes: number): string {
  const inDay = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  const hour = Math.floor(inDay / 60) % 12 || 12;
  return `${hour}:${String(inDay % 60).padStart(2, '0')}`;
}

/**
 * Minutes after midnight → "3:45 p.m." (Indian English writes a.m. and p.m. with stops); the two
 * ambiguous ones are "12 noon" and "12 midnight".
 */
export function formatClockWithHalf(minutes: number): string {
  const inDay = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  if (inDay === 12 * 60) return '12 noon';
  if (inDay === 0) return '12 midnight';
  return `${formatClock(inDay)} ${inDay < 12 * 60 ? 'a.m.' : 'p.m.'}`;
}

/** Minutes after midnight → "15:45" (the 24-hour clock: 00:15 just after midnight). */
export function formatClock24(minutes: number): string {
  const inDay = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${String(Math.floor(inDay / 60)).padStart(2, '0')}:${String(inDay % 60).padStart(2, '0')}`;
}

/** 95 → "1 hour 35 minutes", 60 → "1 hour", 45 → "45 minutes". */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts: string[] = [];
  if (hours > 0) parts.push(`${hours} ${hours === 1 ? 'hour' : 'hours'}`);
  if (rest > 0 || hours === 0) parts.push(`${rest} ${rest === 1 ? 'minute' : 'minutes'}`);
  return parts.join(' ');
}

/**
 * The Indian system, as NCERT writes it (no "and"): 3,45,210 → "three lakh forty-five thousand
 * two hundred ten"; up to 99,99,99,999.
 */
export function numberName(value: number): string {
  return numberInWords(value);
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
