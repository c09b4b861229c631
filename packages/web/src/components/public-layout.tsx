import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useText } from '../i18n/use-text.ts';
import { LanguageSwitch } from './language-switch.tsx';

/**
 * Frame of the pages seen before signing in: the brand and the language switch, the page, a footer
 * with the privacy notice.
 */
export function PublicLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  const t = useText();
  return (
    <div className="public-shell">
      <header className="public-header">
        <Link to="/" className="brand">
          <span aria-hidden="true" className="brand-mark">
            ★
          </span>
          QuizQuest
        </Link>
        <LanguageSwitch />
      </header>
      <main id="main" className={wide ? 'public-main public-main-wide' : 'public-main'}>
        {children}
      </main>
      <footer className="public-footer">
        <Link to="/privacy">{t('app.publicLayout.privacyNotice')}</Link>
      </footer>
    </div>
  );
}
