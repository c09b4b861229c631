import { useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useLogout } from '../lib/use-logout.ts';

/** Sidebar entries of spec §2 in order; the ids and data-tour names are what the dashboard tour targets. */
export const SIDEBAR_LINKS = [
  {
    to: '/dashboard',
    label: 'Certification Quizzes',
    id: 'nav-certification-quizzes',
    tour: 'dashboard-link',
  },
  {
    to: '/my-certifications',
    label: 'Download Certificates',
    id: 'nav-download-certificates',
    tour: 'earned-certifications',
  },
  { to: '/quizzes', label: 'Practice Quizzes', id: 'nav-practice-quizzes', tour: 'practice-quizzes' },
  { to: '/quizzes/my-attempts', label: 'Scoreboard', id: 'nav-scoreboard', tour: 'scoreboard' },
  { to: '/profile', label: 'Profile', id: 'nav-profile', tour: 'subscription' },
] as const;

/** The frame of every signed-in page: header with the menu button, sidebar, content. */
export function AppLayout() {
  const { pathname } = useLocation();
  // The menu is open for the page it was opened on, so any navigation closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenOn(open ? pathname : null);
  const closeMenu = () => setMenuOpenOn(null);
  const logout = useLogout();

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
        Skip to main content
      </a>
      <header className="app-header">
        <button
          type="button"
          className="menu-toggle"
          aria-label="Toggle menu"
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
          Upgrade
        </NavLink>
      </header>
      <nav id="sidebar" data-tour="sidebar" className="sidebar" data-open={menuOpen} aria-label="Main">
        <ul className="sidebar-list">
          {SIDEBAR_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end
                id={link.id}
                data-tour={link.tour}
                className="sidebar-link"
                onClick={closeMenu}
              >
                {link.label}
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
              Logout
            </button>
          </li>
        </ul>
      </nav>
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
