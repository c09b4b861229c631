import { Fragment, useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { LanguageSwitch } from '../components/language-switch.tsx';
import { LearnerSwitch } from '../components/learner-switch.tsx';
import { msg } from '../i18n/i18n.ts';
import { useText } from '../i18n/use-text.ts';
import { useOutboxSync } from '../lib/offline/outbox-sync.tsx';
import { useAuth } from '../lib/session.ts';
import { useLogout } from '../lib/use-logout.ts';

/**
 * Sidebar entries of spec §2 in order; the ids and data-tour names are what the dashboard tour
 * targets. `label` is a message id.
 */
export const SIDEBAR_LINKS = [
  {
    to: '/dashboard',
    label: msg('app.sidebar.certificationQuizzes'),
    id: 'nav-certification-quizzes',
    tour: 'dashboard-link',
  },
  {
    to: '/my-certifications',
    label: msg('app.sidebar.downloadCertificates'),
    id: 'nav-download-certificates',
    tour: 'earned-certifications',
  },
  {
    to: '/quizzes',
    label: msg('app.sidebar.practiceQuizzes'),
    id: 'nav-practice-quizzes',
    tour: 'practice-quizzes',
  },
  {
    to: '/quizzes/my-attempts',
    label: msg('app.sidebar.scoreboard'),
    id: 'nav-scoreboard',
    tour: 'scoreboard',
  },
  { to: '/profile', label: msg('app.sidebar.profile'), id: 'nav-profile', tour: 'subscription' },
] as const;

/** The parent's family report (issue 19, decision 035), after the spec's entries; learners only. */
export const FAMILY_REPORT_LINK = {
  to: '/family-report',
  label: msg('app.sidebar.familyReport'),
  id: 'nav-family-report',
  tour: 'family-report',
} as const;

/** The frame of every signed-in page: header with the menu button, sidebar, content. */
export function AppLayout() {
  const { pathname } = useLocation();
  // The menu is open for the page it was opened on, so any navigation closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenOn(open ? pathname : null);
  const closeMenu = () => setMenuOpenOn(null);
  const logout = useLogout();
  useOutboxSync();
  const t = useText();
  const { role } = useAuth();
  const links = role === 'admin' ? SIDEBAR_LINKS : [...SIDEBAR_LINKS, FAMILY_REPORT_LINK];
  // Pages keep the data they loaded for a learner: a switch to another child draws them afresh.
  const [learnerSwitches, setLearnerSwitches] = useState(0);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpenOn(null);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {t('app.layout.skipToMain')}
      </a>
      <header className="app-header">
        <button
          type="button"
          className="menu-toggle"
          aria-label={t('app.layout.toggleMenu')}
          aria-expanded={menuOpen}
          aria-controls="sidebar"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <span className="menu-icon" aria-hidden="true" />
        </button>
        <span className="brand">
          <span aria-hidden="true" className="brand-mark">
            ★
          </span>
          QuizQuest
        </span>
        {/* Always in view, also on a phone: the dashboard tour's last step points here. */}
        <NavLink to="/subscribe" className="button button-small header-upgrade" data-tour="upgrade">
          {t('app.layout.upgrade')}
        </NavLink>
      </header>
      <nav
        id="sidebar"
        data-tour="sidebar"
        className="sidebar"
        data-open={menuOpen}
        aria-label={t('app.sidebar.label')}
      >
        <LearnerSwitch
          onSwitched={() => {
            closeMenu();
            setLearnerSwitches((count) => count + 1);
            // The menu closes on a phone: the new learner's page takes the focus, not the page's body.
            document.getElementById('main')?.focus();
          }}
        />
        <ul className="sidebar-list">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end
                id={link.id}
                data-tour={link.tour}
                className="sidebar-link"
                onClick={closeMenu}
              >
                {t(link.label)}
              </NavLink>
            </li>
          ))}
          <li>
            <button
              type="button"
              id="nav-logout"
              data-tour="logout"
              className="sidebar-link sidebar-button"
              onClick={() => {
                closeMenu();
                logout();
              }}
            >
              {t('app.sidebar.logout')}
            </button>
          </li>
        </ul>
        <LanguageSwitch tone="dark" />
      </nav>
      <main id="main" className="app-main" tabIndex={-1}>
        <Fragment key={learnerSwitches}>
          <Outlet />
        </Fragment>
      </main>
    </div>
  );
}
