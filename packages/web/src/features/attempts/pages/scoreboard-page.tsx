import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { HistoryAttempt } from '@quizquest/shared';
import { MasteryBadge } from '../../../components/mastery-badge.tsx';
import { isAbort } from '../../../lib/api-client.ts';
import { categoryLabel } from '../../../lib/categories.ts';
import { masteryOf, useLearningSummary } from '../../../lib/learning-summary.ts';
import { notify } from '../../../lib/toast.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { translate } from '../../../i18n/i18n.ts';
import { useText, type Translate } from '../../../i18n/use-text.ts';
import { fetchHistory } from '../api.ts';
import { formatAttemptDate, formatScore, groupAttempts, type AttemptGroup } from '../attempt-rules.ts';
import { Stars } from '../components/stars.tsx';
import { subLevelName } from '../page-helpers.ts';

type Loaded =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'ready'; attempts: HistoryAttempt[]; nextBefore: string | null };

/** Spec §2 Scoreboard: every attempt, grouped, newest first; each opens its result. */
export function ScoreboardPage() {
  const t = useText();
  useDocumentTitle(t('attempts.scoreboard.documentTitle'));
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
        notify('error', translate('attempts.scoreboard.errorLoading'));
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
      notify('error', t('attempts.scoreboard.errorLoading'));
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <div className="page">
      <div className="page-header">
        <h1>{t('attempts.scoreboard.heading')}</h1>
      </div>
      {loaded.state === 'loading' ? (
        <p role="status" className="list-message">
          {t('attempts.scoreboard.loading')}
        </p>
      ) : loaded.state === 'failed' ? (
        <div className="list-message">
          <p role="alert" className="form-error">
            {t('attempts.scoreboard.errorLoading')}
          </p>
          <button type="button" className="button button-secondary" onClick={() => setReloads((n) => n + 1)}>
            {t('attempts.scoreboard.tryAgain')}
          </button>
        </div>
      ) : loaded.attempts.length === 0 ? (
        <div className="list-message">
          <p>{t('attempts.scoreboard.noAttempts')}</p>
          <Link to="/quizzes" className="button">
            {t('attempts.scoreboard.practiceQuizzes')}
          </Link>
        </div>
      ) : (
        <>
          <div className="score-groups">
            {groupAttempts(loaded.attempts).map((group, index) => {
              const open = toggled[group.key] ?? index === 0;
              const panelId = `score-group-${index}`;
              // Practice groups are categories: their mastery shows beside the heading.
              const practice = group.kind === 'category' || group.kind === 'general';
              const mastery = practice ? masteryOf(summary, group.label) : undefined;
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
                      <span>{groupLabel(group, t)}</span>{' '}
                      <span className="score-group-count">
                        {t('attempts.scoreboard.attemptCount', { count: group.attempts.length })}
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
                {loadingMore ? t('attempts.scoreboard.loadingMore') : t('attempts.scoreboard.showOlder')}
              </button>
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}

/**
 * A group's heading in the language shown: one of the six categories by its name in that
 * language (another category as stored); 'General', 'Unassigned' and the sub-levels are the app's.
 */
function groupLabel(group: AttemptGroup, t: Translate): string {
  switch (group.kind) {
    case 'category':
      return categoryLabel(group.label, t);
    case 'general':
      return t('attempts.scoreboard.general');
    case 'unassigned':
      return t('attempts.scoreboard.unassigned');
    case 'subLevel':
      return group.subLevel
        ? t('attempts.scoreboard.subLevelGroup', {
            level: group.subLevel.level,
            name: subLevelName(group.subLevel),
          })
        : group.label;
  }
}

function ScoreCard({ attempt }: { attempt: HistoryAttempt }) {
  const t = useText();
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
        {t('attempts.scoreboard.viewDetails')}
      </Link>
    </li>
  );
}
