import { Link } from 'react-router';
import { findPlan, formatEnInDate, LEVEL_COUNT } from '@quizquest/shared';

export interface PlanCardProps {
  subscription: string;
  subscriptionEndsAt: string | null;
  quizLimits: { maxQuizzes: number | null; maxAttemptsPerQuiz: number };
  allowedLevel: number;
}

export function practiceLimitText({ maxQuizzes, maxAttemptsPerQuiz }: PlanCardProps['quizLimits']): string {
  const quizzes = maxQuizzes === null ? 'Unlimited practice quizzes' : `Up to ${maxQuizzes} practice quizzes`;
  return `${quizzes}, ${maxAttemptsPerQuiz} attempts each`;
}

export function certificationLevelText(allowedLevel: number): string {
  if (allowedLevel <= 0) return 'Certification levels: none yet (upgrade to unlock them)';
  return `Certification levels: ${allowedLevel} of ${LEVEL_COUNT}`;
}

/** Spec §2 Profile: the active plan (or 'Free Plan'), its limits, and Upgrade Now. */
export function PlanCard(props: PlanCardProps) {
  return (
    <section className="card plan-summary" aria-labelledby="plan-summary-title">
      <h2 id="plan-summary-title">Your Plan</h2>
      <p className="plan-summary-name">{findPlan(props.subscription).name}</p>
      <ul className="plan-facts">
        <li>{practiceLimitText(props.quizLimits)}</li>
        <li>{certificationLevelText(props.allowedLevel)}</li>
        {props.subscriptionEndsAt ? (
          <li>Active until {formatEnInDate(props.subscriptionEndsAt, 'long')}</li>
        ) : null}
      </ul>
      <Link to="/subscribe" className="button">
        Upgrade Now
      </Link>
    </section>
  );
}
