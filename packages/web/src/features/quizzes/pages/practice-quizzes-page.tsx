import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { distinctQuizCapReached, type CategoryMastery, type PublishedQuiz } from '@quizquest/shared';
import { MasteryBadge } from '../../../components/mastery-badge.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { translate } from '../../../i18n/i18n.ts';
import { Message } from '../../../i18n/message.tsx';
import { useText } from '../../../i18n/use-text.ts';
import { isAbort } from '../../../lib/api-client.ts';
import { ReviewLink } from '../../../components/review-link.tsx';
import { masteryOf, useLearningSummary } from '../../../lib/learning-summary.ts';
import { useAuth } from '../../../lib/session.ts';
import { notify } from '../../../lib/toast.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { fetchCategories, fetchPracticeHistory, fetchPublishedQuizzes } from '../api.ts';
import { QuizCard } from '../components/quiz-card.tsx';
import type { PracticeLimits } from '../practice-list.ts';

type QuizList = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; quizzes: PublishedQuiz[] };

/** Spec §2 Practice quiz list: the learner's grade, a category, and a card per quiz. */
export function PracticeQuizzesPage() {
  const t = useText();
  useDocumentTitle(t('quizzes.practice.documentTitle'));
  const grade = useAuth().user?.grade ?? '';
  const [categories, setCategories] = useState<string[] | null>(null);
  const [category, setCategory] = useState('');
  const [list, setList] = useState<QuizList>({ state: 'loading' });
  const [limits, setLimits] = useState<PracticeLimits | null>(null);
  const [reloads, setReloads] = useState(0);
  const summary = useLearningSummary();

  // The categories of the grade and the practice history (for the plan's cap), once per visit.
  useEffect(() => {
    if (!grade) return;
    const controller = new AbortController();
    fetchCategories(grade, controller.signal).then(setCategories, (error: unknown) => {
      if (isAbort(error)) return;
      setCategories([]);
      notify('error', translate('quizzes.practice.loadFailed'));
    });
    fetchPracticeHistory(controller.signal).then(
      (history) => {
        setLimits({
          maxQuizLimit: history.maxQuizLimit,
          distinctQuizzesAttempted: history.distinctQuizzesAttempted,
        });
        if (
          history.maxQuizLimit !== null &&
          distinctQuizCapReached(history.maxQuizLimit, history.distinctQuizzesAttempted)
        ) {
          // Spec §8's 'Max N Quizzes can be attempted. Upgrade Now.', in the language shown.
          notify('error', translate('quizzes.practice.maxQuizzes', { max: history.maxQuizLimit }));
        }
      },
      (error: unknown) => {
        if (!isAbort(error)) notify('error', translate('quizzes.practice.attemptsLoadFailed'));
      },
    );
    return () => controller.abort();
  }, [grade]);

  // The quizzes of the chosen category; with none chosen, the featured ones.
  useEffect(() => {
    if (!grade) return;
    const controller = new AbortController();
    setList({ state: 'loading' });
    fetchPublishedQuizzes(grade, category === '' ? null : category, controller.signal).then(
      (quizzes) => setList({ state: 'ready', quizzes }),
      (error: unknown) => {
        if (isAbort(error)) return;
        setList({ state: 'failed' });
        notify('error', translate('quizzes.practice.loadFailed'));
      },
    );
    return () => controller.abort();
  }, [grade, category, reloads]);

  const featured = category === '';
  const nothingToChoose = featured && categories !== null && categories.length === 0;

  return (
    <div className="page">
      <div className="page-header">
        <h1>{t('quizzes.practice.title')}</h1>
      </div>

      <ReviewLink summary={summary} />

      {grade ? (
        <>
          <div className="practice-filter">
            <SelectField
              id="practice-category"
              label={t('quizzes.practice.category')}
              placeholder={t('quizzes.practice.selectCategory')}
              options={(categories ?? []).map((name) => ({ value: name, label: name }))}
              value={category}
              onChange={(event) => setCategory(event.target.value)}
            />
            <CategoryMasteryNote
              category={category}
              mastery={masteryOf(summary, category)}
              known={!!summary}
            />
          </div>

          {list.state === 'loading' ? (
            <p role="status" className="list-message">
              {t('quizzes.practice.loading')}
            </p>
          ) : list.state === 'failed' ? (
            <div className="list-message">
              <p role="alert" className="form-error">
                {t('quizzes.practice.loadFailed')}
              </p>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => setReloads((count) => count + 1)}
              >
                {t('quizzes.practice.tryAgain')}
              </button>
            </div>
          ) : (
            <>
              {featured && !(nothingToChoose && list.quizzes.length === 0) ? (
                <p className="list-message">{t('quizzes.practice.selectCategoryPrompt')}</p>
              ) : null}
              {list.quizzes.length === 0 && (!featured || nothingToChoose) ? (
                <p className="list-message">{t('quizzes.practice.noQuizzes')}</p>
              ) : null}
              {list.quizzes.length > 0 ? (
                <ul
                  className="quiz-grid"
                  aria-label={
                    featured
                      ? t('quizzes.practice.featuredList')
                      : t('quizzes.practice.categoryList', { category })
                  }
                >
                  {list.quizzes.map((quiz) => (
                    <QuizCard
                      key={quiz._id}
                      quiz={quiz}
                      featured={featured && quiz.showByDefault}
                      limits={limits}
                    />
                  ))}
                </ul>
              ) : null}
            </>
          )}
        </>
      ) : (
        <p className="list-message">
          <Message id="quizzes.practice.chooseGrade" components={{ 0: <Link to="/profile" /> }} />
        </p>
      )}
    </div>
  );
}

/**
 * The chosen category's mastery beside the spec's select (decision 030): the level, and how many
 * of the recent answers were right; a category not tried yet is an invitation.
 */
function CategoryMasteryNote({
  category,
  mastery,
  known,
}: {
  category: string;
  mastery: CategoryMastery | undefined;
  known: boolean;
}) {
  const t = useText();
  if (!known || category === '') return null;
  return (
    <p className="mastery-note" aria-live="polite">
      {mastery ? (
        <>
          {t('quizzes.practice.masteryLevel', { category })} <MasteryBadge mastery={mastery} />{' '}
          <span className="muted">
            {t('quizzes.practice.masteryAnswers', { correct: mastery.correct, answered: mastery.answered })}
          </span>
        </>
      ) : (
        t('quizzes.practice.masteryNew', { category })
      )}
    </p>
  );
}
