import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { SubmitReviewResponse, type ReviewSessionResponse } from '@quizquest/shared';
import { Celebration } from '../../../components/celebration.tsx';
import { API_BASE, ApiError, errorMessage, isAbort } from '../../../lib/api-client.ts';
import { newIdempotencyKey } from '../../../lib/offline/idempotency-key.ts';
import { REVIEW_OUTBOX_ID } from '../../../lib/offline/offline-store.ts';
import {
  keepForLater,
  onOutboxSettled,
  queuedSubmission,
  refusalMessage,
  syncOutbox,
} from '../../../lib/offline/outbox-sync.tsx';
import { useAuth } from '../../../lib/session.ts';
import { useReadAloud } from '../../../lib/speech.ts';
import { notify } from '../../../lib/toast.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useText, type Translate } from '../../../i18n/use-text.ts';
import { REVIEW_SUBMIT_PATH } from '../api-paths.ts';
import { fetchReview, submitReview } from '../api.ts';
import { AttemptQuestion } from '../components/attempt-question.tsx';
import { ResultQuestionItem } from '../components/result-question-item.tsx';
import { Stars } from '../components/stars.tsx';
import { scrollToTop } from '../page-helpers.ts';

type Loaded =
  | { state: 'loading' }
  | { state: 'failed' }
  /** No connection: the review is read from the server. */
  | { state: 'needs-internet' }
  | { state: 'session'; session: ReviewSessionResponse }
  | { state: 'result'; result: SubmitReviewResponse; answers: number[] }
  /** Answered without a connection: the answers wait in the outbox. */
  | { state: 'queued' }
  | { state: 'refused'; message: string };

const noConnection = (error: unknown) => error instanceof ApiError && error.status === 0;

function answersOf(body: unknown): number[] {
  if (typeof body !== 'object' || body === null || !('answers' in body) || !Array.isArray(body.answers)) {
    return [];
  }
  return body.answers.filter((answer): answer is number => typeof answer === 'number');
}

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
  const learnerId = useAuth().user?._id ?? '';
  /** The Idempotency-Key of this session's answers (decision 036); a new session, a new key. */
  const submissionKey = useRef('');

  const load = useCallback(
    (signal?: AbortSignal) => {
      scrollToTop();
      submissionKey.current = newIdempotencyKey();
      setLoaded({ state: 'loading' });
      setAnswers([]);
      const read = async (): Promise<Loaded | null> => {
        // Answers waiting to be sent: this session is answered already.
        if (learnerId && (await queuedSubmission(learnerId, REVIEW_OUTBOX_ID))) return { state: 'queued' };
        try {
          return { state: 'session', session: await fetchReview(signal) };
        } catch (error) {
          if (isAbort(error)) return null;
          return { state: noConnection(error) ? 'needs-internet' : 'failed' };
        }
      };
      void read().then((next) => {
        if (next && !signal?.aborted) setLoaded(next);
      });
    },
    [learnerId],
  );

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  // Answers waiting in the outbox: once the server has marked them, they show here.
  const waiting = loaded.state === 'queued';
  useEffect(() => {
    if (!waiting || !learnerId) return;
    return onOutboxSettled((entry) => {
      if (entry.learnerId !== learnerId || entry.quizId !== REVIEW_OUTBOX_ID) return false;
      if (entry.state === 'refused') {
        setLoaded({ state: 'refused', message: refusalMessage(entry) });
        return true;
      }
      const result = SubmitReviewResponse.safeParse(entry.response);
      if (!result.success) return false;
      scrollToTop();
      setLoaded({ state: 'result', result: result.data, answers: answersOf(entry.body) });
      return true;
    });
  }, [waiting, learnerId]);

  if (loaded.state === 'queued' || loaded.state === 'refused' || loaded.state === 'needs-internet') {
    return (
      <div className="page review-page">
        <h1>{t('attempts.review.title')}</h1>
        {loaded.state === 'queued' ? (
          <p role="status" className="banner banner-success">
            {t('attempts.review.queued')}
          </p>
        ) : loaded.state === 'refused' ? (
          <p role="alert" className="form-error">
            {t('attempts.review.refused', { message: loaded.message })}
          </p>
        ) : (
          <p role="alert" className="banner banner-warning">
            {t('attempts.review.needsInternet')}
          </p>
        )}
        <div className="actions">
          <button
            type="button"
            className="button"
            onClick={() => (loaded.state === 'queued' ? void syncOutbox() : load())}
          >
            {loaded.state === 'queued' ? t('attempts.review.sendNow') : t('attempts.review.tryAgain')}
          </button>
          <Link to="/dashboard" className="button button-secondary">
            {t('attempts.review.backToDashboard')}
          </Link>
        </div>
      </div>
    );
  }

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
      const result = await submitReview(given, submissionKey.current);
      scrollToTop();
      setLoaded({ state: 'result', result, answers: given });
    } catch (error) {
      // No connection: the answers wait on this device and are marked when it is back (issue 20).
      if (
        noConnection(error) &&
        (await keepForLater({
          key: submissionKey.current,
          quizId: REVIEW_OUTBOX_ID,
          title: t('attempts.review.title'),
          path: `${API_BASE}${REVIEW_SUBMIT_PATH}`,
          body: { answers: given },
        }))
      ) {
        scrollToTop();
        setLoaded({ state: 'queued' });
        void syncOutbox();
        return;
      }
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
