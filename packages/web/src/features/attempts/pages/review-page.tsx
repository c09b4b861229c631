import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { ReviewSessionResponse, SubmitReviewResponse } from '@quizquest/shared';
import { Celebration } from '../../../components/celebration.tsx';
import { errorMessage, isAbort } from '../../../lib/api-client.ts';
import { useReadAloud } from '../../../lib/speech.ts';
import { notify } from '../../../lib/toast.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useText, type Translate } from '../../../i18n/use-text.ts';
import { fetchReview, submitReview } from '../api.ts';
import { AttemptQuestion } from '../components/attempt-question.tsx';
import { ResultQuestionItem } from '../components/result-question-item.tsx';
import { Stars } from '../components/stars.tsx';
import { scrollToTop } from '../page-helpers.ts';

type Loaded =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'session'; session: ReviewSessionResponse }
  | { state: 'result'; result: SubmitReviewResponse; answers: number[] };

/**
 * When a reviewed question comes back, in a child's words: `days` from the learner's today, in the
 * learner's own time zone (the server counts them, so the device's zone does not matter).
 */
export function comesBackNote(isCorrect: boolean, days: number | null, t: Translate): string {
  if (!isCorrect) return t('attempts.review.comesBackNextReview');
  if (days === null) return t('attempts.review.learnt');
  if (days <= 0) return t('attempts.review.comesBackToday');
  if (days === 1) return t('attempts.review.comesBackTomorrow');
  return t('attempts.review.comesBackInDays', { days });
}

/**
 * The review of mistakes (issue 16 item 3, decision 032): the due questions of the pending session,
 * answered like a quiz; then each one marked, with the correct answer and its explanation under a
 * wrong answer, and when it comes back. Reviews count toward no quiz's attempts.
 */
export function ReviewPage() {
  const t = useText();
  useDocumentTitle(t('attempts.review.title'));
  const readAloud = useReadAloud();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [answers, setAnswers] = useState<Array<number | undefined>>([]);
  const [submitting, setSubmitting] = useState(false);

  const load = useCallback((signal?: AbortSignal) => {
    scrollToTop();
    setLoaded({ state: 'loading' });
    setAnswers([]);
    fetchReview(signal).then(
      (session) => setLoaded({ state: 'session', session }),
      (error: unknown) => {
        if (!isAbort(error)) setLoaded({ state: 'failed' });
      },
    );
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  if (loaded.state === 'loading' || loaded.state === 'failed') {
    return (
      <div className="page review-page">
        <h1>{t('attempts.review.title')}</h1>
        {loaded.state === 'loading' ? (
          <p role="status" className="list-message">
            {t('attempts.review.loading')}
          </p>
        ) : (
          <>
            <p role="alert" className="form-error">
              {t('attempts.review.loadFailed')}
            </p>
            <p className="link-row">
              <Link to="/dashboard">{t('attempts.review.backToDashboard')}</Link>
            </p>
          </>
        )}
      </div>
    );
  }

  if (loaded.state === 'result') {
    const { result } = loaded;
    const perfect = result.correctCount === result.totalQuestions;
    return (
      <div className="page review-page result-page">
        {perfect ? <Celebration /> : null}
        <div className="page-header">
          <h1>{t('attempts.review.resultHeading')}</h1>
        </div>
        <section className="result-summary" aria-label={t('attempts.review.summaryLabel')}>
          <Stars correct={result.correctCount} total={result.totalQuestions} size="large" />
          <p className="result-count">
            {t('attempts.review.correctCount', {
              correct: result.correctCount,
              total: result.totalQuestions,
            })}
          </p>
          <p className="result-cheer">
            {perfect ? t('attempts.review.perfect') : t('attempts.review.goodPractice')}
          </p>
          <div className="actions">
            {result.due > 0 ? (
              <button type="button" className="button" onClick={() => load()}>
                {t('attempts.review.reviewAgain', { due: result.due })}
              </button>
            ) : null}
            <Link to="/dashboard" className={result.due > 0 ? 'button button-secondary' : 'button'}>
              {t('attempts.review.backToDashboard')}
            </Link>
          </div>
        </section>
        <h2>{t('attempts.review.yourAnswers')}</h2>
        <ol className="result-questions">
          {result.results.map((question, index) => (
            <ResultQuestionItem
              key={question._id}
              question={question}
              chosen={loaded.answers[index]}
              number={index + 1}
              readAloud={readAloud}
              note={
                <p className="review-next">{comesBackNote(question.isCorrect, question.nextDueInDays, t)}</p>
              }
            />
          ))}
        </ol>
      </div>
    );
  }

  const { session } = loaded;
  if (session.questions.length === 0) {
    return (
      <div className="page review-page">
        <h1>{t('attempts.review.title')}</h1>
        <p className="banner banner-success">{t('attempts.review.nothingToReview')}</p>
        <p className="muted">{t('attempts.review.intro')}</p>
        <div className="actions">
          <Link to="/quizzes" className="button">
            {t('attempts.review.practiceQuizzes')}
          </Link>
          <Link to="/dashboard" className="button button-secondary">
            {t('attempts.review.backToDashboard')}
          </Link>
        </div>
      </div>
    );
  }

  const questions = session.questions;
  const answeredCount = questions.filter((_, index) => answers[index] !== undefined).length;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const missing = questions.findIndex((_, index) => answers[index] === undefined);
    if (missing !== -1) {
      notify('error', t('attempts.review.answerAll'));
      document.querySelector<HTMLInputElement>(`#question-${missing + 1} input[type="radio"]`)?.focus();
      return;
    }
    setSubmitting(true);
    const given = questions.map((_, index) => answers[index] ?? 0);
    try {
      const result = await submitReview(given);
      scrollToTop();
      setLoaded({ state: 'result', result, answers: given });
    } catch (error) {
      notify('error', errorMessage(error, t('attempts.review.submitFailed')));
      // The session may have been answered elsewhere (another tab): show what is due now.
      load();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="page review-page attempt-page">
      <div className="page-header">
        <h1>{t('attempts.review.title')}</h1>
        <p className="subtitle">
          {t('attempts.review.subtitle', { count: questions.length, due: session.due })}
        </p>
        <p className="muted">{t('attempts.review.intro')}</p>
      </div>
      <form className="attempt-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        {questions.map((question, index) => (
          <div key={question._id} className="review-question">
            <p className="review-from muted">{t('attempts.review.from', { quiz: question.quizTitle })}</p>
            <AttemptQuestion
              question={question}
              index={index}
              answer={answers[index]}
              onAnswer={(option) =>
                setAnswers((current) => {
                  const next = [...current];
                  next[index] = option;
                  return next;
                })
              }
              readAloud={readAloud}
              disabled={submitting}
            />
          </div>
        ))}
        <div className="attempt-submit">
          <p className="muted">
            {t('attempts.review.answered', { answered: answeredCount, total: questions.length })}
          </p>
          <button type="submit" className="button" disabled={submitting}>
            {submitting ? t('attempts.review.checking') : t('attempts.review.checkAnswers')}
          </button>
        </div>
      </form>
    </div>
  );
}
