import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  ERROR_CODES,
  findSubLevel,
  planAllowsPracticeQuiz,
  type QuizAttemptResponse,
  type QuizHistoryResponse,
} from '@quizquest/shared';
import { ApiError, errorMessage, isAbort } from '../../../lib/api-client.ts';
import { useReadAloud } from '../../../lib/speech.ts';
import { notify } from '../../../lib/toast.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { translate } from '../../../i18n/i18n.ts';
import { useText } from '../../../i18n/use-text.ts';
import { fetchHistory, fetchQuiz, submitQuiz } from '../api.ts';
import { attemptsLeftForQuiz } from '../attempt-rules.ts';
import { AttemptQuestion } from '../components/attempt-question.tsx';
import { scrollToTop, subLevelName } from '../page-helpers.ts';

type LoadedQuiz = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; quiz: QuizAttemptResponse };

/** Spec §2 Quiz attempt: answer every question, then Submit Quiz; the server scores it. */
export function QuizAttemptPage() {
  const t = useText();
  const { quizId = '' } = useParams();
  const navigate = useNavigate();
  const readAloud = useReadAloud();
  const [loaded, setLoaded] = useState<LoadedQuiz>({ state: 'loading' });
  const [history, setHistory] = useState<QuizHistoryResponse | null>(null);
  const [answers, setAnswers] = useState<Array<number | undefined>>([]);
  const [submitting, setSubmitting] = useState(false);
  const [limitReached, setLimitReached] = useState(false);
  /** Bumped to open the quiz again (a new draw) after this one was submitted elsewhere. */
  const [reopened, setReopened] = useState(0);
  useDocumentTitle(loaded.state === 'ready' ? loaded.quiz.title : t('attempts.attempt.documentTitle'));

  useEffect(() => {
    // A new page starts at its top, not where the previous page was scrolled to.
    scrollToTop();
    const controller = new AbortController();
    setLoaded({ state: 'loading' });
    setHistory(null);
    setAnswers([]);
    setLimitReached(false);
    fetchQuiz(quizId, controller.signal).then(
      (quiz) => setLoaded({ state: 'ready', quiz }),
      (error: unknown) => {
        if (!isAbort(error)) setLoaded({ state: 'failed' });
      },
    );
    fetchHistory({ signal: controller.signal }).then(setHistory, (error: unknown) => {
      // The quiz's own counts stand in; the server checks the limits again on submit.
      if (!isAbort(error)) notify('error', translate('attempts.attempt.errorLoadingAttempts'));
    });
    return () => controller.abort();
  }, [quizId, reopened]);

  if (loaded.state !== 'ready') {
    return (
      <div className="page attempt-page">
        <h1>{t('attempts.attempt.heading')}</h1>
        {loaded.state === 'loading' ? (
          <p role="status" className="list-message">
            {t('attempts.attempt.loading')}
          </p>
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

  const { quiz } = loaded;
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
    try {
      const { attemptId } = await submitQuiz(
        quiz._id,
        quiz.questions.map((_, index) => answers[index] ?? 0),
      );
      navigate(`/quizzes/result/${attemptId}`);
    } catch (error) {
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
