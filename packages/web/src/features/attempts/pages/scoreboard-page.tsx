import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { HistoryAttempt } from '@quizquest/shared';
import { MasteryBadge } from '../../../components/mastery-badge.tsx';
import { isAbort } from '../../../lib/api-client.ts';
import { masteryOf, useLearningSummary } from '../../../lib/learning-summary.ts';
import { notify } from '../../../lib/toast.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { fetchHistory } from '../api.ts';
import { formatAttemptDate, formatScore, groupAttempts } from '../attempt-rules.ts';
import { Stars } from '../components/stars.tsx';

export const ERROR_LOADING_ATTEMPTS = 'Error loading quiz attempts.';
export const NO_ATTEMPTS_YET = 'You have not attempted any quizzes yet.';

type Loaded =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'ready'; attempts: HistoryAttempt[]; nextBefore: string | null };

/** Spec §2 Scoreboard: every attempt, grouped, newest first; each opens its result. */
export function ScoreboardPage() {
  useDocumentTitle('My Scoreboard');
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [reloads, setReloads] = useState(0);
  const [loadingMore, setLoadingMore] = useState(false);
  /** Groups the learner opened or closed; the others follow the default (the first open). */
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const summary = useLearningSummary();

  useEffect(() => {
    const controller = new AbortController();
    setLoaded({ state: 'loading' });
    fetchHistory({ signal: controller.signal }).then(
      (history) => setLoaded({ state: 'ready', attempts: history.attempts, nextBefore: history.nextBefore }),
      (error: unknown) => {
        if (isAbort(error)) return;
        setLoaded({ state: 'failed' });
        notify('error', ERROR_LOADING_ATTEMPTS);
      },
    );
    return () => controller.abort();
  }, [reloads]);

  const loadOlder = async (before: string) => {
    setLoadingMore(true);
    try {
      const history = await fetchHistory({ before });
      setLoaded((current) =>
        current.state === 'ready'
          ? {
              state: 'ready',
              attempts: [...current.attempts, ...history.attempts],
              nextBefore: history.nextBefore,
            }
          : current,
      );
    } catch {
      notify('error', ERROR_LOADING_ATTEMPTS);
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <div className="page">
      <div className="page-header">
        <h1>My Scoreboard</h1>
      </div>
      {loaded.state === 'loading' ? (
        <p role="status" className="list-message">
          Loading scoreboard...
        </p>
      ) : loaded.state === 'failed' ? (
        <div className="list-message">
          <p role="alert" className="form-error">
            {ERROR_LOADING_ATTEMPTS}
          </p>
          <button type="button" className="button button-secondary" onClick={() => setReloads((n) => n + 1)}>
            Try again
          </button>
        </div>
      ) : loaded.attempts.length === 0 ? (
        <div className="list-message">
          <p>{NO_ATTEMPTS_YET}</p>
          <Link to="/quizzes" className="button">
            Practice Quizzes
          </Link>
        </div>
      ) : (
        <>
          <div className="score-groups">
            {groupAttempts(loaded.attempts).map((group, index) => {
              const open = toggled[group.key] ?? index === 0;
              const panelId = `score-group-${index}`;
              // Practice groups are categories: their mastery shows beside the heading.
              const mastery = group.key.startsWith('practice:') ? masteryOf(summary, group.label) : undefined;
              return (
                <section key={group.key} className="score-group">
                  <h2 className="score-group-heading">
                    <button
                      type="button"
                      className="score-group-toggle"
                      aria-expanded={open}
                      aria-controls={panelId}
                      onClick={() => setToggled((current) => ({ ...current, [group.key]: !open }))}
                    >
                      <span>{group.label}</span>{' '}
                      <span className="score-group-count">
                        {group.attempts.length} {group.attempts.length === 1 ? 'attempt' : 'attempts'}
                      </span>
                      {mastery ? (
                        <>
                          {' '}
                          <MasteryBadge mastery={mastery} />
                        </>
                      ) : null}
                      <span className="score-group-chevron" aria-hidden="true">
                        {open ? '▲' : '▼'}
                      </span>
                    </button>
                  </h2>
                  <ul id={panelId} className="score-cards" hidden={!open}>
                    {group.attempts.map((attempt) => (
                      <ScoreCard key={attempt._id} attempt={attempt} />
                    ))}
                  </ul>
                </section>
              );
            })}
          </div>
          {loaded.nextBefore ? (
            <p className="link-row">
              <button
                type="button"
                className="button button-secondary"
                disabled={loadingMore}
                onClick={() => loaded.nextBefore && void loadOlder(loaded.nextBefore)}
              >
                {loadingMore ? 'Loading...' : 'Show older attempts'}
              </button>
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}

function ScoreCard({ attempt }: { attempt: HistoryAttempt }) {
  const titleId = `attempt-title-${attempt._id}`;
  return (
    <li className="score-card">
      <h3 id={titleId} className="score-card-title">
        {attempt.quiz.title}
      </h3>
      <p className="muted score-card-date">{formatAttemptDate(attempt.submittedAt)}</p>
      <p className="score-card-score">{formatScore(attempt.score, 0)}</p>
      <Stars correct={attempt.correctCount} total={attempt.totalQuestions} />
      <Link to={`/quizzes/result/${attempt._id}`} className="button button-small" aria-describedby={titleId}>
        View Details
      </Link>
    </li>
  );
}
