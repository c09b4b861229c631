import { useId } from 'react';
import type { LearnerReport } from '@quizquest/shared';
import { MasteryBadge } from '../../../components/mastery-badge.tsx';
import { formatNumber } from '../../../i18n/format.ts';
import { useText } from '../../../i18n/use-text.ts';
import { categoryLabel } from '../../../lib/categories.ts';
import { gradeLabel } from '../../../lib/grades.ts';
import { learnerName } from '../../../lib/learners.ts';
import { AccuracyChart } from './accuracy-chart.tsx';

/**
 * One child in the family report: name and grade, the window's figures (quizzes, minutes,
 * certifications), levels and streak so far, mastery per category now, and right answers per
 * category in the window as a chart.
 */
export function LearnerReportCard({ report }: { report: LearnerReport }) {
  const t = useText();
  const titleId = useId();
  const name = learnerName(report);
  const streak = report.streak.current;
  const figures = [
    { label: t('report.card.quizzes'), value: formatNumber(report.quizzesFinished) },
    { label: t('report.card.minutes'), value: formatNumber(report.minutesSpent) },
    { label: t('report.card.certifications'), value: formatNumber(report.certificationsEarned) },
    { label: t('report.card.levels'), value: formatNumber(report.levelsCompleted) },
    streak > 0
      ? { label: t('report.card.streak'), value: t('report.card.streakDays', { days: streak }) }
      : { label: t('report.card.streak'), value: t('report.card.streakNone'), words: true },
  ];
  return (
    <article className="report-card" aria-labelledby={titleId}>
      <header className="report-card-header">
        <h2 id={titleId} className="report-card-name">
          {name}
        </h2>
        <p className="report-card-grade muted">{gradeLabel(report.grade, t, report.grade)}</p>
      </header>
      <dl className="report-figures">
        {figures.map((figure) => (
          <div key={figure.label} className="report-figure">
            <dt>{figure.label}</dt>
            <dd className={'words' in figure ? 'report-figure-words' : undefined}>{figure.value}</dd>
          </div>
        ))}
      </dl>
      <AccuracyChart accuracy={report.accuracy} title={t('report.chart.title')} />
      <section className="report-mastery" aria-labelledby={`${titleId}-mastery`}>
        <h3 id={`${titleId}-mastery`} className="report-section-title">
          {t('report.card.masteryTitle')}
        </h3>
        {report.mastery.length === 0 ? (
          <p className="muted">{t('report.card.masteryNone')}</p>
        ) : (
          <ul className="report-mastery-list">
            {report.mastery.map((mastery) => (
              <li key={mastery.category} className="report-mastery-item">
                <span>{categoryLabel(mastery.category, t)}</span> <MasteryBadge mastery={mastery} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}
