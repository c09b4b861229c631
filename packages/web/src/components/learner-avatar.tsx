import type { LearnerSummary } from '@quizquest/shared';

/** A learner's initials ('AR'), or '?' for a learner without a name. */
function learnerInitials(learner: Pick<LearnerSummary, 'first_name' | 'last_name'>): string {
  const initials = `${learner.first_name.trim().charAt(0)}${learner.last_name.trim().charAt(0)}`;
  return initials.toUpperCase() || '?';
}

/**
 * A learner's photo, else their initials in a circle. Decorative: the learner's name is always
 * written beside it, so screen readers skip it. Styled in styles.css: a stylesheet of its own would
 * share a chunk with the learners' schemas and tie the `learner` chunk into a ring (vite.config.ts).
 */
export function LearnerAvatar({
  learner,
  size = 'small',
}: {
  learner: Pick<LearnerSummary, 'first_name' | 'last_name' | 'avatar'>;
  size?: 'small' | 'large';
}) {
  const className = `learner-avatar learner-avatar-${size}`;
  if (learner.avatar) {
    return <img className={className} src={learner.avatar} alt="" aria-hidden="true" />;
  }
  return (
    <span className={`${className} learner-avatar-initials`} aria-hidden="true">
      {learnerInitials(learner)}
    </span>
  );
}
