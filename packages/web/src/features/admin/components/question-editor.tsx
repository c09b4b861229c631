import { useState, type ChangeEvent } from 'react';
import { ADMIN_OPTION_TEXT_MAX, ADMIN_QUESTION_TEXT_MAX, EXPLANATION_MAX } from '@quizquest/shared';
import { useText } from '../../../i18n/use-text.ts';
import { IMAGE_TYPES, readAsDataUrl, scaleOptionImage } from '../lib/image.ts';
import type { HindiQuestionDraft, OptionType, QuestionDraft } from '../lib/quiz-draft.ts';
import '../bilingual-form.css';

/** The server stores images of at most 2 MB (design.md §3); a bigger question image is refused here first. */
export const QUESTION_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

interface QuestionEditorProps {
  index: number;
  question: QuestionDraft;
  canRemove: boolean;
  disabled: boolean;
  onChange: (question: QuestionDraft) => void;
  onRemove: () => void;
}

/**
 * One question of the quiz form: text, optional image, four options and the correct answer, and
 * beside them (below on a narrow screen) the question in Hindi (issue 18, decision 034).
 */
export function QuestionEditor({
  index,
  question,
  canRemove,
  disabled,
  onChange,
  onRemove,
}: QuestionEditorProps) {
  const t = useText();
  const n = index + 1;
  const id = `question-${question.key}`;
  const [imageError, setImageError] = useState('');

  const update = (patch: Partial<QuestionDraft>) => onChange({ ...question, ...patch });
  const updateOption = (optionIndex: number, type: OptionType, value: string) =>
    update({
      options: question.options.map((option, i) => (i === optionIndex ? { type, value } : option)),
    });
  const updateHindi = (patch: Partial<HindiQuestionDraft>) => update({ hi: { ...question.hi, ...patch } });
  const updateHindiOption = (optionIndex: number, value: string) =>
    updateHindi({ options: question.hi.options.map((text, i) => (i === optionIndex ? value : text)) });

  function changeOptionType(optionIndex: number, type: OptionType) {
    update({
      options: question.options.map((option, i) => (i === optionIndex ? { type, value: '' } : option)),
      // A new kind of option starts afresh in Hindi too (an image option has no Hindi text).
      hi: {
        ...question.hi,
        options: question.hi.options.map((text, i) => (i === optionIndex ? '' : text)),
      },
    });
  }

  async function pickKeptImage(
    field: 'questionImage' | 'explanationImage',
    event: ChangeEvent<HTMLInputElement>,
  ) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setImageError('');
    if (file.size > QUESTION_IMAGE_MAX_BYTES) {
      setImageError(t('admin-quiz.question.imageTooLarge'));
      return;
    }
    try {
      // Spec §5: question images are kept as uploaded; an explanation image too (decision 029).
      update({ [field]: await readAsDataUrl(file) });
    } catch {
      setImageError(t('admin-quiz.question.imageUnreadable'));
    }
  }

  async function pickOptionImage(optionIndex: number, event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setImageError('');
    try {
      updateOption(optionIndex, 'image', await scaleOptionImage(file));
    } catch {
      setImageError(t('admin-quiz.question.imageUnreadable'));
    }
  }

  return (
    <fieldset className="question-editor" disabled={disabled}>
      <legend>{t('admin-quiz.question.legend', { n })}</legend>
      <div className="question-languages">
        <div className="question-english">
          <div className="field">
            <label htmlFor={`${id}-text`}>{t('admin-quiz.question.text')}</label>
            <textarea
              id={`${id}-text`}
              className="input"
              rows={2}
              maxLength={500}
              value={question.questionText}
              onChange={(event) => update({ questionText: event.target.value })}
            />
          </div>

          <div className="field">
            <label htmlFor={`${id}-image`}>{t('admin-quiz.question.image')}</label>
            <input
              id={`${id}-image`}
              className="input input-file"
              type="file"
              accept={IMAGE_TYPES}
              onChange={(event) => void pickKeptImage('questionImage', event)}
            />
            {question.questionImage ? (
              <div className="image-preview">
                <img src={question.questionImage} alt={t('admin-quiz.question.imageAlt', { n })} />
                <button
                  type="button"
                  className="button button-secondary button-small"
                  onClick={() => update({ questionImage: '' })}
                >
                  {t('admin-quiz.question.removeImage')}
                </button>
              </div>
            ) : null}
          </div>

          <div className="option-grid">
            {question.options.map((option, optionIndex) => {
              const optionNumber = optionIndex + 1;
              const optionId = `${id}-option-${optionNumber}`;
              return (
                <div className="option-editor" key={optionIndex}>
                  <div className="field">
                    <label htmlFor={`${optionId}-type`}>
                      {t('admin-quiz.question.optionType', { option: optionNumber })}
                    </label>
                    <select
                      id={`${optionId}-type`}
                      className="input"
                      value={option.type}
                      onChange={(event) => changeOptionType(optionIndex, event.target.value as OptionType)}
                    >
                      <option value="text">{t('admin-quiz.question.typeText')}</option>
                      <option value="image">{t('admin-quiz.question.typeImage')}</option>
                    </select>
                  </div>
                  {option.type === 'text' ? (
                    <div className="field" key="text">
                      <label htmlFor={optionId}>
                        {t('admin-quiz.question.optionText', { option: optionNumber })}
                      </label>
                      <input
                        id={optionId}
                        className="input"
                        maxLength={200}
                        value={option.value}
                        onChange={(event) => updateOption(optionIndex, 'text', event.target.value)}
                      />
                    </div>
                  ) : (
                    <div className="field" key="image">
                      <label htmlFor={optionId}>
                        {t('admin-quiz.question.optionImage', { option: optionNumber })}
                      </label>
                      <input
                        id={optionId}
                        className="input input-file"
                        type="file"
                        accept={IMAGE_TYPES}
                        onChange={(event) => void pickOptionImage(optionIndex, event)}
                      />
                      {option.value ? (
                        <div className="image-preview">
                          <img
                            src={option.value}
                            alt={t('admin-quiz.question.optionImage', { option: optionNumber })}
                          />
                        </div>
                      ) : null}
                    </div>
                  )}
                </div>
              );
            })}
          </div>

          <div className="field">
            <div className="checkbox-row">
              <input
                id={`${id}-keep-order`}
                type="checkbox"
                aria-describedby={`${id}-keep-order-hint`}
                checked={question.keepOptionOrder}
                onChange={(event) => update({ keepOptionOrder: event.target.checked })}
              />
              <label htmlFor={`${id}-keep-order`}>{t('admin-quiz.question.keepOrder')}</label>
            </div>
            <p id={`${id}-keep-order-hint`} className="field-hint">
              {t('admin-quiz.question.keepOrderHint')}
            </p>
          </div>

          <fieldset className="correct-answer">
            <legend>{t('admin-quiz.question.correctAnswer')}</legend>
            <div className="radio-row">
              {question.options.map((_, optionIndex) => (
                <label key={optionIndex} className="radio-choice">
                  <input
                    type="radio"
                    name={`${id}-correct`}
                    checked={question.correctAnswerIndex === optionIndex}
                    onChange={() => update({ correctAnswerIndex: optionIndex })}
                  />
                  {t('admin-quiz.question.option', { option: optionIndex + 1 })}
                </label>
              ))}
            </div>
          </fieldset>

          <div className="field">
            <label htmlFor={`${id}-explanation`}>{t('admin-quiz.question.explanation')}</label>
            <textarea
              id={`${id}-explanation`}
              className="input"
              rows={3}
              maxLength={EXPLANATION_MAX}
              aria-describedby={`${id}-explanation-hint`}
              value={question.explanation}
              onChange={(event) => update({ explanation: event.target.value })}
            />
            <p id={`${id}-explanation-hint`} className="field-hint">
              {t('admin-quiz.question.explanationHint')}{' '}
              {t('admin-quiz.question.explanationLength', {
                count: question.explanation.length,
                max: EXPLANATION_MAX,
              })}
            </p>
          </div>

          <div className="field">
            <label htmlFor={`${id}-explanation-image`}>{t('admin-quiz.question.explanationImage')}</label>
            <input
              id={`${id}-explanation-image`}
              className="input input-file"
              type="file"
              accept={IMAGE_TYPES}
              onChange={(event) => void pickKeptImage('explanationImage', event)}
            />
            {question.explanationImage ? (
              <div className="image-preview">
                <img
                  src={question.explanationImage}
                  alt={t('admin-quiz.question.explanationImageAlt', { n })}
                />
                <button
                  type="button"
                  className="button button-secondary button-small"
                  onClick={() => update({ explanationImage: '' })}
                >
                  {t('admin-quiz.question.removeExplanationImage')}
                </button>
              </div>
            ) : null}
          </div>
        </div>

        <fieldset className="question-hindi" aria-describedby={`${id}-hi-hint`}>
          <legend>{t('admin-quiz.question.hindi')}</legend>
          <p id={`${id}-hi-hint`} className="field-hint">
            {t('admin-quiz.question.hindiHint')}
          </p>
          <div className="field">
            <label htmlFor={`${id}-hi-text`}>{t('admin-quiz.question.hindiText')}</label>
            <textarea
              id={`${id}-hi-text`}
              className="input"
              lang="hi"
              rows={2}
              maxLength={ADMIN_QUESTION_TEXT_MAX}
              value={question.hi.questionText}
              onChange={(event) => updateHindi({ questionText: event.target.value })}
            />
          </div>
          {question.options.map((option, optionIndex) => {
            const optionNumber = optionIndex + 1;
            // An image option is shown as it is in Hindi too: it has no Hindi field.
            if (option.type === 'image') return null;
            return (
              <div className="field" key={optionIndex}>
                <label htmlFor={`${id}-hi-option-${optionNumber}`}>
                  {t('admin-quiz.question.hindiOption', { option: optionNumber })}
                </label>
                <input
                  id={`${id}-hi-option-${optionNumber}`}
                  className="input"
                  lang="hi"
                  maxLength={ADMIN_OPTION_TEXT_MAX}
                  // The English option, which learners see in Hindi while this stays empty.
                  placeholder={option.value}
                  value={question.hi.options[optionIndex] ?? ''}
                  onChange={(event) => updateHindiOption(optionIndex, event.target.value)}
                />
              </div>
            );
          })}
          <div className="field">
            <label htmlFor={`${id}-hi-explanation`}>{t('admin-quiz.question.hindiExplanation')}</label>
            <textarea
              id={`${id}-hi-explanation`}
              className="input"
              lang="hi"
              rows={3}
              maxLength={EXPLANATION_MAX}
              aria-describedby={`${id}-hi-explanation-hint`}
              value={question.hi.explanation}
              onChange={(event) => updateHindi({ explanation: event.target.value })}
            />
            <p id={`${id}-hi-explanation-hint`} className="field-hint">
              {t('admin-quiz.question.hindiExplanationHint')}{' '}
              {t('admin-quiz.question.explanationLength', {
                count: question.hi.explanation.length,
                max: EXPLANATION_MAX,
              })}
            </p>
          </div>
        </fieldset>
      </div>

      {imageError ? (
        <p className="field-error" role="alert">
          {imageError}
        </p>
      ) : null}

      <button
        type="button"
        className="button button-danger button-small"
        disabled={!canRemove}
        aria-label={t('admin-quiz.question.removeLabel', { n })}
        onClick={onRemove}
      >
        {t('admin-quiz.question.remove')}
      </button>
    </fieldset>
  );
}
