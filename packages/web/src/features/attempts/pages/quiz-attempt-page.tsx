import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  ERROR_CODES,
  findSubLevel,
  planAllowsPracticeQuiz,
  QuizAttemptResponse,
  type QuizHistoryResponse,
} from '@quizquest/shared';
import { API_BASE, ApiError, errorMessage, isAbort } from '../../../lib/api-client.ts';
import { newIdempotencyKey } from '../../../lib/offline/idempotency-key.ts';
import {
  attemptIdOf,
  keepForLater,
  onOutboxSettled,
  queuedSubmission,
  refusalMessage,
  syncOutbox,
} from '../../../lib/offline/outbox-sync.tsx';
import { forgetSavedQuiz, keepSavedDrawCurrent, savedDraw } from '../../../lib/offline/saved-quizzes.ts';
import { useAuth } from '../../../lib/session.ts';
import { useReadAloud } from '../../../lib/speech.ts';
import { notify } from '../../../lib/toast.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { translate } from '../../../i18n/i18n.ts';
import { useText } from '../../../i18n/use-text.ts';
import { quizSubmitPath } from '../api-paths.ts';
import { fetchHistory, fetchQuiz, submitQuiz } from '../api.ts';
import { attemptsLeftForQuiz } from '../attempt-rules.ts';
import { AttemptQuestion } from '../components/attempt-question.tsx';
import { scrollToTop, subLevelName } from '../page-helpers.ts';

type LoadedQuiz =
  | { state: 'loading' }
  | { state: 'failed' }
  /** No connection and no copy saved on this device. */
  | { state: 'needs-internet' }
  /** `saved`: the copy saved for offline, shown without a connection. */
  | { state: 'ready'; quiz: QuizAttemptResponse; saved: boolean }
  /** Submitted without a connection: the answers wait in the outbox. */
  | { state: 'queued' }
  /** The outbox's submission was refused by the server (its message). */
  | { state: 'refused'; message: string };

/** No answer from the server at all (offline, or the connection dropped). */
const noConnection = (error: unknown) => error instanceof ApiError && error.status === 0;

