import { useEffect, useState } from 'react';
import type { AdminStatsRow } from '@quizquest/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { quizStats } from '../api.ts';
import { formatDateTime, formatScore } from '../lib/format.ts';
import { Modal } from '../../../components/modal.tsx';
import { StatsChart } from './stats-chart.tsx';

export const STATS_LOAD_FAILED = 'Failed to load stats.';

interface StatsModalProps {
  /** The quiz whose Stats button opened the modal: its row is highlighted. */
  highlightQuizId?: string | null;
  onClose: () => void;
}

type StatsState =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; rows: AdminStatsRow[] };

/**
 * Spec §2: the stats modal with From/To dates and the table Quiz Title, Attempts, Avg Score, Last
 * Attempt; the chart draws the same numbers. Lazy-loaded with the chart when first opened.
 */
export default function StatsModal({ highlightQuizId = null, onClose }: StatsModalProps) {
  const [range, setRange] = useState({ from: '', to: '' });
  const [state, setState] = useState<StatsState>({ status: 'loading' });
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
        setState({ status: 'error', message: errorMessage(error, STATS_LOAD_FAILED) });
      });
    return () => controller.abort();
  }, [range]);

  return (
    <Modal title="Quiz Stats" size="wide" onClose={onClose}>
      <div className="filter-bar">
        <div className="field">
          <label htmlFor="stats-from">From</label>
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
          <label htmlFor="stats-to">To</label>
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

      {state.status === 'loading' ? <p role="status">Loading stats...</p> : null}
      {state.status === 'error' ? (
        <p className="form-error" role="alert">
          {state.message}
        </p>
      ) : null}
      {state.status === 'ready' && state.rows.length === 0 ? <p role="status">No stats found.</p> : null}
      {state.status === 'ready' && state.rows.length > 0 ? (
        <>
          <div className="table-scroll" role="region" aria-label="Quiz stats table" tabIndex={0}>
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Quiz Title</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">Avg Score</th>
                  <th scope="col">Last Attempt</th>
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
                      {row.title}
                      {row.deleted ? <span className="muted"> (deleted)</span> : null}
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
