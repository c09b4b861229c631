import { useState, type ChangeEvent } from 'react';
import type { QuizImportProblem, QuizImportRequest } from '@quizquest/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/save-file.ts';
import { exportQuizzes, importQuizzes, ImportRejected, type QuizListFilters } from '../api.ts';
import { localToday } from '../lib/dates.ts';
import { adminToast } from '../lib/toast.ts';

export const EXPORT_FAILED = 'Failed to export the quizzes.';
export const IMPORT_FAILED = 'Failed to import the quizzes.';
export const IMPORT_NOT_JSON = 'The file is not a JSON quiz export.';

export function importedMessage(count: number): string {
  return `Imported ${count} ${count === 1 ? 'quiz' : 'quizzes'}.`;
}

export function problemText(problem: QuizImportProblem): string {
  const quiz = problem.title ? `Quiz ${problem.quiz} (${problem.title})` : `Quiz ${problem.quiz}`;
  const where = problem.question === null ? quiz : `${quiz}, Question ${problem.question}`;
  return problem.quiz > 0 ? `${where}: ${problem.message}` : problem.message;
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
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });
  const busy = outcome.kind === 'busy';

  async function handleExport() {
    setOutcome({ kind: 'busy', text: 'Exporting...' });
    try {
      const file = await exportQuizzes(filters);
      saveBlob(
        new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }),
        `quizquest-quizzes-${localToday()}.json`,
      );
      const count = file.quizzes.length;
      setOutcome({ kind: 'done', text: `Exported ${count} ${count === 1 ? 'quiz' : 'quizzes'}.` });
    } catch (error) {
      console.error('Failed to export the quizzes', error);
      setOutcome({ kind: 'error', text: errorMessage(error, EXPORT_FAILED), problems: [] });
    }
  }

  async function handleImport(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setOutcome({ kind: 'busy', text: 'Importing...' });
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text());
    } catch {
      setOutcome({ kind: 'error', text: IMPORT_NOT_JSON, problems: [] });
      return;
    }
    try {
      // The server checks the whole file with the shared schema and answers every problem.
      const result = await importQuizzes(parsed as QuizImportRequest);
      const text = importedMessage(result.imported);
      setOutcome({ kind: 'done', text });
      adminToast.success(text);
      onImported();
    } catch (error) {
      console.error('Failed to import the quizzes', error);
      if (error instanceof ImportRejected) {
        setOutcome({ kind: 'error', text: error.message, problems: error.problems });
      } else {
        setOutcome({ kind: 'error', text: errorMessage(error, IMPORT_FAILED), problems: [] });
      }
    }
  }

  return (
    <section className="import-export" aria-labelledby="import-export-title">
      <h2 id="import-export-title" className="visually-hidden">
        Import and export
      </h2>
      <div className="import-export-actions">
        <button
          type="button"
          className="button button-secondary"
          disabled={busy}
          onClick={() => void handleExport()}
        >
          Export
        </button>
        <label className="button button-secondary file-button" aria-disabled={busy || undefined}>
          Import
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
                <li key={index}>{problemText(problem)}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
