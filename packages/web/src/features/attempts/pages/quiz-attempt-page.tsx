import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  ANSWER_ALL_QUESTIONS_MESSAGE,
  ATTEMPT_LIMIT_MESSAGE,
  findSubLevel,
  maxQuizzesMessage,
  NO_PENDING_DRAW_MESSAGE,
  planAllowsPracticeQuiz,
  type QuizAttemptResponse,
  type QuizHistoryResponse,
} from '@quizquest/shared';
import { errorMessage, isAbort } from '../../../lib/api-client.ts';
import { useReadAloud } from '../../../lib/speech.ts';
import { notify } from '../../../lib/toast.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { fetchHistory, fetchQuiz, submitQuiz } from '../api.ts';
import { attemptsLeftForQuiz } from '../attempt-rules.ts';
import { AttemptQuestion } from '../components/attempt-question.tsx';
import { scrollToTop } from '../page-helpers.ts';

export const QUIZ_LOAD_FAILED = 'Failed to load quiz. Please try again later.';
export const SUBMISSION_FAILED = 'Submission failed.';
export const NO_ATTEMPTS_LEFT = 'No attempts left for this quiz.';
export const ERROR_LOADING_ATTEMPTS = 'Error loading quiz attempts.';

type LoadedQuiz = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; quiz: QuizAttemptResponse };

/** Spec §2 Quiz attempt: answer every question, then Submit Quiz; the server scores it. */
export function QuizAttemptPage() {
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
  useDocumentTitle(loaded.state === 'ready' ? loaded.quiz.title : 'Quiz');

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
      if (!isAbort(error)) notify('error', ERROR_LOADING_ATTEMPTS);
    });
    return () => controller.abort();
  }, [quizId, reopened]);

  if (loaded.state !== 'ready') {
    return (
      <div className="page attempt-page">
        <h1>Quiz Attempt</h1>
        {loaded.state === 'loading' ? (
          <p role="status" className="list-message">
            Loading quiz...
          </p>
        ) : (
          <>
            <p role="alert" className="form-error">
              {QUIZ_LOAD_FAILED}
            </p>
            <p className="link-row">
              <Link to="/quizzes">Back to Practice Quizzes</Link>
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
      notify('error', ANSWER_ALL_QUESTIONS_MESSAGE);
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
      const message = errorMessage(error, SUBMISSION_FAILED);
      if (message === ATTEMPT_LIMIT_MESSAGE) {
        notify('warning', message);
        setLimitReached(true);
      } else if (message === NO_PENDING_DRAW_MESSAGE) {
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
          {quiz.totalQuestions} {quiz.totalQuestions === 1 ? 'question' : 'questions'} · Attempts Remaining:{' '}
          {attemptsLeft}
        </p>
        {quiz.learnMoreLink ? (
          <p>
            <a
              className="button button-secondary"
              href={quiz.learnMoreLink}
              target="_blank"
              rel="noopener noreferrer"
            >
              Learn Before Attempting
              <span className="visually-hidden"> (opens in a new tab)</span>
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
              <p className="banner banner-warning">{maxQuizzesMessage(planCap)}</p>
              <Link to="/subscribe" className="button">
                Upgrade Now
              </Link>
            </>
          ) : attemptsLeft === 0 ? (
            <>
              <p className="banner banner-warning">{NO_ATTEMPTS_LEFT}</p>
              <Link to="/subscribe" className="button">
                Upgrade Now
              </Link>
            </>
          ) : (
            <>
              <p className="muted">
                {answeredCount} of {quiz.questions.length} answered
              </p>
              <button type="submit" className="button" disabled={submitting}>
                {submitting ? 'Submitting...' : 'Submit Quiz'}
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
  const certification = quiz.level > 0;
  const subLevel = certification && quiz.subLevel ? findSubLevel(quiz.subLevel) : undefined;
  const group = certification ? (subLevel?.name ?? quiz.subLevel) : quiz.category;
  const middle = group && !sameCrumb(group, quiz.title) ? group : null;
  return (
    <nav aria-label="Breadcrumb" className="breadcrumb">
      <ol>
        <li>
          {certification ? (
            <Link to="/dashboard">{quiz.levelName ?? `Level ${quiz.level}`}</Link>
          ) : (
            <Link to="/quizzes">Practice Quizzes</Link>
          )}
        </li>
        {middle ? <li>{middle}</li> : null}
        <li aria-current="page">{quiz.title}</li>
      </ol>
    </nav>
  );
}
