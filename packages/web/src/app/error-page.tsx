import { useDocumentTitle } from '../lib/use-document-title.ts';

/**
 * The error page of spec §2 ('Unexpected Application Error!'), shown by RouteErrorBoundary. The way
 * back is a full page load, which also recovers from a page whose code failed to download after an
 * update.
 */
export function ErrorPage() {
  useDocumentTitle('Error');

  return (
    <main id="main" className="public-main">
      <section className="card card-narrow center-text">
        <h1>Unexpected Application Error!</h1>
        <p>Something went wrong on this page. Please try again.</p>
        <div className="actions">
          <button type="button" className="button" onClick={() => window.location.reload()}>
            Try again
          </button>
          <a className="button button-secondary" href="/">
            Go to home page
          </a>
        </div>
      </section>
    </main>
  );
}
