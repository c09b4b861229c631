import { useId } from 'react';
import { useText, type Translate } from '../../../i18n/use-text.ts';
import { formatScore } from '../lib/format.ts';

export interface ChartRow {
  quizId: string;
  title: string;
  attempts: number;
  averageScore: number;
}

/** At most this many quizzes are drawn (the most attempted); the table lists them all. */
export const CHART_MAX_QUIZZES = 20;

const WIDTH = 320;
const LEGEND_HEIGHT = 28;
const GROUP_HEIGHT = 58;
const BAR_HEIGHT = 14;
const BAR_MAX = 230;
const TITLE_CHARS = 44;

function shorten(text: string): string {
  return text.length > TITLE_CHARS ? `${text.slice(0, TITLE_CHARS - 1)}…` : text;
}

/** The quizzes the chart draws: the most attempted first, at most CHART_MAX_QUIZZES. */
export function chartRows<T extends ChartRow>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => b.attempts - a.attempts).slice(0, CHART_MAX_QUIZZES);
}

/** One quiz's numbers as the figure's description reads them. */
function describeRow(t: Translate, row: ChartRow): string {
  return t('admin.chart.rowDescription', {
    title: row.title,
    attempts: row.attempts,
    score: formatScore(row.averageScore),
  });
}

/**
 * Attempts and average score per quiz as a horizontal bar chart in plain SVG: two bars per quiz,
 * attempts scaled to the most attempted quiz and the average score to 100 %. The figure's
 * description reads every value out, so the chart is not only visual.
 */
export function StatsChart({ rows }: { rows: readonly ChartRow[] }) {
  const t = useText();
  const titleId = useId();
  const descId = useId();
  const shown = chartRows(rows);
  if (shown.length === 0) return null;
  const maxAttempts = Math.max(1, ...shown.map((row) => row.attempts));
  const height = LEGEND_HEIGHT + shown.length * GROUP_HEIGHT;
  const description = shown.map((row) => describeRow(t, row)).join(' ');
  const caption =
    rows.length > shown.length
      ? t('admin.chart.captionMostAttempted', { shown: shown.length, total: rows.length })
      : t('admin.chart.caption');

  return (
    <figure className="stats-chart">
      <figcaption>{caption}</figcaption>
      <svg
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        viewBox={`0 0 ${WIDTH} ${height}`}
        width="100%"
        preserveAspectRatio="xMinYMin meet"
      >
        <title id={titleId}>{caption}</title>
        <desc id={descId}>{description}</desc>
        <g aria-hidden="true">
          <rect x={0} y={6} width={12} height={12} className="chart-bar-attempts" />
          <text x={18} y={16} className="chart-legend">
            {t('admin.chart.legendAttempts')}
          </text>
          <rect x={100} y={6} width={12} height={12} className="chart-bar-score" />
          <text x={118} y={16} className="chart-legend">
            {t('admin.chart.legendScore')}
          </text>
        </g>
        {shown.map((row, index) => {
          const top = LEGEND_HEIGHT + index * GROUP_HEIGHT;
          const attemptsWidth = (row.attempts / maxAttempts) * BAR_MAX;
          const scoreWidth = (Math.min(100, Math.max(0, row.averageScore)) / 100) * BAR_MAX;
          return (
            <g key={row.quizId} aria-hidden="true" data-testid="chart-quiz">
              <text x={0} y={top + 12} className="chart-label">
                {shorten(row.title)}
              </text>
              <rect
                x={0}
                y={top + 18}
                width={attemptsWidth}
                height={BAR_HEIGHT}
                className="chart-bar-attempts"
              />
              <text x={attemptsWidth + 4} y={top + 29} className="chart-value">
                {row.attempts}
              </text>
              <rect x={0} y={top + 36} width={scoreWidth} height={BAR_HEIGHT} className="chart-bar-score" />
              <text x={scoreWidth + 4} y={top + 47} className="chart-value">
                {formatScore(row.averageScore)}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
