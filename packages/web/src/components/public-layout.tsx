import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** Frame of the pages seen before signing in: the brand, the page, a footer with the privacy notice. */
export function PublicLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="public-shell">
      <header className="public-header">
        <Link to="/" className="brand">
          <span aria-hidden="true" className="brand-mark">
            ★
          </span>
          QuizQuest
        </Link>
      </header>
      <main id="main" className={wide ? 'public-main public-main-wide' : 'public-main'}>
        {children}
      </main>
      <footer className="public-footer">
        <Link to="/privacy">Privacy notice</Link>
      </footer>
    </div>
  );
}