/** Spec §2 Quiz attempt: answer every question, then Submit Quiz; the server scores it. */
export function QuizAttemptPage() {
  const t = useText();
  const { quizId = '' } = useParams();
  const navigate = useNavigate();
  const readAloud = useReadAloud();
  const learnerId = useAuth().user?._id ?? '';
  const [loaded, setLoaded] = useState<LoadedQuiz>({ state: 'loading' });
  const [history, setHistory] = useState<QuizHistoryResponse | null>(null);
  const [answers, setAnswers] = useState<Array<number | undefined>>([]);
  const [submitting, setSubmitting] = useState(false);
  const [limitReached, setLimitReached] = useState(false);
  /** Bumped to open the quiz again (a new draw) after this one was submitted elsewhere. */
  const [reopened, setReopened] = useState(0);
  /**
   * The Idempotency-Key of this draw's submission (decision 036): a retry of the same submit, or
   * the outbox sending it later, is recorded once. A new draw (the quiz opened again) gets a new one.
   */
  const submissionKey = useRef('');
  useDocumentTitle(loaded.state === 'ready' ? loaded.quiz.title : t('attempts.attempt.documentTitle'));

  useEffect(() => {
    // A new page starts at its top, not where the previous page was scrolled to.
    scrollToTop();
    const controller = new AbortController();
    const { signal } = controller;
    submissionKey.current = newIdempotencyKey();
    setLoaded({ state: 'loading' });
    setHistory(null);
    setAnswers([]);
    setLimitReached(false);
    const load = async (): Promise<LoadedQuiz | null> => {
      // Answers to this quiz still waiting to be sent: the draw is used, nothing to answer again.
      if (learnerId && (await queuedSubmission(learnerId, quizId))) return { state: 'queued' };
      try {
        const quiz = await fetchQuiz(quizId, signal);
        if (learnerId) keepSavedDrawCurrent(learnerId, quizId, quiz).catch(() => undefined);
        return { state: 'ready', quiz, saved: false };
      } catch (error) {
        if (isAbort(error)) return null;
        if (!noConnection(error)) return { state: 'failed' };
        // Offline: the draw saved on this device for this learner, if there is one.
        const saved = QuizAttemptResponse.safeParse(
          learnerId ? await savedDraw(learnerId, quizId) : undefined,
        );
        return saved.success
          ? { state: 'ready', quiz: saved.data, saved: true }
          : { state: 'needs-internet' };
      }
    };
    void load().then((next) => {
      if (next && !signal.aborted) setLoaded(next);
    });
    fetchHistory({ signal }).then(setHistory, (error: unknown) => {
      // The quiz's own counts stand in; the server checks the limits again on submit. Offline
      // that is expected and said by the page itself.
      if (!isAbort(error) && !noConnection(error)) {
        notify('error', translate('attempts.attempt.errorLoadingAttempts'));
      }
    });
    return () => controller.abort();
  }, [quizId, reopened, learnerId]);

  // Answers waiting in the outbox: sent (here, or by the service worker), the result opens;
  // refused, the server's message shows here instead of a toast.
  const waiting = loaded.state === 'queued';
  useEffect(() => {
    if (!waiting || !learnerId) return;
    return onOutboxSettled((entry) => {
      if (entry.learnerId !== learnerId || entry.quizId !== quizId) return false;
      if (entry.state === 'refused') {
        setLoaded({ state: 'refused', message: refusalMessage(entry) });
        return true;
      }
      const attemptId = attemptIdOf(entry);
      if (!attemptId) return false;
      void navigate(`/quizzes/result/${attemptId}`);
      return true;
    });
  }, [waiting, learnerId, quizId, navigate]);

  if (loaded.state === 'queued') return <QueuedPanel />;
  if (loaded.state === 'refused') {
    return (
      <div className="page attempt-page">
        <h1>{t('attempts.attempt.heading')}</h1>
        <p role="alert" className="form-error">
          {t('attempts.attempt.refused', { message: loaded.message })}
        </p>
        <div className="actions">
          <button type="button" className="button" onClick={() => setReopened((count) => count + 1)}>
            {t('attempts.attempt.openAgain')}
          </button>
          <Link to="/quizzes" className="button button-secondary">
            {t('attempts.attempt.backToPractice')}
          </Link>
        </div>
      </div>
    );
  }

  if (loaded.state !== 'ready') {
    return (
      <div className="page attempt-page">
        <h1>{t('attempts.attempt.heading')}</h1>
        {loaded.state === 'loading' ? (
          <p role="status" className="list-message">
            {t('attempts.attempt.loading')}
          </p>
        ) : loaded.state === 'needs-internet' ? (
          <>
            <p role="alert" className="banner banner-warning">
              {t('attempts.attempt.needsInternet')}
            </p>
            <div className="actions">
              <button type="button" className="button" onClick={() => setReopened((count) => count + 1)}>
                {t('attempts.attempt.tryAgain')}
              </button>
              <Link to="/quizzes" className="button button-secondary">
                {t('attempts.attempt.backToPractice')}
              </Link>
            </div>
          </>
        ) : (
          <>
            <p role="alert" className="form-error">
              {t('attempts.attempt.loadFailed')}
            </p>
            <p className="link-row">
              <Link to="/quizzes">{t('attempts.attempt.backToPractice')}</Link>
            </p>
          </>
        )}
      </div>
    );
  }

  const { quiz, saved } = loaded;
  const attemptsLeft = limitReached ? 0 : attemptsLeftForQuiz(quiz, history);
  // At the plan's distinct-quiz cap a practice attempt would be refused, a re-attempt too (decision
  // 023, as the list shows Upgrade Now for all): say so before the child answers anything.
  const planCap =
    quiz.level === 0 &&
    attemptsLeft > 0 &&
    history !== null &&
    history.maxQuizLimit !== null &&
    !planAllowsPracticeQuiz({
      maxQuizzes: history.maxQuizLimit,
      distinctQuizzesAttempted: history.distinctQuizzesAttempted,
    })
      ? history.maxQuizLimit
      : null;
  const answeredCount = quiz.questions.filter((_, index) => answers[index] !== undefined).length;

  const choose = (questionIndex: number, option: number) => {
    setAnswers((current) => {
      const next = [...current];
      next[questionIndex] = option;
      return next;
    });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const missing = quiz.questions.findIndex((_, index) => answers[index] === undefined);
    if (missing !== -1) {
      notify('error', t('attempts.attempt.answerAll'));
      document.querySelector<HTMLInputElement>(`#question-${missing + 1} input[type="radio"]`)?.focus();
      return;
    }
    setSubmitting(true);
    const given = quiz.questions.map((_, index) => answers[index] ?? 0);
    try {
      const { attemptId } = await submitQuiz(quiz._id, given, submissionKey.current);
      // The draw is used: a copy saved for offline can serve no other attempt.
      if (learnerId) forgetSavedQuiz(learnerId, quiz._id).catch(() => undefined);
      navigate(`/quizzes/result/${attemptId}`);
    } catch (error) {
      // No connection: the answers wait on this device and go when it is back (issue 20).
      if (
        noConnection(error) &&
        (await keepForLater({
          key: submissionKey.current,
          quizId: quiz._id,
          title: quiz.title,
          path: `${API_BASE}${quizSubmitPath(quiz._id)}`,
          body: { answers: given },
        }))
      ) {
        scrollToTop();
        setLoaded({ state: 'queued' });
        setSubmitting(false);
        void syncOutbox();
        return;
      }
      const message = errorMessage(error, t('attempts.attempt.submissionFailed'));
      // By the condition's code: the message comes in the learner's language (decision 034).
      const code = error instanceof ApiError ? error.code : undefined;
      if (code === ERROR_CODES.attemptLimit) {
        notify('warning', message);
        setLimitReached(true);
      } else if (code === ERROR_CODES.noPendingDraw) {
        // This draw was submitted already (another tab): open the quiz again, a fresh draw.
        notify('warning', message);
        setReopened((count) => count + 1);
      } else {
        notify('error', message);
      }
      setSubmitting(false);
    }
  };

  return (
    <div className="page attempt-page">
      <Breadcrumb quiz={quiz} />
      <div className="page-header">
        <h1>{quiz.title}</h1>
        {saved ? (
          <p className="banner banner-warning" role="status">
            {t('attempts.attempt.savedCopy')}
          </p>
        ) : null}
        <p className="subtitle">
          {t('attempts.attempt.summary', { count: quiz.totalQuestions, attemptsLeft })}
        </p>
        {quiz.learnMoreLink ? (
          <p>
            <a
              className="button button-secondary"
              href={quiz.learnMoreLink}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('attempts.attempt.learnBefore')}
              <span className="visually-hidden"> {t('attempts.attempt.opensInNewTab')}</span>
            </a>
          </p>
        ) : null}
      </div>

      <form className="attempt-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        {quiz.questions.map((question, index) => (
          <AttemptQuestion
            key={question._id}
            question={question}
            index={index}
            answer={answers[index]}
            onAnswer={(option) => choose(index, option)}
            readAloud={readAloud}
            disabled={submitting}
          />
        ))}

        <div className="attempt-submit">
          {planCap !== null ? (
            <>
              <p className="banner banner-warning">{t('attempts.attempt.planCap', { count: planCap })}</p>
              <Link to="/subscribe" className="button">
                {t('attempts.attempt.upgradeNow')}
              </Link>
            </>
          ) : attemptsLeft === 0 ? (
            <>
              <p className="banner banner-warning">{t('attempts.attempt.noAttemptsLeft')}</p>
              <Link to="/subscribe" className="button">
                {t('attempts.attempt.upgradeNow')}
              </Link>
            </>
          ) : (
            <>
              <p className="muted">
                {t('attempts.attempt.answered', { answered: answeredCount, total: quiz.questions.length })}
              </p>
              <button type="submit" className="button" disabled={submitting}>
                {submitting ? t('attempts.attempt.submitting') : t('attempts.attempt.submit')}
              </button>
            </>
          )}
        </div>
      </form>
    </div>
  );
}

