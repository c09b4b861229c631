import { useEffect, useState } from 'react';
import type { LearningSummaryResponse } from '@quizquest/shared';
import { StillCelebration } from '../../../components/celebration.tsx';
import { translate } from '../../../i18n/i18n.ts';
import { useText } from '../../../i18n/use-text.ts';
import { readItem, writeItem } from '../../../lib/storage.ts';

/** The last local day the goal was celebrated on this device: the celebration is once a day. */
export const GOAL_CELEBRATED_KEY = 'qq-goal-celebrated';

/** '3 days in a row', in the language shown now. */
export function streakText(days: number): string {
  return translate('dashboard.streak.days', { days });
}

/** "Today's goal: 1 quiz", in the language shown now. */
export function goalText(target: number): string {
  return translate('dashboard.streak.goal', { target });
}

/**
 * The learner's streak and daily goal (issue 16, decision 030). Only what the child has done is
 * counted: with no streak the card invites, it never says a streak was lost. When today's goal is
 * met, a small still band of confetti shows once that day (it never moves, so it suits reduced
 * motion too).
 */
export function StreakCard({ summary }: { summary: LearningSummaryResponse | null }) {
  const t = useText();
  const goalMet = summary !== null && summary.dailyGoal.done >= summary.dailyGoal.target;
  const today = summary?.today ?? '';
  const [celebrate, setCelebrate] = useState(false);

  useEffect(() => {
    if (!goalMet || readItem(GOAL_CELEBRATED_KEY) === today) return;
    writeItem(GOAL_CELEBRATED_KEY, today);
    setCelebrate(true);
  }, [goalMet, today]);

  if (!summary) return null;
  const days = summary.streak.current;
  return (
    <section className="streak-card" aria-labelledby="streak-card-title">
      <h2 id="streak-card-title" className="streak-card-title">
        {t('dashboard.streak.title')}
      </h2>
      <p className="streak-line">
        {days > 0 ? (
          <>
            <span aria-hidden="true">🔥 </span>
            {streakText(days)}
          </>
        ) : (
          t('dashboard.streak.start')
        )}
      </p>
      <p className={goalMet ? 'goal-line goal-met' : 'goal-line'}>
        {goalMet ? (
          <>
            <span aria-hidden="true" className="goal-party">
              🎉{' '}
            </span>
            {t('dashboard.streak.goalMet')}
          </>
        ) : (
          goalText(summary.dailyGoal.target)
        )}
      </p>
      {celebrate ? <StillCelebration /> : null}
    </section>
  );
}
