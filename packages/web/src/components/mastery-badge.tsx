import type { CategoryMastery, MasteryLevel } from '@quizquest/shared';
import { msg } from '../i18n/i18n.ts';
import { useText } from '../i18n/use-text.ts';

/** The four mastery levels as a child reads them (issue 16, decision 030); `label` is a message id. */
export const MASTERY_LABELS: Record<MasteryLevel, { icon: string; label: string }> = {
  attempted: { icon: '🌱', label: msg('common.mastery.attempted') },
  familiar: { icon: '⭐', label: msg('common.mastery.familiar') },
  proficient: { icon: '🌟', label: msg('common.mastery.proficient') },
  mastered: { icon: '🏆', label: msg('common.mastery.mastered') },
};

/** A small badge: the level's picture (decorative) and its word, announced as "Mastery: …". */
export function MasteryBadge({ mastery }: { mastery: CategoryMastery }) {
  const t = useText();
  const { icon, label } = MASTERY_LABELS[mastery.level];
  return (
    <span className={`mastery-badge mastery-${mastery.level}`}>
      <span className="visually-hidden">{t('common.mastery.label')}</span>{' '}
      <span aria-hidden="true">{icon}</span> {t(label)}
    </span>
  );
}
