import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  ANSWER_ALL_QUESTIONS_MESSAGE,
  reviewLinkLabel,
  type ReviewSessionResponse,
  type SubmitReviewResponse,
} from '@quizquest/shared';
import { Celebration } from '../../../components/celebration.tsx';
import { errorMessage, isAbort } from '../../../lib/api-client.ts';
import { useReadAloud } from '../../../lib/speech.ts';
import { notify } from '../../../lib/toast.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { fetchReview, submitReview } from '../api.ts';
import { AttemptQuestion } from '../components/attempt-question.tsx';
import { ResultQuestionItem } from '../components/result-question-item.tsx';
import { Stars } from '../components/stars.tsx';
import { scrollToTop } from '../page-helpers.ts';

export const REVIEW_TITLE = 'Review your mistakes';
export const REVIEW_INTRO =
  'Questions you found tricky come back here until you know them. Answer them again, then read why.';
export const REVIEW_LOAD_FAILED = 'Failed to load your review. Please try again later.';
export const REVIEW_SUBMIT_FAILED = 'Your answers could not be checked. Please try again.';
export const NOTHING_TO_REVIEW = 'Nothing to review right now. Well done!';
export const CHECK_ANSWERS = 'Check my answers';

type Loaded =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'session'; session: ReviewSessionResponse }
  | { state: 'result'; result: SubmitReviewResponse; answers: number[] };

/**
 * When a reviewed question comes back, in a child's words: `days` from the learner's today, in the
 * learner's own time zone (the server counts them, so the device's zone does not matter).
 */
export function comesBackNote(isCorrect: boolean, days: number | null): string {
  if (!isCorrect) return 'It comes back in your next review, so you can try again.';
  if (days === null) return 'Learnt! It leaves your review box.';
  if (days <= 0) return 'Well remembered! It comes back later today.';
  if (days === 1) return 'Well remembered! It comes back tomorrow.';
  return `Well remembered! It comes back in ${days} days.`;
}

/**
 * The review of mistakes (issue 16 item 3, decision 032): the due questions of the pending session,
 * answered like a quiz; then each one marked, with the correct answer and its explanation under a
 * wrong answer, and when it comes back. Reviews count toward no quiz's attempts.
 */
export function ReviewPage() {
  useDocumentTitle(REVIEW_TITLE);
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
        <h1>{REVIEW_TITLE}</h1>
        {loaded.state === 'loading' ? (
          <p role="status" className="list-message">
            Loading your review...
          </p>
        ) : (
          <>
            <p role="alert" className="form-error">
              {REVIEW_LOAD_FAILED}
            </p>
            <p className="link-row">
              <Link to="/dashboard">Back to Dashboard</Link>
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
          <h1>Review result</h1>
        </div>
        <section className="result-summary" aria-label="Your review">
          <Stars correct={result.correctCount} total={result.totalQuestions} size="large" />
          <p className="result-count">
            {result.correctCount} / {result.totalQuestions} correct
          </p>
          <p className="result-cheer">
            {perfect ? 'You remembered every one. Brilliant!' : 'Good practice! Read why below.'}
          </p>
          <div className="actions">
            {result.due > 0 ? (
              <button type="button" className="button" onClick={() => load()}>
                {reviewLinkLabel(result.due)}
              </button>
            ) : null}
            <Link to="/dashboard" className={result.due > 0 ? 'button button-secondary' : 'button'}>
              Back to Dashboard
            </Link>
          </div>
        </section>
        <h2>Your answers</h2>
        <ol className="result-questions">
          {result.results.map((question, index) => (
            <ResultQuestionItem
              key={question._id}
              question={question}
              chosen={loaded.answers[index]}
              number={index + 1}
              readAloud={readAloud}
              note={
                <p className="review-next">{comesBackNote(question.isCorrect, question.nextDueInDays)}</p>
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
        <h1>{REVIEW_TITLE}</h1>
        <p className="banner banner-success">{NOTHING_TO_REVIEW}</p>
        <p className="muted">{REVIEW_INTRO}</p>
        <div className="actions">
          <Link to="/quizzes" className="button">
            Practice Quizzes
          </Link>
          <Link to="/dashboard" className="button button-secondary">
            Back to Dashboard
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
      notify('error', ANSWER_ALL_QUESTIONS_MESSAGE);
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
      notify('error', errorMessage(error, REVIEW_SUBMIT_FAILED));
      // The session may have been answered elsewhere (another tab): show what is due now.
      load();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="page review-page attempt-page">
      <div className="page-header">
        <h1>{REVIEW_TITLE}</h1>
        <p className="subtitle">
          {questions.length} {questions.length === 1 ? 'question' : 'questions'} to review · {session.due} due
        </p>
        <p className="muted">{REVIEW_INTRO}</p>
      </div>
      <form className="attempt-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        {questions.map((question, index) => (
          <div key={question._id} className="review-question">
            <p className="review-from muted">From: {question.quizTitle}</p>
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
            {answeredCount} of {questions.length} answered
          </p>
          <button type="submit" className="button" disabled={submitting}>
            {submitting ? 'Checking...' : CHECK_ANSWERS}
          </button>
        </div>
      </form>
    </div>
  );
}
