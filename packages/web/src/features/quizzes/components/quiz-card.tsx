import { Link } from 'react-router';
import type { PublishedQuiz } from '@quizquest/shared';
import { attemptsRemainingOnList, cardAction, type PracticeLimits } from '../practice-list.ts';

interface QuizCardProps {
  quiz: PublishedQuiz;
  /** Spec §2: the ribbon shows for a showByDefault quiz while no category is chosen. */
  featured: boolean;
  limits: PracticeLimits | null;
}

/** One practice quiz: its title, the attempts used and left, and what the learner can do next. */
export function QuizCard({ quiz, featured, limits }: QuizCardProps) {
  const titleId = `quiz-title-${quiz._id}`;
  const action = cardAction(quiz, limits);
  return (
    <li className="quiz-card">
      {featured ? <span className="quiz-ribbon">Featured</span> : null}
      <h2 id={titleId} className="quiz-card-title">
        {quiz.title}
      </h2>
      <dl className="quiz-card-stats">
        <div>
          <dt>Attempted</dt>
          <dd>{quiz.attemptCount}</dd>
        </div>
        <div>
          <dt>Attempts Remaining</dt>
          <dd>{attemptsRemainingOnList(quiz)}</dd>
        </div>
      </dl>
      <div className="quiz-card-action">
        {action === 'upgrade' ? (
          <Link to="/subscribe" className="button button-block" aria-describedby={titleId}>
            Upgrade Now
          </Link>
        ) : action === 'no-attempts-left' ? (
          <button type="button" className="button button-block" disabled aria-describedby={titleId}>
            No Attempts Left
          </button>
        ) : (
          <Link
            to={`/quizzes/attempt/${quiz._id}`}
            className="button button-block"
            aria-describedby={titleId}
          >
            Start Quiz
          </Link>
        )}
      </div>
    </li>
  );
}
