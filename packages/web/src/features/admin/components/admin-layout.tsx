import { NavLink, Outlet } from 'react-router';
import { useText } from '../../../i18n/use-text.ts';
import { useLogout } from '../../../lib/use-logout.ts';
import '../admin.css';

/**
 * Spec §2 admin layout: a sidebar titled Admin Panel with Quiz Dashboard (highlighted when
 * current) and, from the admin issue, Learners; the content beside it.
 */
export function AdminLayout() {
  const t = useText();
  const logout = useLogout();
  return (
    <div className="admin-shell">
      <a className="skip-link" href="#main">
        {t('admin.layout.skipToMain')}
      </a>
      <header className="app-header admin-header">
        <span className="brand">
          <span aria-hidden="true" className="brand-mark">
            ★
          </span>
          QuizQuest
        </span>
        <button type="button" className="button button-secondary button-small" onClick={logout}>
          {t('admin.layout.logout')}
        </button>
      </header>
      <nav className="sidebar admin-sidebar" aria-labelledby="admin-panel-title">
        <p id="admin-panel-title" className="sidebar-title">
          {t('admin.layout.panelTitle')}
        </p>
        <ul className="sidebar-list">
          <li>
            <NavLink to="/admin/quiz-dashboard" className="sidebar-link">
              {t('admin.layout.quizDashboard')}
            </NavLink>
          </li>
          <li>
            <NavLink to="/admin/learners" className="sidebar-link">
              {t('admin.layout.learners')}
            </NavLink>
          </li>
        </ul>
      </nav>
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
