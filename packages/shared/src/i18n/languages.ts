/**
 * The app's languages (issue 18, decision 034): English, the spec's language, and Hindi. A
 * learner's choice is stored with the account; an anonymous request is answered in the language
 * its Accept-Language header prefers. No zod here: the web app's first chunk imports this file.
 */
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's name written in itself, as a language switch shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी' };

/** The BCP 47 locale dates and numbers are formatted in. */
export const LANGUAGE_LOCALES: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The supported language an Accept-Language header prefers (RFC 9110 §12.5.4: quality values,
 * ties in the order written), or English when it names none of ours or is malformed.
 */
export function languageFromAcceptLanguage(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  let best: { language: Language; quality: number } | null = null;
  for (const part of header.slice(0, 500).split(',')) {
    const [range = '', ...parameters] = part.trim().split(';');
    const primary = range.trim().toLowerCase().split('-')[0] ?? '';
    const qualityParameter = parameters.map((value) => value.trim()).find((value) => /^q=/i.test(value));
    const quality = qualityParameter === undefined ? 1 : Number(qualityParameter.slice(2));
    if (!Number.isFinite(quality) || quality <= 0 || quality > 1) continue;
    const language = primary === '*' ? DEFAULT_LANGUAGE : primary;
    if (!isLanguage(language)) continue;
    if (best === null || quality > best.quality) best = { language, quality };
  }
  return best?.language ?? DEFAULT_LANGUAGE;
}
