import type { SessionUser } from '@quizquest/shared';
import { Link } from 'react-router';
import { useAuth } from '../../../lib/session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export const UNVERIFIED_BANNER =
  'Your email is not verified. Please check your inbox and verify your account.';

/** Spec §2: the first name, else the name, else the e-mail, else 'Explorer'. */
export function displayName(user: SessionUser | null): string {
  return user?.first_name.trim() || user?.name.trim() || user?.email.trim() || 'Explorer';
}

export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const { user } = useAuth();

  return (
    <div className="page">
      <div className="page-header">
        <h1>
          <Link to="/profile" className="heading-link">
            Welcome, {displayName(user)}
          </Link>
        </h1>
        <p className="subtitle">Ready to learn something new today?</p>
      </div>
      {user && !user.isVerified ? (
        <p className="banner banner-warning" role="status">
          {UNVERIFIED_BANNER}
        </p>
      ) : null}
    </div>
  );
}
