import { useEffect, useId, useRef, useState } from 'react';
import type { AdminQuestionStatsRow, AdminStatsRow } from '@quizquest/shared';
import { translate } from '../../../i18n/i18n.ts';
import { useText } from '../../../i18n/use-text.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { quizQuestionStats, quizStats, type StatsRange } from '../api.ts';
import { formatDateTime, formatScore } from '../lib/format.ts';
import { Modal } from '../../../components/modal.tsx';
import { StatsChart } from './stats-chart.tsx';

interface StatsModalProps {
  /** The quiz whose Stats button opened the modal: its row is highlighted. */
  highlightQuizId?: string | null;
  onClose: () => void;
}

type StatsState =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; rows: AdminStatsRow[] };

/** The quiz whose questions are shown instead of the list of quizzes. */
interface OpenQuiz {
  quizId: string;
  title: string;
}

/**
 * Spec §2: the stats modal with From/To dates and the table Quiz Title, Attempts, Avg Score, Last
 * Attempt; the chart draws the same numbers. Each quiz's Questions button shows its statistics
 * per question for the same days (decision 031) until 'Back to all quizzes'. Lazy-loaded with the
 * chart when first opened.
 */
export default function StatsModal({ highlightQuizId = null, onClose }: StatsModalProps) {
  const t = useText();
  const [range, setRange] = useState<StatsRange>({ from: '', to: '' });
  const [state, setState] = useState<StatsState>({ status: 'loading' });
  const [openQuiz, setOpenQuiz] = useState<OpenQuiz | null>(null);
  // Back returns focus to the quiz's Questions button once the list shows it again.
  const questionButtons = useRef(new Map<string, HTMLButtonElement>());
  const returnFocusTo = useRef<string | null>(null);
  useEffect(() => {
    const quizId = returnFocusTo.current;
    if (openQuiz !== null || quizId === null || state.status === 'loading') return;
    returnFocusTo.current = null;
    questionButtons.current.get(quizId)?.focus();
  });
  const changeRange = (patch: Partial<typeof range>) => {
    setRange((current) => ({ ...current, ...patch }));
    setState({ status: 'loading' });
  };

  useEffect(() => {
    const controller = new AbortController();
    quizStats(range, controller.signal)
      .then((rows) => setState({ status: 'ready', rows }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Failed to load stats', error);
        setState({ status: 'error', message: errorMessage(error, translate('admin.stats.loadFailed')) });
      });
    return () => controller.abort();
  }, [range]);

  return (
    <Modal title={t('admin.stats.title')} size="wide" onClose={onClose}>
      <div className="filter-bar">
        <div className="field">
          <label htmlFor="stats-from">{t('admin.stats.from')}</label>
          <input
            id="stats-from"
            className="input"
            type="date"
            max={range.to || undefined}
            value={range.from}
            onChange={(event) => changeRange({ from: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor="stats-to">{t('admin.stats.to')}</label>
          <input
            id="stats-to"
            className="input"
            type="date"
            min={range.from || undefined}
            value={range.to}
            onChange={(event) => changeRange({ to: event.target.value })}
          />
        </div>
      </div>

      {openQuiz !== null ? (
        <QuestionStats
          key={openQuiz.quizId}
          quiz={openQuiz}
          range={range}
          onBack={() => {
            returnFocusTo.current = openQuiz.quizId;
            setOpenQuiz(null);
          }}
        />
      ) : null}
      {openQuiz === null && state.status === 'loading' ? (
        <p role="status">{t('admin.stats.loading')}</p>
      ) : null}
      {openQuiz === null && state.status === 'error' ? (
        <p className="form-error" role="alert">
          {state.message}
        </p>
      ) : null}
      {openQuiz === null && state.status === 'ready' && state.rows.length === 0 ? (
        <p role="status">{t('admin.stats.empty')}</p>
      ) : null}
      {openQuiz === null && state.status === 'ready' && state.rows.length > 0 ? (
        <>
          <div className="table-scroll" role="region" aria-label={t('admin.stats.tableLabel')} tabIndex={0}>
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t('admin.stats.quizTitle')}</th>
                  <th scope="col">{t('admin.stats.attempts')}</th>
                  <th scope="col">{t('admin.stats.averageScore')}</th>
                  <th scope="col">{t('admin.stats.lastAttempt')}</th>
                </tr>
              </thead>
              <tbody>
                {state.rows.map((row) => (
                  <tr
                    key={row.quizId}
                    className={row.quizId === highlightQuizId ? 'row-highlight' : undefined}
                    aria-current={row.quizId === highlightQuizId ? 'true' : undefined}
                  >
                    <th scope="row">
                      <div className="row-actions">
                        <span>
                          {row.title}
                          {row.deleted ? <span className="muted"> {t('admin.stats.deleted')}</span> : null}
                        </span>
                        <button
                          type="button"
                          className="button button-secondary button-small"
                          aria-label={t('admin.stats.questionsOf', { title: row.title })}
                          ref={(button) => {
                            if (button) questionButtons.current.set(row.quizId, button);
                            return () => {
                              questionButtons.current.delete(row.quizId);
                            };
                          }}
                          onClick={() => setOpenQuiz({ quizId: row.quizId, title: row.title })}
                        >
                          {t('admin.stats.questions')}
                        </button>
                      </div>
                    </th>
                    <td>{row.attempts}</td>
                    <td>{formatScore(row.averageScore)}</td>
                    <td>{formatDateTime(row.lastAttempt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <StatsChart rows={state.rows} />
        </>
      ) : null}
    </Modal>
  );
}

type QuestionStatsState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; rows: AdminQuestionStatsRow[] };

/**
 * The questions answered right least often, marked so the admin sees what to explain better; none
 * when fewer than two questions were answered or all did equally well.
 */
function hardestQuestionIds(rows: AdminQuestionStatsRow[]): Set<string> {
  const answered = rows.filter((row) => row.shown > 0);
  const lowest = Math.min(...answered.map((row) => row.correctRate));
  if (answered.length < 2 || answered.every((row) => row.correctRate === lowest)) return new Set();
  return new Set(answered.filter((row) => row.correctRate === lowest).map((row) => row.questionId));
}

interface QuestionStatsProps {
  quiz: OpenQuiz;
  range: StatsRange;
  onBack: () => void;
}

/** One quiz's table Question, Shown, Right, % right for the modal's days, in the quiz's order. */
function QuestionStats({ quiz, range, onBack }: QuestionStatsProps) {
  const t = useText();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { from, to } = range;
  // Answers are kept with the days they answer, so a change of days shows loading at once.
  const [result, setResult] = useState<{ from: string; to: string; state: QuestionStatsState } | null>(null);
  const state: QuestionStatsState =
    result !== null && result.from === from && result.to === to ? result.state : { status: 'loading' };

  // The Questions button that opened this view is gone: focus moves to what replaced it.
  useEffect(() => headingRef.current?.focus(), []);

  useEffect(() => {
    const controller = new AbortController();
    quizQuestionStats(quiz.quizId, { from, to }, controller.signal)
      .then((rows) => setResult({ from, to, state: { status: 'ready', rows } }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Failed to load question stats', error);
        const message = errorMessage(error, translate('admin.stats.questionsLoadFailed'));
        setResult({ from, to, state: { status: 'error', message } });
      });
    return () => controller.abort();
  }, [quiz.quizId, from, to]);

  const hardest = state.status === 'ready' ? hardestQuestionIds(state.rows) : new Set<string>();

  return (
    // Direct children of the modal's grid, as in the list: the table's scroller keeps it in the modal.
    <>
      <div>
        <button type="button" className="button button-secondary button-small" onClick={onBack}>
          {t('admin.stats.back')}
        </button>
        <h3 id={headingId} ref={headingRef} tabIndex={-1}>
          {t('admin.stats.questionsOf', { title: quiz.title })}
        </h3>
      </div>
      {state.status === 'loading' ? <p role="status">{t('admin.stats.loadingQuestions')}</p> : null}
      {state.status === 'error' ? (
        <p className="form-error" role="alert">
          {state.message}
        </p>
      ) : null}
      {state.status === 'ready' && state.rows.length === 0 ? (
        <p role="status">{t('admin.stats.noAnswers')}</p>
      ) : null}
      {state.status === 'ready' && state.rows.length > 0 ? (
        <div
          className="table-scroll"
          role="region"
          aria-label={t('admin.stats.questionTableLabel')}
          tabIndex={0}
        >
          <table className="data-table question-stats-table" aria-labelledby={headingId}>
            <thead>
              <tr>
                <th scope="col">{t('admin.stats.question')}</th>
                <th scope="col">{t('admin.stats.shown')}</th>
                <th scope="col">{t('admin.stats.right')}</th>
                <th scope="col">{t('admin.stats.rightRate')}</th>
              </tr>
            </thead>
            <tbody>
              {state.rows.map((row) => (
                <tr
                  key={row.questionId}
                  className={hardest.has(row.questionId) ? 'row-highlight' : undefined}
                >
                  <th scope="row">
                    {row.position !== null ? `${row.position}. ` : null}
                    {row.questionText || <span className="muted">{t('admin.stats.pictureOnly')}</span>}
                    {row.position === null ? (
                      <span className="muted"> {t('admin.stats.removed')}</span>
                    ) : null}
                    {hardest.has(row.questionId) ? (
                      <span className="table-note">{t('admin.stats.hardest')}</span>
                    ) : null}
                  </th>
                  <td>{row.shown}</td>
                  <td>{row.correct}</td>
                  <td>{formatScore(row.correctRate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