/** The same words, whatever their case and spacing: a crumb that only repeats the next one. */
const sameCrumb = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Spec §2: back to /dashboard for a certification quiz, to /quizzes for practice. A certification
 * quiz is usually titled after its sub-level: then the sub-level is the page itself and shows once.
 */
function Breadcrumb({ quiz }: { quiz: QuizAttemptResponse }) {
  const t = useText();
  const certification = quiz.level > 0;
  const subLevel = certification && quiz.subLevel ? findSubLevel(quiz.subLevel) : undefined;
  const group = certification ? (subLevel ? subLevelName(subLevel) : quiz.subLevel) : quiz.category;
  const middle = group && !sameCrumb(group, quiz.title) ? group : null;
  return (
    <nav aria-label={t('attempts.breadcrumb.label')} className="breadcrumb">
      <ol>
        <li>
          {certification ? (
            <Link to="/dashboard">
              {quiz.levelName ?? t('attempts.breadcrumb.level', { level: quiz.level })}
            </Link>
          ) : (
            <Link to="/quizzes">{t('attempts.breadcrumb.practice')}</Link>
          )}
        </li>
        {middle ? <li>{middle}</li> : null}
        <li aria-current="page">{quiz.title}</li>
      </ol>
    </nav>
  );
}

/** The answers wait in the outbox: said plainly, with a way on and a way to send them now. */
function QueuedPanel() {
  const t = useText();
  const [sending, setSending] = useState(false);
  const [stillWaiting, setStillWaiting] = useState(false);
  const sendNow = async () => {
    setSending(true);
    setStillWaiting(false);
    await syncOutbox();
    // Still here: nothing came back (the page moves on to the result when the answers were taken).
    setSending(false);
    setStillWaiting(true);
  };
  return (
    <div className="page attempt-page">
      <h1>{t('attempts.attempt.queuedHeading')}</h1>
      <p role="status" className="banner banner-success">
        {t('attempts.attempt.queued')}
      </p>
      <div className="actions">
        <button type="button" className="button" disabled={sending} onClick={() => void sendNow()}>
          {sending ? t('attempts.attempt.sending') : t('attempts.attempt.sendNow')}
        </button>
        <Link to="/dashboard" className="button button-secondary">
          {t('attempts.attempt.toDashboard')}
        </Link>
      </div>
      <p className="muted" aria-live="polite">
        {stillWaiting ? t('attempts.attempt.stillWaiting') : null}
      </p>
    </div>
  );
}
