import { useCallback, useSyncExternalStore } from 'react';
import { currentLanguage, i18n } from './i18n.ts';

export type MessageValues = Record<string, string | number>;
export type Translate = (id: string, values?: MessageValues) => string;

function subscribe(onChange: () => void): () => void {
  return i18n.on('change', onChange);
}

/**
 * The translate function of the language shown now. A component using it renders again when the
 * language changes (or its words arrive), without a provider around the app. Ids are literal
 * strings (`t('auth.login.title')`) or come from `msg('…')`: the catalogue test finds them so.
 */
export function useText(): Translate {
  const language = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new function per language re-renders memoised users
  return useCallback((id: string, values?: MessageValues) => i18n._(id, values), [language]);
}
