import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { CERTIFICATE_UNLOCK_COMPLETED_QUIZZES, type SessionUser } from '@quizquest/shared';
import { ReviewLink } from '../../../components/review-link.tsx';
import { useLearningSummary } from '../../../lib/learning-summary.ts';
import { openPdf } from '../../../lib/open-pdf.ts';
import { useAuth } from '../../../lib/session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { translate } from '../../../i18n/i18n.ts';
import { useText } from '../../../i18n/use-text.ts';
import { LevelProgressCard } from '../components/level-progress-card.tsx';
import { StreakCard } from '../components/streak-card.tsx';
import { markTourCompleted, tourCompleted } from '../tour.ts';
import { useCertificationProgress } from '../use-certification-progress.ts';

// The tour library is fetched only for a learner who has not seen the tour yet.
const DashboardTour = lazy(() => import('../components/dashboard-tour.tsx'));

/** Spec §2: the first name, else the name, else the e-mail, else 'Explorer' (in the language shown). */
export function displayName(user: SessionUser | null): string {
  return (
    user?.first_name.trim() || user?.name.trim() || user?.email.trim() || translate('dashboard.page.explorer')
  );
}

function justVerified(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && 'emailVerified' in state && state.emailVerified === true
  );
}

export function DashboardPage() {
  const t = useText();
  useDocumentTitle(t('dashboard.page.documentTitle'));
  const { user } = useAuth();
  const { state } = useLocation();
  const { progress, offline } = useCertificationProgress();
  const summary = useLearningSummary();
  const [tourDone, setTourDone] = useState(tourCompleted);

  // The progress is fresher than the stored user, which is only refreshed once per page load.
  const completedQuizzes = progress?.completedQuizzes ?? user?.completedQuizzes ?? 0;
  // Arriving from the verification link: the stored user may not know yet.
  const unverified = user !== null && !user.isVerified && !justVerified(state);

  const endTour = () => {
    markTourCompleted();
    setTourDone(true);
  };

  return (
    <div className="page dashboard">
      <div className="page-header">
        <h1>
          <Link to="/profile" className="heading-link">
            {t('dashboard.page.welcome', { name: displayName(user) })}
          </Link>
        </h1>
        <p className="subtitle">{t('dashboard.page.subtitle')}</p>
      </div>

      {unverified ? (
        <p className="banner banner-warning" role="status">
          {t('dashboard.page.unverified')}
        </p>
      ) : null}

      {completedQuizzes >= CERTIFICATE_UNLOCK_COMPLETED_QUIZZES ? (
        <div className="banner banner-success certificate-banner">
          <p>
            <span aria-hidden="true">🏆 </span>
            {t('dashboard.page.certificateEarned')}
          </p>
          <button
            type="button"
            className="button button-small"
            onClick={() => void openPdf('/certificates/download')}
          >
            {t('dashboard.page.downloadCertificate')}
          </button>
        </div>
      ) : null}

      <LevelProgressCard progress={progress} offline={offline} />

      <StreakCard summary={summary} />

      <ReviewLink summary={summary} />

      {progress && !tourDone ? (
        <Suspense fallback={null}>
          <DashboardTour onEnd={endTour} />
        </Suspense>
      ) : null}
    </div>
  );
}
