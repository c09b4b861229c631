import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import type { AdminQuizListResponse, AdminQuizRow } from '@quizquest/shared';
import { translate } from '../../../i18n/i18n.ts';
import { useText } from '../../../i18n/use-text.ts';
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
  const t = useText();
  useDocumentTitle(t('admin.dashboard.documentTitle'));
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
        setState({ status: 'error', message: errorMessage(error, translate('admin.dashboard.loadFailed')) });
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
      adminToast.success(translate('admin.dashboard.deleted'));
      reload();
    } catch (error) {
      // Spec §8 logs admin delete failures; the admin issue also shows them.
      console.error('Failed to delete the quiz', error);
      const message = errorMessage(error, translate('admin.dashboard.deleteFailed'));
      setDialog({ kind: 'delete', quiz, busy: false, error: message });
      adminToast.error(message);
    }
  }

  const list = state.status === 'ready' ? state.list : null;
  const totalPages = list ? Math.max(1, Math.ceil(list.total / list.pageSize)) : 1;

  return (
    <div className="page admin-page">
      <div className="admin-page-header">
        <h1>{t('admin.dashboard.title')}</h1>
        <button type="button" className="button" onClick={() => setDialog({ kind: 'form', quizId: null })}>
          {t('admin.dashboard.createQuiz')}
        </button>
      </div>

      <form
        className="filter-bar"
        role="search"
        aria-label={t('admin.dashboard.filters')}
        onSubmit={applyFilters}
      >
        <div className="field filter-title">
          <label htmlFor="filter-title">{t('admin.dashboard.searchTitle')}</label>
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
          <label htmlFor="filter-start">{t('admin.dashboard.startDate')}</label>
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
          <label htmlFor="filter-end">{t('admin.dashboard.endDate')}</label>
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
          {t('admin.dashboard.applyFilters')}
        </button>
      </form>

      <ImportExport filters={filters} onImported={() => reload(1)} />

      {state.status === 'loading' ? <p role="status">{t('admin.dashboard.loading')}</p> : null}
      {state.status === 'error' ? (
        <p className="form-error" role="alert">
          {state.message}
        </p>
      ) : null}
      {list && list.quizzes.length === 0 ? <p role="status">{t('admin.dashboard.empty')}</p> : null}
      {list && list.quizzes.length > 0 ? (
        <>
          <div
            className="table-scroll"
            role="region"
            aria-label={t('admin.dashboard.tableLabel')}
            tabIndex={0}
          >
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t('admin.dashboard.columnTitle')}</th>
                  <th scope="col">{t('admin.dashboard.columnCreated')}</th>
                  <th scope="col">{t('admin.dashboard.columnAttempts')}</th>
                  <th scope="col">{t('admin.dashboard.columnActions')}</th>
                </tr>
              </thead>
              <tbody>
                {list.quizzes.map((quiz) => (
                  <tr key={quiz._id}>
                    <th scope="row">
                      {quiz.title}
                      <span className="table-note">
                        {quiz.level === 0
                          ? t('admin.dashboard.practice')
                          : t('admin.dashboard.level', { level: quiz.level, subLevel: quiz.subLevel ?? '' })}
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
                          aria-label={t('admin.dashboard.editQuiz', { title: quiz.title })}
                          onClick={() => setDialog({ kind: 'form', quizId: quiz._id })}
                        >
                          {t('admin.dashboard.edit')}
                        </button>
                        <button
                          type="button"
                          className="button button-secondary button-small"
                          aria-label={t('admin.dashboard.statsFor', { title: quiz.title })}
                          onClick={() => setDialog({ kind: 'stats', quizId: quiz._id })}
                        >
                          {t('admin.dashboard.stats')}
                        </button>
                        <button
                          type="button"
                          className="button button-danger button-small"
                          aria-label={t('admin.dashboard.deleteQuiz', { title: quiz.title })}
                          onClick={() => setDialog({ kind: 'delete', quiz, busy: false, error: '' })}
                        >
                          {t('admin.dashboard.delete')}
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
            label={t('admin.dashboard.pages')}
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
            adminToast.success(translate('admin.dashboard.saved'));
            reload(dialog.quizId ? page : 1);
          }}
        />
      ) : null}

      {dialog.kind === 'stats' ? (
        <Suspense fallback={<p role="status">{t('admin.dashboard.loadingStats')}</p>}>
          <StatsModal highlightQuizId={dialog.quizId} onClose={() => setDialog({ kind: 'none' })} />
        </Suspense>
      ) : null}

      {dialog.kind === 'delete' ? (
        <ConfirmDialog
          title={t('admin.dashboard.confirmDeletion')}
          confirmLabel={t('admin.dashboard.confirmDelete')}
          busyLabel={t('admin.dashboard.deleting')}
          busy={dialog.busy}
          error={dialog.error}
          danger
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDialog({ kind: 'none' })}
        >
          <p>{t('admin.dashboard.deleteQuestion', { title: dialog.quiz.title })}</p>
          <p className="muted">{t('admin.dashboard.deleteKeeps')}</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
