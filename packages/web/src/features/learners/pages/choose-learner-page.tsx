import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import type { LearnerSummary } from '@quizquest/shared';
import { LearnerAvatar } from '../../../components/learner-avatar.tsx';
import { PublicLayout } from '../../../components/public-layout.tsx';
import { Message } from '../../../i18n/message.tsx';
import { useText } from '../../../i18n/use-text.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { gradeLabel } from '../../../lib/grades.ts';
import { useAuth } from '../../../lib/session.ts';
import { becomeLearner, reloadLearners, useLearners } from '../../../lib/use-learners.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import '../learners.css';

/**
 * "Who is learning today?" (family accounts, decision 035): after logging in, an account with
 * several children picks who plays. One big card per child; choosing one makes them the
 * session's learner and opens their dashboard.
 */
export function ChooseLearnerPage() {
  const t = useText();
  useDocumentTitle(t('learners.choose.documentTitle'));
  const navigate = useNavigate();
  const { user, role } = useAuth();
  const learners = useLearners(role === 'learner' && user ? user._id : null);
  const [choosing, setChoosing] = useState<LearnerSummary | null>(null);
  const [error, setError] = useState('');

  // Admin accounts have no children: their home is the admin area.
  if (role === 'admin') return <Navigate to="/admin/quiz-dashboard" replace />;

  async function choose(learner: LearnerSummary) {
    if (choosing) return;
    setChoosing(learner);
    setError('');
    try {
      if (learner.id !== user?._id) await becomeLearner(learner.id);
      await navigate('/dashboard');
    } catch (caught) {
      setError(errorMessage(caught, t('learners.choose.failed', { name: learner.first_name })));
      setChoosing(null);
    }
  }

  return (
    <PublicLayout wide>
      <div className="card chooser">
        <h1>{t('learners.choose.title')}</h1>
        <p className="subtitle">{t('learners.choose.subtitle')}</p>
        {learners.status === 'loading' ? (
          <p className="list-message" role="status">
            {t('learners.choose.loading')}
          </p>
        ) : null}
        {learners.status === 'failed' ? (
          <div className="list-message">
            <p role="alert">{t('learners.choose.loadFailed')}</p>
            <div className="actions">
              <button type="button" className="button" onClick={reloadLearners}>
                {t('learners.choose.tryAgain')}
              </button>
              <Link to="/dashboard" className="button button-secondary">
                {t('learners.choose.skip')}
              </Link>
            </div>
          </div>
        ) : null}
        {learners.status === 'ready' ? (
          <ul className="chooser-list" aria-busy={choosing !== null}>
            {learners.data.learners.map((learner) => {
              const name = learner.first_name.trim() || learner.last_name;
              const grade = gradeLabel(learner.grade, t, learner.grade);
              return (
                <li key={learner.id}>
                  <button
                    type="button"
                    className="chooser-card"
                    aria-label={t('learners.choose.card', { name, grade })}
                    disabled={choosing !== null}
                    onClick={() => void choose(learner)}
                  >
                    <LearnerAvatar learner={learner} size="large" />
                    <span className="chooser-name">{name}</span>
                    <span className="chooser-grade">{grade}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        ) : null}
        <p className="chooser-status" role="status">
          {choosing ? t('learners.choose.opening', { name: choosing.first_name }) : ''}
        </p>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <p className="chooser-manage">
          <Message id="learners.choose.manage" components={{ 0: <Link to="/profile" /> }} />
        </p>
      </div>
    </PublicLayout>
  );
}
