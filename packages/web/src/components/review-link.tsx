import { Link } from 'react-router';
import type { LearningSummaryResponse } from '@quizquest/shared';
import { useText } from '../i18n/use-text.ts';
import { formatNumber } from '../i18n/format.ts';

/**
 * 'Review your mistakes (N due)' (issue 16 item 3), on the dashboard and the practice list, when
 * something in the learner's review box is due; nothing otherwise (and before the summary loads).
 */
export function ReviewLink({ summary }: { summary: LearningSummaryResponse | null }) {
  const t = useText();
  if (!summary || summary.reviewDue <= 0) return null;
  return (
    <p className="review-link">
      <Link to="/review" className="button button-secondary">
        <span aria-hidden="true">🔁 </span>
        {t('common.reviewLink', { count: formatNumber(summary.reviewDue) })}
      </Link>
    </p>
  );
}
