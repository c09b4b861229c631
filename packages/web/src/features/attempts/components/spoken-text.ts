import type { Language } from '@quizquest/shared';
import { currentLanguage } from '../../../i18n/i18n.ts';
import { textLanguage } from '../../../lib/speech.ts';

/** What a speaker button reads, and the language of the voice that reads it. */
export interface SpokenText {
  text: string;
  language: Language;
}

/**
 * The language a question's words are read in: their own (a quiz without a Hindi translation is
 * English on a Hindi screen), or the language shown when it has no words (only pictures).
 */
export function contentLanguage(texts: readonly string[]): Language {
  const content = texts.join(' ').trim();
  return content === '' ? currentLanguage() : textLanguage(content);
}

/**
 * The app's own words around the content ('Question 1.') are read only when they are in the
 * content's language: an English voice never reads Hindi, so an English question on a Hindi
 * screen is read with just its numbers and letters around it.
 */
export function framedInAppLanguage(language: Language): boolean {
  return language === currentLanguage();
}
