import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/**
 * The router's error element (spec §2: 'Unexpected Application Error!'). The way back is a full
 * page load, which also recovers from a page whose code failed to download after an update.
 */
export function ErrorPage() {
  const error = useRouteError();
  useDocumentTitle('Error');
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}`.trim() : null;

  return (
    <main id="main" className="public-main">
      <section className="card card-narrow center-text">
        <h1>Unexpected Application Error!</h1>
        <p>Something went wrong on this page. Please try again.</p>
        {detail ? <p className="muted">{detail}</p> : null}
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
