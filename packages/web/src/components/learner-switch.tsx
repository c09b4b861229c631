import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import type { LearnerSummary } from '@quizquest/shared';
import { useText } from '../i18n/use-text.ts';
import { errorMessage } from '../lib/api-client.ts';
import { learnerName } from '../lib/learners.ts';
import { useAuth } from '../lib/session.ts';
import { becomeLearner, useLearners } from '../lib/use-learners.ts';
import { LearnerAvatar } from './learner-avatar.tsx';
import './learner-switch.css';

/** The first name, or the whole name when a brother or sister has the same first name. */
function shownName(learner: LearnerSummary, all: readonly LearnerSummary[]): string {
  const first = learner.first_name.trim();
  const shared = all.some((other) => other.id !== learner.id && other.first_name.trim() === first);
  return shared || first === '' ? learnerName(learner) : first;
}

interface LearnerSwitchProps {
  /** After a switch, before the new learner's dashboard: the layout shows their pages afresh. */
  onSwitched: () => void;
}

/**
 * The sidebar's learner switch (family accounts, decision 035): for an account with more than
 * one child, one toggle button per child, the one learning now pressed. Choosing another makes
 * them the session's learner and opens their dashboard. Admins and one-child accounts see nothing.
 */
export function LearnerSwitch({ onSwitched }: LearnerSwitchProps) {
  const t = useText();
  const navigate = useNavigate();
  const { user, role } = useAuth();
  const learners = useLearners(role === 'learner' && user ? user._id : null);
  const titleId = useId();
  const [switchingTo, setSwitchingTo] = useState<string | null>(null);
  const [error, setError] = useState('');

  if (learners.status !== 'ready' || learners.data.learners.length < 2) return null;
  const list = learners.data.learners;
  const activeId = list.some((learner) => learner.id === user?._id)
    ? user?._id
    : learners.data.activeLearnerId;

  async function choose(learner: LearnerSummary) {
    if (switchingTo !== null || learner.id === activeId) return;
    setSwitchingTo(learner.id);
    setError('');
    try {
      await becomeLearner(learner.id);
      void navigate('/dashboard');
      onSwitched();
    } catch (caught) {
      setError(errorMessage(caught, t('learners.switch.failed', { name: learner.first_name })));
    } finally {
      setSwitchingTo(null);
    }
  }

  return (
    <div className="learner-switch" role="group" aria-labelledby={titleId} aria-busy={switchingTo !== null}>
      <p id={titleId} className="learner-switch-title">
        {t('learners.switch.label')}
      </p>
      <div className="learner-switch-options">
        {list.map((learner) => (
          <button
            key={learner.id}
            type="button"
            className="learner-switch-option"
            aria-pressed={learner.id === activeId}
            disabled={switchingTo !== null && switchingTo !== learner.id}
            onClick={() => void choose(learner)}
          >
            <LearnerAvatar learner={learner} />
            <span className="learner-switch-name">{shownName(learner, list)}</span>
          </button>
        ))}
      </div>
      {switchingTo !== null ? (
        <p className="learner-switch-note" role="status">
          {t('learners.switch.switching')}
        </p>
      ) : null}
      {error ? (
        <p className="learner-switch-note learner-switch-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
