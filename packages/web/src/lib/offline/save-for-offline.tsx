import { useState } from 'react';
import { useText } from '../../i18n/use-text.ts';
import { errorMessage } from '../api-client.ts';
import { useAuth } from '../session.ts';
import { notify } from '../toast.tsx';
import { offlineStorageAvailable } from './offline-store.ts';
import { saveForOffline, useSavedQuizIds } from './saved-quizzes.ts';

interface SaveForOfflineProps {
  quizId: string;
  title: string;
  /** The id of the element naming the quiz (the card's title): the button says which quiz. */
  describedBy?: string;
  /** Offer the button (a quiz the learner can start); the badge shows in any case. */
  offer?: boolean;
  /** A small button (inside a card with more in it) rather than one as wide as the card. */
  compact?: boolean;
}

/**
 * 'Save for offline' on a quiz (issue 20): keeps the learner's pending draw of it and its pictures
 * on this device, so the quiz can be taken without a connection; 'Saved for offline' once it is.
 */
export function SaveForOffline({
  quizId,
  title,
  describedBy,
  offer = true,
  compact = false,
}: SaveForOfflineProps) {
  const t = useText();
  const learnerId = useAuth().user?._id;
  const saved = useSavedQuizIds(learnerId);
  const [saving, setSaving] = useState(false);
  if (!offlineStorageAvailable() || !learnerId || saved === null) return null;

  if (saved.has(quizId)) {
    return (
      <p className="offline-saved">
        <span className="badge-success">
          <span aria-hidden="true">✓ </span>
          {t('offline.save.badge')}
        </span>
      </p>
    );
  }
  if (!offer) return null;

  const save = async () => {
    setSaving(true);
    try {
      await saveForOffline(learnerId, quizId, title);
      notify('success', t('offline.save.done', { title }));
    } catch (error) {
      notify('error', errorMessage(error, t('offline.save.failed')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <button
      type="button"
      className={`button button-secondary ${compact ? 'button-small' : 'button-block'}`}
      aria-describedby={describedBy}
      disabled={saving}
      onClick={() => void save()}
    >
      {saving ? t('offline.save.saving') : t('offline.save.button')}
    </button>
  );
}
