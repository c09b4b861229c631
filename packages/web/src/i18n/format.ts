import { type DateFormat, formatDateIn, LANGUAGE_LOCALES } from '@quizquest/shared';
import { currentLanguage } from './i18n.ts';

/**
 * A date in the language shown now (en-IN or hi-IN, design.md §5 and decision 034), in `timeZone`
 * when given; '' for a value that is not a date. Components that call it also call `useText()`,
 * so they render again when the language changes.
 */
export function formatDate(value: Date | string, format: DateFormat, timeZone?: string): string {
  return formatDateIn(LANGUAGE_LOCALES[currentLanguage()], value, format, timeZone);
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A number in the language shown now: '1,00,000' in both (Indian grouping, Latin digits). */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  const locale = LANGUAGE_LOCALES[currentLanguage()];
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format.format(value);
}
