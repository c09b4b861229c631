import { Link } from 'react-router';
import { findPlan, LEVEL_COUNT } from '@quizquest/shared';
import { formatDate } from '../../../i18n/format.ts';
import { useText } from '../../../i18n/use-text.ts';

export interface PlanCardProps {
  subscription: string;
  subscriptionEndsAt: string | null;
  quizLimits: { maxQuizzes: number | null; maxAttemptsPerQuiz: number };
  allowedLevel: number;
}

/** Spec §2 Profile: the active plan (or 'Free Plan'), its limits, and Upgrade Now. */
export function PlanCard(props: PlanCardProps) {
  const t = useText();
  const { maxQuizzes, maxAttemptsPerQuiz } = props.quizLimits;
  return (
    <section className="card plan-summary" aria-labelledby="plan-summary-title">
      <h2 id="plan-summary-title">{t('profile.plan.title')}</h2>
      <p className="plan-summary-name">{findPlan(props.subscription).name}</p>
      <ul className="plan-facts">
        <li>
          {maxQuizzes === null
            ? t('profile.plan.unlimitedPractice', { attempts: maxAttemptsPerQuiz })
            : t('profile.plan.practiceLimit', { count: maxQuizzes, attempts: maxAttemptsPerQuiz })}
        </li>
        <li>
          {props.allowedLevel <= 0
            ? t('profile.plan.noCertificationLevels')
            : t('profile.plan.certificationLevels', { level: props.allowedLevel, total: LEVEL_COUNT })}
        </li>
        {props.subscriptionEndsAt ? (
          <li>{t('profile.plan.activeUntil', { date: formatDate(props.subscriptionEndsAt, 'long') })}</li>
        ) : null}
      </ul>
      <Link to="/subscribe" className="button">
        {t('profile.plan.upgrade')}
      </Link>
    </section>
  );
}
