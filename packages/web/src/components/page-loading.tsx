import { useText } from '../i18n/use-text.ts';

/** A full-page 'Loading...' while a guard waits for the session (spec §4 admin guard). */
export function PageLoading() {
  const t = useText();
  return (
    <main id="main" className="page-loading">
      <p role="status">{t('common.loading')}</p>
    </main>
  );
}
