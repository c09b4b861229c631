import type { CategoryMastery, MasteryLevel } from '@quizquest/shared';

/** The four mastery levels as a child reads them (issue 16, decision 030). */
export const MASTERY_LABELS: Record<MasteryLevel, { icon: string; label: string }> = {
  attempted: { icon: '🌱', label: 'Attempted' },
  familiar: { icon: '⭐', label: 'Familiar' },
  proficient: { icon: '🌟', label: 'Proficient' },
  mastered: { icon: '🏆', label: 'Mastered' },
};

/** A small badge: the level's picture (decorative) and its word, announced as "Mastery: …". */
export function MasteryBadge({ mastery }: { mastery: CategoryMastery }) {
  const { icon, label } = MASTERY_LABELS[mastery.level];
  return (
    <span className={`mastery-badge mastery-${mastery.level}`}>
      <span className="visually-hidden">Mastery:</span> <span aria-hidden="true">{icon}</span> {label}
    </span>
  );
}
