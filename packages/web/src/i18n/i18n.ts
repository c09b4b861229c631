import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@quizquest/shared/languages';
import { readItem, writeItem } from '../lib/storage.ts';

/**
 * The app's words in English and Hindi (issue 18, decision 034): Lingui's runtime with ICU
 * MessageFormat catalogues under ./messages/<language>/*.json, compiled when the app is built
 * (vite.config.ts, messageCatalogues) and loaded lazily, one chunk per language, so /login's
 * initial JavaScript carries neither.
 */
export { i18n };

/** The visitor's choice, kept across logouts; a signed-in learner's stored language replaces it. */
export const LANGUAGE_KEY = 'quizquest_language';

const catalogues: Record<Language, () => Promise<{ default: Messages }>> = {
  en: () => import('virtual:quizquest-messages/en'),
  hi: () => import('virtual:quizquest-messages/hi'),
};

const loaded = new Map<Language, Promise<void>>();

function load(language: Language): Promise<void> {
  let loading = loaded.get(language);
  if (!loading) {
    loading = catalogues[language]().then(({ default: messages }) => i18n.load(language, messages));
    // A failed download (offline) may be tried again by the next switch.
    loading.catch(() => loaded.delete(language));
    loaded.set(language, loading);
  }
  return loading;
}

/** The language to start in: the one chosen before, else Hindi for a browser that prefers it. */
export function initialLanguage(): Language {
  const stored = readItem(LANGUAGE_KEY);
  if (isLanguage(stored)) return stored;
  const preferred = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of preferred) {
    const primary = tag?.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

export function currentLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE;
}

/**
 * Shows the app in `language`: loads its words (once), switches every mounted component and
 * `<html lang>`, and remembers the choice on this device. English stays as the fallback: a
 * message a catalogue lacks is never shown as its id.
 */
export async function switchLanguage(language: Language): Promise<void> {
  await Promise.all([load(language), load(DEFAULT_LANGUAGE)]);
  if (i18n.locale !== language) i18n.activate(language);
  document.documentElement.lang = language;
  writeItem(LANGUAGE_KEY, language);
}

/** A message outside a component (toasts, document titles): in the language shown now. */
export function translate(id: string, values?: Record<string, string | number>): string {
  return i18n._(id, values);
}

/**
 * Marks a message id kept in data (a table of labels) for translation later with `t(id)`; the
 * catalogue test finds ids by this call and by `t('…')`.
 */
export function msg(id: string): string {
  return id;
}
