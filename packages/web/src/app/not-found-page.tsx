import { Link } from 'react-router';
import { PublicLayout } from '../components/public-layout.tsx';
import { useText } from '../i18n/use-text.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export function NotFoundPage() {
  const t = useText();
  useDocumentTitle(t('app.notFound.documentTitle'));
  return (
    <PublicLayout>
      <section className="card card-narrow center-text">
        <h1>{t('app.notFound.title')}</h1>
        <p>{t('app.notFound.body')}</p>
        <Link className="button" to="/">
          {t('common.goHome')}
        </Link>
      </section>
    </PublicLayout>
  );
}
