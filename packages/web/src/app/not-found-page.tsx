import { Link } from 'react-router';
import { PublicLayout } from '../components/public-layout.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <PublicLayout>
      <section className="card card-narrow center-text">
        <h1>404 - Page not found</h1>
        <p>We could not find that page. It may have moved, or the address may be mistyped.</p>
        <Link className="button" to="/">
          Go to home page
        </Link>
      </section>
    </PublicLayout>
  );
}
