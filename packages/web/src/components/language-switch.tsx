import { isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from '@quizquest/shared';
import { currentLanguage, switchLanguage, translate } from '../i18n/i18n.ts';
import { useText } from '../i18n/use-text.ts';
import { apiRequest, errorMessage } from '../lib/api-client.ts';
import { getSession, updateSessionUser } from '../lib/session.ts';
import { notify } from '../lib/toast.tsx';

/**
 * Shows the app in `language` at once and, for a signed-in learner, keeps it with the account
 * (PUT /api/user/language) and in the stored session user, so a reload and other devices follow.
 * A save that fails leaves the switch on this device and says why.
 */
async function chooseLanguage(language: Language): Promise<void> {
  const { token } = getSession();
  await switchLanguage(language).catch(() => undefined);
  if (!token) return;
  try {
    const { data } = await apiRequest('/user/language', { method: 'PUT', body: { language } });
    const saved =
      typeof data === 'object' && data !== null && 'language' in data && isLanguage(data.language)
        ? data.language
        : language;
    const { token: tokenNow, user } = getSession();
    if (user && tokenNow === token) updateSessionUser({ ...user, language: saved });
  } catch (caught) {
    notify('error', errorMessage(caught, translate('common.language.saveFailed')));
  }
}

/**
 * The language switch (decision 034): two toggle buttons, each language named in itself, on the
 * public pages, in the sidebar and on the profile page. `tone` matches the background it sits on.
 */
export function LanguageSwitch({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const t = useText();
  const shown = currentLanguage();
  return (
    <div
      role="group"
      aria-label={t('common.language.label')}
      className={`language-switch language-switch-${tone}`}
    >
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className="language-switch-option"
          aria-pressed={language === shown}
          onClick={() => {
            if (language !== currentLanguage()) void chooseLanguage(language);
          }}
        >
          {LANGUAGE_NAMES[language]}
        </button>
      ))}
    </div>
  );
}
