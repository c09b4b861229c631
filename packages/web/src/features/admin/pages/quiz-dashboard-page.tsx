import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import {
  QUIZ_DELETED_MESSAGE,
  QUIZ_SAVED_MESSAGE,
  type AdminQuizListResponse,
  type AdminQuizRow,
} from '@quizquest/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { deleteQuiz, listQuizzes, type QuizListFilters } from '../api.ts';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { ImportExport } from '../components/import-export.tsx';
import { Pagination } from '../components/pagination.tsx';
import { QuizForm } from '../components/quiz-form.tsx';
import { formatDate } from '../lib/format.ts';
import { adminToast } from '../lib/toast.ts';

// The statistics and their chart load when first opened.
const StatsModal = lazy(() => import('../components/stats-modal.tsx'));

export const QUIZZES_LOAD_FAILED = 'Error loading quizzes.';
export const QUIZ_DELETE_FAILED = 'Failed to delete the quiz.';

const NO_FILTERS: QuizListFilters = { title: '', startDate: '', endDate: '' };

type ListState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; list: AdminQuizListResponse };

type Dialog =
  | { kind: 'none' }
  | { kind: 'form'; quizId: string | null }
  | { kind: 'stats'; quizId: string | null }
  | { kind: 'delete'; quiz: AdminQuizRow; busy: boolean; error: string };

/** Spec §2 quiz dashboard: filters, the quiz table with its actions, the form, stats and deletion. */
export function AdminQuizDashboardPage() {
  useDocumentTitle('Quiz Dashboard');
  const [inputs, setInputs] = useState<QuizListFilters>(NO_FILTERS);
  const [filters, setFilters] = useState<QuizListFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [reloads, setReloads] = useState(0);
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });

  useEffect(() => {
    const controller = new AbortController();
    listQuizzes(filters, page, controller.signal)
      .then((list) => {
        // A page emptied by a deletion shows the page before it.
        if (list.quizzes.length === 0 && list.page > 1) setPage(list.page - 1);
        else setState({ status: 'ready', list });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Failed to load quizzes', error);
        setState({ status: 'error', message: errorMessage(error, QUIZZES_LOAD_FAILED) });
      });
    return () => controller.abort();
  }, [filters, page, reloads]);

  function reload(nextPage = page) {
    setState({ status: 'loading' });
    setPage(nextPage);
    setReloads((count) => count + 1);
  }

  function applyFilters(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFilters({ ...inputs });
    reload(1);
  }

  async function confirmDelete() {
    if (dialog.kind !== 'delete' || dialog.busy) return;
    const { quiz } = dialog;
    setDialog({ ...dialog, busy: true, error: '' });
    try {
      await deleteQuiz(quiz._id);
      setDialog({ kind: 'none' });
      adminToast.success(QUIZ_DELETED_MESSAGE);
      reload();
    } catch (error) {
      // Spec §8 logs admin delete failures; the admin issue also shows them.
      console.error('Failed to delete the quiz', error);
      const message = errorMessage(error, QUIZ_DELETE_FAILED);
      setDialog({ kind: 'delete', quiz, busy: false, error: message });
      adminToast.error(message);
    }
  }

  const list = state.status === 'ready' ? state.list : null;
  const totalPages = list ? Math.max(1, Math.ceil(list.total / list.pageSize)) : 1;

  return (
    <div className="page admin-page">
      <div className="admin-page-header">
        <h1>Quiz Dashboard</h1>
        <button type="button" className="button" onClick={() => setDialog({ kind: 'form', quizId: null })}>
          + Create Quiz
        </button>
      </div>

      <form className="filter-bar" role="search" aria-label="Filter quizzes" onSubmit={applyFilters}>
        <div className="field filter-title">
          <label htmlFor="filter-title">Search by title</label>
          <input
            id="filter-title"
            className="input"
            type="search"
            maxLength={120}
            value={inputs.title}
            onChange={(event) => setInputs({ ...inputs, title: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor="filter-start">Start date</label>
          <input
            id="filter-start"
            className="input"
            type="date"
            max={inputs.endDate || undefined}
            value={inputs.startDate}
            onChange={(event) => setInputs({ ...inputs, startDate: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor="filter-end">End date</label>
          <input
            id="filter-end"
            className="input"
            type="date"
            min={inputs.startDate || undefined}
            value={inputs.endDate}
            onChange={(event) => setInputs({ ...inputs, endDate: event.target.value })}
          />
        </div>
        <button type="submit" className="button filter-apply">
          Apply Filters
        </button>
      </form>

      <ImportExport filters={filters} onImported={() => reload(1)} />

      {state.status === 'loading' ? <p role="status">Loading quizzes...</p> : null}
      {state.status === 'error' ? (
        <p className="form-error" role="alert">
          {state.message}
        </p>
      ) : null}
      {list && list.quizzes.length === 0 ? <p role="status">No quizzes found.</p> : null}
      {list && list.quizzes.length > 0 ? (
        <>
          <div className="table-scroll" role="region" aria-label="Quizzes" tabIndex={0}>
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Title</th>
                  <th scope="col">Created</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {list.quizzes.map((quiz) => (
                  <tr key={quiz._id}>
                    <th scope="row">
                      {quiz.title}
                      <span className="table-note">
                        {quiz.level === 0 ? 'Practice' : `Level ${quiz.level} · ${quiz.subLevel ?? ''}`}
                        {quiz.category ? ` · ${quiz.category}` : ''}
                      </span>
                    </th>
                    <td>{formatDate(quiz.createdAt)}</td>
                    <td>{quiz.totalAttempts}</td>
                    <td>
                      <div className="row-actions">
                        <button
                          type="button"
                          className="button button-secondary button-small"
                          aria-label={`Edit ${quiz.title}`}
                          onClick={() => setDialog({ kind: 'form', quizId: quiz._id })}
                        >
                          Edit
                        </button>
                        <button
                          type="button"
                          className="button button-secondary button-small"
                          aria-label={`Stats for ${quiz.title}`}
                          onClick={() => setDialog({ kind: 'stats', quizId: quiz._id })}
                        >
                          Stats
                        </button>
                        <button
                          type="button"
                          className="button button-danger button-small"
                          aria-label={`Delete ${quiz.title}`}
                          onClick={() => setDialog({ kind: 'delete', quiz, busy: false, error: '' })}
                        >
                          Delete
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={list.page}
            totalPages={totalPages}
            label="Quiz pages"
            onPage={(next) => reload(next)}
          />
        </>
      ) : null}

      {dialog.kind === 'form' ? (
        <QuizForm
          quizId={dialog.quizId}
          onClose={() => setDialog({ kind: 'none' })}
          onSaved={() => {
            setDialog({ kind: 'none' });
            adminToast.success(QUIZ_SAVED_MESSAGE);
            reload(dialog.quizId ? page : 1);
          }}
        />
      ) : null}

      {dialog.kind === 'stats' ? (
        <Suspense fallback={<p role="status">Loading stats...</p>}>
          <StatsModal highlightQuizId={dialog.quizId} onClose={() => setDialog({ kind: 'none' })} />
        </Suspense>
      ) : null}

      {dialog.kind === 'delete' ? (
        <ConfirmDialog
          title="Confirm Deletion"
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={dialog.busy}
          error={dialog.error}
          danger
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDialog({ kind: 'none' })}
        >
          <p>Are you sure you want to delete the quiz “{dialog.quiz.title}”? This action cannot be undone.</p>
          <p className="muted">Learners keep their past attempts, results and certificates.</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
