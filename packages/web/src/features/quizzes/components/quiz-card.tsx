import { Link } from 'react-router';
import type { PublishedQuiz } from '@quizquest/shared';
import { useText } from '../../../i18n/use-text.ts';
import { SaveForOffline } from '../../../lib/offline/save-for-offline.tsx';
import { attemptsRemainingOnList, cardAction, type PracticeLimits } from '../practice-list.ts';

interface QuizCardProps {
  quiz: PublishedQuiz;
  /** Spec §2: the ribbon shows for a showByDefault quiz while no category is chosen. */
  featured: boolean;
  limits: PracticeLimits | null;
}

/** One practice quiz: its title, the attempts used and left, and what the learner can do next. */
export function QuizCard({ quiz, featured, limits }: QuizCardProps) {
  const t = useText();
  const titleId = `quiz-title-${quiz._id}`;
  const action = cardAction(quiz, limits);
  return (
    <li className="quiz-card">
      {featured ? <span className="quiz-ribbon">{t('quizzes.card.featured')}</span> : null}
      <h2 id={titleId} className="quiz-card-title">
        {quiz.title}
      </h2>
      <dl className="quiz-card-stats">
        <div>
          <dt>{t('quizzes.card.attempted')}</dt>
          <dd>{quiz.attemptCount}</dd>
        </div>
        <div>
          <dt>{t('quizzes.card.attemptsRemaining')}</dt>
          <dd>{attemptsRemainingOnList(quiz)}</dd>
        </div>
      </dl>
      <div className="quiz-card-action">
        {action === 'upgrade' ? (
          <Link to="/subscribe" className="button button-block" aria-describedby={titleId}>
            {t('quizzes.card.upgrade')}
          </Link>
        ) : action === 'no-attempts-left' ? (
          <button type="button" className="button button-block" disabled aria-describedby={titleId}>
            {t('quizzes.card.noAttemptsLeft')}
          </button>
        ) : (
          <Link
            to={`/quizzes/attempt/${quiz._id}`}
            className="button button-block"
            aria-describedby={titleId}
          >
            {t('quizzes.card.start')}
          </Link>
        )}
      </div>
      {/* Issue 20: the pending draw kept on the device, to be taken without a connection. */}
      <SaveForOffline quizId={quiz._id} title={quiz.title} describedBy={titleId} offer={action === 'start'} />
    </li>
  );
}
