import { useText } from '../i18n/use-text.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/**
 * The error page of spec §2 ('Unexpected Application Error!'), shown by RouteErrorBoundary. The way
 * back is a full page load, which also recovers from a page whose code failed to download after an
 * update.
 */
export function ErrorPage() {
  const t = useText();
  useDocumentTitle(t('app.error.documentTitle'));

  return (
    <main id="main" className="public-main">
      <section className="card card-narrow center-text">
        <h1>{t('app.error.title')}</h1>
        <p>{t('app.error.body')}</p>
        <div className="actions">
          <button type="button" className="button" onClick={() => window.location.reload()}>
            {t('app.error.tryAgain')}
          </button>
          <a className="button button-secondary" href="/">
            {t('common.goHome')}
          </a>
        </div>
      </section>
    </main>
  );
}
