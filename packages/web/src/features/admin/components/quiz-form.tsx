import { useEffect, useState, type FormEvent } from 'react';
import { ADMIN_ATTEMPTS_MAX, ADMIN_TITLE_MAX, LEVELS, findLevel, type Grade } from '@quizquest/shared';
import { TextField } from '../../../components/text-field.tsx';
import { currentLanguage, translate } from '../../../i18n/i18n.ts';
import { useText } from '../../../i18n/use-text.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { categoryLabel } from '../../../lib/categories.ts';
import { CATALOGUE_GRADES, fetchGrades, gradeLabel } from '../../../lib/grades.ts';
import { getQuiz, quizCategories, saveQuiz } from '../api.ts';
import {
  detailToDraft,
  draftProblem,
  draftToPayload,
  emptyDraft,
  emptyQuestion,
  NEW_CATEGORY,
  withLevel,
  type QuizDraft,
} from '../lib/quiz-draft.ts';
import { Modal } from '../../../components/modal.tsx';
import { QuestionEditor } from './question-editor.tsx';

interface QuizFormProps {
  /** null: create a quiz; else the id of the quiz to edit. */
  quizId: string | null;
  onClose: () => void;
  /** After a successful save; the form is closed by the caller. */
  onSaved: () => void;
}

type Loaded = { categories: string[]; grades: readonly Grade[]; draft: QuizDraft };

/** Spec §4, §5: the quiz form, create or edit, in a modal that closes after a successful save. */
export function QuizForm({ quizId, onClose, onSaved }: QuizFormProps) {
  const t = useText();
  const editing = quizId !== null;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    // The grade list has a catalogue fallback; categories may be empty (then one is added here).
    const grades = fetchGrades(signal).catch((): readonly Grade[] => CATALOGUE_GRADES);
    const categories = quizCategories(signal).catch((): string[] => []);
    const quiz = quizId ? getQuiz(quizId, signal) : Promise.resolve(null);
    Promise.all([grades, categories, quiz])
      .then(([gradeList, categoryList, detail]) => {
        if (signal.aborted) return;
        const draft = detail ? detailToDraft(detail) : emptyDraft();
        const names =
          draft.category && !categoryList.includes(draft.category)
            ? [...categoryList, draft.category]
            : categoryList;
        setLoaded({ categories: names, grades: gradeList, draft });
      })
      .catch((error: unknown) => {
        if (signal.aborted) return;
        console.error('Failed to load the quiz', error);
        setLoadError(errorMessage(error, translate('admin-quiz.form.loadFailed')));
      });
    return () => controller.abort();
  }, [quizId]);

  return (
    <Modal
      title={editing ? t('admin-quiz.form.editTitle') : t('admin-quiz.form.createTitle')}
      size="wide"
      locked={saving}
      onClose={onClose}
    >
      {loaded ? (
        <QuizFormBody
          quizId={quizId}
          categories={loaded.categories}
          grades={loaded.grades}
          initial={loaded.draft}
          saving={saving}
          onSavingChange={setSaving}
          onCancel={onClose}
          onSaved={onSaved}
        />
      ) : loadError ? (
        <p className="form-error" role="alert">
          {loadError}
        </p>
      ) : (
        <p role="status">{t('admin-quiz.form.loading')}</p>
      )}
    </Modal>
  );
}

interface QuizFormBodyProps {
  quizId: string | null;
  categories: string[];
  grades: readonly Grade[];
  initial: QuizDraft;
  saving: boolean;
  onSavingChange: (saving: boolean) => void;
  onCancel: () => void;
  onSaved: () => void;
}

