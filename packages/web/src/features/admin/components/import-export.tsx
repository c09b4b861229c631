import { useState, type ChangeEvent } from 'react';
import type { QuizImportProblem, QuizImportRequest } from '@quizquest/shared';
import { useText, type Translate } from '../../../i18n/use-text.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/save-file.ts';
import { exportQuizzes, importQuizzes, ImportRejected, type QuizListFilters } from '../api.ts';
import { localToday } from '../lib/dates.ts';
import { adminToast } from '../lib/toast.ts';

/** A problem of a rejected import, named by its quiz (and title) and question where it has them. */
function problemText(problem: QuizImportProblem, t: Translate): string {
  const { quiz, title, question, message } = problem;
  if (quiz <= 0) return message;
  if (title) {
    return question === null
      ? t('admin-quiz.importExport.problemQuizTitled', { quiz, title, message })
      : t('admin-quiz.importExport.problemQuizTitledQuestion', { quiz, title, question, message });
  }
  return question === null
    ? t('admin-quiz.importExport.problemQuiz', { quiz, message })
    : t('admin-quiz.importExport.problemQuizQuestion', { quiz, question, message });
}

type Outcome =
  | { kind: 'none' }
  | { kind: 'busy'; text: string }
  | { kind: 'done'; text: string }
  | { kind: 'error'; text: string; problems: QuizImportProblem[] };

/**
 * Export downloads the quizzes matching the dashboard's applied filters as one JSON file; Import
 * sends such a file back, all or nothing, and lists every problem by quiz and question.
 */
export function ImportExport({ filters, onImported }: { filters: QuizListFilters; onImported: () => void }) {
  const t = useText();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });
  const busy = outcome.kind === 'busy';

  async function handleExport() {
    setOutcome({ kind: 'busy', text: t('admin-quiz.importExport.exporting') });
    try {
      const file = await exportQuizzes(filters);
      saveBlob(
        new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }),
        `quizquest-quizzes-${localToday()}.json`,
      );
      const count = file.quizzes.length;
      setOutcome({ kind: 'done', text: t('admin-quiz.importExport.exported', { count }) });
    } catch (error) {
      console.error('Failed to export the quizzes', error);
      setOutcome({
        kind: 'error',
        text: errorMessage(error, t('admin-quiz.importExport.exportFailed')),
        problems: [],
      });
    }
  }

  async function handleImport(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setOutcome({ kind: 'busy', text: t('admin-quiz.importExport.importing') });
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text());
    } catch {
      setOutcome({ kind: 'error', text: t('admin-quiz.importExport.notJson'), problems: [] });
      return;
    }
    try {
      // The server checks the whole file with the shared schema and answers every problem.
      const result = await importQuizzes(parsed as QuizImportRequest);
      const text = t('admin-quiz.importExport.imported', { count: result.imported });
      setOutcome({ kind: 'done', text });
      adminToast.success(text);
      onImported();
    } catch (error) {
      console.error('Failed to import the quizzes', error);
      if (error instanceof ImportRejected) {
        setOutcome({ kind: 'error', text: error.message, problems: error.problems });
      } else {
        setOutcome({
          kind: 'error',
          text: errorMessage(error, t('admin-quiz.importExport.importFailed')),
          problems: [],
        });
      }
    }
  }

  return (
    <section className="import-export" aria-labelledby="import-export-title">
      <h2 id="import-export-title" className="visually-hidden">
        {t('admin-quiz.importExport.heading')}
      </h2>
      <div className="import-export-actions">
        <button
          type="button"
          className="button button-secondary"
          disabled={busy}
          onClick={() => void handleExport()}
        >
          {t('admin-quiz.importExport.export')}
        </button>
        <label className="button button-secondary file-button" aria-disabled={busy || undefined}>
          {t('admin-quiz.importExport.import')}
          <input
            className="visually-hidden"
            type="file"
            accept="application/json,.json"
            disabled={busy}
            onChange={(event) => void handleImport(event)}
          />
        </label>
      </div>
      <div aria-live="polite">
        {outcome.kind === 'busy' || outcome.kind === 'done' ? (
          <p className="muted import-status">{outcome.text}</p>
        ) : null}
      </div>
      {outcome.kind === 'error' ? (
        <div className="form-error" role="alert">
          <p className="import-error-title">{outcome.text}</p>
          {outcome.problems.length > 0 ? (
            <ul className="import-problems">
              {outcome.problems.map((problem, index) => (
                <li key={index}>{problemText(problem, t)}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
