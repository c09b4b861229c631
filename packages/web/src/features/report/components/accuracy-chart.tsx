import { useId } from 'react';
import type { CategoryAccuracy } from '@quizquest/shared';
import { formatNumber } from '../../../i18n/format.ts';
import { useText } from '../../../i18n/use-text.ts';
import { categoryLabel } from '../../../lib/categories.ts';

/** The share of right answers, 0 to 1; a category with nothing answered has none. */
export function accuracyShare({ answered, correct }: CategoryAccuracy): number {
  if (answered <= 0) return 0;
  return Math.min(1, Math.max(0, correct / answered));
}

/**
 * Right answers per category as a horizontal bar chart, in plain HTML and CSS (no chart library:
 * decision 017's budget). Each bar is a list item whose words carry everything the bar shows
 * (category, percentage, "x of y right"), so a screen reader reads the chart as a list and the
 * bar itself is decoration. With nothing answered in the window it shows an encouraging note.
 */
export function AccuracyChart({ accuracy, title }: { accuracy: readonly CategoryAccuracy[]; title: string }) {
  const t = useText();
  const titleId = useId();
  const rows = accuracy.filter((row) => row.answered > 0);
  return (
    <section className="accuracy-chart" aria-labelledby={titleId}>
      <h3 id={titleId} className="report-section-title">
        {title}
      </h3>
      {rows.length === 0 ? (
        <div className="accuracy-empty">
          <p className="accuracy-empty-title">
            <span aria-hidden="true">🌱 </span>
            {t('report.chart.emptyTitle')}
          </p>
          <p className="muted">{t('report.chart.emptyBody')}</p>
        </div>
      ) : (
        <ul className="accuracy-rows" aria-labelledby={titleId}>
          {rows.map((row) => {
            const share = accuracyShare(row);
            const percent = formatNumber(share, { style: 'percent', maximumFractionDigits: 0 });
            return (
              <li key={row.category} className="accuracy-row">
                <span className="accuracy-label">
                  <span className="accuracy-category">{categoryLabel(row.category, t)}</span>{' '}
                  <span className="accuracy-percent">{percent}</span>
                </span>
                <span className="accuracy-track" aria-hidden="true">
                  <span className="accuracy-bar" style={{ width: `${(share * 100).toFixed(1)}%` }} />
                </span>
                <span className="accuracy-count">
                  {t('report.chart.rightOf', {
                    correct: formatNumber(row.correct),
                    answered: formatNumber(row.answered),
                  })}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