function QuizFormBody({
  quizId,
  categories,
  grades,
  initial,
  saving,
  onSavingChange: setSaving,
  onCancel,
  onSaved,
}: QuizFormBodyProps) {
  const t = useText();
  // Sub-levels are named as the catalogue names them in the language shown (its Hindi names).
  const hindi = currentLanguage() === 'hi';
  const [draft, setDraft] = useState(initial);
  const [problem, setProblem] = useState('');
  const update = (patch: Partial<QuizDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const subLevels = findLevel(draft.level)?.subLevels ?? [];

  function toggleGrade(value: string, checked: boolean) {
    setDraft((current) => ({
      ...current,
      grades: checked ? [...current.grades, value] : current.grades.filter((grade) => grade !== value),
    }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setProblem('');
    const found = draftProblem(draft);
    if (found) {
      // Spec §5 names these as alerts; the text also stays on the form.
      window.alert(found);
      setProblem(found);
      return;
    }
    setSaving(true);
    try {
      await saveQuiz(quizId, draftToPayload(draft));
      onSaved();
    } catch (error) {
      // Spec §8 logs admin save failures; the admin issue also shows them.
      console.error('Failed to save the quiz', error);
      setProblem(errorMessage(error, t('admin-quiz.form.saveFailed')));
      setSaving(false);
    }
  }

  return (
    <form className="form quiz-form" onSubmit={(event) => void handleSubmit(event)} aria-busy={saving}>
      <div className="field-pair">
        <TextField
          id="quiz-title"
          label={t('admin-quiz.form.title')}
          required
          // The form opens in a modal: the first field takes the focus once it has loaded.
          autoFocus
          maxLength={120}
          disabled={saving}
          value={draft.title}
          onChange={(event) => update({ title: event.target.value })}
        />
        <TextField
          id="quiz-title-hi"
          label={t('admin-quiz.form.hiTitle')}
          lang="hi"
          maxLength={ADMIN_TITLE_MAX}
          disabled={saving}
          value={draft.hiTitle}
          onChange={(event) => update({ hiTitle: event.target.value })}
        />
      </div>

      <div className="field-pair">
        <div className="field">
          <label htmlFor="quiz-category">{t('admin-quiz.form.category')}</label>
          <select
            id="quiz-category"
            className="input"
            required
            disabled={saving}
            value={draft.category}
            onChange={(event) => update({ category: event.target.value })}
          >
            <option value="">{t('admin-quiz.form.selectCategory')}</option>
            {categories.map((category) => (
              <option key={category} value={category}>
                {categoryLabel(category, t)}
              </option>
            ))}
            <option value={NEW_CATEGORY}>{t('admin-quiz.form.addCategory')}</option>
          </select>
        </div>
        {draft.category === NEW_CATEGORY ? (
          <TextField
            id="quiz-new-category"
            label={t('admin-quiz.form.newCategory')}
            required
            maxLength={60}
            disabled={saving}
            value={draft.newCategory}
            onChange={(event) => update({ newCategory: event.target.value })}
          />
        ) : null}
      </div>

      <fieldset className="grade-picker" disabled={saving}>
        <legend>{t('admin-quiz.form.grades')}</legend>
        <div className="grade-grid">
          {grades.map((grade) => (
            <label key={grade.value} className="checkbox-chip">
              <input
                type="checkbox"
                value={grade.value}
                checked={draft.grades.includes(grade.value)}
                onChange={(event) => toggleGrade(grade.value, event.target.checked)}
              />
              {gradeLabel(grade.value, t, grade.label)}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="field-pair">
        <div className="field">
          <label htmlFor="quiz-level">{t('admin-quiz.form.level')}</label>
          <select
            id="quiz-level"
            className="input"
            disabled={saving}
            value={draft.level}
            onChange={(event) => setDraft((current) => withLevel(current, Number(event.target.value)))}
          >
            <option value={0}>{t('admin-quiz.form.practice')}</option>
            {LEVELS.map((level) => (
              <option key={level.id} value={level.id}>
                {t('admin-quiz.form.levelOption', { level: level.id })}
              </option>
            ))}
          </select>
        </div>
        {draft.level === 0 ? null : (
          <div className="field">
            <label htmlFor="quiz-sub-level">{t('admin-quiz.form.subLevel')}</label>
            <select
              id="quiz-sub-level"
              className="input"
              disabled={saving}
              value={draft.subLevel}
              onChange={(event) => update({ subLevel: event.target.value })}
            >
              {subLevels.map((subLevel) => (
                <option key={subLevel.id} value={subLevel.id}>
                  {subLevel.id} {(hindi && subLevel.hindiName) || subLevel.name}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>

      <div className="field-pair">
        <TextField
          id="quiz-learn-more"
          label={t('admin-quiz.form.learnMore')}
          type="url"
          inputMode="url"
          placeholder="https://"
          disabled={saving}
          value={draft.learnMoreLink}
          onChange={(event) => update({ learnMoreLink: event.target.value })}
        />
        <TextField
          id="quiz-attempts"
          label={t('admin-quiz.form.attempts')}
          type="number"
          inputMode="numeric"
          min={1}
          max={ADMIN_ATTEMPTS_MAX}
          required
          disabled={saving}
          value={Number.isFinite(draft.attemptsAllowed) ? draft.attemptsAllowed : ''}
          onChange={(event) => update({ attemptsAllowed: event.target.valueAsNumber })}
        />
      </div>

      <TextField
        id="quiz-questions-per-attempt"
        label={t('admin-quiz.form.questionsPerAttempt')}
        type="number"
        inputMode="numeric"
        // No min or max here: the shared schema checks it against the pool and says so in its words.
        hint={t('admin-quiz.form.questionsPerAttemptHint')}
        disabled={saving}
        value={draft.questionsPerAttempt ?? ''}
        onChange={(event) => {
          const value = event.target.valueAsNumber;
          update({ questionsPerAttempt: Number.isNaN(value) ? null : value });
        }}
      />

      <div className="checkbox-row">
        <input
          id="quiz-show-by-default"
          type="checkbox"
          disabled={saving}
          checked={draft.showByDefault}
          onChange={(event) => update({ showByDefault: event.target.checked })}
        />
        <label htmlFor="quiz-show-by-default">{t('admin-quiz.form.showByDefault')}</label>
      </div>

      <h3 className="quiz-form-section">{t('admin-quiz.form.questions')}</h3>
      {draft.questions.map((question, index) => (
        <QuestionEditor
          key={question.key}
          index={index}
          question={question}
          canRemove={draft.questions.length > 1}
          disabled={saving}
          onChange={(changed) =>
            setDraft((current) => ({
              ...current,
              questions: current.questions.map((q) => (q.key === changed.key ? changed : q)),
            }))
          }
          onRemove={() =>
            setDraft((current) => ({
              ...current,
              questions: current.questions.filter((q) => q.key !== question.key),
            }))
          }
        />
      ))}
      <div>
        <button
          type="button"
          className="button button-secondary"
          disabled={saving}
          onClick={() => update({ questions: [...draft.questions, emptyQuestion()] })}
        >
          {t('admin-quiz.form.addQuestion')}
        </button>
      </div>

      {problem ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : null}

      <div className="modal-actions">
        <button type="button" className="button button-secondary" disabled={saving} onClick={onCancel}>
          {t('admin-quiz.form.cancel')}
        </button>
        <button type="submit" className="button" disabled={saving}>
          {saving ? t('admin-quiz.form.saving') : t('admin-quiz.form.save')}
        </button>
      </div>
    </form>
  );
}
