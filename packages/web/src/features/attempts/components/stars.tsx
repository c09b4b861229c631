import { useText } from '../../../i18n/use-text.ts';

/** Spec §2: one star per correct answer, beside an outlined one per question missed. */
export function Stars({
  correct,
  total,
  size = 'normal',
}: {
  correct: number;
  total: number;
  size?: 'normal' | 'large';
}) {
  const t = useText();
  const earned = Math.max(0, Math.min(correct, total));
  const label = t('attempts.stars.label', { count: earned, total });
  return (
    <span className={size === 'large' ? 'stars stars-large' : 'stars'} role="img" aria-label={label}>
      {Array.from({ length: total }, (_, index) => (
        <span key={index} className={index < earned ? 'star star-earned' : 'star'} aria-hidden="true">
          {index < earned ? '★' : '☆'}
        </span>
      ))}
    </span>
  );
}
