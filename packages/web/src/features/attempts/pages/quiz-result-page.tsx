import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { planAllowsPracticeQuiz, type QuizHistoryResponse, type QuizResultResponse } from '@quizquest/shared';
import { Celebration } from '../../../components/celebration.tsx';
import { isAbort } from '../../../lib/api-client.ts';
import { useReadAloud } from '../../../lib/speech.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useText } from '../../../i18n/use-text.ts';
import { fetchHistory, fetchResult } from '../api.ts';
import { attemptsLeftAfterResult, formatScore } from '../attempt-rules.ts';
import { ResultQuestionItem } from '../components/result-question-item.tsx';
import { Stars } from '../components/stars.tsx';
import { scrollToTop } from '../page-helpers.ts';

type Loaded =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'ready'; result: QuizResultResponse; history: QuizHistoryResponse };

/** Spec §2 Result: stars, the score, every answer marked, and where to go next. */
export function QuizResultPage() {
  const t = useText();
  useDocumentTitle(t('attempts.result.documentTitle'));
  const { attemptId = '' } = useParams();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const readAloud = useReadAloud();

  useEffect(() => {
    // A new page starts at its top, not where the previous page was scrolled to.
    scrollToTop();
    const controller = new AbortController();
    setLoaded({ state: 'loading' });
    Promise.all([
      fetchResult(attemptId, controller.signal),
      fetchHistory({ signal: controller.signal }),
    ]).then(
      ([result, history]) => setLoaded({ state: 'ready', result, history }),
      (error: unknown) => {
        if (!isAbort(error)) setLoaded({ state: 'failed' });
      },
    );
    return () => controller.abort();
  }, [attemptId]);

  if (loaded.state !== 'ready') {
    return (
      <div className="page">
        <h1>{t('attempts.result.heading')}</h1>
        {loaded.state === 'loading' ? (
          <p role="status" className="list-message">
            {t('attempts.result.loading')}
          </p>
        ) : (
          <>
            <p role="alert" className="form-error">
              {t('attempts.result.loadFailed')}
            </p>
            <p className="link-row">
              <Link to="/quizzes/my-attempts">{t('attempts.result.backToScoreboard')}</Link>
            </p>
          </>
        )}
      </div>
    );
  }

  const { result, history } = loaded;
  const perfect = result.score === 100;
  // At the plan's distinct-quiz cap a practice re-attempt is refused like a new quiz (decision
  // 023): Upgrade Now, as on the list and the attempt page.
  const capReached =
    result.level === 0 &&
    !planAllowsPracticeQuiz({
      maxQuizzes: history.maxQuizLimit,
      distinctQuizzesAttempted: history.distinctQuizzesAttempted,
    });
  const attemptsLeft = capReached ? 0 : attemptsLeftAfterResult(result.quizId, history);

  return (
    <div className="page result-page">
      {/* Spec §2: confetti at a 100 score (still, with reduced motion). */}
      {perfect ? <Celebration /> : null}
      <div className="page-header">
        <h1>{t('attempts.result.heading')}</h1>
        <p className="result-quiz-title">{result.quizTitle}</p>
      </div>

      <section className="result-summary" aria-label={t('attempts.result.scoreLabel')}>
        <Stars correct={result.correctCount} total={result.totalQuestions} size="large" />
        <p className="result-score">{formatScore(result.score, 2)}</p>
        <p className="result-count">
          {t('attempts.result.correctCount', { correct: result.correctCount, total: result.totalQuestions })}
        </p>
        {perfect ? <p className="result-cheer">{t('attempts.result.perfect')}</p> : null}
        <div className="actions">
          {attemptsLeft > 0 ? (
            <Link to={`/quizzes/attempt/${result.quizId}`} className="button">
              {t('attempts.result.reAttempt', { count: attemptsLeft })}
            </Link>
          ) : (
            <Link to="/subscribe" className="button">
              {t('attempts.result.upgradeNow')}
            </Link>
          )}
          <Link to="/quizzes/my-attempts" className="button button-secondary">
            {t('attempts.result.backToScoreboard')}
          </Link>
          {perfect ? (
            <Link to="/dashboard" className="button button-secondary">
              {t('attempts.result.nextQuiz')}
            </Link>
          ) : null}
        </div>
      </section>

      <h2>{t('attempts.result.yourAnswers')}</h2>
      {/* A certification result before the sub-level is earned or the attempts run out (decision 023). */}
      {result.answersRevealed ? null : (
        <p className="muted result-answers-hidden">{t('attempts.result.answersHidden')}</p>
      )}
      <ol className="result-questions">
        {result.questions.map((question, index) => (
          <ResultQuestionItem
            key={index}
            question={question}
            chosen={result.answers[index]}
            number={index + 1}
            readAloud={readAloud}
          />
        ))}
      </ol>
    </div>
  );
}
